import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "./index.ts";

/**
 * The entry's columns that stay in its row: everything but `data` and `search_text`, which may
 * still be compressed and moved out (TOAST) when a row is long. `search_id` is an integer, kept
 * in the row anyway.
 */
const KEPT_IN_ROW = [
  "id",
  "kind",
  "slug",
  "title",
  "organization",
  "state",
  "qualification",
  "status",
  "publish_at",
  "published_at",
  "last_date",
  "job_id",
  "created_at",
  "updated_at",
  "created_by",
  "updated_by",
  "deleted_at",
  "hi_title",
  "search_vector",
];

/**
 * PostgreSQL search, issue 16 (the ranking query under 30 ms at 100,000 entries). A search ranks
 * its newest 300 matches, and finds them by testing the newest entries one by one
 * (`SEARCH_WALK` in entries/search.server.ts) before it asks the full-text index. Each test reads
 * the row's search vector (1.4 KB). PostgreSQL had moved the vectors out of the rows (TOAST), so
 * each test fetched one from another table: 8,000 tests, 31 ms. They now stay in the row (storage
 * MAIN): 10 ms. The short columns stay there too: had only the vectors stayed, PostgreSQL would
 * have moved short columns out instead to shorten the rows (`published_at` of 58% of them, which
 * made sorting by it 40 ms slower). `data` and `search_text` leave the row first.
 *
 * Storage applies to rows as they are written: CLUSTER rewrites the table once, in the order of
 * its last changes (about the order of publication). It holds the table's lock while it runs
 * (about 10 s at 100,000 entries) and needs the table's size again on disk.
 *
 * SQLite needs nothing: its full-text index is walked newest first.
 */
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  if (dialect !== "postgres") return;
  await sql`alter table entries ${sql.join(
    KEPT_IN_ROW.map((c) => sql`alter column ${sql.ref(c)} set storage main`),
  )}`.execute(db);
  await sql`cluster entries using entries_updated`.execute(db);
}
