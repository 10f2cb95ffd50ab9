import type { DB } from "~/platform/db/db.server.ts";
import { logger } from "~/platform/logger.server.ts";

/**
 * The hot list (issue 33): the public pages requested most over the last hour, so that a worker
 * that starts (a deploy, a crash, another instance) draws them into its page cache before the
 * crowd asks. A request adds one to a count in memory, and only when its answer came from the
 * cache or went into it (a cacheable 200: never a 404, a redirect, a private answer); every
 * minute each worker adds its minute's most counted pages to the database in one write, which
 * also deletes the minutes past the hour. On PostgreSQL the instances share the list.
 */

/** Addresses (cache keys) longer than this are not counted: a hot page has a short address. */
export const MAX_HOT_URL_LENGTH = 300;
/** Distinct addresses counted in memory between writes; past it the less counted half goes. */
export const MAX_COUNTED_URLS = 10_000;
/** Addresses one write adds at least (the minute's most counted), or WARM_PAGES when more. */
export const ROWS_PER_WRITE = 500;
/** The hot list is the sum of this many minutes before the newest one recorded. */
export const HOT_WINDOW_MINUTES = 60;
const FLUSH_EVERY_MS = 60_000;

/**
 * The counts of one process between two writes. `count` is a map lookup; a flood of distinct
 * addresses (a crawler, or somebody trying to fill the list with junk) makes it drop the less
 * counted half now and then, so the pages many people ask for stay.
 */
export class HotPageCounter {
  #counts = new Map<string, number>();

  /** Count one answer for the cache key `url` (the caller has checked it was a cacheable page). */
  count(url: string): void {
    if (!mayBeHot(url)) return;
    const n = this.#counts.get(url);
    if (n !== undefined) return void this.#counts.set(url, n + 1);
    if (this.#counts.size >= MAX_COUNTED_URLS) this.#keepMostCounted(MAX_COUNTED_URLS / 2);
    this.#counts.set(url, 1);
  }

  #keepMostCounted(n: number): void {
    const kept = [...this.#counts].sort((a, b) => b[1] - a[1]).slice(0, n);
    this.#counts = new Map(kept);
  }

  get size(): number {
    return this.#counts.size;
  }

  /** The most counted addresses (at most `limit`), and a fresh start for the next minute. */
  take(limit = ROWS_PER_WRITE): { url: string; hits: number }[] {
    const rows = [...this.#counts]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, limit)
      .map(([url, hits]) => ({ url, hits }));
    this.#counts.clear();
    return rows;
  }
}

/**
 * Whether a cache key may be on the hot list (counted, and drawn at start): a short path of this
 * site. Client navigations' data (`/jobs.data?_routes=…`) are React Router's own requests, kept
 * as sent (keys.ts): a browser asks for the page first, so only pages are warmed.
 */
export function mayBeHot(url: string): boolean {
  if (url.length > MAX_HOT_URL_LENGTH || !url.startsWith("/") || url.startsWith("//")) return false;
  const queryAt = url.indexOf("?");
  return !(queryAt < 0 ? url : url.slice(0, queryAt)).endsWith(".data");
}

export const minuteOf = (ms: number) => Math.floor(ms / 60_000);

/**
 * Add one minute's counts (summed with what other workers wrote for that minute) and delete the
 * minutes more than HOT_WINDOW_MINUTES before it, in one transaction.
 */
export async function recordHotPages(
  db: DB,
  rows: readonly { url: string; hits: number }[],
  minute: number,
): Promise<void> {
  if (rows.length === 0) return;
  // In address order: two workers adding the same pages lock their rows in one order.
  const values = rows
    .map((r) => ({ url: r.url, minute, hits: r.hits }))
    .sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("hot_pages")
      .values(values)
      .onConflict((oc) =>
        oc
          .columns(["url", "minute"])
          .doUpdateSet((eb) => ({ hits: eb("hot_pages.hits", "+", eb.ref("excluded.hits")) })),
      )
      .execute();
    await trx
      .deleteFrom("hot_pages")
      .where("minute", "<", minute - HOT_WINDOW_MINUTES)
      .execute();
  });
}

