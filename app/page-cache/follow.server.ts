import pg from "pg";
import type { AppDatabase } from "~/platform/db/db.server.ts";
import {
  CONTENT_CHANNEL,
  onContentChanged,
  readContentChanges,
  readContentGeneration,
  SQLITE_GENERATION_MS,
} from "./generation.server.ts";
import type { PageCache } from "./store.server.ts";
import { env } from "~/platform/env.server.ts";
import { logger } from "~/platform/logger.server.ts";
import { beforeClose, services } from "~/platform/services.server.ts";

export interface GenerationSource {
  /** The content generation the caches must match, as fresh as this database allows. */
  current(): Promise<number>;
  /** The same without waiting, for the cache-hit fast path; undefined when it cannot tell. */
  currentSync(): number | undefined;
  stop(): Promise<void>;
}

/**
 * Where the page cache learns that content changed.
 * - SQLite (one box, maybe several processes): read the generation row, a primary-key lookup in
 *   the same file, read at most every SQLITE_GENERATION_MS; a write made by this process is seen
 *   at once, one made by another process before its writer answers (generation.server.ts).
 * - PostgreSQL (many instances): LISTEN for the NOTIFY that every write sends; a dropped listener
 *   reconnects and, because it may have missed notifications, re-reads the generation (which
 *   empties the cache).
 */
export function watchContentGeneration(
  database: AppDatabase,
  connectionString?: string,
): GenerationSource {
  if (database.dialect === "sqlite") {
    const statement = database.sqlite
      ?.prepare<[], string>("select value from app_meta where key = 'content_generation'")
      .pluck();
    let known: number | undefined;
    let readAt = 0;
    const unsubscribe = onContentChanged(() => {
      known = undefined;
    });
    const currentSync = () => {
      const now = performance.now();
      // The time before the read: a read that began before a commit answers for no longer than
      // the writer waits after it.
      if (known === undefined || now - readAt >= SQLITE_GENERATION_MS) {
        readAt = now;
        known = Number(statement?.get() ?? 0);
      }
      return known;
    };
    return {
      current: async () => currentSync(),
      currentSync,
      stop: async () => {
        unsubscribe();
      },
    };
  }
  let known = -1;
  let stopped = false;
  let client: pg.Client | undefined;
  /** The newest connection, listening or still connecting: the one stop() must end. */
  let latest: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  const unsubscribe = onContentChanged((generation) => {
    known = Math.max(known, generation);
  });

  const connect = async (attempt: number) => {
    if (stopped) return;
    const c = new pg.Client({ connectionString });
    latest = c;
    c.on("error", () => {
      // The "end" handler below reconnects.
    });
    c.on("end", () => {
      if (stopped) return;
      known = -1;
      retryTimer = setTimeout(() => void connect(attempt + 1), Math.min(5000, 200 * 2 ** attempt));
      retryTimer.unref();
    });
    c.on("notification", (msg) => {
      if (msg.channel !== CONTENT_CHANNEL) return;
      const generation = Number(msg.payload);
      known = Number.isFinite(generation) ? Math.max(known, generation) : -1;
    });
    try {
      await c.connect();
      await c.query(`listen ${CONTENT_CHANNEL}`);
      client = c;
      // Anything missed while disconnected: start from the database's own value.
      known = await readContentGeneration(database.db);
    } catch (err) {
      if (stopped) return;
      logger.error(`[cache] cannot listen for content changes: ${(err as Error).message}`);
      known = -1;
      await c.end().catch(() => {});
    }
  };
  void connect(0);

  return {
    async current() {
      // Not listening (yet, or after a drop): read the row, so the cache is never wrongly fresh.
      if (known < 0 || !client) return readContentGeneration(database.db);
      return known;
    },
    currentSync() {
      return known < 0 || !client ? undefined : known;
    },
    async stop() {
      stopped = true;
      unsubscribe();
      clearTimeout(retryTimer);
      // Ended while connecting, it stays closed: connect() gives up on it without a message.
      await latest?.end().catch(() => {});
    },
  };
}

/** The page cache's generation: the content generation and India's date (pages say "NEW"). */
export const cacheGeneration = (content: number, day: string) => `${content}-${day}`;

/**
 * Brings `cache` to a content generation and day: it reads what the generations in between
 * changed (the `content_changes` rows, one range read) and drops or stales only those pages. It
 * empties the cache when it cannot tell: the first time, unless told where it stands (`from`),
 * on a new day, or when rows are missing (pruned, or a gap). An older generation than the cache's
 * (read by a request before another moved the cache on) changes nothing, as on PostgreSQL's
 * listener, which only moves forward. The rows in the database, not this process's events, are the source of
 * truth, so every process and instance (SQLite or PostgreSQL) drops the same pages. Calls are
 * queued: requests that see the same new generation at once share one read.
 */
export function followContentChanges(
  cache: PageCache,
  db: AppDatabase["db"],
  /** Where the cache stands when known (pages restored from a snapshot at that generation). */
  from?: { content: number; day: string },
) {
  // Copied: the caller's object may hold much more (a snapshot's pages).
  let at = from && { content: from.content, day: from.day };
  let queue: Promise<void> = Promise.resolve();

  async function step(content: number, day: string) {
    const generation = cacheGeneration(content, day);
    if (cache.generation === generation) return;
    // A request that read the generation before another one moved the cache on: already done.
    if (at && at.day === day && content < at.content) return;
    const changes = at?.day === day ? await readContentChanges(db, at.content, content) : undefined;
    if (changes) cache.invalidate(changes, generation);
    else cache.clear(generation);
    at = { content, day };
  }

  return (content: number, day: string): Promise<void> => {
    queue = queue.then(
      () => step(content, day),
      () => step(content, day),
    );
    return queue;
  };
}

let following: Promise<GenerationSource> | undefined;

/**
 * The process's content generation: followed from its first use (the page cache's start, a memo,
 * the redirect check) until shutdown, which stops it before the database closes.
 */
export function contentGeneration(): Promise<GenerationSource> {
  return (following ??= services().then(({ database }) => {
    const url = env().DATABASE_URL;
    const source = watchContentGeneration(
      database,
      url.dialect === "postgres" ? url.url : undefined,
    );
    beforeClose(async () => {
      following = undefined;
      await source.stop();
    });
    return source;
  }));
}
