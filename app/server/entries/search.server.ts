// The public search: full-text matches of published entries, counted by kind and ranked with the
// open-job boost.
import { sql } from "kysely";
import type { Kind } from "~/content/registry.ts";
import { todayInIndia } from "~/india-date.ts";
import type { DB } from "../db/db.server.ts";
import { dialectOf } from "../db/dialect.ts";
import type { EntryRow } from "../db/schema.ts";
import { searchSnippet } from "./snippet.ts";
import {
  isPublic,
  summaryColumns,
  toSummary,
  type EntrySummary,
  type Page,
} from "./shared.server.ts";

export interface SearchHit extends EntrySummary {
  snippet: string;
}

/**
 * How much an open job's relevance is multiplied by: a job seeker searching "junior clerk" wants
 * the notifications they can still apply for before that exam's result, admit card or answer key,
 * and before jobs that have closed.
 */
const OPEN_JOB_BOOST = 2;

export interface SearchPage extends Page<SearchHit> {
  /** Matches of each kind (bounded like `total`), for the type filter chips. */
  kindCounts: Partial<Record<Kind, number>>;
}

/**
 * The words of a search, at most 8: letters, digits and combining marks, so a Hindi word keeps
 * its vowel signs, virama and nukta ("भर्ती", not "भ", "र", "त"), as both indexes keep them.
 * NFC, as the Hindi in `search_text` is (a nukta letter typed as one code point or two matches
 * either way); ZWJ/ZWNJ are dropped on both sides; a "word" of marks only (an emoji's variation
 * selector) is no word.
 */
