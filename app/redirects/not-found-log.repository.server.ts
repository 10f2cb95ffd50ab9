import type { DB } from "../platform/db/db.server.ts";
import { now } from "../platform/db/dialect.ts";
import { notFoundLogEnv } from "../platform/env.server.ts";
import { logger } from "../platform/logger.server.ts";

/**
 * The 404 log: one row per path that matched nothing, with its hits, first and last sighting and
 * last referrer. A request only counts the hit in memory; the counts are written every few
 * seconds in one transaction, and the table is then cut back to its cap. A crawler probing
 * thousands of junk paths therefore costs neither a write per request nor an ever-growing table.
 */

/** Distinct paths held in memory between writes; hits on new paths beyond it are dropped. */
export const MAX_BUFFERED_PATHS = 2_000;
/** A write starts before the timer once this many distinct paths wait. */
export const FLUSH_AT_PATHS = 500;
/** Paths and referrers are kept to this many characters. */
const MAX_TEXT = 500;
/** Rows per INSERT statement, well under both databases' limits on parameters. */
const ROWS_PER_STATEMENT = 500;

export interface NotFoundLogSettings {
  /** Rows kept (NOT_FOUND_LOG_MAX, default 1000). */
  maxRows: number;
  /** Milliseconds between writes (NOT_FOUND_LOG_FLUSH_MS, default 5000). */
  flushMs: number;
}

let settings: NotFoundLogSettings | undefined;
/** The settings come from the environment unless a test has set its own. */
function currentSettings(): NotFoundLogSettings {
  if (!settings) {
    const e = notFoundLogEnv();
    settings = { maxRows: e.NOT_FOUND_LOG_MAX, flushMs: e.NOT_FOUND_LOG_FLUSH_MS };
  }
  return settings;
}

/** Override the settings (tests); takes effect at the next write. */
export function configureNotFoundLog(next: Partial<NotFoundLogSettings>): void {
  settings = { ...currentSettings(), ...next };
}

interface PendingPath {
  hits: number;
  firstSeenAt: string;
  lastSeenAt: string;
  lastReferrer: string | null;
}

/** The hits waiting for one database, and the write in progress for it (at most one). */
interface Buffer {
  paths: Map<string, PendingPath>;
  /** New paths turned away since the last write because `paths` was full. */
  dropped: number;
  writing: Promise<void> | undefined;
}

const buffers = new Map<DB, Buffer>();
let timer: NodeJS.Timeout | undefined;

function bufferOf(db: DB): Buffer {
  let buffer = buffers.get(db);
  if (!buffer) {
    buffer = { paths: new Map(), dropped: 0, writing: undefined };
    buffers.set(db, buffer);
  }
  return buffer;
}

/**
 * Count a path that matched nothing, remembering the last referrer (the SEO tools list these).
 * Only memory is touched; the hit reaches the database at the next write (see `flushNotFound`).
 */
export function recordNotFound(db: DB, path: string, referrer: string | null): void {
  const at = now();
  const key = path.slice(0, MAX_TEXT);
  const ref = referrer ? referrer.slice(0, MAX_TEXT) : null;
  const buffer = bufferOf(db);
  const pending = buffer.paths.get(key);
  if (pending) {
    pending.hits += 1;
    pending.lastSeenAt = at;
    pending.lastReferrer = ref;
  } else if (buffer.paths.size >= MAX_BUFFERED_PATHS) {
    buffer.dropped += 1;
  } else {
    buffer.paths.set(key, { hits: 1, firstSeenAt: at, lastSeenAt: at, lastReferrer: ref });
  }
  if (buffer.paths.size >= FLUSH_AT_PATHS && !buffer.writing) void write(db, buffer);
  // The timer does not keep the process alive; shutdown calls stopNotFoundLog() instead.
  timer ??= setTimeout(() => {
    timer = undefined;
    void flushNotFound();
  }, currentSettings().flushMs).unref();
}

/**
 * Write everything recorded so far, and wait for writes already under way. Never throws: a
 * failed write is logged and its hits are lost (they are statistics, and memory stays bounded).
 */
export async function flushNotFound(): Promise<void> {
  await Promise.all(
    [...buffers].map(async ([db, buffer]) => {
      while (buffer.writing || buffer.paths.size > 0 || buffer.dropped > 0) {
        await (buffer.writing ?? write(db, buffer));
      }
      if (buffers.get(db) === buffer && buffer.paths.size === 0) buffers.delete(db);
    }),
  );
}

/** Stop the timer and write what is left (for shutdown). */
export async function stopNotFoundLog(): Promise<void> {
  clearTimeout(timer);
  timer = undefined;
  await flushNotFound();
}

/** Take the buffer's paths and write them; `buffer.writing` is set until it is done. */
function write(db: DB, buffer: Buffer): Promise<void> {
  const batch = buffer.paths;
  const dropped = buffer.dropped;
  buffer.paths = new Map();
  buffer.dropped = 0;
  const { maxRows, flushMs } = currentSettings();
  if (dropped > 0) {
    logger.warn(
      `[not-found] ${dropped} hits on new paths were not logged: more than ${MAX_BUFFERED_PATHS} distinct unknown paths waited to be written (every ${flushMs} ms)`,
    );
  }
  const done = (batch.size > 0 ? writeBatch(db, batch, maxRows) : Promise.resolve())
    .catch((err: unknown) => {
      logger.warn(
        `[not-found] could not write ${batch.size} paths to the 404 log: ${err instanceof Error ? err.message : String(err)}`,
      );
    })
    .finally(() => {
      buffer.writing = undefined;
      // More piled up during the write: go on without waiting for the timer.
      if (buffer.paths.size >= FLUSH_AT_PATHS) void write(db, buffer);
    });
  buffer.writing = done;
  return done;
}

