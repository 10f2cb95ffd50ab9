// The files part of the scheduler's sweep (issue 25): grace periods started and stopped, files
// past theirs deleted with an audit line each, their space given back, old day counters gone.
import { sql, type SqlBool } from "kysely";
import { dateInIndia } from "~/lib/india-date.ts";
import { recordAudit } from "../writes/audit.repository.server.ts";
import type { DB } from "../platform/db/db.server.ts";
import { linkedAtAll } from "./file-references.repository.server.ts";
import { DAY_MS, fileUrl, UNREFERENCED_GRACE_DAYS, type FileType } from "./file-types.ts";
import { SITE } from "./files.repository.server.ts";

/**
 * The files part of the scheduler's sweep. Files nothing links to start their grace period (and
 * linked ones stop it); those it has run out for are deleted and their space given back to the
 * site's storage; counters of past days go. Returns what was deleted.
 */
export async function sweepFiles(
  db: DB,
  at = new Date(),
): Promise<{ files: number; bytes: number }> {
  const iso = at.toISOString();
  await db
    .updateTable("files")
    .set({ unreferenced_since: iso })
    .where("unreferenced_since", "is", null)
    .where(sql<SqlBool>`not ${linkedAtAll}`)
    .execute();
  await db
    .updateTable("files")
    .set({ unreferenced_since: null })
    .where("unreferenced_since", "is not", null)
    .where(linkedAtAll)
    .execute();
  const cutoff = new Date(at.getTime() - UNREFERENCED_GRACE_DAYS * DAY_MS).toISOString();
  return db.transaction().execute(async (trx) => {
    // A write linking a file clears its time in the same transaction (recordFileLinks): the
    // time is checked again on the row as it is when this delete gets to it.
    const gone = await trx
      .deleteFrom("files")
      .where("unreferenced_since", "<=", cutoff)
      .where(sql<SqlBool>`not ${linkedAtAll}`)
      .returning(["sha256", "type", "name", "size"])
      .execute();
    const bytes = gone.reduce((sum, f) => sum + Number(f.size), 0);
    if (gone.length) {
      await trx
        .updateTable("upload_usage")
        .set((eb) => ({
          files: eb("files", "-", gone.length),
          bytes: eb("bytes", "-", bytes),
        }))
        .where("key", "=", SITE)
        .execute();
      for (const f of gone)
        await recordAudit(
          trx,
          { id: null, email: "scheduler" },
          "file.delete",
          f.name,
          `${fileUrl({ sha256: f.sha256, type: f.type as FileType })}; ${f.size} bytes; nothing linked to it for ${UNREFERENCED_GRACE_DAYS} days`,
        );
    }
    await trx
      .deleteFrom("upload_usage")
      .where("day", "!=", "")
      .where("day", "<", dateInIndia(at))
      .execute();
    return { files: gone.length, bytes };
  });
}
