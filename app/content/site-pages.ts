/** The site pages the spec names (§2), each a public route and an editable row. */
export const SITE_PAGE_SLUGS = [
  "about-us",
  "privacy-policy",
  "terms-of-service",
  "security-policy",
] as const;
export type SitePageSlug = (typeof SITE_PAGE_SLUGS)[number];
