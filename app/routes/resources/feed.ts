import {
  isLandingFacet,
  landingFeedPath,
  landingPath,
  landingTitle,
  landingValue,
} from "~/content/landing.ts";
import { kindByUrlPrefix, REGISTRY } from "~/content/registry.ts";
import { feedItems } from "~/server/entries.server.ts";
import { env } from "~/server/env.server.ts";
import { canonicalUrl, rssXml } from "~/server/seo.server.ts";
import { db } from "~/server/services.server.ts";
import { publicSettings } from "~/server/public-data.server.ts";
import type { Route } from "./+types/feed";

const FEED_SIZE = 50;

const NO_SUCH_FEED =
  "No such feed. Feeds are /feeds/jobs.xml, /feeds/results.xml, /feeds/admit-cards.xml, /feeds/syllabus.xml and /feeds/answer-key.xml, and one per state and qualification such as /feeds/jobs-state-bihar.xml (the link is on each landing page).";

/**
 * /feeds/jobs.xml and the like: RSS 2.0 of a kind's 50 newest entries; /feeds/jobs-state-bihar.xml
 * and /feeds/jobs-qualification-12th-pass.xml: those of a job landing page.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const name = params.file.match(/^([a-z0-9-]+)\.xml$/)?.[1] ?? "";
  const landingMatch = /^jobs-(state|qualification)-([a-z0-9-]+)$/.exec(name);
  const facet = landingMatch && isLandingFacet(landingMatch[1]) ? landingMatch[1] : undefined;
  const landing = facet ? landingValue(facet, landingMatch![2]) : undefined;
  const kind = facet ? REGISTRY.job : kindByUrlPrefix(`/${name}`);
  if (!kind || (facet && !landing)) return notFound(NO_SUCH_FEED);
  const conn = await db();
  const [settings, items] = await Promise.all([
    publicSettings(),
    feedItems(conn, kind.kind, FEED_SIZE, facet ? { [facet]: landing } : {}),
  ]);
  const baseUrl = env().BASE_URL;
  const title = facet ? landingTitle(facet, landing!) : kind.plural;
  const xml = rssXml({
    title: `${title}: ${settings.siteName}`,
    link: canonicalUrl(baseUrl, facet ? landingPath(facet, landing!) : kind.urlPrefix),
    selfLink: canonicalUrl(
      baseUrl,
      facet ? landingFeedPath(facet, landing!) : `/feeds${kind.urlPrefix}.xml`,
    ),
    description: facet
      ? `The newest ${title.toLowerCase()} on ${settings.siteName}.`
      : `The newest ${kind.plural.toLowerCase()} on ${settings.siteName}.`,
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
