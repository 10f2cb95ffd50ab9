import type { Selectable } from "kysely";
import type { DB } from "../platform/db/db.server.ts";
import type { RevisionsTable } from "../platform/db/schema.ts";
import { newId } from "../platform/db/dialect.ts";

export type RevisionSubject = "entry" | "page";

export interface Revision<T = unknown> {
  id: string;
  subjectType: RevisionSubject;
  subjectId: string;
  snapshot: T;
  authorId: string | null;
  authorName: string | null;
  createdAt: string;
}

/** Every save writes a full snapshot; restoring one writes a new revision, so history only grows. */
export async function recordRevision(
  db: DB,
  subjectType: RevisionSubject,
  subjectId: string,
  snapshot: unknown,
  author: { id: string | null; name: string | null },
  at: string,
): Promise<string> {
  const id = newId();
  await db
    .insertInto("revisions")
    .values({
      id,
      subject_type: subjectType,
      subject_id: subjectId,
      snapshot: JSON.stringify(snapshot),
      author_id: author.id,
      author_name: author.name,
      created_at: at,
    })
    .execute();
  return id;
}

export async function listRevisions<T>(
  db: DB,
  subjectType: RevisionSubject,
  subjectId: string,
): Promise<Revision<T>[]> {
  const rows = await db
    .selectFrom("revisions")
    .selectAll()
    .where("subject_type", "=", subjectType)
    .where("subject_id", "=", subjectId)
    // Suggested changes are not (yet) the subject's history (suggestions.server.ts).
    .where("state", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(500)
    .execute();
  return rows.map((r) => toRevision<T>(r));
}

function toRevision<T>(r: Selectable<RevisionsTable>): Revision<T> {
  return {
    id: r.id,
    subjectType: r.subject_type as RevisionSubject,
    subjectId: r.subject_id,
    snapshot: JSON.parse(r.snapshot) as T,
    authorId: r.author_id,
    authorName: r.author_name,
    createdAt: r.created_at,
  };
}

/**
 * An entry's revisions saved at the given versions (`updated_at` values), by version: what an edit
 * form was loaded at, and what is stored now.
 */
export async function revisionsAt<T>(
  db: DB,
  subjectType: RevisionSubject,
  subjectId: string,
  versions: readonly string[],
): Promise<Map<string, Revision<T>>> {
  const wanted = versions.filter(Boolean);
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom("revisions")
    .selectAll()
    .where("subject_type", "=", subjectType)
    .where("subject_id", "=", subjectId)
    .where("created_at", "in", wanted)
    .where("state", "is", null)
    .execute();
  return new Map(rows.map((r) => [r.created_at, toRevision<T>(r)]));
}
