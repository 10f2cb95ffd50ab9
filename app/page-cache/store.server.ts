import { promisify } from "node:util";
import { brotliCompress, constants, gunzip, gunzipSync } from "node:zlib";
import { logger } from "~/platform/logger.server.ts";
import { Redraws, type Render } from "./redraws.server.ts";
import type { CachedResponse } from "./response.server.ts";
import { EVERYTHING, namesOwnPage } from "./scopes.ts";

/**
 * How long a page that a write merely listed it in (a kind's list, the home page, feeds, search,
 * an organization's page) may still be served after the write, while one request draws it again
 * in the background. Past it the stale copy is not served: the next request waits for a render.
 * The written entry's own page is never served stale (see `namesOwnPage`).
 */
export const STALE_WINDOW_MS = 10_000;

interface Slot {
  response: CachedResponse;
  /** What the page shows (scopes.ts), from its route, fixed when it was stored. */
  scopes: readonly string[];
  /** When a write made it stale (it is served only within STALE_WINDOW_MS of that); else unset. */
  staleSince: number | undefined;
  /** The gzip and brotli copies' bytes. */
  size: number;
}

/**
 * Brotli copies are made again at the best quality in the background: 11 makes a page 11–12%
 * smaller than 5 but costs 45–60 ms of CPU (ten renders). One page at a time on libuv's pool,
 * resting three times as long as each took, newest stored first (at most UPGRADE_QUEUE; a page
 * replaced or dropped meanwhile is skipped). gzip is not redone: 9 saves 0.1–0.6% over 6.
 */
const BEST_BROTLI = 11;
const UPGRADE_QUEUE = 256;
/** Smaller bodies gain a few bytes at most. */
const UPGRADE_MIN_BYTES = 4096;
const gunzipAsync = promisify(gunzip);
const brotliAsync = promisify(brotliCompress);

/**
 * A least-recently-used map of cached responses, bounded by bytes (gzip and brotli copies, and
 * plain copies asked for; PAGE_CACHE_MB) and by count; `evictions` counts what the bound pushed out.
 * Each entry carries the cache scopes of its page. When the content generation moves, `invalidate`
 * drops the entries that show the written entry (or depend on everything) and marks stale the
 * lists that merely include it; `fill` renders one key once however many requests miss it at the
 * same time (single flight).
 */
export class PageCache {
  #entries = new Map<string, Slot>();
  #flights = new Map<string, Promise<CachedResponse | undefined>>();
  /** Unzipped bodies of the entries a client asked for plain, least recently used first. */
  #plain = new Map<CachedResponse, Buffer>();
  #plainBytes = 0;
  #bytes = 0;
  generation = "";
  evictions = 0;
  /** Counters for /healthz and the benchmark ("renders per publish"). */
  readonly stats = {
    hits: 0,
    misses: 0,
    renders: 0,
    /** Requests that waited for a render another request had started (single flight). */
    joins: 0,
    staleServes: 0,
    /** Generation changes handled by dropping or staling only the pages the writes named. */
    preciseInvalidations: 0,
    /** Generation changes (or new days) that emptied the whole cache. */
    fullInvalidations: 0,
    dropped: 0,
    staled: 0,
    /** Brotli copies made again at the best quality (see BEST_BROTLI). */
    brotliUpgrades: 0,
    /** Pages drawn at start from the hot list (app/page-cache/hot-pages.server.ts). */
    warmed: 0,
    /** Pages kept at start from the last run's snapshot (snapshot.server.ts). */
    restored: 0,
    /** Pages drawn here and handed to the other workers (share.server.ts). */
    sharesSent: 0,
    /** Pages another worker drew, kept (`accept`), and refused (another generation, or held). */
    sharesKept: 0,
    sharesRefused: 0,
  };
  /** Keys whose brotli copy waits for BEST_BROTLI, oldest first. */
  #upgrades = new Set<string>();
  #upgrading: Promise<void> | undefined;
  /** Stale keys waiting to be drawn again in the background (redraws.server.ts). */
  readonly redraws = new Redraws(this);
  /** Called with each render this cache stores, and the generation it was drawn under. */
  onStore:
    | ((
        key: string,
        response: CachedResponse,
        scopes: readonly string[],
        generation: string,
      ) => void)
    | undefined;

  constructor(
    readonly maxBytes = 96 * 1024 * 1024,
    readonly maxEntries = 20_000,
    /** The clock for the stale window (tests pass their own). */
    readonly now: () => number = Date.now,
    /** Make each stored page's brotli copy again at the best quality, in the background. */
    readonly upgradeBrotli = false,
  ) {}

