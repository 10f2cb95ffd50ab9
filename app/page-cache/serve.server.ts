// How the page cache answers requests: a hit written straight to the socket, and a middleware for
// the rest (miss, stale, single flight, 304, encodings), plus the hot pages drawn at start. The
// process (http/app.ts) makes one with createPageCache and hands it what belongs to the process:
// React Router's handler, the security headers, how a whole body is sent.
import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type express from "express";
import type { ServerBuild } from "react-router";
import { todayInIndia } from "~/lib/india-date.ts";
import {
  CLIENT_ADDRESS_HEADER,
  clientAddress,
  type TrustedProxies,
} from "~/platform/client-address.server.ts";
import type { DB } from "~/platform/db/db.server.ts";
import { logCacheHit, logger } from "~/platform/logger.server.ts";
import { cachedAnswers } from "./answer.server.ts";
import { etagMatches } from "./etag.ts";
import { cacheGeneration, followContentChanges, type GenerationSource } from "./follow.server.ts";
import {
  hotPageCounter,
  listHotPages,
  mayBeHot,
  startHotPages,
  stopHotPages,
  warmPages,
  type Warming,
} from "./hot-pages.server.ts";
import { canonicalRequestUrl, routeCacheScopes, routeQueryParams } from "./keys.ts";
import {
  buildCachedResponse,
  chooseEncoding,
  isCacheableRequest,
  isCacheableResponse,
  type CachedResponse,
} from "./response.server.ts";
import { sharePages, shareOrder, type ClusterSlot } from "./share.server.ts";
import { saveSnapshot, takeSnapshot } from "./snapshot.server.ts";
import { PageCache } from "./store.server.ts";

/** The database and the content generation the cache follows (app/platform/services.server.ts). */
interface Sources {
  db: DB;
  generation: GenerationSource;
}

export interface PageCacheOptions {
  build: ServerBuild;
  /** CACHE_PAGES=0 turns the page cache off (the benchmark measures both). */
  enabled: boolean;
  /** PAGE_CACHE_MB, in bytes. */
  maxBytes: number;
  /** WARM_PAGES: the hot list's length (0: pages are neither counted nor drawn at start). */
  warmPages: number;
  /** WARM_WAIT_MS: how long start-up waits for the hot pages. */
  warmWaitMs: number;
  /** Where this worker keeps its pages across a restart (snapshot.server.ts); undefined: nowhere. */
  snapshotFile: string | undefined;
  /** This worker's place in the cluster, whose workers share their renders; undefined: alone. */
  cluster: ClusterSlot | undefined;
  /** The host hot pages are drawn for (BASE_URL's). */
  baseHost: string;
  trustedProxies: TrustedProxies;
  /** The process's database and generation source, opened on first use. */
  sources(): Promise<Sources>;
  /** React Router's answer to `request`, its inline scripts carrying `nonce`. */
  render(request: Request, nonce: string): Promise<Response>;
  /** The Content-Security-Policy for a cached page whose inline scripts have these hashes. */
  cspFor(scriptSources: string[]): string;
  /** The security headers every response carries. */
  staticHeaders: [string, string][];
  /** The Content-Security-Policy of a body without inline scripts; undefined: no CSP (CSP=0). */
  noScriptCsp: string | undefined;
  /** Ends `res` with a body drawn for one request (compressed for the client when worth it). */
  sendWhole(req: express.Request, res: express.Response, body: Buffer): void;
  /** Tells the compression middleware that `res`'s encoding is decided. */
  markDecided(res: express.Response): void;
}

const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

/** A page drawn for the cache: the response, and the entry to keep when it may be kept. */
interface Rendered {
  response: Response;
  body: Buffer;
  entry?: CachedResponse;
}

