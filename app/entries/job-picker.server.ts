import { sql } from "kysely";
import { z } from "zod";
import { slugify, type Status } from "~/content/kinds/schema.ts";
import type { DB } from "../platform/db/db.server.ts";
import { dialectOf } from "../platform/db/dialect.ts";
import { isPublic } from "~/platform/db/public-entries.ts";

/**
 * The job picker of the result, admit card, answer key and syllabus editors (issue 13): a search
 * as the editor types, and the resolution of a typed title or id when the form is sent without
 * JavaScript. A site may hold 100,000 jobs, so every query here seeks an index (the unique
 * (kind, slug) index, the full-text index, the primary key); none reads the jobs one by one.
 */

export interface JobOption {
  id: string;
  title: string;
  status: Status;
  organization: string;
}

/** At most this many jobs answer one search. */
export const JOB_SEARCH_LIMIT = 20;
/** Titles are at most 200 characters; a longer query cannot name a job. */
const QUERY_MAX = 200;
/** Jobs whose address begins with the query come first, at most this many before the word matches. */
const PREFIX_FIRST = 5;

const columns = ["e.id", "e.title", "e.status", "e.organization"] as const;

type Row = { id: string; title: string; status: string; organization: string };
const toOption = (r: Row): JobOption => ({
  id: r.id,
  title: r.title,
  status: r.status as Status,
  organization: r.organization,
});

/** The words of a query as the search index splits them (as `searchPublished` does). */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 8);
}

/** A job by its id, or undefined (also for an entry of another kind). */
export async function getJobOption(
  db: DB,
  id: string,
  { includeTrashed = false } = {},
): Promise<JobOption | undefined> {
  if (!id || id.length > 64) return undefined;
  const row = await db
    .selectFrom("entries as e")
    .select(columns)
    .where("e.id", "=", id)
    .where("e.kind", "=", "job")
    .$if(!includeTrashed, (q) => q.where("e.deleted_at", "is", null))
    .executeTakeFirst();
  return row && toOption(row);
}

/**
 * Jobs of any status (not trashed) whose address starts with the query's slug: for a title the
 * site made the address from, "its title begins with". A range on the unique (kind, slug) index.
 */
async function addressStartsWith(db: DB, query: string, limit: number): Promise<JobOption[]> {
  const prefix = slugify(query, { fallback: "" });
  if (!prefix) return [];
  const rows = await db
    .selectFrom("entries as e")
    .select([...columns, "e.slug"])
    .where("e.kind", "=", "job")
    .where("e.slug", ">=", prefix)
    // Slugs hold only a-z, 0-9 and "-", all below "~".
    .where("e.slug", "<", `${prefix}~`)
    .where("e.deleted_at", "is", null)
    .orderBy("e.slug")
    .limit(limit)
    .execute();
  // A collation other than C could widen the range: keep only true prefixes.
  return rows.filter((r) => r.slug.startsWith(prefix)).map(toOption);
}

/**
 * Published jobs whose title or organization has words beginning with every word of the query,
 * newest first. The full-text index holds public entries only (see the initial migration).
 */
