// Suggested changes (issue 26): an author's edit of an entry they may no longer change (an editor
// published it), kept as a revision that is not the entry's history until an editor applies it.
// The rows live in `revisions` with a `state`; saved revisions have none.
import type { Comparable } from "~/content/entry-shapes.ts";
import type { DB } from "../platform/db/db.server.ts";
import { newId } from "../platform/db/dialect.ts";
import type { Author } from "./entries.repository.server.ts";

export type SuggestionState = "suggested" | "applied" | "declined" | "withdrawn";

export interface Suggestion {
  id: string;
  entryId: string;
  /** The entry as the author would have it (status and publish time as they were). */
  snapshot: Comparable;
  authorId: string | null;
  authorName: string | null;
  createdAt: string;
  /** The entry's version the author edited: their changes are what differs from it. */
  baseVersion: string | null;
  state: SuggestionState;
  decidedBy: string | null;
  decidedAt: string | null;
}

const columns = [
  "id",
  "subject_id",
  "snapshot",
  "author_id",
  "author_name",
  "created_at",
  "base_version",
  "state",
  "decided_by",
  "decided_at",
] as const;

function toSuggestion(row: {
  id: string;
  subject_id: string;
  snapshot: string;
  author_id: string | null;
  author_name: string | null;
  created_at: string;
  base_version: string | null;
  state: string | null;
  decided_by: string | null;
  decided_at: string | null;
}): Suggestion {
  return {
    id: row.id,
    entryId: row.subject_id,
    snapshot: JSON.parse(row.snapshot) as Comparable,
    authorId: row.author_id,
    authorName: row.author_name,
    createdAt: row.created_at,
    baseVersion: row.base_version,
    state: row.state as SuggestionState,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at,
  };
}

/**
 * A new suggestion, in the caller's transaction. The author's earlier one for the same entry, if
 * still waiting, is withdrawn: one suggestion per author and entry waits at a time.
 */
export async function insertSuggestion(
  trx: DB,
  entryId: string,
  snapshot: Comparable,
  author: Author,
  baseVersion: string,
  at: string,
): Promise<string> {
  if (author.id)
    await trx
      .updateTable("revisions")
      .set({ state: "withdrawn", decided_at: at })
      .where("subject_type", "=", "entry")
      .where("subject_id", "=", entryId)
      .where("author_id", "=", author.id)
      .where("state", "=", "suggested")
      .execute();
  const id = newId();
  await trx
    .insertInto("revisions")
    .values({
      id,
      subject_type: "entry",
      subject_id: entryId,
      snapshot: JSON.stringify(snapshot),
      author_id: author.id,
      author_name: author.name,
      created_at: at,
      state: "suggested",
      base_version: baseVersion,
    })
    .execute();
  return id;
}

export async function getSuggestion(db: DB, id: string): Promise<Suggestion | undefined> {
  const row = await db
    .selectFrom("revisions")
    .select(columns)
    .where("id", "=", id)
    .where("subject_type", "=", "entry")
    .where("state", "is not", null)
    .executeTakeFirst();
  return row ? toSuggestion(row) : undefined;
}

/**
 * Suggestions waiting for an editor, oldest first (the review queue); or, with `entryId` or
 * `authorId`, that entry's or author's, newest first, whatever became of them.
 */
export async function listSuggestions(
  db: DB,
  { entryId, authorId, limit = 50 }: { entryId?: string; authorId?: string; limit?: number } = {},
): Promise<Suggestion[]> {
  let query = db.selectFrom("revisions").select(columns).where("subject_type", "=", "entry");
  if (entryId === undefined && authorId === undefined)
    query = query.where("state", "=", "suggested").orderBy("created_at").orderBy("id");
  else {
    query = query.where("state", "in", ["suggested", "applied", "declined"]);
    if (entryId !== undefined) query = query.where("subject_id", "=", entryId);
    if (authorId !== undefined) query = query.where("author_id", "=", authorId);
    query = query.orderBy("created_at", "desc").orderBy("id", "desc");
  }
  return (await query.limit(limit).execute()).map(toSuggestion);
}

/** A waiting suggestion applied or declined; false if someone decided it first. */
export async function decideSuggestion(
  trx: DB,
  id: string,
  state: "applied" | "declined",
  by: string,
  at: string,
): Promise<boolean> {
  const result = await trx
    .updateTable("revisions")
    .set({ state, decided_by: by, decided_at: at })
    .where("id", "=", id)
    .where("state", "=", "suggested")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
