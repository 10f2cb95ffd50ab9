import { sql, type Kysely } from "kysely";

/**
 * Issue 25: the push sender stored the push service's answer ("push service answered 403:
 * <body>") and Node's error codes ("push service unreachable: ECONNREFUSED"), which showed editors
 * the body of an internal service an endpoint had pointed at, and which ports were open. Keep the
 * status code and a fixed reason only, as the sender now writes them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable("outbox")
    .set({ last_error: sql`substr(last_error, 1, 25)` })
    .where("channel", "=", "push")
    .where("last_error", "like", "push service answered %")
    .execute();
  await db
    .updateTable("outbox")
    .set({ last_error: "push service unreachable" })
    .where("channel", "=", "push")
    .where("last_error", "like", "push service unreachable%")
    .execute();
}
