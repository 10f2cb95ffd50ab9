import type { Kysely } from "kysely";

/**
 * Hindi complete (issue 29): `organizations.hi_name`, the organization's name in Hindi ("संघ लोक
 * सेवा आयोग"), shown on Hindi pages, lists, filters, feeds, structured data and alert mails; null
 * until an admin writes it (the English name is shown then). The change log's words in any
 * language come from `entry_changes.facts` (issue 26).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("organizations").addColumn("hi_name", "text").execute();
}
