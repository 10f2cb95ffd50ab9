import { KIND_LIST } from "~/content/registry.ts";
import { publicKindStats, SITEMAP_PAGE_SIZE } from "~/seo/sitemaps.repository.server.ts";
import { env } from "~/platform/env.server.ts";
import { canonicalUrl } from "~/seo/seo.server.ts";
import { sitemapIndexXml } from "~/seo/seo-files.server.ts";
import { db } from "~/platform/services.server.ts";
import type { RouteHandle } from "~/page-cache/index.ts";

export const handle = { cacheScope: ["sitemaps"] } satisfies RouteHandle;

/**
 * /sitemap.xml: each kind's sitemaps (/sitemaps/jobs.xml, then /sitemaps/jobs-2.xml and so on,
 * SITEMAP_PAGE_SIZE entries each; lastmod = the kind's newest change) plus one for the other pages.
 */
export async function loader() {
  const baseUrl = env().BASE_URL;
  const stats = await publicKindStats(await db());
  const newest = Object.values(stats)
    .map((s) => s.last)
    .sort()
    .at(-1);
  const xml = sitemapIndexXml([
    ...KIND_LIST.flatMap((k) => {
      const files = Math.max(1, Math.ceil((stats[k.kind]?.count ?? 0) / SITEMAP_PAGE_SIZE));
      return Array.from({ length: files }, (_, i) => ({
        loc: canonicalUrl(baseUrl, `/sitemaps${k.urlPrefix}${i === 0 ? "" : `-${i + 1}`}.xml`),
        lastmod: stats[k.kind]?.last,
      }));
    }),
    { loc: canonicalUrl(baseUrl, "/sitemaps/pages.xml"), lastmod: newest },
  ]);
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=600",
    },
  });
}
