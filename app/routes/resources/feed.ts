import { kindByUrlPrefix } from "~/content/registry.ts";
import { feedItems } from "~/server/entries.server.ts";
import { env } from "~/server/env.server.ts";
import { canonicalUrl, rssXml } from "~/server/seo.server.ts";
import { db } from "~/server/services.server.ts";
import { publicSettings } from "~/server/public-data.server.ts";
import type { Route } from "./+types/feed";

const FEED_SIZE = 50;

/** /feeds/jobs.xml and the like: RSS 2.0 of a kind's 50 newest entries. */
export async function loader({ params }: Route.LoaderArgs) {
  const name = params.file.match(/^([a-z-]+)\.xml$/)?.[1];
  const kind = name ? kindByUrlPrefix(`/${name}`) : undefined;
  if (!kind)
    return notFound(
      "No such feed. Feeds are /feeds/jobs.xml, /feeds/results.xml, /feeds/admit-cards.xml, /feeds/syllabus.xml and /feeds/answer-key.xml.",
    );
  const conn = await db();
  const [settings, items] = await Promise.all([
    publicSettings(),
    feedItems(conn, kind.kind, FEED_SIZE),
  ]);
  const baseUrl = env().BASE_URL;
  const xml = rssXml({
    title: `${kind.plural}: ${settings.siteName}`,
    link: canonicalUrl(baseUrl, kind.urlPrefix),
    selfLink: canonicalUrl(baseUrl, `/feeds${kind.urlPrefix}.xml`),
    description: `The newest ${kind.plural.toLowerCase()} on ${settings.siteName}.`,
    items: items.map((item) => {
      const link = canonicalUrl(baseUrl, `${kind.urlPrefix}/${item.slug}`);
      return {
        title: item.title,
        link,
        guid: link,
        pubDate: item.publishedAt,
        description: item.summary || item.organization,
      };
    }),
  });
  return new Response(xml, {
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
