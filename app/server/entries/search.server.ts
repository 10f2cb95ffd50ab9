// The public search: full-text matches of published entries, counted by kind and ranked with the
// open-job boost.
import { sql, type SelectQueryBuilder } from "kysely";
import { KINDS, type Kind } from "~/content/registry.ts";
import { catalog } from "~/i18n/catalog.server.ts";
import { todayInIndia } from "~/lib/india-date.ts";
import type { DB } from "../db/db.server.ts";
import { dialectOf } from "../db/dialect.ts";
import type { Database, EntryRow } from "../db/schema.ts";
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
 * Every name a search may give a kind, as search words, longest first: the kind's names in each
 * language (`list.kinds`) and the catalogue's other words for it (`search.kindWords`).
 */
let kindNames: { kind: Kind; words: string[] }[] | undefined;
function namesOfKinds() {
  kindNames ??= (["en", "hi"] as const)
    .flatMap((locale) => {
      const { list, search } = catalog(locale);
      return KINDS.flatMap((kind) =>
        [list.kinds[kind].label, list.kinds[kind].plural, ...search.kindWords[kind]].map(
          (name) => ({ kind, words: searchWords(name) }),
        ),
      );
    })
    .sort((a, b) => b.words.length - a.words.length);
  return kindNames;
}

/**
 * The kind a search names ("result", "admit cards", "परिणाम", "आंसर की"), whole words only, and
 * its other words. Of two kinds named, the first counts; the second stays a word.
 */
export function namedKind(words: string[]): { kind?: Kind; rest: string[] } {
  for (let i = 0; i < words.length; i++) {
    for (const name of namesOfKinds()) {
      if (name.words.every((w, j) => words[i + j] === w))
        return {
          kind: name.kind,
          rest: [...words.slice(0, i), ...words.slice(i + name.words.length)],
        };
    }
  }
  return { kind: undefined, rest: words };
}

/**
 * A part of a search's matches: the public entries that contain every one of `words` (as
 * prefixes; no words: every entry), of the kind asked or not of it.
 */
interface Group {
  words: string[];
  kind?: { is: Kind } | { not: Kind };
}

/** One of a group's newest matches, ranked: higher is better. */
interface Candidate {
  id: string;
  rank: number;
  published_at: string | null;
}

/** Best first; of two ranked alike, the newer, then a fixed order (both databases alike). */
const byRank = (a: Candidate, b: Candidate) =>
  b.rank - a.rank ||
  (b.published_at ?? "").localeCompare(a.published_at ?? "") ||
  a.id.localeCompare(b.id);

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

/** A row of the page, without what only the search reads. */
type PageRow = Omit<EntryRow, "data" | "search_text" | "search_id">;

/** Whether a group's matches may be of `kind`. */
const holds = (group: Group, kind: Kind) =>
  !group.kind || ("is" in group.kind ? group.kind.is === kind : group.kind.not !== kind);

/** How one database counts and ranks a group's matches. */
interface GroupSearch {
  /** The kinds of the group's first SEARCH_COUNT_LIMIT + 1 matches. */
  count(group: Group): Promise<Partial<Record<Kind, number>>>;
  /** The group's newest `limit` matches, best first. */
  rank(group: Group, limit: number): Promise<Candidate[]>;
}

/** How many of a sample's rows are of each kind. */
async function perKind(
  db: DB,
  sample: SelectQueryBuilder<Database, never, { kind: string }>,
): Promise<Partial<Record<Kind, number>>> {
  const rows = await db
    .selectFrom(sample.as("s"))
    .select(["s.kind", sql<number>`count(*)`.as("n")])
    .groupBy("s.kind")
    .execute();
  return Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)]));
}

/** The group's kind as a condition on `column`, when it has one. */
const kindCondition = ({ kind }: Group, column: "kind" | "e.kind") =>
  !kind
    ? undefined
    : "is" in kind
      ? sql<boolean>`${sql.ref(column)} = ${kind.is}`
      : sql<boolean>`${sql.ref(column)} <> ${kind.not}`;

/**
 * How much each match's relevance is multiplied by: OPEN_JOB_BOOST for a job one can still apply
 * for, else 1 (the same rule as PostgreSQL's `boost`).
 */
const boostOf = (row: { kind: string; last_date: string | null }, today: string) =>
  row.kind === "job" && (row.last_date === null || row.last_date >= today) ? OPEN_JOB_BOOST : 1;

/**
 * SQLite: `entries_fts` holds public entries only (see the migration); its rowids grow with each
 * new entry, so the newest matches are the highest rowids. Relevance is bm25 (title 10,
 * organization 4, text 1), negative and better when lower; a group without words ranks its
 * entries alike (newest first, open jobs first).
 */
