// The public search: full-text matches of published entries, counted by kind and ranked with the
// open-job boost (the words: search-words.server.ts; each database's queries: search-rank.server.ts).
import type { Kind } from "~/content/kinds.ts";
import { todayInIndia } from "~/lib/india-date.ts";
import type { DB } from "../platform/db/db.server.ts";
import { dialectOf } from "../platform/db/dialect.ts";
import type { EntryRow } from "../platform/db/schema.ts";
import { searchSnippet } from "./snippet.ts";
import {
  postgresSearch,
  SEARCH_COUNT_LIMIT,
  sqliteSearch,
  type Candidate,
  type Group,
} from "./search-rank.server.ts";
import { namedKind, searchWords } from "./search-words.server.ts";
import { summaryColumns, toSummary, type Page } from "./entry-row.server.ts";
import type { EntrySummary } from "../content/entry.ts";

export interface SearchHit extends EntrySummary {
  snippet: string;
}

export interface SearchPage extends Page<SearchHit> {
  /** Matches of each kind (bounded like `total`), for the type filter chips. */
  kindCounts: Partial<Record<Kind, number>>;
}

/**
 * Full-text search over published entries, best match first. A search that names a kind ("SSC
 * result", "परिणाम") lists the entries of that kind that match its other words first (whether or
 * not their words say "result": an English-only result is found by its Hindi name), then the
 * other entries that match all its words; the rest is ranked as before, with the open-job boost.
 * The queries differ between the databases (SQLite's FTS5, PostgreSQL's tsvector); the rule is
 * the same. Words found come back wrapped in \u0001…\u0002 so the page can highlight them
 * without trusting any HTML.
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
  const named = namedKind(words);
  // What the type chips count (every kind), and what is listed (of the kind asked), in order.
  const counted: Group[] = named.kind
    ? [
        { words: named.rest, kind: { is: named.kind } },
        { words, kind: { not: named.kind } },
      ]
    : [{ words }];
  const listed: Group[] = !kind
    ? counted
    : kind === named.kind
      ? [counted[0]]
      : [{ words, kind: { is: kind } }];
  const search =
    dialectOf(db) === "sqlite" ? sqliteSearch(db, today) : postgresSearch(db, today, walk);

  /**
   * The chips' counts and the total. Each counted group takes the kinds among the first
   * SEARCH_COUNT_LIMIT + 1 matches of its words, whatever their kind, and keeps those it holds
   * (a kind named alone: its first entries), so a group costs what a search naming no kind does,
   * not a walk through the matches of its words in search of one kind. A sample that stopped at
   * its bound gives lower bounds ("+"). Of the kind asked, a group's count is exact unless its
   * sample stopped at its bound; then the kind is counted on its own.
   */
  const counts = Promise.all(
    counted.map(async (group) => {
      const alone = group.words.length === 0;
      const whole = await search.count(alone ? group : { words: group.words });
      const sample = Object.fromEntries(
        Object.entries(whole).filter(([k]) => holds(group, k as Kind)),
      ) as SearchPage["kindCounts"];
      const bounded = sum(whole) > SEARCH_COUNT_LIMIT;
      if (!kind || !holds(group, kind)) return { sample, bounded, ofKind: 0 };
      const ofKind =
        bounded && !alone ? await search.count({ words: group.words, kind: { is: kind } }) : sample;
      return { sample, bounded, ofKind: ofKind[kind] ?? 0 };
    }),
  ).then((groups) => {
    const total = groups.reduce((n, g) => n + (kind ? g.ofKind : sum(g.sample)), 0);
    return {
      kindCounts: Object.assign({}, ...groups.map((g) => g.sample)) as SearchPage["kindCounts"],
      total,
      capped: total > SEARCH_COUNT_LIMIT || (!kind && groups.some((g) => g.bounded)),
    };
  });
  // The newest SEARCH_RANK_WINDOW matches, group after group, each group ranked in itself.
  const ranked = (async () => {
    const window: Candidate[] = [];
    for (const group of listed) {
      if (window.length >= SEARCH_RANK_WINDOW) break;
      window.push(...(await search.rank(group, SEARCH_RANK_WINDOW - window.length)));
    }
    return {
      ids: window.slice((page - 1) * perPage, page * perPage).map((c) => c.id),
      // Only the ranked matches have pages.
      pages: Math.max(1, Math.ceil(window.length / perPage)),
    };
  })();
  // The count and the ranking need nothing of each other: on PostgreSQL each runs on its own
  // connection at the same time, so a search waits for the slower of the two, not their sum.
  const [{ kindCounts, total, capped }, { ids, pages }] = await Promise.all([counts, ranked]);
  const pageOf = (rows: (PageRow & { snippet: string })[]): SearchPage => ({
    items: rows.map((r) => ({ ...toSummary(r), snippet: r.snippet })),
    total: Math.min(total, SEARCH_COUNT_LIMIT),
    totalCapped: capped,
    page,
    perPage,
    pages,
    kindCounts,
  });
  if (ids.length === 0) return pageOf([]);
  const rows = await db
    .selectFrom("entries")
    .select([...summaryColumns, "search_text"])
    .where("id", "in", ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [withSnippet(words)(row)] : [];
  });
  return pageOf(ordered);
}

/** The sum of a sample's counts. */
const sum = (counts: Partial<Record<Kind, number>>) =>
  Object.values(counts).reduce<number>((a, b) => a + (b ?? 0), 0);

/** Whether a group's matches may be of `kind`. */
const holds = (group: Group, kind: Kind) =>
  !group.kind || ("is" in group.kind ? group.kind.is === kind : group.kind.not !== kind);

/** A row of the page, without what only the search reads. */
type PageRow = Omit<EntryRow, "data" | "search_text" | "search_id">;

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
