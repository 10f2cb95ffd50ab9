import { sql } from "kysely";
import { pageCacheStats } from "~/page-cache/index.ts";
import { db } from "~/platform/services.server.ts";

/**
 * 200 {"status":"ok"} when the database answers, with how full the page cache is; 503 otherwise.
 * Never cached.
 */
export async function loader() {
  const headers = { "Cache-Control": "no-store" };
  try {
    await sql`select 1`.execute(await db());
    return Response.json({ status: "ok", pageCache: pageCacheStats() ?? null }, { headers });
  } catch {
    return Response.json({ status: "unavailable" }, { status: 503, headers });
  }
}
