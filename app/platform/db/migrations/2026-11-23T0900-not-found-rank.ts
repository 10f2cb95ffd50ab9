import type { Kysely } from "kysely";

/**
 * The 404 log's order (most hits, then most recently seen, then path) as an index: the SEO tools
 * list walks it backwards from the top, the cap after each write walks it forwards from the
 * rarest, and the count of rows reads it instead of the table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("not_found_log_rank")
    .on("not_found_log")
    .columns(["hits", "last_seen_at", "path desc"])
    .execute();
}
