import type { DB } from "../platform/db/db.server.ts";
import { now } from "../platform/db/dialect.ts";
import type { Presence } from "./presence.ts";

/** An edit screen reports every 30 s; a row not refreshed for 90 s means the screen is gone. */
const GONE_AFTER_MS = 90_000;

/**
 * This user has `subject` ("entry:<id>", "page:<slug>") open: recorded, and the others who have
 * it open returned, longest first. A user back after a gap starts a new "since".
 */
export async function touchPresence(
  db: DB,
  subject: string,
  user: { id: string; name: string },
): Promise<Presence[]> {
  const at = now();
  const fresh = new Date(Date.parse(at) - GONE_AFTER_MS).toISOString();
  await db
    .insertInto("edit_presence")
    .values({ subject, user_id: user.id, user_name: user.name, since: at, seen_at: at })
    .onConflict((oc) =>
      oc.columns(["subject", "user_id"]).doUpdateSet((eb) => ({
        user_name: user.name,
        since: eb
          .case()
          .when("edit_presence.seen_at", "<", fresh)
          .then(at)
          .else(eb.ref("edit_presence.since"))
          .end(),
        seen_at: at,
      })),
    )
    .execute();
  // Rows of screens long closed go, a few at a time, as screens report.
  await db
    .deleteFrom("edit_presence")
    .where("seen_at", "<", new Date(Date.parse(at) - 24 * 3600_000).toISOString())
    .execute();
  const others = await db
    .selectFrom("edit_presence")
    .select(["user_name", "since"])
    .where("subject", "=", subject)
    .where("user_id", "!=", user.id)
    .where("seen_at", ">=", fresh)
    .orderBy("since")
    .execute();
  return others.map((o) => ({ name: o.user_name, since: o.since }));
}
