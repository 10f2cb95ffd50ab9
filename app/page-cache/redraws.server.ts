import { logger } from "~/platform/logger.server.ts";
import type { CachedResponse } from "./response.server.ts";

/** A render's outcome: the response to store, or undefined when it must not be cached. */
export type Render = () => Promise<CachedResponse | undefined>;

/**
 * How long a stale page that another worker draws first (share.server.ts) waits before this one
 * draws it itself: the other worker's copy usually arrives well within it, and the stale copy is
 * served meanwhile (STALE_WINDOW_MS is 10 s).
 */
export const PEER_GRACE_MS = 1_000;

/** What the queue needs of the page cache (store.server.ts). */
export interface RedrawTarget {
  /** Whether `key` is held, and stale (what is not, was drawn meanwhile or dropped). */
  isStale(key: string): boolean;
  fill(key: string, scopes: readonly string[], render: Render): { result: Promise<unknown> };
}

interface Waiting {
  scopes: readonly string[];
  render: Render;
  queuedAt: number;
}

/**
 * Stale pages waiting to be drawn again in the background. They are drawn one at a time, oldest
 * asked first: a write that stales 200 lists costs 200 renders one after the other, between which
 * requests are answered, instead of 200 at once ahead of every request (`npm run bench --
 * --result-day`: the p99 while an editor saves).
 *
 * In a cluster each worker draws its own share first (`mine`, share.server.ts), then the others'
 * from the newest back, each once it has waited PEER_GRACE_MS: every worker hears of the same
 * write and is asked for the same hot pages, and a copy a peer draws arrives and takes the key
 * off this queue (`drop`), so each stale page is drawn about once for the whole cluster.
 */
export class Redraws {
  #queue = new Map<string, Waiting>();
  #running = false;
  /** Ends the wait for a peer's share early (a key of this process's own share came). */
  #wake: (() => void) | undefined;
  /** Whether this process draws `key` first: all of them when it is alone. */
  mine: (key: string) => boolean = () => true;

  constructor(
    private readonly cache: RedrawTarget,
    private readonly now: () => number = () => performance.now(),
  ) {}

  has(key: string): boolean {
    return this.#queue.has(key);
  }

  add(key: string, scopes: readonly string[], render: Render): void {
    if (this.#queue.has(key)) return;
    this.#queue.set(key, { scopes, render, queuedAt: this.now() });
    if (!this.#running) void this.#run();
    else if (this.mine(key)) this.#wake?.();
  }

  /** A fresh copy of `key` came from elsewhere: nothing to draw. */
  drop(key: string): void {
    this.#queue.delete(key);
  }

  /** The next key to draw, or how long to wait for one (a peer's share, not yet due). */
  #next(): string | number | undefined {
    let other: string | undefined;
    let due = Infinity;
    const now = this.now();
    for (const [key, waiting] of this.#queue) {
      if (this.mine(key)) return key;
      const wait = waiting.queuedAt + PEER_GRACE_MS - now;
      if (wait <= 0) other = key;
      else due = Math.min(due, wait);
    }
    return other ?? (due === Infinity ? undefined : due);
  }

  async #run(): Promise<void> {
    this.#running = true;
    try {
      for (let next = this.#next(); next !== undefined; next = this.#next()) {
        if (typeof next === "number") {
          const wait = next;
          await new Promise<void>((resolve) => {
            const timer = setTimeout((this.#wake = resolve), wait);
            timer.unref();
          }).finally(() => (this.#wake = undefined));
          continue;
        }
        const key = next;
        const { scopes, render } = this.#queue.get(key)!;
        this.#queue.delete(key);
        // Drawn meanwhile (a request past the window waited for it) or dropped: nothing to do.
        if (!this.cache.isStale(key)) continue;
        await this.cache.fill(key, scopes, render).result.catch((err: unknown) => {
          // The stale copy stays until its window ends; the next request past it renders again.
          logger.error(`[cache] could not re-draw ${key}: ${(err as Error).message}`);
        });
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      this.#running = false;
    }
  }
}
