import { sql, type Kysely, type SqlBool } from "kysely";

/**
 * Indexes for the periodic sweeps, so that none reads a whole table:
 * - scheduled publishing (every 30 s on every instance) looks for due entries among the few
 *   scheduled rows; the sweep writes the same literal condition, so both planners can use it;
 * - the rate-limit pruning drops counters whose window is long over.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("entries_scheduled")
    .on("entries")
    .column("publish_at")
    .where(sql<SqlBool>`status = 'scheduled'`)
    .execute();
  await db.schema
    .createIndex("rate_limits_window_start")
    .on("rate_limits")
    .column("window_start")
    .execute();
}