export function searchWords(query: string): string[] {
  return query
    .normalize("NFC")
    .replace(/[\u200c\u200d]/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((w) => /[\p{L}\p{N}]/u.test(w))
    .slice(0, 8);
}

/**
 * Full-text search over published entries, best match first. The one query that differs between
 * the databases: SQLite's FTS5 and PostgreSQL's tsvector. Words found come back wrapped in
 * \u0001…\u0002 so the page can highlight them without trusting any HTML.
 */
export async function searchPublished(
  db: DB,
  query: string,
  {
    page = 1,
    perPage = 20,
    kind,
    today = todayInIndia(),
    walk = SEARCH_WALK,
  }: {
    page?: number;
    perPage?: number;
    kind?: Kind;
    today?: string;
    /** PostgreSQL: how many of the newest public entries are tested first (tests make it small). */
    walk?: number;
  } = {},
): Promise<SearchPage> {
  const words = searchWords(query);
  if (words.length === 0)
    return { items: [], total: 0, page: 1, perPage, pages: 1, kindCounts: {} };
  const offset = (page - 1) * perPage;
  const openJob = sql<boolean>`(e.kind = 'job' and (e.last_date is null or e.last_date >= ${today}))`;
  const boost = sql<number>`(case when ${openJob} then ${OPEN_JOB_BOOST} else 1 end)`;
  /**
   * The chips' counts (the kinds among the first SEARCH_COUNT_LIMIT + 1 matches: lower bounds
   * when there are more) and the total. Of the kind asked, the sample's count is exact unless the
   * sample stopped at its bound; then it may hold few or none of it, and `countKind` counts it.
   */
  const counted = async (
    rows: { kind: string; n: number | string }[],
    countKind: () => Promise<{ n: number | string } | undefined>,
  ) => {
    const kindCounts: Partial<Record<Kind, number>> = {};
    for (const r of rows) kindCounts[r.kind as Kind] = Number(r.n);
    const all = Object.values(kindCounts).reduce((a, b) => a + b, 0);
    if (!kind) return { kindCounts, total: all };
    if (all <= SEARCH_COUNT_LIMIT) return { kindCounts, total: kindCounts[kind] ?? 0 };
    return { kindCounts, total: Number((await countKind())?.n ?? 0) };
  };
  if (dialectOf(db) === "sqlite") {
    // entries_fts holds public entries only (see the migration); the first matches, bounded, are
    // counted by kind, and the page's rows ranked with the open-job boost.
    const match = words.map((w) => `"${w.replaceAll('"', '""')}"*`).join(" ");
    const perKind = await db
      .selectFrom(
        db
          .selectFrom(fts)
          .select(sql<number>`rowid`.as("search_id"))
          .where(sql<boolean>`entries_fts match ${match}`)
          .limit(SEARCH_COUNT_LIMIT + 1)
          .as("m"),
      )
      .innerJoin("entries as e", "e.search_id", "m.search_id")
      .select(["e.kind", sql<number>`count(*)`.as("n")])
      .groupBy("e.kind")
      .execute();
    const { kindCounts, total } = await counted(perKind, () =>
      db
        .selectFrom(
          db
            .selectFrom(fts)
            .innerJoin("entries as e", (join) =>
              join.on(sql<boolean>`e.search_id = entries_fts.rowid`),
            )
            .select("e.id")
            .where(sql<boolean>`entries_fts match ${match}`)
            .where("e.kind", "=", kind!)
            .limit(SEARCH_COUNT_LIMIT + 1)
            .as("k"),
        )
        .select(sql<number>`count(*)`.as("n"))
        .executeTakeFirst(),
    );
    const ids = await rankedIds(db, match, { kind, offset, perPage, today });
    if (ids.length === 0) return { ...pageOf([], total, page, perPage), kindCounts };
    const rows = await db
      .selectFrom("entries")
      .select([...summaryColumns, "search_id", "search_text"])
      .where("search_id", "in", ids)
      .execute();
    const byId = new Map(rows.map((r) => [r.search_id, r]));
    const ordered = ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [withSnippet(words)(row)] : [];
    });
    return { ...pageOf(ordered, total, page, perPage), kindCounts };
  }
  // PostgreSQL: rank the newest matches (at most SEARCH_RANK_WINDOW of them) so that a very common
  // word costs the same as a rare one; job seekers want the recent notices first anyway.
  const tsquery = words.map((w) => `${w.replace(/[^\p{L}\p{M}\p{N}]/gu, "")}:*`).join(" & ");
  const matches = db
    .selectFrom("entries as e")
    .where(sql<boolean>`search_vector @@ to_tsquery('simple', ${tsquery})`)
    .where(isPublic);
  // The count and the ranking need nothing of each other: each runs on its own connection at the
  // same time, so a search waits for the slower of the two, not their sum.
  const countsQuery = db
    .selectFrom(
      matches
        .select("e.kind")
        .limit(SEARCH_COUNT_LIMIT + 1)
        .as("m"),
    )
    .select(["m.kind", sql<number>`count(*)`.as("n")])
    .groupBy("m.kind")
    .execute()
    .then((perKind) =>
      counted(perKind, () =>
        db
          .selectFrom(
            matches
              .where("e.kind", "=", kind!)
              .select("e.id")
              .limit(SEARCH_COUNT_LIMIT + 1)
              .as("k"),
          )
          .select(sql<number>`count(*)`.as("n"))
          .executeTakeFirst(),
      ),
    );
  /**
   * The newest SEARCH_RANK_WINDOW matches, by date alone (their 1.4 KB search vectors stay out of
   * the sort); `walk`: among that many newest public entries only, each tested in turn.
   */
  const newestMatches = (walk?: number) =>
    db
      .selectFrom(
        db
          .selectFrom("entries")
          .where(isPublic)
          .$if(!!kind, (q) => q.where("kind", "=", kind!))
          .select(["id", "published_at", "kind", "last_date", "search_vector" as never])
          // A subquery with a limit is read first, the match tested after: the walk.
          .$if(walk !== undefined, (q) => q.orderBy("published_at", "desc").limit(walk!))
          .as("e"),
      )
      .where(sql<boolean>`e.search_vector @@ to_tsquery('simple', ${tsquery})`)
      .select(["e.id", "e.published_at", sql<number>`${boost}`.as("boost")])
      .orderBy("e.published_at", "desc")
      .limit(SEARCH_RANK_WINDOW);
  /** One page of those matches ranked by their vectors, and how many were ranked. */
  const ranked = (walk?: number) =>
    db
      .selectFrom(
        db
          .selectFrom(newestMatches(walk).as("w"))
          .innerJoin("entries as v", "v.id", "w.id")
          .select([
            "w.id",
            "w.published_at",
            sql<number>`ts_rank(v.search_vector, to_tsquery('simple', ${tsquery})) * w.boost`.as(
              "rank",
            ),
            sql<number>`count(*) over ()`.as("ranked"),
          ])
          .orderBy("rank", "desc")
          .orderBy("w.published_at", "desc")
          .limit(perPage)
          .offset(offset)
          .as("top"),
      )
      .innerJoin("entries as e", "e.id", "top.id")
      .select([...summaryColumns.map((c) => `e.${c}` as const), "e.search_text", "top.ranked"])
      .orderBy("top.rank", "desc")
      .orderBy("top.published_at", "desc")
      .execute();
  const rowsQuery = (async () => {
    // A word in one entry of 20 (most searches: "clerk", "admit card") has its newest 300 matches
    // among the newest 6,000 entries: testing each of those (5 ms) costs less than the full-text
    // index, which gathers every entry of every word's prefixes first (17–23 ms for "forest guard
    // recruitment"), then reads each match from the table. Fewer matches there: the index.
    const walked = await ranked(walk);
    if (walked.length > 0 && Number(walked[0].ranked) >= SEARCH_RANK_WINDOW) return walked;
    return ranked();
  })();
  const [{ kindCounts, total }, rows] = await Promise.all([countsQuery, rowsQuery]);
  return { ...pageOf(rows.map(withSnippet(words)), total, page, perPage), kindCounts };
}

