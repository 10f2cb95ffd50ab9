import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import express from "express";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { todayInIndia } from "~/lib/india-date.ts";
import { nonceContext } from "~/request-context.ts";
import { cacheGeneration, followContentChanges } from "~/page-cache/index.ts";
import { etagMatches } from "~/page-cache/index.ts";
import { CLIENT_ADDRESS_HEADER, clientAddress } from "~/server/client-address.server.ts";
import { env } from "~/server/env.server.ts";
import {
  buildCachedResponse,
  chooseEncoding,
  isCacheableRequest,
  isCacheableResponse,
  sharedPageCache,
  type CachedResponse,
} from "~/page-cache/index.ts";
import { logCacheHit, logger } from "~/server/logger.server.ts";
import {
  hotPageCounter,
  listHotPages,
  mayBeHot,
  startHotPages,
  stopHotPages,
  warmPages,
  type Warming,
} from "~/page-cache/index.ts";
import { closeServices, services, type Services } from "~/server/services.server.ts";
import { startAlertWorker, stopAlertWorker } from "~/server/alerts/worker.server.ts";
import { startLinkMonitorOnce, stopLinkMonitor } from "~/link-monitor/monitor.server.ts";
import { canonicalRequestUrl, routeCacheScopes, routeQueryParams } from "~/page-cache/index.ts";
import { cachedAnswers } from "~/page-cache/index.ts";
import { reactRouterHandler } from "./react-router-bridge.ts";
import { markDecided, sendWhole } from "./whole-body.ts";
import { privateResponses } from "./private-responses.ts";
import { bodyLimit, errorPage, requestLog } from "./request-log.ts";
import {
  contentSecurityPolicy,
  securityHeaders,
  staticSecurityHeaders,
} from "./security-headers.ts";

const config = env();
// The build as an object, not a loader function: given a function, React Router re-derives its
// route tables (createStaticHandler, flattenRoutes) on every request.
const build = (await import("virtual:react-router/server-build")) as ServerBuild;

let ready: Services | undefined;
/** The hot list: counted as pages are served, drawn at start (WARM_PAGES=0: neither). */
const hotPages = config.WARM_PAGES > 0 && config.CACHE_PAGES;
let warming: Warming | undefined;

/** Open the database (migrating and seeding it) before the first request is accepted. */
export async function start(): Promise<void> {
  ready = await services();
  startAlertWorker(ready.db);
  startLinkMonitorOnce(ready.db);
  if (hotPages) startHotPages(ready.db, config.WARM_PAGES);
}

/**
 * Draw the hot list's pages into the page cache (server/serve.ts calls it after start(), before it
 * listens): resolves once they are drawn or WARM_WAIT_MS has passed; the rest are drawn between
 * requests (docs/PERFORMANCE.md, "Warm after a restart").
 */
export async function warm(): Promise<void> {
  if (!hotPages || !ready) return;
  const started = performance.now();
  let urls: string[];
  try {
    urls = await listHotPages(ready.db, config.WARM_PAGES);
  } catch (err) {
    // A start without warm pages is slower for a few seconds, not broken.
    return logger.warn(`[hot pages] could not read the hot list: ${(err as Error).message}`);
  }
  warming = await warmPages(urls, drawHotPage, config.WARM_WAIT_MS);
  const { drawn, total } = warming;
  logger.info(
    `[hot pages] went through ${drawn} of ${total} hot pages in ${Math.round(performance.now() - started)} ms before taking requests${drawn < total ? "; the rest follow between requests" : ""}`,
  );
}

/** Close the database, the LISTEN client and the timers: at shutdown, after the last response. */
export async function stop(): Promise<void> {
  const db = ready?.db;
  ready = undefined;
  warming?.stop();
  await warming?.done;
  if (db && hotPages) await stopHotPages(db);
  await stopAlertWorker();
  await stopLinkMonitor();
  await closeServices();
}

export const pageCache = sharedPageCache(config.PAGE_CACHE_MB * 1024 * 1024);
const queryParams = routeQueryParams(build);
const scopesOf = routeCacheScopes(build);
/** Moves the page cache to a new generation, dropping only what the writes in between changed. */
let followChanges: ReturnType<typeof followContentChanges> | undefined;
/** CACHE_PAGES=0 turns the page cache off (the benchmark measures both). */
const cacheEnabled = config.CACHE_PAGES;
/** CSP=0 turns the Content-Security-Policy header off (for debugging only). */
const cspEnabled = config.CSP;

function getLoadContext(_req: express.Request, res: express.Response) {
  return loadContext(String(res.locals.nonce ?? ""));
}

function loadContext(nonce: string) {
  const context = new RouterContextProvider();
  context.set(nonceContext, nonce);
  return context;
}

export const app = express();
app.disable("x-powered-by");
app.use(requestLog);
app.use(privateResponses);
app.use(bodyLimit);
const https = config.BASE_URL.startsWith("https://");
app.use(securityHeaders({ https, csp: cspEnabled }));

