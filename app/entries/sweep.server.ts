import type { DB } from "../platform/db/db.server.ts";
import { logger } from "../platform/logger.server.ts";
import { sweepFiles } from "../files/file-sweep.service.server.ts";
import { publishDue } from "./entries.service.server.ts";

/**
 * The scheduler's sweep, run by every serving process every 30 s (http/boot.ts): scheduled
 * entries whose time has come go public, and uploaded files nothing has linked to for a week go.
 * Each part is safe to run in several processes at once; one failing does not stop the other.
 */
export async function sweep(db: DB, at = new Date()): Promise<void> {
  const parts: [string, () => Promise<unknown>][] = [
    ["scheduled publishing", () => publishDue(db, at.toISOString())],
    ["removing unused files", () => sweepFiles(db, at)],
  ];
  for (const [what, run] of parts) {
    try {
      await run();
    } catch (err) {
      logger.error(`[govjobs] ${what} failed: ${(err as Error).message}`);
    }
  }
}
