import { KIND_LIST } from "~/content/registry.ts";
import { lastChangeByKind } from "~/server/entries.server.ts";
import { env } from "~/server/env.server.ts";
import { canonicalUrl, sitemapIndexXml } from "~/server/seo.server.ts";
import { db } from "~/server/services.server.ts";

/** /sitemap.xml: one sitemap per kind (lastmod = its newest change) plus one for the other pages. */
export async function loader() {
  const baseUrl = env().BASE_URL;
  const last = await lastChangeByKind(await db());
  const newest = Object.values(last).sort().at(-1);
  const xml = sitemapIndexXml([
    ...KIND_LIST.map((k) => ({
      loc: canonicalUrl(baseUrl, `/sitemaps${k.urlPrefix}.xml`),
      lastmod: last[k.kind],
    })),
    { loc: canonicalUrl(baseUrl, "/sitemaps/pages.xml"), lastmod: newest },
  ]);
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=600",
    },
  });
}
