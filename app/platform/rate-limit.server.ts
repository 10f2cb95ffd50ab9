import type { ExpressionBuilder, OnConflictDatabase, OnConflictTables } from "kysely";
import { CLIENT_ADDRESS_HEADER } from "./client-address.server.ts";
import type { DB } from "./db/db.server.ts";
import type { Database } from "./db/schema.ts";
import { readRateLimitRule, type RateLimitRule } from "./rate-limit-rule.ts";
import { logger } from "./logger.server.ts";

export type { RateLimitRule };

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
  /** Attempts to add at once (a process's batch, see batchedRateLimit). */
  attempts = 1,
): Promise<{ count: number; windowStart: string }> {
  const row = await db
    .insertInto("rate_limits")
    .values({ key, count: attempts, window_start: at.toISOString(), blocked_until: null })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet((eb) => windowedCount(eb, at, windowMs, attempts)),
    )
    .returning(["count", "window_start"])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), windowStart: row.window_start };
}

/**
 * The counting of a fixed window, as the SET of an upsert on `rate_limits`: `attempts` more, or
 * `attempts` in a new window when the row's window has ended.
 */
export function windowedCount(
  eb: ExpressionBuilder<
    OnConflictDatabase<Database, "rate_limits">,
    OnConflictTables<"rate_limits">
  >,
  at: Date,
  windowMs: number,
  attempts = 1,
) {
  // ISO-8601 UTC strings of one format sort like the times they stand for, on both databases.
  const expired = eb(
    "rate_limits.window_start",
    "<=",
    new Date(at.getTime() - windowMs).toISOString(),
  );
  return {
    count: eb
      .case()
      .when(expired)
      .then(attempts)
      .else(eb("rate_limits.count", "+", attempts))
      .end(),
    window_start: eb
      .case()
      .when(expired)
      .then(at.toISOString())
      .else(eb.ref("rate_limits.window_start"))
      .end(),
  };
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
      logger.warn(`[rate-limit] could not remove old counters: ${err.message}`),
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

/** How often a process writes its batched counts (and learns the other processes'). */
export const BATCH_FLUSH_MS = 1000;

interface BatchedCounter {
  /** When the window opened (ms), the shared row's once a flush has answered. */
  windowStart: number;
  /** The count in `rate_limits` at this process's last flush: every process's attempts. */
  shared: number;
  /** This process's attempts since then, not yet written. */
  pending: number;
}

export interface BatchedRateLimit {
  /** Count one attempt and answer at once, without waiting for the database. */
  hit(key: string, rule: RateLimitRule, at?: Date): RateLimitResult;
  /** Write the counts gathered since the last flush (one transaction); runs by itself. */
  flush(at?: Date): Promise<void>;
}

/**
 * A limit for a request that must not wait for a disk write (the search: on SQLite every upsert
 * waits for a WAL commit and its fsync). Attempts are counted in this process and answered from
 * memory; within a second they are added to the key's `rate_limits` row in one transaction for
 * all keys, and the row's total (every process's attempts) becomes this process's base.
 *
 * The trade-off: one process counts exactly. With several (cluster workers, instances sharing
 * PostgreSQL), a process sees the others' attempts up to one flush late, so an address spreading
 * its searches over N processes gets at most about its rate × 1 s × (N − 1) past the limit, and
 * each process may allow up to the limit on its own before its first flush of that key answers.
 * Counts not yet flushed are lost when a process stops (at most a second's worth). Kept for
 * limits that protect capacity (searches); sign-in and contact keep `consumeRateLimit`.
 */
export function batchedRateLimit(
  database: () => DB | Promise<DB>,
  flushMs = BATCH_FLUSH_MS,
): BatchedRateLimit {
  const counters = new Map<string, BatchedCounter & { windowMs: number }>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let flushing: Promise<void> | undefined;

  const schedule = () => {
    if (timer || flushMs <= 0) return;
    timer = setTimeout(() => {
      timer = undefined;
      void limiter.flush();
    }, flushMs);
    // A pending flush never keeps the process alive.
    timer.unref?.();
  };

  async function write(at: Date) {
    const batch = [...counters].filter(([, c]) => c.pending > 0);
    // A window that has ended with nothing left to write is forgotten (memory stays bounded).
    for (const [key, c] of counters)
      if (c.pending === 0 && at.getTime() - c.windowStart >= c.windowMs) counters.delete(key);
    if (batch.length === 0) return;
    const sent = batch.map(([, c]) => c.pending);
    const opened = batch.map(([, c]) => c.windowStart);
    const db = await database();
    const totals = await db.transaction().execute(async (trx) => {
      const out = [];
      for (const [i, [key, c]] of batch.entries())
        out.push(await countAttempt(trx, key, c.windowMs, at, sent[i]));
      return out;
    });
    batch.forEach(([, c], i) => {
      c.pending -= sent[i];
      // A window that ended while the batch was written starts again from this process's count.
      if (c.windowStart !== opened[i]) return;
      c.shared = totals[i].count;
      c.windowStart = Date.parse(totals[i].windowStart);
    });
    if (at.getTime() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = at.getTime();
      await pruneRateLimits(db, new Date(at.getTime() - PRUNE_AFTER_MS));
    }
  }

  const limiter: BatchedRateLimit = {
    hit(key, { limit, windowMs }, at = new Date()) {
      const now = at.getTime();
      let c = counters.get(key);
      if (!c) counters.set(key, (c = { windowStart: now, shared: 0, pending: 0, windowMs }));
      else if (now - c.windowStart >= windowMs) {
        // A new window. Attempts of the old one not yet written stay pending and count in the
        // new one (at most a flush's worth: errs towards refusing).
        c.windowStart = now;
        c.shared = 0;
        c.windowMs = windowMs;
      }
      c.pending++;
      schedule();
      const count = c.shared + c.pending;
      if (count <= limit) return { allowed: true, remaining: limit - count, retryAfterSeconds: 0 };
      return {
        allowed: false,
        remaining: 0,
        retryAfterSeconds: Math.max(1, Math.ceil((c.windowStart + windowMs - now) / 1000)),
      };
    },
    async flush(at = new Date()) {
      // One flush at a time: a second waits for the first, then writes what came since.
      while (flushing) await flushing;
      flushing = write(at)
        .catch((err: Error) =>
          logger.warn(`[rate-limit] could not write the batched counts: ${err.message}`),
        )
        .finally(() => {
          flushing = undefined;
          if ([...counters.values()].some((c) => c.pending > 0)) schedule();
        });
      await flushing;
    },
  };
  return limiter;
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
 * The visitor's address. The Express server (http/app.ts) always overwrites this header with
 * the answer of client-address.server.ts, so a visitor cannot choose it.
 */
export function clientIp(request: Request): string {
  const value = request.headers.get(CLIENT_ADDRESS_HEADER)?.trim();
  return value ? value.slice(0, 100) : "unknown";
}

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
  const rule = readRateLimitRule(value, fallback.windowMs);
  if (!rule) {
    warnOnce(
      `[rate-limit] ${name} "${value}" is not like "5/10m" (count per window in s, m or h); using ${fallback.limit} per ${fallback.windowMs / 60_000} minutes`,
    );
    return fallback;
  }
  return rule;
}

const warned = new Set<string>();
function warnOnce(message: string) {
  if (warned.has(message)) return;
  warned.add(message);
  logger.warn(message);
}