/** A page's row with its snippet (the same rule on both databases) instead of its indexed text. */
const withSnippet =
  (words: string[]) =>
  <R extends { title: string; organization: string | null; search_text: string }>({
    search_text,
    ...row
  }: R) => ({
    ...row,
    snippet: searchSnippet([search_text, row.organization ?? "", row.title], words),
  });

/**
 * SQLite: the search ids of one page, best first: bm25 relevance (title 10, organization 4,
 * text 1) multiplied by the open-job boost, among the newest matches (of one kind if asked).
 */
async function rankedIds(
  db: DB,
  match: string,
  { kind, offset, perPage, today }: { kind?: Kind; offset: number; perPage: number; today: string },
): Promise<number[]> {
  const candidates = await db
    .selectFrom(fts)
    .innerJoin("entries as e", (join) => join.on(sql<boolean>`e.search_id = entries_fts.rowid`))
    .select([
      sql<number>`entries_fts.rowid`.as("search_id"),
      "e.kind",
      "e.last_date",
      sql<number>`bm25(entries_fts, 10, 4, 1)`.as("score"),
    ])
    .where(sql<boolean>`entries_fts match ${match}`)
    .$if(!!kind, (q) => q.where("e.kind", "=", kind!))
    .orderBy(sql`entries_fts.rowid`, "desc")
    .limit(SEARCH_RANK_WINDOW)
    .execute();
  // bm25 is negative, better is lower: the boost multiplies it like PostgreSQL's ranking does.
  return candidates
    .map((c) => ({
      id: c.search_id,
      rank:
        c.score *
        (c.kind === "job" && (c.last_date === null || c.last_date >= today) ? OPEN_JOB_BOOST : 1),
    }))
    .sort((a, b) => a.rank - b.rank || b.id - a.id)
    .slice(offset, offset + perPage)
    .map((c) => c.id);
}

/**
 * How many of the newest matches are ranked, on both databases (SQLite's FTS5 rowids grow with
 * each new entry): bm25 over all 70,000 entries with "result" cost 50 ms a page, over the newest
 * 1,000 15 ms. The result pages end there (`pages`), however many match: 15 pages of 20.
 */
export const SEARCH_RANK_WINDOW = 300;

/**
 * PostgreSQL: how many of the newest public entries (of the kind asked) a search tests one by one
 * before it asks the full-text index (see `rowsQuery`). Their search vectors are in the rows
 * (migration 2026-11-24T0300), so the test costs about 0.8 µs an entry.
 */
export const SEARCH_WALK = 6000;

/** SQLite's full-text index as a table to select from (its rowid is entries.search_id). */
const fts = sql<{ rowid: number }>`entries_fts`.as("entries_fts");
export const SEARCH_COUNT_LIMIT = 1000;

function pageOf(
  rows: (Omit<EntryRow, "data" | "search_text" | "search_id"> & { snippet: string })[],
  counted: number,
  page: number,
  perPage: number,
): Page<SearchHit> {
  const totalCapped = counted > SEARCH_COUNT_LIMIT;
  const total = Math.min(counted, SEARCH_COUNT_LIMIT);
  return {
    items: rows.map((r) => ({ ...toSummary(r), snippet: r.snippet })),
    total,
    totalCapped,
    page,
    perPage,
    // Only the ranked matches have pages.
    pages: Math.max(1, Math.ceil(Math.min(total, SEARCH_RANK_WINDOW) / perPage)),
  };
}