  /** Resolves once no brotli copy waits to be made again (for tests). */
  async upgraded(): Promise<void> {
    while (this.#upgrading) await this.#upgrading;
  }

  #queueUpgrade(key: string): void {
    this.#upgrades.delete(key);
    this.#upgrades.add(key);
    if (this.#upgrades.size > UPGRADE_QUEUE)
      this.#upgrades.delete(this.#upgrades.values().next().value as string);
    this.#upgrading ??= this.#runUpgrades().finally(() => (this.#upgrading = undefined));
  }

  async #runUpgrades(): Promise<void> {
    for (let key = first(this.#upgrades); key !== undefined; key = first(this.#upgrades)) {
      this.#upgrades.delete(key);
      const entry = this.#entries.get(key)?.response;
      if (!entry || entry.plainLength < UPGRADE_MIN_BYTES) continue;
      const started = performance.now();
      try {
        const body = await gunzipAsync(entry.gzip);
        const br = await brotliAsync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: BEST_BROTLI,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        });
        this.#replaceBrotli(key, entry, br);
      } catch (err) {
        logger.error(`[cache] could not recompress ${key}: ${(err as Error).message}`);
      }
      const rest = (performance.now() - started) * 3;
      await new Promise((resolve) => setTimeout(resolve, rest).unref());
    }
  }

  /**
   * `key`'s entry, if it is still `old`, with a smaller brotli copy: a new object, because
   * answer.server.ts keeps each entry's hit headers (and their lengths) per object.
   */
  #replaceBrotli(key: string, old: CachedResponse, br: Buffer): void {
    const slot = this.#entries.get(key);
    if (slot?.response !== old || br.length >= old.br.length) return;
    const next: CachedResponse = { ...old, br };
    slot.response = next;
    const delta = br.length - old.br.length;
    slot.size += delta;
    this.#bytes += delta;
    const plain = this.#plain.get(old);
    if (plain) {
      this.#plain.delete(old);
      this.#plain.set(next, plain);
    }
    this.stats.brotliUpgrades++;
  }

  get size() {
    return this.#entries.size;
  }

  /** Every byte the cache holds, plain copies included (at most maxBytes). */
  get bytes() {
    return this.#bytes;
  }

  /** The bytes of the plain copies (at most a quarter of maxBytes). */
  get plainBytes() {
    return this.#plainBytes;
  }

  /**
   * `entry`'s uncompressed body, for clients that send no Accept-Encoding (crawlers, tools).
   * Unzipping on each such hit cost 13% of a hit's CPU: the first ask keeps the copy. Copies count
   * in the cache's bytes, at most a quarter of them, least recently asked going first, so a crawler
   * walking every page plain cannot push out the compressed copies. An entry no longer in the
   * cache (answered from a render whose generation moved on) is unzipped and not kept.
   */
  plain(key: string, entry: CachedResponse): Buffer {
    let body = this.#plain.get(entry);
    if (body) {
      this.#plain.delete(entry);
      this.#plain.set(entry, body);
      return body;
    }
    body = gunzipSync(entry.gzip);
    const budget = this.maxBytes / 4;
    if (this.#entries.get(key)?.response !== entry || body.length > budget) return body;
    this.#plain.set(entry, body);
    this.#plainBytes += body.length;
    this.#bytes += body.length;
    for (const [oldest] of this.#plain) {
      if (this.#plainBytes <= budget) break;
      this.#dropPlain(oldest);
    }
    this.#evictOverBounds(key);
    return body;
  }

  #dropPlain(entry: CachedResponse): void {
    const body = this.#plain.get(entry);
    if (!body) return;
    this.#plain.delete(entry);
    this.#plainBytes -= body.length;
    this.#bytes -= body.length;
  }

  /** Evict least recently used entries until both bounds hold (never `keep`, the newest). */
  #evictOverBounds(keep: string): void {
    while (this.#entries.size > this.maxEntries || this.#bytes > this.maxBytes) {
      const oldest = this.#entries.keys().next().value as string;
      if (oldest === keep) break;
      this.delete(oldest);
      this.evictions++;
    }
  }

  /** The fresh entries with their scopes, least recently used first (snapshot.server.ts). */
  *fresh(): Generator<[string, CachedResponse, readonly string[]]> {
    for (const [key, slot] of this.#entries)
      if (slot.staleSince === undefined) yield [key, slot.response, slot.scopes];
  }

  /** Whether a fresh entry is kept for `key` (counts nothing, moves nothing). */
  has(key: string): boolean {
    const slot = this.#entries.get(key);
    return slot !== undefined && slot.staleSince === undefined;
  }

  /** Whether a stale entry is kept for `key`. */
  isStale(key: string): boolean {
    return this.#entries.get(key)?.staleSince !== undefined;
  }

  /**
   * A page another worker drew (share.server.ts), kept only when it was drawn under this cache's
   * generation and this cache holds no fresh copy of it: a cache behind or ahead of the sender
   * would take another generation's page for its own. Kept, it carries its page's scopes, so a
   * later write drops or stales it like a page drawn here, and it leaves the redraw queue.
   */
  accept(
    key: string,
    response: CachedResponse,
    scopes: readonly string[],
    generation: string,
  ): boolean {
    if (!generation || generation !== this.generation || this.has(key)) {
      this.stats.sharesRefused++;
      return false;
    }
    this.set(key, response, scopes);
    this.redraws.drop(key);
    this.stats.sharesKept++;
    return true;
  }

  /** A fresh entry (a hit), or undefined: missing, or stale (the caller takes `lookup`'s path). */
  get(key: string): CachedResponse | undefined {
    const slot = this.#entries.get(key);
    if (!slot || slot.staleSince !== undefined) return undefined;
    // Refresh its place in the LRU order.
    this.#entries.delete(key);
    this.#entries.set(key, slot);
    this.stats.hits++;
    return slot.response;
  }

  /** The entry, fresh or stale within the window; a stale one past the window is dropped. */
  lookup(key: string): { response: CachedResponse; stale: boolean } | undefined {
    const slot = this.#entries.get(key);
    if (slot?.staleSince === undefined) {
      const response = this.get(key);
      if (!response) this.stats.misses++;
      return response && { response, stale: false };
    }
    if (this.now() - slot.staleSince > STALE_WINDOW_MS) {
      this.delete(key);
      this.stats.misses++;
      return undefined;
    }
    this.stats.staleServes++;
    return { response: slot.response, stale: true };
  }

  /** Store a response with the scopes its page shows (none declared: it depends on everything). */
  set(key: string, value: CachedResponse, scopes: readonly string[] = [EVERYTHING]): void {
    const size = value.gzip.length + value.br.length;
    if (size > this.maxBytes / 10) return;
    this.delete(key);
    this.#entries.set(key, { response: value, scopes, staleSince: undefined, size });
    this.#bytes += size;
    this.#evictOverBounds(key);
    if (this.upgradeBrotli) this.#queueUpgrade(key);
  }

  delete(key: string): void {
    const old = this.#entries.get(key);
    if (!old) return;
    this.#bytes -= old.size;
    this.#dropPlain(old.response);
    this.#entries.delete(key);
  }

  clear(generation: string): void {
    this.#entries.clear();
    this.#plain.clear();
    this.#plainBytes = 0;
    this.#bytes = 0;
    this.generation = generation;
    this.stats.fullInvalidations++;
  }

  /**
   * The cache moves to `generation`, whose writes changed `changes` (each write's scopes). A page
   * that shows a written entry or site page itself, or that depends on everything, is dropped; a
   * page the writes only appear in (lists, home, feeds…) is marked stale; the rest stay. A write
   * to everything (`*`) empties the cache.
   */
  invalidate(changes: readonly (readonly string[])[], generation: string): void {
    const written = new Set(changes.flat());
    if (written.has(EVERYTHING)) return this.clear(generation);
    const now = this.now();
    for (const [key, slot] of this.#entries) {
      let meets = false;
      let drop = false;
      for (const scope of slot.scopes) {
        if (scope === EVERYTHING || (written.has(scope) && namesOwnPage(scope))) {
          drop = true;
          break;
        }
        if (written.has(scope)) meets = true;
      }
      if (drop) {
        this.delete(key);
        this.stats.dropped++;
      } else if (meets && slot.staleSince === undefined) {
        slot.staleSince = now;
        this.stats.staled++;
      }
    }
    this.generation = generation;
    this.stats.preciseInvalidations++;
  }

  /**
   * Render `key` once for this generation (single flight): the first caller's `render` runs, and
   * callers that miss the same key while it runs wait for its outcome (`joined`). Its response is
   * stored only if the cache is still at the generation the render started under (a write during
   * the render may have changed what it read); a failed render is not stored, and every waiter
   * gets its error.
   */
  fill(
    key: string,
    scopes: readonly string[],
    render: Render,
  ): { result: Promise<CachedResponse | undefined>; joined: boolean } {
    const flightKey = `${this.generation}\n${key}`;
    const running = this.#flights.get(flightKey);
    if (running) {
      this.stats.joins++;
      return { result: running, joined: true };
    }
    const started = this.generation;
    this.stats.renders++;
    const result = render().then(
      (response) => {
        this.#flights.delete(flightKey);
        if (this.generation === started) {
          if (response) {
            this.set(key, response, scopes);
            this.onStore?.(key, response, scopes, started);
          }
          // What the page answers now is not cacheable: its stale copy must not be served either.
          else this.delete(key);
        }
        return response;
      },
      (err: unknown) => {
        this.#flights.delete(flightKey);
        throw err;
      },
    );
    this.#flights.set(flightKey, result);
    return { result, joined: false };
  }

  /** A stale entry's render in the background, unless one is under way or waiting (redraws.server.ts). */
  revalidate(key: string, scopes: readonly string[], render: Render): void {
    if (this.#flights.has(`${this.generation}\n${key}`)) return;
    this.redraws.add(key, scopes, render);
  }
}

function first<T>(set: { keys(): IterableIterator<T> }): T | undefined {
  return set.keys().next().value;
}
