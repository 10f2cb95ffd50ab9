import type { Kysely } from "kysely";

/**
 * What each content generation changed (issue 16): one row per generation, written in the write's
 * own transaction, naming the cache scopes it affected (a JSON array such as
 * `["entry:job/ssc-cgl","kind:job","home"]`, `["*"]` for everything). Page caches of every process
 * and instance read the rows between their generation and the new one, and drop only the pages
 * that depend on them. Old rows are pruned by the writes themselves.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("content_changes")
    .addColumn("generation", "integer", (c) => c.primaryKey())
    .addColumn("scopes", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}
