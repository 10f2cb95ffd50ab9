import type { Kysely } from "kysely";

/**
 * Who has an edit screen open (issue 13): a row per editor and entry, refreshed by the screen
 * every 30 seconds, so another editor sees "Priya is editing this since 10:42". It warns; it
 * never blocks (the version check refuses a stale save).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("edit_presence")
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("user_name", "text", (c) => c.notNull())
    .addColumn("since", "text", (c) => c.notNull())
    .addColumn("seen_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("edit_presence_pk", ["subject", "user_id"])
    .execute();
}
