// How each database finds, counts and ranks a group of a search's matches (SQLite's FTS5,
// PostgreSQL's tsvector): the same rule, two queries. search.server.ts puts the groups together.
import { sql, type SelectQueryBuilder } from "kysely";
import type { Kind } from "~/content/kinds.ts";
import type { DB } from "../platform/db/db.server.ts";
import type { Database } from "../platform/db/schema.ts";
import { isPublic } from "~/platform/db/public-entries.ts";

/**
 * How much an open job's relevance is multiplied by: a job seeker searching "junior clerk" wants
 * the notifications they can still apply for before that exam's result, admit card or answer key,
 * and before jobs that have closed.
 */
const OPEN_JOB_BOOST = 2;

/**
 * A part of a search's matches: the public entries that contain every one of `words` (as
 * prefixes; no words: every entry), of the kind asked or not of it.
 */
export interface Group {
  words: string[];
  kind?: { is: Kind } | { not: Kind };
}

/** One of a group's newest matches, ranked: higher is better. */
export interface Candidate {
  id: string;
  rank: number;
  published_at: string | null;
}

/** Best first; of two ranked alike, the newer, then a fixed order (both databases alike). */
export const byRank = (a: Candidate, b: Candidate) =>
  b.rank - a.rank ||
  (b.published_at ?? "").localeCompare(a.published_at ?? "") ||
  a.id.localeCompare(b.id);

/** How one database counts and ranks a group's matches. */
export interface GroupSearch {
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
export function sqliteSearch(db: DB, today: string): GroupSearch {
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
export function postgresSearch(db: DB, today: string, walk: number): GroupSearch {
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

/** SQLite's full-text index as a table to select from (its rowid is entries.search_id). */
const fts = sql<{ rowid: number }>`entries_fts`.as("entries_fts");
/** How many matches a search counts at the most (then its total says "+"). */
export const SEARCH_COUNT_LIMIT = 1000;
