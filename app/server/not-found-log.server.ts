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