export function createPageCache(o: PageCacheOptions) {
  const pageCache = sharedPageCache(o.maxBytes);
  const queryParams = routeQueryParams(o.build);
  const scopesOf = routeCacheScopes(o.build);
  /** The hot list: counted as pages are served, drawn at start (WARM_PAGES=0: neither). */
  const hotPages = o.warmPages > 0 && o.enabled;
  /** Set by start(): the hit path answers only once the database is open. */
  let ready: Sources | undefined;
  let warming: Warming | undefined;
  /** Moves the page cache to a new generation, dropping only what the writes in between changed. */
  let followChanges: ReturnType<typeof followContentChanges> | undefined;
  let stopSharing = () => {};
  /** Set by warm(): this process serves (the cluster's preparing worker never does). */
  let serving = false;

  const { cachedAnswer, hitHeaders, payloadOf, staticHeaders } = cachedAnswers({
    staticHeaders: o.staticHeaders,
    noScriptCsp: o.noScriptCsp,
    plain: (key, entry) => pageCache.plain(key, entry),
  });

  /** The cache's generation key: the content generation and India's date, rebuilt when either moves. */
  const cacheKey = { generation: -1, day: "", key: "" };
  function currentCacheKey(generation: number): string {
    const day = todayInIndia();
    if (generation !== cacheKey.generation || day !== cacheKey.day)
      Object.assign(cacheKey, { generation, day, key: cacheGeneration(generation, day) });
    return cacheKey.key;
  }

  /**
   * Brings the page cache to the content's current generation, dropping only what the writes in
   * between changed; returns the generation's key. Pages show "NEW" and "Closed" relative to today
   * (India time), so a new day is a new generation too, even when nobody has written anything.
   */
  async function cacheAtCurrentGeneration(): Promise<string> {
    const { generation, db } = await o.sources();
    const content = await generation.current();
    const current = currentCacheKey(content);
    if (current !== pageCache.generation) {
      followChanges ??= followContentChanges(pageCache, db);
      await followChanges(content, cacheKey.day);
    }
    return current;
  }

  /**
   * Draw the page at the cache key `key` as an anonymous visitor's GET (no cookie): what a miss,
   * a stale page's background render and warming all store.
   */
  async function renderForCache(
    key: string,
    headers: Headers,
    nonce: string,
    generation: string,
  ): Promise<Rendered> {
    const url = new URL(key, `http://${headers.get("host") ?? "localhost"}`);
    const response = await o.render(new Request(url, { method: "GET", headers }), nonce);
    const body = Buffer.from(await response.arrayBuffer());
    if (!isCacheableResponse(response.status, response.headers)) return { response, body };
    if (!response.headers.has("cache-control"))
      response.headers.set("cache-control", PUBLIC_CACHE_CONTROL);
    const entry = buildCachedResponse(
      response.status,
      response.headers,
      body,
      generation,
      o.cspFor,
    );
    return { response, body, entry };
  }

  function sendUncached(
    req: express.Request,
    res: express.Response,
    response: Response,
    body: Buffer,
  ) {
    res.status(response.status);
    response.headers.forEach((value, name) => {
      if (name !== "content-length" && name !== "set-cookie") res.setHeader(name, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) res.setHeader("Set-Cookie", cookies);
    res.setHeader("X-Cache", "BYPASS");
    o.sendWhole(req, res, body);
  }

  /** Public pages for anonymous visitors: served from memory, revalidated by ETag, CDN-cacheable. */
  const middleware: express.RequestHandler = async (req, res, next) => {
    if (!o.enabled || !isCacheableRequest(req.method, req.path, req.headers.cookie)) return next();
    try {
      const current = await cacheAtCurrentGeneration();
      if (req.originalUrl.length > 512) return next();
      // Only the parameters the route reads: junk (utm_*, fbclid…) shares the clean URL's entry.
      const queryAt = req.originalUrl.indexOf("?");
      const path = queryAt < 0 ? req.originalUrl : req.originalUrl.slice(0, queryAt);
      const key = canonicalRequestUrl(req.originalUrl, queryParams.of(path));
      const found = pageCache.lookup(key);
      let entry = found?.response;
      let status = found?.stale ? "STALE" : "HIT";
      const render = () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers)) {
          if (typeof value === "string" && name !== "cookie") headers.set(name, value);
        }
        return renderForCache(key, headers, String(res.locals.nonce ?? ""), current);
      };
      // Only a cacheable answer is shared with the requests that wait for it: one that is not
      // (a 404, a redirect, a cookie) is theirs to render.
      let own: Rendered | undefined;
      const shared = async () => (own = await render()).entry;
      if (found?.stale) {
        // Answered from the stale copy while one request draws the page again.
        pageCache.revalidate(key, scopesOf(path), shared);
      } else if (!entry) {
        status = "MISS";
        const flight = pageCache.fill(key, scopesOf(path), shared);
        entry = await flight.result;
        if (flight.joined && !entry) {
          pageCache.stats.renders++;
          own = await render();
        }
        if (!entry) return sendUncached(req, res, own!.response, own!.body);
      }
      if (hotPages) hotPageCounter.count(key);
      const answer = cachedAnswer(req.method, req.headers, key, entry!, status);
      for (const [name, value] of answer.headers) res.setHeader(name, value);
      o.markDecided(res);
      res.status(answer.status);
      return res.end(answer.payload);
    } catch (err) {
      next(err);
    }
  };

  /**
   * The result-day path: an anonymous GET whose answer is already cached is written straight to
   * the socket, before Express and React Router are involved. Anything else (a miss, a changed
   * generation, a signed-in visitor) returns false and takes the middleware's path.
   */
  function answerHit(req: IncomingMessage, res: ServerResponse): boolean {
    if (!o.enabled || !ready) return false;
    const method = req.method ?? "GET";
    const url = req.url ?? "/";
    if ((method !== "GET" && method !== "HEAD") || url.length > 512) return false;
    const queryAt = url.indexOf("?");
    const path = queryAt < 0 ? url : url.slice(0, queryAt);
    if (!isCacheableRequest(method, path, req.headers.cookie)) return false;
    const generation = ready.generation.currentSync();
    if (generation === undefined || currentCacheKey(generation) !== pageCache.generation)
      return false;
    let key = url;
    if (queryAt >= 0) {
      const declared = queryParams.known(path);
      if (!declared) return false;
      key = canonicalRequestUrl(url, declared);
    }
    const entry = pageCache.get(key);
    if (!entry) return false;
    if (hotPages) hotPageCounter.count(key);

    const started = process.hrtime.bigint();
    const id = randomUUID();
    let status = entry.status;
    if (status === 200 && etagMatches(req.headers["if-none-match"], entry.etag)) {
      const answer = cachedAnswer(method, req.headers, key, entry, "HIT");
      status = answer.status;
      res.writeHead(status, [...staticHeaders, ...answer.headers, ["x-request-id", id]].flat());
      res.end();
    } else {
      const encoding = chooseEncoding(req.headers["accept-encoding"]);
      res.writeHead(status, hitHeaders(entry, encoding).concat("x-request-id", id));
      res.end(method === "HEAD" ? undefined : payloadOf(key, entry, encoding));
    }
    const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;
    const ip = clientAddress(
      req.socket.remoteAddress,
      req.headers["x-forwarded-for"],
      o.trustedProxies,
    );
    logCacheHit(id, method, path.slice(0, 300), status, ms, ip);
    return true;
  }

  /**
   * One hot page drawn into the cache, as the first visitor's request for it would have drawn it
   * (single flight with any request for it meanwhile). An address that is not a cacheable public
   * page is skipped; one that no longer answers a cacheable 200 (a page deleted since) is drawn and
   * not kept.
   */
  async function drawHotPage(url: string): Promise<void> {
    const queryAt = url.indexOf("?");
    const path = queryAt < 0 ? url : url.slice(0, queryAt);
    if (!mayBeHot(url) || !isCacheableRequest("GET", path, undefined)) return;
    const current = await cacheAtCurrentGeneration();
    const key = canonicalRequestUrl(url, queryParams.of(path));
    if (pageCache.has(key)) return;
    // Limits per visitor (searches) count warming as one visitor of its own.
    const headers = new Headers({
      host: o.baseHost,
      accept: "text/html",
      [CLIENT_ADDRESS_HEADER]: "hot-pages",
    });
    const nonce = randomBytes(16).toString("base64");
    const flight = pageCache.fill(key, scopesOf(path), async () => {
      const drawn = (await renderForCache(key, headers, nonce, current)).entry;
      if (drawn) pageCache.stats.warmed++;
      return drawn;
    });
    await flight.result;
  }

  /** At start: the pages this worker's last run kept, then the writes since (dropped or stale). */
  async function restore(db: DB): Promise<void> {
    const snapshot = o.snapshotFile && (await takeSnapshot(o.snapshotFile, o.build.assets.version));
    if (!snapshot) return;
    pageCache.generation = cacheGeneration(snapshot.content, snapshot.day);
    for (const [key, response, scopes] of snapshot.pages) pageCache.set(key, response, scopes);
    pageCache.stats.restored = pageCache.size;
    followChanges = followContentChanges(pageCache, db, snapshot);
    await cacheAtCurrentGeneration();
  }

  /** At shutdown: the fresh pages, for the next start of this worker with this build. */
  async function keep(): Promise<void> {
    // Not the cluster's preparing worker (it never warms): its empty cache over worker 0's file.
    if (!o.snapshotFile || !serving || pageCache.generation !== cacheKey.key) return;
    const pages = [...pageCache.fresh()];
    const { generation: content, day } = cacheKey;
    await saveSnapshot(o.snapshotFile, { build: o.build.assets.version, content, day, pages })
      .then(() => logger.info(`[page cache] kept ${pages.length} pages for the next start`))
      .catch((err: Error) => logger.warn(`[page cache] could not keep its pages: ${err.message}`));
  }

  return {
    answerHit,
    middleware,
    /** The database is open: hits may be answered, and the hot list is counted from now on. */
    start(sources: Sources): void {
      ready = sources;
      stopSharing = sharePages(pageCache, o.cluster);
      if (hotPages) startHotPages(sources.db, o.warmPages);
    },
    /**
     * Draw the hot list's pages into the page cache (after start(), before the server listens):
     * resolves once they are drawn or WARM_WAIT_MS has passed; the rest are drawn between
     * requests (docs/PERFORMANCE.md, "Warm after a restart").
     */
    async warm(): Promise<void> {
      if (!hotPages || !ready) return;
      const started = performance.now();
      serving = true;
      await restore(ready.db);
      let urls: string[];
      try {
        urls = await listHotPages(ready.db, o.warmPages);
      } catch (err) {
        // A start without warm pages is slower for a few seconds, not broken.
        return logger.warn(`[hot pages] could not read the hot list: ${(err as Error).message}`);
      }
      // In a cluster, this worker's share of the list first: the others send theirs.
      warming = await warmPages(
        shareOrder(urls, pageCache.redraws.mine),
        drawHotPage,
        o.warmWaitMs,
      );
      const { drawn, total } = warming;
      logger.info(
        `[hot pages] went through ${drawn} of ${total} hot pages in ${Math.round(performance.now() - started)} ms before taking requests${drawn < total ? "; the rest follow between requests" : ""}`,
      );
    },
    /** Stop drawing and counting, writing the last counts (at shutdown, before the database closes). */
    async stop(): Promise<void> {
      const db = ready?.db;
      ready = undefined;
      stopSharing();
      warming?.stop();
      await warming?.done;
      await keep();
      if (db && hotPages) await stopHotPages(db);
    },
  };
}

let shared: PageCache | undefined;

/**
 * The process's page cache (sized by PAGE_CACHE_MB), shared by the server and /healthz.
 *
 * The background brotli-11 upgrade is off: under `npm run bench -- --result-day --workers 2`
 * at 100,000 entries (26 Nov, 18:42 UTC) the editor-saving run fell to 319 req/s with it and
 * 6,506 without (the upgrades hold the libuv pool that DNS lookups and file reads share). It
 * stays in the class, tested, for a measured return.
 */
export function sharedPageCache(maxBytes: number): PageCache {
  return (shared ??= new PageCache(maxBytes, undefined, undefined, false));
}

/** How full the page cache is, for /healthz (undefined before the server made it). */
export function pageCacheStats() {
  if (!shared) return undefined;
  return {
    entries: shared.size,
    bytes: shared.bytes,
    plainBytes: shared.plainBytes,
    maxBytes: shared.maxBytes,
    percentFull: Math.round((shared.bytes / shared.maxBytes) * 1000) / 10,
    evictions: shared.evictions,
    ...shared.stats,
  };
}
