// What machines read of the public entries: the sitemaps, the sitemap index's per-kind stats and
// the RSS feeds.
import { HINDI, type EntryData } from "~/content/fields.ts";
import type { Kind } from "~/content/kinds.ts";
import type { DB } from "../platform/db/db.server.ts";
import { publicOfKind, type ListFilters } from "../entries/public.repository.server.ts";
import { isPublic } from "~/platform/db/public-entries.ts";

export interface SitemapEntry {
  slug: string;
  updatedAt: string;
  /** Whether it has a Hindi page of its own (a Hindi title): then both URLs are listed. */
  hindi: boolean;
}

/**
 * URLs per sitemap file. sitemaps.org allows 50,000; files of 10,000 (about 1.6 MB) are quick to
 * build and to fetch, and the sitemap index lists as many as a kind needs.
 */
export const SITEMAP_PAGE_SIZE = 10_000;

/** One sitemap file of a kind's public entries, newest first (page 1 is the newest). */
export async function sitemapEntries(
  db: DB,
  kind: Kind,
  { page = 1, perPage = SITEMAP_PAGE_SIZE } = {},
): Promise<SitemapEntry[]> {
  const size = Math.min(perPage, SITEMAP_PAGE_SIZE);
  const rows = await db
    .selectFrom("entries")
    .select(["slug", "updated_at", "hi_title"])
    .where("kind", "=", kind)
    .where(isPublic)
    .orderBy("published_at", "desc")
    .orderBy("id", "desc")
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  return rows.map((r) => ({ slug: r.slug, updatedAt: r.updated_at, hindi: r.hi_title !== null }));
}

export interface FeedItem {
  id: string;
  slug: string;
  title: string;
  organization: string;
  publishedAt: string;
  summary: string;
  /** The Hindi title and short information, where the entry has them. */
  hindi: { title: string; summary: string } | null;
}

/** The newest published entries of a kind with their short information, for the RSS feed. */
export async function feedItems(
  db: DB,
  kind: Kind,
  limit = 50,
  filters: ListFilters = {},
): Promise<FeedItem[]> {
  const rows = await publicOfKind(db, kind, filters)
    .select(["id", "slug", "title", "organization", "published_at", "updated_at", "data"])
    .orderBy("published_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => {
    let summary = "";
    let hindi: FeedItem["hindi"] = null;
    try {
      const data = JSON.parse(r.data) as EntryData;
      summary = typeof data.summary === "string" ? data.summary : "";
      const hiTitle = data[`${HINDI}title`];
      const hiSummary = data[`${HINDI}summary`];
      if (typeof hiTitle === "string" && hiTitle.trim())
        hindi = { title: hiTitle, summary: typeof hiSummary === "string" ? hiSummary : "" };
    } catch {
      // A damaged row still belongs in the feed, just without its summary.
    }
    return {
      id: r.id,
      slug: r.slug,
      title: r.title,
      organization: r.organization,
      publishedAt: r.published_at ?? r.updated_at,
      summary,
      hindi,
    };
  });
}

/** When each kind's published content last changed: the lastmod of its list page. */
export interface KindStats {
  /** When a public entry of the kind last changed. */
  last?: string;
  /** How many public entries it has. */
  count: number;
}

/** Per kind: its public entries' newest change and their number (the sitemaps need both). */
export async function publicKindStats(db: DB): Promise<Partial<Record<Kind, KindStats>>> {
  const rows = await db
    .selectFrom("entries")
    .select((eb) => ["kind", eb.fn.max("updated_at").as("last"), eb.fn.countAll().as("n")])
    .where(isPublic)
    .groupBy("kind")
    .execute();
  const out: Partial<Record<Kind, KindStats>> = {};
  for (const r of rows)
    out[r.kind as Kind] = { last: r.last ? String(r.last) : undefined, count: Number(r.n) };
  return out;
}