/** Add the batch's hits in one transaction, then remove the rows beyond the cap. */
async function writeBatch(db: DB, batch: Map<string, PendingPath>, maxRows: number) {
  // In path order: two processes adding the same paths lock their rows in one order, not deadlock.
  const rows = [...batch]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, p]) => ({
      path,
      hits: p.hits,
      last_referrer: p.lastReferrer,
      first_seen_at: p.firstSeenAt,
      last_seen_at: p.lastSeenAt,
    }));
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
      await trx
        .insertInto("not_found_log")
        .values(rows.slice(i, i + ROWS_PER_STATEMENT))
        .onConflict((oc) =>
          oc.column("path").doUpdateSet((eb) => {
            // Another instance may have written a later sighting meanwhile: the later one wins.
            const newer = eb("excluded.last_seen_at", ">", eb.ref("not_found_log.last_seen_at"));
            return {
              hits: eb("not_found_log.hits", "+", eb.ref("excluded.hits")),
              first_seen_at: eb
                .case()
                .when("excluded.first_seen_at", "<", eb.ref("not_found_log.first_seen_at"))
                .then(eb.ref("excluded.first_seen_at"))
                .else(eb.ref("not_found_log.first_seen_at"))
                .end(),
              last_seen_at: eb
                .case()
                .when(newer)
                .then(eb.ref("excluded.last_seen_at"))
                .else(eb.ref("not_found_log.last_seen_at"))
                .end(),
              last_referrer: eb
                .case()
                .when(newer)
                .then(eb.ref("excluded.last_referrer"))
                .else(eb.ref("not_found_log.last_referrer"))
                .end(),
            };
          }),
        )
        .execute();
    }
    await pruneNotFound(trx, maxRows);
  });
}

/**
 * Keep the first `maxRows` rows in list order (most hits, then most recently seen): the rest go,
 * rarest first, then longest unseen. A path many people hit outlives any flood of one-off junk.
 */
async function pruneNotFound(db: DB, maxRows: number): Promise<void> {
  const { n } = await db
    .selectFrom("not_found_log")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const excess = Number(n) - maxRows;
  if (excess <= 0) return;
  await db
    .deleteFrom("not_found_log")
    .where("path", "in", (eb) =>
      eb
        .selectFrom("not_found_log")
        .select("path")
        // The exact reverse of listNotFound's order, so both walk the not_found_log_rank index.
        .orderBy("hits", "asc")
        .orderBy("last_seen_at", "asc")
        .orderBy("path", "desc")
        .limit(excess),
    )
    .execute();
}

export interface NotFoundEntry {
  path: string;
  hits: number;
  lastReferrer: string | null;
  firstSeenAt: string;
  lastSeenAt: string;
}

/** The paths that were not found, most hit first (hits still in memory are not counted yet). */
export async function listNotFound(
  db: DB,
  { limit = 50, offset = 0 }: { limit?: number; offset?: number } = {},
): Promise<{ entries: NotFoundEntry[]; total: number }> {
  const rows = await db
    .selectFrom("not_found_log")
    .selectAll()
    .orderBy("hits", "desc")
    .orderBy("last_seen_at", "desc")
    .orderBy("path")
    .limit(limit)
    .offset(offset)
    .execute();
  const count = await db
    .selectFrom("not_found_log")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return {
    entries: rows.map((r) => ({
      path: r.path,
      hits: r.hits,
      lastReferrer: r.last_referrer,
      firstSeenAt: r.first_seen_at,
      lastSeenAt: r.last_seen_at,
    })),
    total: Number(count.n),
  };
}

/**
 * Drop the hits waiting in memory for one path (every path without one) and wait for a write
 * already under way, so that rows deleted next stay deleted; true when hits were dropped. Call it
 * before the transaction that deletes the rows, never inside it: on SQLite the write it waits for
 * needs the one connection that transaction holds.
 */
export async function forgetBufferedNotFound(db: DB, path?: string): Promise<boolean> {
  const buffer = buffers.get(db);
  let pending = false;
  if (buffer && path === undefined) {
    pending = buffer.paths.size > 0;
    buffer.paths.clear();
  } else if (buffer && path !== undefined) {
    pending = buffer.paths.delete(path);
  }
  await buffer?.writing;
  return pending;
}

/** One path's row removed, in the caller's transaction; false when it was not in the table. */
export async function deleteNotFoundIn(trx: DB, path: string): Promise<boolean> {
  const result = await trx.deleteFrom("not_found_log").where("path", "=", path).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Every row removed, in the caller's transaction; returns how many. */
export async function clearNotFoundIn(trx: DB): Promise<number> {
  const result = await trx.deleteFrom("not_found_log").executeTakeFirst();
  return Number(result.numDeletedRows);
}