async function publishedWithWords(db: DB, words: string[], limit: number): Promise<JobOption[]> {
  if (words.length === 0) return [];
  if (dialectOf(db) === "sqlite") {
    const match = `{title organization}: (${words.map((w) => `"${w}"*`).join(" AND ")})`;
    const rows = await db
      .selectFrom(sql<{ rowid: number }>`entries_fts`.as("entries_fts"))
      .innerJoin("entries as e", (join) => join.on(sql<boolean>`e.search_id = entries_fts.rowid`))
      .select(columns)
      .where(sql<boolean>`entries_fts match ${match}`)
      .where("e.kind", "=", "job")
      // The index walks its rowids newest first and stops at the limit; ranking every match of
      // a one-letter word by relevance would cost a second on 100,000 jobs.
      .orderBy(sql`entries_fts.rowid`, "desc")
      .limit(limit)
      .execute();
    return rows.map(toOption);
  }
  // PostgreSQL: title (A) and organization (B) words only.
  const tsquery = words.map((w) => `${w}:*AB`).join(" & ");
  const rows = await db
    .selectFrom("entries as e")
    .select(columns)
    .where(sql<boolean>`search_vector @@ to_tsquery('simple', ${tsquery})`)
    .where(isPublic)
    .where("e.kind", "=", "job")
    .orderBy("e.published_at", "desc")
    .orderBy("e.id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toOption);
}

/**
 * What the job picker offers for what the editor typed: the job with that id, then jobs whose
 * address begins with it, then published jobs with words beginning with each word typed (newest
 * first), then the other address matches; at most `limit`, each once. Empty for an empty query.
 */
export async function searchJobsForPicker(
  db: DB,
  query: string,
  limit = JOB_SEARCH_LIMIT,
): Promise<JobOption[]> {
  const q = query.normalize("NFC").trim().slice(0, QUERY_MAX);
  if (!q) return [];
  const [byId, byAddress, byWords] = await Promise.all([
    /^\S+$/.test(q) ? getJobOption(db, q) : undefined,
    addressStartsWith(db, q, limit),
    publishedWithWords(db, wordsOf(q), limit),
  ]);
  const seen = new Set<string>();
  const out: JobOption[] = [];
  for (const job of [
    ...(byId ? [byId] : []),
    ...byAddress.slice(0, PREFIX_FIRST),
    ...byWords,
    ...byAddress.slice(PREFIX_FIRST),
  ]) {
    if (seen.has(job.id)) continue;
    seen.add(job.id);
    out.push(job);
    if (out.length === limit) break;
  }
  return out;
}

/**
 * Jobs (not trashed) titled exactly `title`, at most `limit`. Candidates come from the indexes,
 * never from reading every job: any status whose address was made from this title, and published
 * ones whose title starts with its words. A draft titled the same under an address of its own
 * making is not found.
 */
export async function jobsTitled(db: DB, title: string, limit = 2): Promise<JobOption[]> {
  const words = wordsOf(title);
  const byAddress = (async () => {
    const prefix = slugify(title, { fallback: "" });
    if (!prefix) return [];
    return db
      .selectFrom("entries as e")
      .select(columns)
      .where("e.kind", "=", "job")
      .where("e.slug", ">=", prefix)
      .where("e.slug", "<", `${prefix}~`)
      .where("e.deleted_at", "is", null)
      .where("e.title", "=", title)
      .limit(limit)
      .execute();
  })();
  const byWords = (async () => {
    if (words.length === 0) return [];
    if (dialectOf(db) === "sqlite") {
      // "^" anchors the phrase at the title's first word.
      const match = `{title}: ^"${words.join(" ")}"`;
      return db
        .selectFrom(sql<{ rowid: number }>`entries_fts`.as("entries_fts"))
        .innerJoin("entries as e", (join) => join.on(sql<boolean>`e.search_id = entries_fts.rowid`))
        .select(columns)
        .where(sql<boolean>`entries_fts match ${match}`)
        .where("e.kind", "=", "job")
        .where("e.title", "=", title)
        .limit(limit)
        .execute();
    }
    return db
      .selectFrom("entries as e")
      .select(columns)
      .where(sql<boolean>`search_vector @@ phraseto_tsquery('simple', ${title})`)
      .where(isPublic)
      .where("e.kind", "=", "job")
      .where("e.title", "=", title)
      .limit(limit)
      .execute();
  })();
  const seen = new Set<string>();
  const out: JobOption[] = [];
  for (const row of [...(await byAddress), ...(await byWords)]) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    out.push(toOption(row));
  }
  return out.slice(0, limit);
}

/** The picker's text field, which the entry's own schema does not hold. */
const JobPickText = z.object({ jobQuery: z.string().max(QUERY_MAX).optional() });

/**
 * The schema a refused form with the picker echoes its values by: the form's own and the
 * picker's text, so what was typed comes back beside its "No job matches" error.
 */
export function withJobPickText(schema: z.ZodType): z.ZodType {
  return z.intersection(schema, JobPickText);
}

export type JobPick = { ok: true; jobId: string } | { ok: false; error: string };

const quoted = (text: string) => `“${text.length > 80 ? `${text.slice(0, 79)}…` : text}”`;

/**
 * The job an editor picked, from the entry form's two inputs: `jobId` (hidden; the picker's
 * choice, or the job linked when the form opened) and `jobQuery` (the text field: the chosen
 * job's title, or whatever was typed there, which is all a browser without JavaScript sends).
 * An unchanged title keeps the hidden choice; otherwise the text must be a job's id or the exact
 * title of one job. Empty text unlinks (`jobId: ""`). Null when the form has no text field
 * (a form or script that sends `jobId` alone): nothing to resolve, the id is checked on save.
 */
export async function resolveJobPick(
  db: DB,
  submitted: { jobId?: unknown; jobQuery?: unknown },
): Promise<JobPick | null> {
  if (typeof submitted.jobQuery !== "string") return null;
  const q = submitted.jobQuery.normalize("NFC").trim();
  if (!q) return { ok: true, jobId: "" };
  const chosenId = typeof submitted.jobId === "string" ? submitted.jobId.trim() : "";
  if (chosenId) {
    // The link may point at a job since archived or trashed: keeping it is not a new choice.
    const chosen = await getJobOption(db, chosenId, { includeTrashed: true });
    if (chosen && (chosen.title.trim() === q || chosen.id === q))
      return { ok: true, jobId: chosen.id };
  }
  const noMatch = {
    ok: false as const,
    error: `No job matches ${quoted(q)}. Type the job's full title exactly as saved, or its id, or choose it from the list.`,
  };
  if (q.length > QUERY_MAX) return noMatch;
  const byId = /^\S+$/.test(q) ? await getJobOption(db, q) : undefined;
  if (byId) return { ok: true, jobId: byId.id };
  const titled = await jobsTitled(db, q, 2);
  if (titled.length === 1) return { ok: true, jobId: titled[0].id };
  if (titled.length > 1)
    return {
      ok: false,
      error: `Several jobs match ${quoted(q)}. Type the id of the one you mean (the last part of its edit page's address), or choose it from the list.`,
    };
  return noMatch;
}
