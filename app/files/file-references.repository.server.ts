import { sql, type RawBuilder, type SqlBool } from "kysely";
import type { DB } from "../platform/db/db.server.ts";
import type { FileReferencesTable } from "../platform/db/schema.ts";

/**
 * Which entries and site pages link to which uploaded files (issue 25), kept by the write path:
 * every write of an entry's data or a page's body records the files it links to now. A file is
 * public while a published entry (not in the trash) or a site page (always public) links to it;
 * a file nothing links to is swept after a grace period (files.service.server.ts).
 *
 * A table rather than a search of the entries' data at each request: `/files/<sha>` answers
 * from an index lookup and a join on the entry's primary key, and the sweep's "linked by
 * nothing" is an anti-join, whatever the number of entries.
 */

export type LinkingSubject = FileReferencesTable["subject_type"];

/** The SHA-256 of every uploaded file a text links to (`/files/<sha256>.<ext>`, here or absolute). */
export function linkedFiles(...texts: (string | null | undefined)[]): Set<string> {
  const found = new Set<string>();
  for (const text of texts)
    for (const m of (text ?? "").matchAll(/\/files\/([0-9a-f]{64})\./g)) found.add(m[1]);
  return found;
}

/**
 * Record that `subject` links to exactly the files in `texts` (its data or body as stored), in the
 * write's transaction. A file it now links to starts no grace period: one already counting is
 * stopped here, so a sweep running at the same moment waits for this row and then leaves it.
 */
export async function recordFileLinks(
  trx: DB,
  type: LinkingSubject,
  id: string,
  ...texts: (string | null | undefined)[]
): Promise<void> {
  const now = linkedFiles(...texts);
  const before = await trx
    .selectFrom("file_references")
    .select("sha256")
    .where("subject_type", "=", type)
    .where("subject_id", "=", id)
    .execute();
  const had = new Set(before.map((r) => r.sha256));
  const gone = [...had].filter((sha) => !now.has(sha));
  const added = [...now].filter((sha) => !had.has(sha));
  if (gone.length)
    await trx
      .deleteFrom("file_references")
      .where("subject_type", "=", type)
      .where("subject_id", "=", id)
      .where("sha256", "in", gone)
      .execute();
  if (added.length) {
    await trx
      .insertInto("file_references")
      .values(added.map((sha256) => ({ subject_type: type, subject_id: id, sha256 })))
      .execute();
    await trx
      .updateTable("files")
      .set({ unreferenced_since: null })
      .where("sha256", "in", added)
      .where("unreferenced_since", "is not", null)
      .execute();
  }
}

/** Forget the links of subjects deleted for good, in their deletion's transaction. */
export async function dropFileLinks(trx: DB, type: LinkingSubject, ids: readonly string[]) {
  if (ids.length === 0) return;
  await trx
    .deleteFrom("file_references")
    .where("subject_type", "=", type)
    .where("subject_id", "in", [...ids])
    .execute();
}

/** True for a file (the `files` row of the query) that a published entry or a site page links to. */
export const linkedPublicly: RawBuilder<SqlBool> = sql<SqlBool>`exists (
  select 1 from file_references r
  left join entries e on r.subject_type = 'entry' and e.id = r.subject_id
  where r.sha256 = files.sha256
    and (r.subject_type = 'page' or (e.status = 'published' and e.deleted_at is null)))`;

/** True for a file (the `files` row of the query) that anything links to, draft or trash alike. */
export const linkedAtAll: RawBuilder<SqlBool> = sql<SqlBool>`exists (
  select 1 from file_references r where r.sha256 = files.sha256)`;
