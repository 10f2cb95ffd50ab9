// The page cache's one public surface (issue 27): what the rest of the app and the process use.
// Everything else in app/page-cache/ is private to it (eslint.config.js, PAGE_CACHE_ZONE).
// Route modules import only the types (`import type`), so nothing here reaches the browser.

// What routes declare (handle.queryParams, handle.cacheScope) and writes name.
export type { RouteHandle } from "./route-handle.ts";
export {
  EVERYTHING,
  entryScope,
  facetScope,
  kindScope,
  menusScope,
  organizationScope,
  sitePageScope,
  type CacheScope,
  type PageScope,
} from "./scopes.ts";

// What writes call (app/server/write/transaction.server.ts, scripts and tests).
export {
  announceGeneration,
  bumpGeneration,
  contentChanged,
  readContentGeneration,
} from "./generation.server.ts";

// HTTP helpers other answers use.
export { etagMatches } from "./etag.ts";
export { hasSessionCookie, pageCacheStats, PRIVATE_CACHE_CONTROL } from "./store.server.ts";

// Where the process follows the content generation (app/server/services.server.ts).
export { watchContentGeneration, type GenerationSource } from "./follow.server.ts";

// The process's use of the cache (server/app.ts).
export { cachedAnswers } from "./answer.server.ts";
export { cacheGeneration, followContentChanges } from "./follow.server.ts";
export {
  hotPageCounter,
  listHotPages,
  mayBeHot,
  startHotPages,
  stopHotPages,
  warmPages,
  type Warming,
} from "./hot-pages.server.ts";
export { canonicalRequestUrl, routeCacheScopes, routeQueryParams } from "./keys.ts";
export {
  buildCachedResponse,
  chooseEncoding,
  isCacheableRequest,
  isCacheableResponse,
  sharedPageCache,
  type CachedResponse,
} from "./store.server.ts";
