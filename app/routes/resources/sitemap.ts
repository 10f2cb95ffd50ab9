import { KIND_LIST, kindByUrlPrefix } from "~/content/registry.ts";
import type { Kind } from "~/content/kinds.ts";
import { SITE_PAGE_SLUGS } from "~/content/site-pages.ts";
import { landingPath, landingSlug, landingValue } from "~/content/landing.ts";
import { filterValues } from "~/entries/public.repository.server.ts";
import { publicKindStats, sitemapEntries } from "~/seo/sitemaps.repository.server.ts";
import { env } from "~/platform/env.server.ts";
import { canonicalUrl } from "~/seo/seo.server.ts";
import { bilingualUrls, urlsetXml, type SitemapUrl } from "~/seo/seo-files.server.ts";
import { listOrganizations } from "~/organizations/organizations.repository.server.ts";
import { db } from "~/platform/services.server.ts";
import { listSitePages } from "~/site-pages/site-pages.repository.server.ts";
import type { Route } from "./+types/sitemap";
import type { RouteHandle } from "~/page-cache/index.ts";

export const handle = { cacheScope: ["sitemaps"] } satisfies RouteHandle;

/**
 * /sitemaps/jobs.xml, /sitemaps/jobs-2.xml… (a kind's public entries, newest first, in files of
 * SITEMAP_PAGE_SIZE) and /sitemaps/pages.xml for everything else.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const baseUrl = env().BASE_URL;
  const conn = await db();
  const [, name, number] =
    params.file.match(/^([a-z]+(?:-[a-z]+)*)(?:-([1-9]\d{0,4}))?\.xml$/) ?? [];
  let urls: SitemapUrl[];
  if (name === "pages") {
    if (number)
      return notFound("No such sitemap. The sitemap index at /sitemap.xml lists them all.");
    const [stats, pages, states, qualifications, organizations] = await Promise.all([
      publicKindStats(conn),
      listSitePages(conn),
      filterValues(conn, "job", "state"),
      filterValues(conn, "job", "qualification"),
      listOrganizations(conn),
    ]);
    const last = (kind: Kind) => stats[kind]?.last;
    const published = new Set<string>(SITE_PAGE_SLUGS);
    // Pages whose words are the interface's exist in Hindi too (issue 14): both URLs, each with
    // its alternates. The site pages' text is the editors' and has no Hindi version yet.
    const both = (path: string, lastmod?: string) => bilingualUrls(baseUrl, path, lastmod);
    urls = [
      ...both(
        "/",
        KIND_LIST.map((k) => last(k.kind))
          .sort()
          .at(-1),
      ),
      ...KIND_LIST.flatMap((k) => both(k.urlPrefix, last(k.kind))),
      ...pages
        .filter((p) => published.has(p.slug))
        .map((p) => ({ loc: canonicalUrl(baseUrl, `/${p.slug}`), lastmod: p.updatedAt })),
      ...both("/contact-us"),
      ...both("/eligibility"),
      ...both("/check-link"),
      ...both("/photo-tool"),
      ...both("/exam-calendar"),
      // The job landing pages of every state and qualification that has a public job.
      ...states
        .filter((v) => landingValue("state", landingSlug(v)))
        .flatMap((v) => both(landingPath("state", v))),
      ...qualifications
        .filter((v) => landingValue("qualification", landingSlug(v)))
        .flatMap((v) => both(landingPath("qualification", v))),
      ...organizations.flatMap((o) => both(`/organizations/${o.slug}`, o.updatedAt)),
    ];
  } else {
    const kind = name ? kindByUrlPrefix(`/${name}`) : undefined;
    if (!kind)
      return notFound("No such sitemap. The sitemap index at /sitemap.xml lists them all.");
    const page = number ? Number(number) : 1;
    const rows = await sitemapEntries(conn, kind.kind, { page });
    // Page 1 always exists (a kind may have no entries yet); later pages only when they list some.
    if (page > 1 && rows.length === 0)
      return notFound("No such sitemap. The sitemap index at /sitemap.xml lists them all.");
    // An entry with Hindi text has a Hindi page of its own: both URLs, with alternates.
    urls = rows.flatMap((r) => {
      const path = `${kind.urlPrefix}/${r.slug}`;
      return r.hindi
        ? bilingualUrls(baseUrl, path, r.updatedAt)
        : [{ loc: canonicalUrl(baseUrl, path), lastmod: r.updatedAt }];
    });
  }
  return new Response(urlsetXml(urls), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=600",
    },
  });
}

function notFound(message: string) {
  return new Response(message, {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