/**
 * The hot list: the `limit` addresses with the most hits in the hour before the newest minute
 * recorded (not before now: after a night switched off, yesterday evening's pages are the best
 * guess), most hit first.
 */
export async function listHotPages(db: DB, limit: number): Promise<string[]> {
  if (limit <= 0) return [];
  const newest = await db
    .selectFrom("hot_pages")
    .select((eb) => eb.fn.max("minute").as("minute"))
    .executeTakeFirst();
  if (newest?.minute == null) return [];
  const rows = await db
    .selectFrom("hot_pages")
    .select((eb) => ["url", eb.fn.sum<number>("hits").as("total")])
    .where("minute", ">=", Number(newest.minute) - HOT_WINDOW_MINUTES)
    .groupBy("url")
    .orderBy("total", "desc")
    .orderBy("url")
    .limit(limit)
    .execute();
  return rows.map((r) => r.url);
}

/** The process's counter, written every minute while the server runs (see startHotPages). */
export const hotPageCounter = new HotPageCounter();
let timer: NodeJS.Timeout | undefined;
let writing: Promise<void> | undefined;
let rowsPerWrite = ROWS_PER_WRITE;

/** Write what was counted since the last write. Never throws: the counts are a guess anyway. */
export async function flushHotPages(db: DB, at = Date.now()): Promise<void> {
  await writing;
  const rows = hotPageCounter.take(rowsPerWrite);
  writing = recordHotPages(db, rows, minuteOf(at))
    .catch((err: unknown) => {
      logger.warn(
        `[hot pages] could not write ${rows.length} counts: ${err instanceof Error ? err.message : String(err)}`,
      );
    })
    .finally(() => (writing = undefined));
  await writing;
}

/**
 * Write the counts every minute (the timer does not keep the process alive), at least the `warmed`
 * most counted pages each time (WARM_PAGES), so a list of that many can be made.
 */
export function startHotPages(db: DB, warmed: number): void {
  rowsPerWrite = Math.max(ROWS_PER_WRITE, warmed);
  timer ??= setInterval(() => void flushHotPages(db), FLUSH_EVERY_MS).unref();
}

/** Stop the timer and write what is left (at shutdown, before the database closes). */
export async function stopHotPages(db: DB): Promise<void> {
  clearInterval(timer);
  timer = undefined;
  await flushHotPages(db);
}

export interface Warming {
  /** Pages drawn (or skipped) so far. */
  drawn: number;
  /** Pages on the list. */
  total: number;
  /** Resolves when every page has been drawn (or warming was stopped). */
  done: Promise<void>;
  /** Stop after the page being drawn (at shutdown). */
  stop(): void;
}

/**
 * Draw `urls` one at a time with `draw` (the same path a request takes). Resolves as soon as all
 * are drawn or `waitMs` has passed, whichever is first (a draw still running then finishes in the
 * background): the caller starts taking requests then, and readiness is never held longer. The
 * pages left are drawn after that, each followed by a rest as long as it took, so requests keep
 * at least half of the thread.
 */
export async function warmPages(
  urls: readonly string[],
  draw: (url: string) => Promise<unknown>,
  waitMs: number,
): Promise<Warming> {
  let stopped = false;
  let waited = false;
  const warming: Warming = {
    drawn: 0,
    total: urls.length,
    done: Promise.resolve(),
    stop: () => void (stopped = true),
  };
  warming.done = (async () => {
    for (const url of urls) {
      if (stopped) return;
      const started = performance.now();
      try {
        await draw(url);
      } catch (err) {
        logger.warn(`[hot pages] could not draw ${url}: ${(err as Error).message}`);
      }
      warming.drawn++;
      const rest = waited ? performance.now() - started : 0;
      await new Promise((resolve) => (rest ? setTimeout(resolve, rest) : setImmediate(resolve)));
    }
  })();
  let deadline: NodeJS.Timeout | undefined;
  await Promise.race([
    warming.done,
    new Promise((resolve) => (deadline = setTimeout(resolve, waitMs))),
  ]);
  clearTimeout(deadline);
  waited = true;
  return warming;
}
