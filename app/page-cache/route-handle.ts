import type { PageScope } from "./scopes.ts";

/**
 * What a route module may declare in its `handle` export for the server.
 *
 * `queryParams`: the query-string names its loader reads. The page cache keeps only these (sorted)
 * in its key and in the URL the page is rendered from, so share links full of utm_source or
 * fbclid are answered from the clean URL's cache entry and never reach a loader or a canonical
 * link. A public route that declares nothing reads no query string.
 *
 * `cacheScope`: what the page shows, as cache scopes (scopes.ts): fixed names, or names
 * the server reads from the page's address ("entry", "list"…). Plain strings, because a handle is
 * client code too: the page's JavaScript carries them, never the code that reads them.
 * A write drops or stales only the cached pages whose scopes it affected. A page whose routes
 * declare none depends on everything and is dropped by every write (the safe default); `[]` says
 * the page shows nothing a content write changes (only site-wide settings, which are `*`).
 */
export interface RouteHandle {
  queryParams?: readonly string[];
  cacheScope?: readonly PageScope[];
}
