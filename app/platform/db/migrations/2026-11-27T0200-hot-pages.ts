// The hot list (issue 33): how often each public page was served from the page cache (or drawn
// for it), per minute, so that a worker that starts can draw the most requested pages of the
// last hour before it takes requests. Each worker adds its minute's counts in one write; the
// rows of minutes more than an hour old are deleted by the same write.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("hot_pages")
    .addColumn("url", "text", (c) => c.notNull())
    // Minutes since 1970 (UTC).
    .addColumn("minute", "integer", (c) => c.notNull())
    .addColumn("hits", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("hot_pages_pk", ["url", "minute"])
    .execute();
  await db.schema.createIndex("hot_pages_minute").on("hot_pages").column("minute").execute();
}
