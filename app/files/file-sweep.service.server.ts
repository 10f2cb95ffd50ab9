// The files part of the scheduler's sweep (issue 25): grace periods started and stopped, files
// past theirs deleted with an audit line each, their space given back, old day counters gone.
import { dateInIndia } from "~/lib/india-date.ts";
import type { DB } from "../platform/db/db.server.ts";
import { inWrite, SCHEDULER } from "../writes/transaction.server.ts";
import { DAY_MS, fileUrl, UNREFERENCED_GRACE_DAYS, type FileType } from "./file-types.ts";
import {
  deleteUnlinkedSince,
  dropDayCountersBefore,
  giveBackStorage,
  startGracePeriods,
  stopGracePeriods,
} from "./files.repository.server.ts";

/**
 * The files part of the scheduler's sweep, one write (inWrite) with the scheduler's audit lines.
 * Files nothing links to start their grace period (and linked ones stop it); those it has run
 * out for are deleted and their space given back to the site's storage; counters of past days
 * go. Deleted files were on no public page (nothing linked to them): no cache scope. Returns
 * what was deleted.
 */
export function sweepFiles(db: DB, at = new Date()): Promise<{ files: number; bytes: number }> {
  const iso = at.toISOString();
  const cutoff = new Date(at.getTime() - UNREFERENCED_GRACE_DAYS * DAY_MS).toISOString();
  return inWrite(
    db,
    SCHEDULER,
    async (trx, audit) => {
      await startGracePeriods(trx, iso);
      await stopGracePeriods(trx);
      // A write linking a file clears its time in the same transaction (recordFileLinks): the
      // time is checked again on the row as it is when this delete gets to it.
      const gone = await deleteUnlinkedSince(trx, cutoff);
      const bytes = gone.reduce((sum, f) => sum + Number(f.size), 0);
      if (gone.length) {
        await giveBackStorage(trx, gone.length, bytes);
        for (const f of gone)
          await audit(
            "file.delete",
            f.name,
            `${fileUrl({ sha256: f.sha256, type: f.type as FileType })}; ${f.size} bytes; nothing linked to it for ${UNREFERENCED_GRACE_DAYS} days`,
          );
      }
      await dropDayCountersBefore(trx, dateInIndia(at));
      return { files: gone.length, bytes };
    },
    () => [],
  );
}
