import { FEED_KINDS, feedPath, kindLine } from "~/content/kinds.ts";
import { isLandingFacet, landingFeedPath, landingPath, landingValue } from "~/content/landing.ts";
import { landingTitle } from "~/i18n/landing-words.ts";
import { KIND_LIST, kindByUrlPrefix, REGISTRY } from "~/content/registry.ts";
import { catalog, requestLocale } from "~/i18n/catalog.server.ts";
import { fmt, LOCALE_TAG, localePath, type Locale } from "~/lib/locale.ts";
import { feedItems, type FeedItem } from "~/seo/sitemaps.repository.server.ts";
import { getOrganizationBySlug } from "~/organizations/organizations.repository.server.ts";
import { env } from "~/platform/env.server.ts";
import { canonicalUrl } from "~/seo/seo.server.ts";
import { rssXml } from "~/seo/seo-files.server.ts";
import { db } from "~/platform/services.server.ts";
import { publicSettings } from "~/entries/public-data.server.ts";
import type { Route } from "./+types/feed";
import type { RouteHandle } from "~/page-cache/index.ts";

const FEED_SIZE = 50;

const kindFeeds = FEED_KINDS.map(feedPath);
const NO_SUCH_FEED = `No such feed. Feeds are ${kindFeeds.slice(0, -1).join(", ")} and ${kindFeeds.at(-1)}, one per state and qualification such as /feeds/jobs-state-bihar.xml, and one per organization such as /feeds/organization-upsc.xml (the link is on each of those pages).`;

export const handle = { cacheScope: ["feeds"] } satisfies RouteHandle;

/**
 * /feeds/jobs.xml and the like: RSS 2.0 of a kind's 50 newest entries; /feeds/jobs-state-bihar.xml
 * and /feeds/jobs-qualification-12th-pass.xml: those of a job landing page.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  // /hi/feeds/…: the same items, linked to the Hindi pages, the channel worded in Hindi.
  const locale = requestLocale(request);
  const t = catalog(locale).feeds;
  const name = params.file.match(/^([a-z0-9-]+)\.xml$/)?.[1] ?? "";
  if (name.startsWith("organization-"))
    return organizationFeed(name.slice("organization-".length), locale);
  const landingMatch = /^jobs-(state|qualification)-([a-z0-9-]+)$/.exec(name);
  const facet = landingMatch && isLandingFacet(landingMatch[1]) ? landingMatch[1] : undefined;
  const landing = facet ? landingValue(facet, landingMatch![2]) : undefined;
  const kind = facet ? REGISTRY.job : kindByUrlPrefix(`/${name}`);
  if (!kind || !kindLine(kind.kind).feed || (facet && !landing)) return notFound(NO_SUCH_FEED);
  const conn = await db();
  const [settings, items] = await Promise.all([
    publicSettings(),
    feedItems(conn, kind.kind, FEED_SIZE, facet ? { [facet]: landing } : {}),
  ]);
  const baseUrl = env().BASE_URL;
  const title = facet
    ? landingTitle(facet, landing!, catalog(locale).list.landing)
    : locale === "en"
      ? kind.plural
      : t.kinds[kind.kind];
  const site = settings.siteName;
  return rssResponse(baseUrl, locale, {
    title: fmt(t.title, { title, site }),
    path: facet ? landingPath(facet, landing!) : kind.urlPrefix,
    selfPath: facet ? landingFeedPath(facet, landing!) : feedPath(kind),
    description: fmt(t.newest, { what: locale === "en" ? title.toLowerCase() : title, site }),
    items: items.map((item) => ({ ...item, urlPrefix: kind.urlPrefix })),
  });
}

/** /feeds/organization-upsc.xml: the newest entries of every kind of one organization. */
async function organizationFeed(slug: string, locale: Locale) {
  const conn = await db();
  const organization = await getOrganizationBySlug(conn, slug);
  if (!organization) return notFound(NO_SUCH_FEED);
  const [settings, ...perKind] = await Promise.all([
    publicSettings(),
    ...KIND_LIST.map((k) =>
      feedItems(conn, k.kind, FEED_SIZE, { organization: organization.name }).then((items) =>
        items.map((item) => ({ ...item, urlPrefix: k.urlPrefix })),
      ),
    ),
  ]);
  const items = perKind
    .flat()
    .sort((a, b) => (a.publishedAt < b.publishedAt ? 1 : a.publishedAt > b.publishedAt ? -1 : 0))
    .slice(0, FEED_SIZE);
  const t = catalog(locale).feeds;
  const site = settings.siteName;
  const name = (locale === "hi" && organization.hiName) || organization.name;
  return rssResponse(env().BASE_URL, locale, {
    title: fmt(t.title, { title: name, site }),
    path: `/organizations/${organization.slug}`,
    selfPath: `/feeds/organization-${organization.slug}.xml`,
    description: fmt(t.organization, { name, site }),
    items,
  });
}

/** An RSS 2.0 answer: the channel at `path`, one item per entry (linked to its page). */
function rssResponse(
  baseUrl: string,
  locale: Locale,
  feed: {
    title: string;
    path: string;
    selfPath: string;
    description: string;
    items: (FeedItem & { urlPrefix: string })[];
  },
) {
  const xml = rssXml({
    title: feed.title,
    language: LOCALE_TAG[locale],
    link: canonicalUrl(baseUrl, localePath(locale, feed.path)),
    selfLink: canonicalUrl(baseUrl, localePath(locale, feed.selfPath)),
    description: feed.description,
    items: feed.items.map((item) => {
      const link = canonicalUrl(baseUrl, localePath(locale, `${item.urlPrefix}/${item.slug}`));
      const hindi = locale === "hi" ? item.hindi : null;
      return {
        title: hindi?.title ?? item.title,
        link,
        guid: link,
        pubDate: item.publishedAt,
        description: hindi?.summary || item.summary || item.organization,
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
