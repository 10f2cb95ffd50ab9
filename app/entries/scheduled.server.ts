// Scheduled entries whose time has come (SQL only): read, and published one by one by the entries
// service's publishDue, on the same guard as an editor's save.
import { sql } from "kysely";
import type { DB } from "../platform/db/db.server.ts";

/** The scheduled entries due at `at`. */
export function dueScheduled(trx: DB, at: string) {
  return (
    trx
      .selectFrom("entries")
      .selectAll()
      // A literal, not a parameter: the partial index entries_scheduled serves only this.
      .where(sql<boolean>`status = 'scheduled'`)
      .where("publish_at", "<=", at)
      .execute()
  );
}

/**
 * One due entry published, if its row is still as it was read (a row changed since is left for
 * the next round rather than overwritten) and still scheduled (another sweep, a cluster worker or
 * an instance, may have published it since: the row count decides which one goes on to write the
 * revision and the audit row). Returns whether this call published it.
 */
export async function publishIfUnchanged(
  trx: DB,
  row: { id: string; updated_at: string },
  changes: { status: "published"; published_at: string | null; updated_at: string },
): Promise<boolean> {
  const result = await trx
    .updateTable("entries")
    .set(changes)
    .where("id", "=", row.id)
    .where("updated_at", "=", row.updated_at)
    .where(sql<boolean>`status = 'scheduled'`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
