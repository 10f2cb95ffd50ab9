/**
 * What a route module may declare in its `handle` export for the server.
 *
 * `queryParams`: the query-string names its loader reads. The page cache keeps only these (sorted)
 * in its key and in the URL the page is rendered from, so share links full of utm_source or
 * fbclid are answered from the clean URL's cache entry and never reach a loader or a canonical
 * link. A public route that declares nothing reads no query string.
 */
export interface RouteHandle {
  queryParams?: readonly string[];
}
