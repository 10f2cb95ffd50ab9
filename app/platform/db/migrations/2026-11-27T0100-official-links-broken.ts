// The back-office's notice of broken links (the menu's count on every admin page) reads the
// links that broke along this index instead of every link (issue 30: 550 ms on 100,000 entries).
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("official_links_broken")
    .on("official_links")
    .column("broken_since")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("official_links_broken").execute();
}
