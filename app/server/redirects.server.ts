import type { DB } from "./db/db.server.ts";
import { now } from "./db/dialect.ts";

export interface RedirectRule {
  id: string;
  source: string;
  destination: string;
  statusCode: 301 | 302 | 307 | 308 | 410;
  enabled: boolean;
  hits: number;
  lastHitAt: string | null;
}

/**
 * Paths that never consult the redirects table (spec §4): the core pages and the admin.
 * Checked before any lookup, so a bad rule can never take the home page or the admin away.
 */
export function isCorePath(path: string): boolean {
  return (
    [
      "/",
      "/jobs",
      "/results",
      "/admit-cards",
      "/syllabus",
      "/answer-key",
      "/contact-us",
      "/privacy-policy",
    ].includes(path) ||
    path === "/admin" ||
    path.startsWith("/admin/")
  );
}

/** The enabled rule whose source equals the path, counting the hit. */
export async function matchRedirect(db: DB, path: string): Promise<RedirectRule | undefined> {
  if (isCorePath(path)) return undefined;
  const row = await db
    .selectFrom("redirects")
    .selectAll()
    .where("source", "=", path)
    .where("enabled", "=", 1)
    .executeTakeFirst();
  if (!row) return undefined;
  await db
    .updateTable("redirects")
    .set((eb) => ({ hits: eb("hits", "+", 1), last_hit_at: now() }))
    .where("id", "=", row.id)
    .execute();
  return {
    id: row.id,
    source: row.source,
    destination: row.destination,
    statusCode: row.status_code as RedirectRule["statusCode"],
    enabled: row.enabled === 1,
    hits: row.hits + 1,
    lastHitAt: row.last_hit_at,
  };
}
