import type { Kysely } from "kysely";

/**
 * Issue 26: an author's edit of an entry an editor has published is kept as a suggested change,
 * a revision that is not (yet) the entry: `state` 'suggested' until an editor applies or declines
 * it ('applied', 'declined'; 'withdrawn' when the author sends a newer one), with the version the
 * author edited (`base_version`) and who decided when. Saved revisions keep `state` null.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ["state", "base_version", "decided_by", "decided_at"])
    await db.schema.alterTable("revisions").addColumn(column, "text").execute();
  // The review queue: the waiting suggestions, oldest first.
  await db.schema
    .createIndex("revisions_state")
    .on("revisions")
    .columns(["state", "created_at"])
    .execute();
}
