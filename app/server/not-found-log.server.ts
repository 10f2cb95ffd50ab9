import type { DB } from "./db/db.server.ts";
import { now } from "./db/dialect.ts";

/** Count a path that matched nothing, remembering the last referrer (the SEO tools list these). */
export async function recordNotFound(db: DB, path: string, referrer: string | null): Promise<void> {
  const at = now();
  const ref = referrer ? referrer.slice(0, 500) : null;
  await db
    .insertInto("not_found_log")
    .values({
      path: path.slice(0, 500),
      hits: 1,
      last_referrer: ref,
      first_seen_at: at,
      last_seen_at: at,
    })
    .onConflict((oc) =>
      oc.column("path").doUpdateSet((eb) => ({
        hits: eb("not_found_log.hits", "+", 1),
        last_referrer: ref,
        last_seen_at: at,
      })),
    )
    .execute();
}

export interface NotFoundEntry {
  path: string;
  hits: number;
  lastReferrer: string | null;
  firstSeenAt: string;
  lastSeenAt: string;
}

/** The paths that were not found, most hit first. */
export async function listNotFound(
  db: DB,
  { limit = 50, offset = 0 }: { limit?: number; offset?: number } = {},
): Promise<{ entries: NotFoundEntry[]; total: number }> {
  const rows = await db
    .selectFrom("not_found_log")
    .selectAll()
    .orderBy("hits", "desc")
    .orderBy("last_seen_at", "desc")
    .orderBy("path")
    .limit(limit)
    .offset(offset)
    .execute();
  const count = await db
    .selectFrom("not_found_log")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return {
    entries: rows.map((r) => ({
      path: r.path,
      hits: r.hits,
      lastReferrer: r.last_referrer,
      firstSeenAt: r.first_seen_at,
      lastSeenAt: r.last_seen_at,
    })),
    total: Number(count.n),
  };
}

/** Forget one path; false when it was not in the log. */
export async function deleteNotFound(db: DB, path: string): Promise<boolean> {
  const result = await db.deleteFrom("not_found_log").where("path", "=", path).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Empty the log; returns how many paths were removed. */
export async function clearNotFound(db: DB): Promise<number> {
  const result = await db.deleteFrom("not_found_log").executeTakeFirst();
  return Number(result.numDeletedRows);
}
