// The redirects table (SQL only): the lookup on each request that is not a core path, and the
// rows the admin's redirect tools write through the service (./write/redirects.server.ts).
import type { DB } from "../platform/db/db.server.ts";
import { newId, now } from "../platform/db/dialect.ts";
import type { RedirectRow } from "../platform/db/schema.ts";
import {
  describeLoop,
  findRedirectLoop,
  isCorePath,
  REDIRECT_MESSAGES,
  type RedirectFieldErrors,
  type RedirectInput,
  type RedirectResult,
  type RedirectRule,
  type RedirectStatus,
} from "./redirect-rules.ts";

function toRule(row: RedirectRow): RedirectRule {
  return {
    id: row.id,
    source: row.source,
    destination: row.destination,
    statusCode: row.status_code as RedirectStatus,
    enabled: row.enabled === 1,
    hits: row.hits,
    lastHitAt: row.last_hit_at,
  };
}

/** The enabled rule whose source equals the path, counting the hit. */
export async function matchRedirect(db: DB, path: string): Promise<RedirectRule | undefined> {
  if (isCorePath(path)) return undefined;
  // "/old-page" and "/old-page/" are one address: a rule saved either way matches both, and a
  // rule saved exactly as asked wins.
  const other = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : `${path}/`;
  const rows = await db
    .selectFrom("redirects")
    .selectAll()
    .where("source", "in", [path, other])
    .where("enabled", "=", 1)
    .execute();
  const row = rows.find((r) => r.source === path) ?? rows[0];
  if (!row) return undefined;
  await db
    .updateTable("redirects")
    .set((eb) => ({ hits: eb("hits", "+", 1), last_hit_at: now() }))
    .where("id", "=", row.id)
    .execute();
  return { ...toRule(row), hits: row.hits + 1 };
}

// ---------------------------------------------------------------------------------------------
// Validation. The pure rules come first (unit-tested without a database); the checks that need
// the other rules (uniqueness, loops) follow.

/** The checks that need the other rules: one rule per path, and no loops. */
async function conflicts(
  db: DB,
  input: RedirectInput,
  options: { exceptId?: string; ownOrigin?: string },
): Promise<RedirectFieldErrors> {
  let q = db.selectFrom("redirects").select("id").where("source", "=", input.source);
  if (options.exceptId) q = q.where("id", "!=", options.exceptId);
  if (await q.executeTakeFirst()) return { source: REDIRECT_MESSAGES.sourceTaken };
  if (!input.enabled || input.statusCode === 410) return {};
  let others = db
    .selectFrom("redirects")
    .select(["source", "destination", "status_code"])
    .where("enabled", "=", 1);
  if (options.exceptId) others = others.where("id", "!=", options.exceptId);
  const rules = (await others.execute()).map((r) => ({
    source: r.source,
    destination: r.destination,
    statusCode: r.status_code,
  }));
  const loop = findRedirectLoop(input.source, input.destination, rules, options.ownOrigin);
  return loop ? { destination: describeLoop(loop) } : {};
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e.code === "23505" || /UNIQUE constraint failed/i.test(e.message ?? "");
}

/** A new rule, checked against the others, in the caller's transaction (app/writes/). */
export async function createRedirectIn(
  trx: DB,
  input: RedirectInput,
  options: { ownOrigin?: string } = {},
): Promise<RedirectResult> {
  const fieldErrors = await conflicts(trx, input, options);
  if (Object.keys(fieldErrors).length) return { ok: false, fieldErrors };
  const at = now();
  const row: RedirectRow = {
    id: newId(),
    source: input.source,
    destination: input.destination,
    status_code: input.statusCode,
    enabled: input.enabled ? 1 : 0,
    hits: 0,
    last_hit_at: null,
    created_at: at,
    updated_at: at,
  };
  try {
    await trx.insertInto("redirects").values(row).execute();
  } catch (err) {
    if (isUniqueViolation(err))
      return { ok: false, fieldErrors: { source: REDIRECT_MESSAGES.sourceTaken } };
    throw err;
  }
  return { ok: true, rule: toRule(row) };
}

export class RedirectNotFoundError extends Error {
  constructor() {
    super("This redirect no longer exists; it may have been deleted.");
  }
}

/** A rule changed, checked against the others, in the caller's transaction (app/writes/). */
export async function updateRedirectIn(
  trx: DB,
  id: string,
  input: RedirectInput,
  options: { ownOrigin?: string } = {},
): Promise<RedirectResult> {
  const existing = await trx
    .selectFrom("redirects")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  if (!existing) throw new RedirectNotFoundError();
  const fieldErrors = await conflicts(trx, input, { ...options, exceptId: id });
  if (Object.keys(fieldErrors).length) return { ok: false, fieldErrors };
  const changes = {
    source: input.source,
    destination: input.destination,
    status_code: input.statusCode,
    enabled: input.enabled ? 1 : 0,
    updated_at: now(),
  };
  try {
    await trx.updateTable("redirects").set(changes).where("id", "=", id).execute();
  } catch (err) {
    if (isUniqueViolation(err))
      return { ok: false, fieldErrors: { source: REDIRECT_MESSAGES.sourceTaken } };
    throw err;
  }
  return { ok: true, rule: toRule({ ...existing, ...changes }) };
}

/**
 * Switch a rule on or off, in the caller's transaction (app/writes/); switching on checks
 * for loops again, since other rules may have changed.
 */
export async function setRedirectEnabledIn(
  trx: DB,
  id: string,
  enabled: boolean,
  options: { ownOrigin?: string } = {},
): Promise<RedirectResult> {
  const existing = await getRedirect(trx, id);
  if (!existing) throw new RedirectNotFoundError();
  return updateRedirectIn(trx, id, { ...existing, enabled }, options);
}

/** Works on `db` or inside the caller's transaction alike (two statements, nothing of its own). */
export async function deleteRedirect(db: DB, id: string): Promise<RedirectRule | undefined> {
  const existing = await getRedirect(db, id);
  if (!existing) return undefined;
  await db.deleteFrom("redirects").where("id", "=", id).execute();
  return existing;
}

export async function getRedirect(db: DB, id: string): Promise<RedirectRule | undefined> {
  const row = await db.selectFrom("redirects").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toRule(row);
}

export async function listRedirects(
  db: DB,
  { limit = 50, offset = 0 }: { limit?: number; offset?: number } = {},
): Promise<{ rules: RedirectRule[]; total: number }> {
  const rows = await db
    .selectFrom("redirects")
    .selectAll()
    .orderBy("source")
    .limit(limit)
    .offset(offset)
    .execute();
  const count = await db
    .selectFrom("redirects")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return { rules: rows.map(toRule), total: Number(count.n) };
}
