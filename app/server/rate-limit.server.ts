import { CLIENT_ADDRESS_HEADER } from "./client-address.server.ts";
import type { DB } from "./db/db.server.ts";

export interface RateLimitRule {
  /** Attempts allowed per window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Attempts left in this window after this one. */
  remaining: number;
  /** When refused: seconds until the window ends (for the Retry-After header); 0 when allowed. */
  retryAfterSeconds: number;
}

/** Rows older than this are removed now and then; no rule we use has a longer window. */
const PRUNE_AFTER_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
let lastPrune = 0;

/**
 * Count one attempt for `key` (e.g. "contact:203.0.113.9") in a fixed window that opens with the
 * first attempt. One upsert does the read and the write, so concurrent requests on SQLite or on
 * several instances sharing PostgreSQL each get their own count and none is lost.
 */
export async function countAttempt(
  db: DB,
  key: string,
  windowMs: number,
  at: Date = new Date(),
): Promise<{ count: number; windowStart: string }> {
  const now = at.toISOString();
  // ISO-8601 UTC strings of one format sort like the times they stand for, on both databases.
  const windowOpenedAfter = new Date(at.getTime() - windowMs).toISOString();
  const row = await db
    .insertInto("rate_limits")
    .values({ key, count: 1, window_start: now, blocked_until: null })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet((eb) => {
        const expired = eb("rate_limits.window_start", "<=", windowOpenedAfter);
        return {
          count: eb
            .case()
            .when(expired)
            .then(1)
            .else(eb("rate_limits.count", "+", 1))
            .end(),
          window_start: eb
            .case()
            .when(expired)
            .then(now)
            .else(eb.ref("rate_limits.window_start"))
            .end(),
        };
      }),
    )
    .returning(["count", "window_start"])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), windowStart: row.window_start };
}

/** Count one attempt for `key` and say whether it is within `limit` per window. */
export async function consumeRateLimit(
  db: DB,
  key: string,
  { limit, windowMs }: RateLimitRule,
  at: Date = new Date(),
): Promise<RateLimitResult> {
  const { count, windowStart } = await countAttempt(db, key, windowMs, at);

  if (at.getTime() - lastPrune > PRUNE_EVERY_MS) {
    lastPrune = at.getTime();
    await pruneRateLimits(db, new Date(at.getTime() - PRUNE_AFTER_MS)).catch((err: Error) =>
      console.warn(`[rate-limit] could not remove old counters: ${err.message}`),
    );
  }

  if (count <= limit) {
    return { allowed: true, remaining: limit - count, retryAfterSeconds: 0 };
  }
  const windowEnds = new Date(windowStart).getTime() + windowMs;
  return {
    allowed: false,
    remaining: 0,
    retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - at.getTime()) / 1000)),
  };
}

/** Forget counters whose window opened before `before`. */
export async function pruneRateLimits(db: DB, before: Date): Promise<number> {
  const result = await db
    .deleteFrom("rate_limits")
    .where("window_start", "<", before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The visitor's address. The Express server (server/app.ts) always overwrites this header with
 * the answer of client-address.server.ts, so a visitor cannot choose it.
 */
export function clientIp(request: Request): string {
  const value = request.headers.get(CLIENT_ADDRESS_HEADER)?.trim();
  return value ? value.slice(0, 100) : "unknown";
}

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000 };

/**
 * A rule from an environment value such as "5/10m" (5 per 10 minutes), "20/1h" or "5" (per the
 * fallback's window). A value that cannot be read keeps the fallback and says so once in the log.
 */
export function parseRateLimitRule(
  value: string | undefined,
  fallback: RateLimitRule,
  name = "rate limit",
): RateLimitRule {
  if (value === undefined || value.trim() === "") return fallback;
  const match = /^\s*(\d{1,6})\s*(?:\/\s*(\d{1,6})\s*([smh]))?\s*$/.exec(value);
  const limit = match ? Number(match[1]) : NaN;
  const windowMs = match?.[2] ? Number(match[2]) * UNITS[match[3]] : fallback.windowMs;
  if (!match || limit < 1 || windowMs < 1000) {
    warnOnce(
      `[rate-limit] ${name} "${value}" is not like "5/10m" (count per window in s, m or h); using ${fallback.limit} per ${fallback.windowMs / 60_000} minutes`,
    );
    return fallback;
  }
  return { limit, windowMs };
}

const warned = new Set<string>();
function warnOnce(message: string) {
  if (warned.has(message)) return;
  warned.add(message);
  console.warn(message);
}
