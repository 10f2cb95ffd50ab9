import type { Kysely } from "kysely";

/**
 * The public change log: one row per key change of a published entry ("Last date extended from
 * 24 Nov to 30 Nov 2026"), derived when the change is saved. The entry's page lists its rows; the
 * bell and the latest bar read the newest across all entries.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("entry_changes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("entry_id", "text", (c) => c.notNull().references("entries.id").onDelete("cascade"))
    .addColumn("headline", "text", (c) => c.notNull())
    .addColumn("detail", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("entry_changes_entry")
    .on("entry_changes")
    .columns(["entry_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("entry_changes_newest")
    .on("entry_changes")
    .column("created_at")
    .execute();
}
