/**
 * Cache scopes (issue 16): names for what a public page shows, so a write drops only the pages
 * that show what it changed. A write records the scopes it affected with its content generation;
 * a cached page carries the scopes its route declares (`handle.cacheScope`, route-handle.ts).
 * A page is invalidated when the two meet; `*` on either side meets everything.
 */
export type CacheScope =
  | typeof EVERYTHING
  | `entry:/${string}`
  | `kind:/${string}`
  | `facet:/${string}`
  | `menus:/${string}`
  | `org:${string}`
  | `site-page:${string}`
  | "home"
  | "search"
  | "feeds"
  | "sitemaps"
  | "updates";

/** Everything: settings, redirects and other site-wide changes; also what an undeclared page shows. */
export const EVERYTHING = "*";

/**
 * An entry's own page (both languages), named by its list's address ("/jobs") and slug: the page
 * side knows the address, not the kind, and must not load the registry (it is client code too).
 */
export const entryScope = (listPath: `/${string}`, slug: string) =>
  `entry:${listPath}/${slug}` as const;
/** A kind's list, its filtered and paged forms and, for jobs, the state and qualification pages. */
export const kindScope = (listPath: `/${string}`) => `kind:${listPath}` as const;
/**
 * A landing page of a list by one facet's value (/jobs/state/bihar): it shows only the entries
 * with that value, so a write names the landing pages of its entry's values, before and after.
 */
export const facetScope = (landingPath: `/${string}`) => `facet:${landingPath}` as const;
/**
 * A list's filter menus (the states, qualifications and organizations its entries have): every
 * page of the list shows them, landing pages too; a write names this when a value may have come
 * or gone.
 */
export const menusScope = (listPath: `/${string}`) => `menus:${listPath}` as const;
/** An organization's page, by its slug. */
export const organizationScope = (slug: string) => `org:${slug}` as const;
/** A site page (about-us, privacy-policy…). */
export const sitePageScope = (slug: string) => `site-page:${slug}` as const;

/**
 * Scopes that name one page's own content: a write that meets a page through one of them drops
 * it (the next visitor sees the change), where a list or feed it merely appears in is only marked
 * stale and re-drawn in the background (store.server.ts, `revalidate`).
 */
export function namesOwnPage(scope: string): boolean {
  return scope === EVERYTHING || scope.startsWith("entry:") || scope.startsWith("site-page:");
}

/** The list address of a list or detail page's address (without `/hi`): "/jobs/x" → "/jobs". */
const listPathOf = (path: string) => `/${path.split("/")[1]}` as const;

/**
 * What a route declares in `handle.cacheScope` (route-handle.ts): fixed scopes, or one the
 * server reads from the page's address: "list" a kind's list (a landing page under /jobs/state/…
 * is its facet's value and the list's menus), "entry" an entry's own page (the related ones are
 * named by the writes), "organization" an organization's page, "site-page" a site page.
 */
export type PageScope =
  | Exclude<CacheScope, `entry:${string}` | `org:${string}` | `site-page:${string}`>
  | "list"
  | "entry"
  | "organization"
  | "site-page";

/** The page at this address (params, path without `/hi`): the scopes its route's declaration names. */
export function pageScopes(
  declared: readonly PageScope[],
  { path, params }: { path: string; params: Readonly<Record<string, string | undefined>> },
): CacheScope[] {
  return declared.flatMap((scope): CacheScope | CacheScope[] => {
    switch (scope) {
      case "list":
        // /jobs/state/bihar: three segments, the last the value (params.value).
        return params.value && path.split("/").length === 4
          ? [facetScope(path as `/${string}`), menusScope(listPathOf(path))]
          : kindScope(listPathOf(path));
      case "entry":
        return params.slug ? entryScope(listPathOf(path), params.slug) : EVERYTHING;
      case "organization":
        return params.slug ? organizationScope(params.slug) : EVERYTHING;
      case "site-page":
        return sitePageScope(path.slice(1));
      default:
        return scope;
    }
  });
}
