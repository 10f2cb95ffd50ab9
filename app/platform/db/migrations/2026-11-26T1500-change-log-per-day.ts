import type { Kysely } from "kysely";

/**
 * Issue 26: the public change log says each day's net change, in the page's language, the most
 * important first. Each line keeps what it is about (`field`), its place among its kind's key
 * facts (`rank`, 0 first: the headline of lines saved together) and its facts as JSON (`facts`:
 * code, from, to), which the catalogues turn into English or Hindi words. Lines written before
 * keep their English sentence and rank after any new line of the same moment.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("entry_changes").addColumn("field", "text").execute();
  await db.schema
    .alterTable("entry_changes")
    .addColumn("rank", "integer", (c) => c.notNull().defaultTo(99))
    .execute();
  await db.schema.alterTable("entry_changes").addColumn("facts", "text").execute();
}
