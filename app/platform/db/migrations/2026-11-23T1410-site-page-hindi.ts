import type { Kysely } from "kysely";

/**
 * Issue 14: a site page's Hindi text (title, description, body as one JSON value, null until an
 * editor writes it) and when its English words last changed, so the admin can say the Hindi is
 * older than the English. Plain added columns: the same on both databases.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("site_pages").addColumn("hindi", "text").execute();
  await db.schema.alterTable("site_pages").addColumn("text_changed_at", "text").execute();
}
