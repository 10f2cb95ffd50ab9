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

// What writes call (app/writes/transaction.server.ts, scripts and tests).
export {
  announceGeneration,
  bumpGeneration,
  contentChanged,
  readContentGeneration,
} from "./generation.server.ts";

// Values derived from public content, kept per content generation (app/entries/public-data.server.ts).
export { generationMemo, perGeneration } from "./per-generation.server.ts";

// HTTP helpers other answers use.
export { etagMatches } from "./etag.ts";
export { hasSessionCookie, PRIVATE_CACHE_CONTROL } from "./response.server.ts";

// The process's content generation (followed from first use until closeServices()).
export { contentGeneration, type GenerationSource } from "./follow.server.ts";

// The process's page cache (http/app.ts): its hit on the socket, its middleware, its hot pages.
export { createPageCache, pageCacheStats, type PageCacheOptions } from "./serve.server.ts";
export type { ClusterSlot } from "./share.server.ts";
