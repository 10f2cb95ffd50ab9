import pg from "pg";
import type { AppDatabase } from "./db/db.server.ts";
import {
  CONTENT_CHANNEL,
  onContentChanged,
  readContentGeneration,
} from "./content-events.server.ts";

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
 *   the same file, never stale. Requests handled in the same event-loop turn share one read (they
 *   arrived at the same moment); a write made by this process is seen at once.
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
    let turn: number | undefined;
    const forget = () => {
      turn = undefined;
    };
    const unsubscribe = onContentChanged(forget);
    const currentSync = () => {
      if (turn === undefined) {
        turn = Number(statement?.get() ?? 0);
        setImmediate(forget);
      }
      return turn;
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
      console.error(`[cache] cannot listen for content changes: ${(err as Error).message}`);
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
