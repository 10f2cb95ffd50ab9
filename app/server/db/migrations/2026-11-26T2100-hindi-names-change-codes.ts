import type { Kysely } from "kysely";

/**
 * Hindi complete (issue 29):
 * - `organizations.hi_name`: the organization's name in Hindi ("संघ लोक सेवा आयोग"), shown on
 *   Hindi pages, lists, filters, feeds, structured data and alert mails; null until an admin
 *   writes it (the English name is shown then).
 * - `entry_changes.change`: what changed as data, `{"code": "date-extended", "values": {…}}`
 *   (app/content/change-log.ts), so each page, bell and mail words it in its reader's language.
 *   Rows written before have none: they keep the English `headline` and `detail` they were saved
 *   with, which stay filled for every row (the admin's history reads them).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("organizations").addColumn("hi_name", "text").execute();
  await db.schema.alterTable("entry_changes").addColumn("change", "text").execute();
}