// The visitor's address for limiters and logs, from the socket or the trusted proxies' chain.
// Whatever a visitor sent in our own header is overwritten, so nobody can choose their address.
app.use((req, _res, next) => {
  req.headers[CLIENT_ADDRESS_HEADER] = clientAddress(
    req.socket.remoteAddress,
    req.headers["x-forwarded-for"],
    config.TRUSTED_PROXIES,
  );
  next();
});

// "/jobs/" and "/jobs" are one page: the slash form answers 301 to the other, query kept, so search
// engines see one address and the cache keeps one copy. Leading slashes collapse to one, so
// "//evil.example/" cannot become a protocol-relative redirect to another site.
app.use((req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const queryAt = req.originalUrl.indexOf("?");
  const path = queryAt < 0 ? req.originalUrl : req.originalUrl.slice(0, queryAt);
  if (path.length < 2 || !path.endsWith("/") || path.startsWith("/api/")) return next();
  const clean = "/" + path.replace(/^[/\\]+/, "").replace(/\/+$/, "");
  res.redirect(301, clean + (queryAt < 0 ? "" : req.originalUrl.slice(queryAt)));
});

const ONE_CLICK_UNSUBSCRIBE = /^\/alerts\/unsubscribe\/one-click$/;

// A write must come from this site. React Router checks the Origin of a page's action, but not of
// a resource route's (sign-out), nor a request without Origin: those are judged here by Origin,
// then Referer, and the browser's Fetch Metadata (OWASP CSRF prevention).
app.use((req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  // RFC 8058 one-click unsubscribe: the mail provider posts cross-site, without cookies; the
  // signed token in the URL is the authority, and all it can do is stop that subscriber's alerts.
  if (req.method === "POST" && ONE_CLICK_UNSUBSCRIBE.test(req.path)) return next();
  const source = req.headers.origin ?? req.headers.referer;
  let foreign = req.headers["sec-fetch-site"] === "cross-site";
  if (source && !foreign) {
    try {
      const from = new URL(source);
      foreign = from.host !== req.headers.host && from.origin !== new URL(config.BASE_URL).origin;
    } catch {
      // "null" (a sandboxed or privacy-stripped page) or garbage: not provably this site.
      foreign = true;
    }
  }
  if (!foreign) return next();
  res.status(403).type("text/plain").send("Forbidden: this form was sent from another site.");
});

// Public pages for anonymous visitors: served from memory, revalidated by ETag, CDN-cacheable.
const renderToResponse = createRequestHandler(build, config.NODE_ENV);
const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

app.use(async (req, res, next) => {
  if (!cacheEnabled || !isCacheableRequest(req.method, req.path, req.headers.cookie)) return next();
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
    markDecided(res);
    res.status(answer.status);
    return res.end(answer.payload);
  } catch (err) {
    next(err);
  }
});

/**
 * Brings the page cache to the content's current generation, dropping only what the writes in
 * between changed; returns the generation's key. Pages show "NEW" and "Closed" relative to today
 * (India time), so a new day is a new generation too, even when nobody has written anything.
 */
async function cacheAtCurrentGeneration(): Promise<string> {
  const { generation, db } = await services();
  const content = await generation.current();
  const current = currentCacheKey(content);
  if (current !== pageCache.generation) {
    followChanges ??= followContentChanges(pageCache, db);
    await followChanges(content, cacheKey.day);
  }
  return current;
}

/** A page drawn for the cache: the response, and the entry to keep when it may be kept. */
interface Rendered {
  response: Response;
  body: Buffer;
  entry?: CachedResponse;
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
  const response = await renderToResponse(
    new Request(url, { method: "GET", headers }),
    loadContext(nonce),
  );
  const body = Buffer.from(await response.arrayBuffer());
  if (!isCacheableResponse(response.status, response.headers)) return { response, body };
  if (!response.headers.has("cache-control"))
    response.headers.set("cache-control", PUBLIC_CACHE_CONTROL);
  const entry = buildCachedResponse(response.status, response.headers, body, generation, (s) =>
    contentSecurityPolicy(s, https),
  );
  return { response, body, entry };
}

const BASE_HOST = new URL(config.BASE_URL).host;

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
    host: BASE_HOST,
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
  sendWhole(req, res, body);
}

// Everything else (admin, writes, signed-in visitors) goes straight to React Router.
app.use(reactRouterHandler(renderToResponse, getLoadContext));
app.use(errorPage);

const { cachedAnswer, hitHeaders, payloadOf, staticHeaders } = cachedAnswers({
  staticHeaders: staticSecurityHeaders(https),
  noScriptCsp: cspEnabled ? contentSecurityPolicy([], https) : undefined,
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
 * The result-day path: an anonymous GET whose answer is already cached is written straight to the
 * socket, before Express and React Router are involved. Anything else (a miss, a changed
 * generation, a signed-in visitor) returns false and takes the ordinary path above.
 */
export function tryCacheHit(req: IncomingMessage, res: ServerResponse): boolean {
  if (!cacheEnabled || !ready) return false;
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
    config.TRUSTED_PROXIES,
  );
  logCacheHit(id, method, path.slice(0, 300), status, ms, ip);
  return true;
}