function sqliteSearch(db: DB, today: string): GroupSearch {
  const match = (words: string[]) => words.map((w) => `"${w.replaceAll('"', '""')}"*`).join(" ");
  /** The group's matches joined to their rows, newest first (no words: every public entry). */
  const matches = (group: Group) => {
    const e = group.words.length
      ? db
          .selectFrom(fts)
          .innerJoin("entries as e", (join) =>
            join.on(sql<boolean>`e.search_id = entries_fts.rowid`),
          )
          .where(sql<boolean>`entries_fts match ${match(group.words)}`)
          .orderBy(sql`entries_fts.rowid`, "desc")
      : db.selectFrom("entries as e").where(isPublic).orderBy("e.published_at", "desc");
    const ofKind = kindCondition(group, "e.kind");
    return ofKind ? e.where(ofKind) : e;
  };
  return {
    async count(group) {
      // Without a kind the index alone finds the first matches; their rows are read after.
      const sample = group.kind
        ? matches(group)
            .select("e.kind")
            .limit(SEARCH_COUNT_LIMIT + 1)
        : db
            .selectFrom(
              db
                .selectFrom(fts)
                .select(sql<number>`rowid`.as("search_id"))
                .where(sql<boolean>`entries_fts match ${match(group.words)}`)
                .limit(SEARCH_COUNT_LIMIT + 1)
                .as("m"),
            )
            .innerJoin("entries as e", "e.search_id", "m.search_id")
            .select("e.kind");
      return perKind(db, sample);
    },
    async rank(group, limit) {
      const rows = await matches(group)
        .select([
          "e.id",
          "e.kind",
          "e.last_date",
          "e.published_at",
          group.words.length
            ? sql<number>`bm25(entries_fts, 10, 4, 1)`.as("score")
            : sql<number>`-1`.as("score"),
        ])
        .limit(limit)
        .execute();
      // The boost multiplies bm25 like PostgreSQL's ranking does; the sign makes higher better.
      return rows
        .map((r) => ({
          id: r.id,
          published_at: r.published_at,
          rank: -Number(r.score) * boostOf(r, today),
        }))
        .sort(byRank);
    },
  };
}

/**
 * PostgreSQL: rank the newest matches (at most SEARCH_RANK_WINDOW of them) so that a very common
 * word costs the same as a rare one; job seekers want the recent notices first anyway.
 */
function postgresSearch(db: DB, today: string, walk: number): GroupSearch {
  const tsquery = (words: string[]) =>
    words.map((w) => `${w.replace(/[^\p{L}\p{M}\p{N}]/gu, "")}:*`).join(" & ");
  const openJob = sql<boolean>`(kind = 'job' and (last_date is null or last_date >= ${today}))`;
  const boost = sql<number>`(case when ${openJob} then ${OPEN_JOB_BOOST} else 1 end)`;
  /** Public entries of the group's kind (the words are tested by the caller). */
  const ofKind = (group: Group) => {
    const q = db.selectFrom("entries").where(isPublic);
    const condition = kindCondition(group, "kind");
    return condition ? q.where(condition) : q;
  };
  return {
    async count(group) {
      const sample = ofKind(group)
        .$if(group.words.length > 0, (q) =>
          q.where(sql<boolean>`search_vector @@ to_tsquery('simple', ${tsquery(group.words)})`),
        )
        .select("kind")
        .limit(SEARCH_COUNT_LIMIT + 1);
      return perKind(db, sample);
    },
    async rank(group, limit) {
      if (group.words.length === 0) {
        // Every public entry of a kind: the newest, by the (kind, published_at) index.
        const rows = await ofKind(group)
          .select(["id", "published_at", sql<number>`${boost}`.as("rank")])
          .orderBy("published_at", "desc")
          .limit(limit)
          .execute();
        return rows.map((r) => ({ ...r, rank: Number(r.rank) })).sort(byRank);
      }
      const query = tsquery(group.words);
      /**
       * The newest `limit` matches, by date alone (their 1.4 KB search vectors stay out of the
       * sort); `walk`: among that many newest public entries only, each tested in turn.
       */
      const newestMatches = (walk?: number) =>
        db
          .selectFrom(
            ofKind(group)
              .select(["id", "published_at", "kind", "last_date", "search_vector" as never])
              // A subquery with a limit is read first, the match tested after: the walk.
              .$if(walk !== undefined, (q) => q.orderBy("published_at", "desc").limit(walk!))
              .as("e"),
          )
          .where(sql<boolean>`e.search_vector @@ to_tsquery('simple', ${query})`)
          .select(["e.id", "e.published_at", sql<number>`${boost}`.as("boost")])
          .orderBy("e.published_at", "desc")
          .limit(limit);
      /** Those matches ranked by their vectors. */
      const ranked = async (walk?: number) =>
        (
          await db
            .selectFrom(newestMatches(walk).as("w"))
            .innerJoin("entries as v", "v.id", "w.id")
            .select([
              "w.id",
              "w.published_at",
              sql<number>`ts_rank(v.search_vector, to_tsquery('simple', ${query})) * w.boost`.as(
                "rank",
              ),
            ])
            .execute()
        )
          .map((r) => ({ ...r, rank: Number(r.rank) }))
          .sort(byRank);
      // A word in one entry of 20 (most searches: "clerk", "admit card") has its newest 300
      // matches among the newest 6,000 entries: testing each of those (5 ms) costs less than the
      // full-text index, which gathers every entry of every word's prefixes first (17–23 ms for
      // "forest guard recruitment"), then reads each match from the table. Fewer matches there:
      // the index.
      const walked = await ranked(walk);
      if (walked.length >= limit) return walked;
      return ranked();
    },
  };
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
