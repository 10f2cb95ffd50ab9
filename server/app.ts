import { createRequestHandler as createExpressHandler } from "@react-router/express";
import express from "express";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { nonceContext } from "~/request-context.ts";
import { env } from "~/server/env.server.ts";
import {
  buildCachedResponse,
  chooseEncoding,
  etagMatches,
  isCacheableRequest,
  isCacheableResponse,
  PageCache,
} from "~/server/page-cache.server.ts";
import { services } from "~/server/services.server.ts";
import { bodyLimit, errorPage, requestLog } from "./request-log.ts";
import { contentSecurityPolicy, securityHeaders } from "./security-headers.ts";

const config = env();
const loadBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;

/** Open the database (migrating and seeding it) before the first request is accepted. */
export async function start(): Promise<void> {
  await services();
}

export const pageCache = new PageCache();
/** CACHE_PAGES=0 turns the page cache off (the benchmark measures both). */
const cacheEnabled = process.env.CACHE_PAGES !== "0";
/** CSP=0 turns the Content-Security-Policy header off (for debugging only). */
const cspEnabled = process.env.CSP !== "0";
/** Header of a trusted reverse proxy that carries the visitor's address (e.g. X-Forwarded-For). */
const trustedIpHeader = process.env.TRUSTED_IP_HEADER?.toLowerCase();

function getLoadContext(_req: express.Request, res: express.Response) {
  const context = new RouterContextProvider();
  context.set(nonceContext, String(res.locals.nonce ?? ""));
  return context;
}

export const app = express();
app.disable("x-powered-by");
app.use(requestLog);
app.use(bodyLimit);
const https = config.BASE_URL.startsWith("https://");
app.use(securityHeaders({ https, csp: cspEnabled }));

// The visitor's address for rate limits: the socket's, or a configured proxy header. Whatever a
// visitor sent in our own header is overwritten, so nobody can choose their own address.
app.use((req, _res, next) => {
  const forwarded = trustedIpHeader
    ? String(req.headers[trustedIpHeader] ?? "")
        .split(",")[0]
        .trim()
    : "";
  req.headers["x-govjobs-client-ip"] = forwarded || req.socket.remoteAddress || "unknown";
  next();
});

// A write must come from this site. React Router checks the Origin of a page's action, but not of
// a resource route's (sign-out), nor a request without Origin: those are judged here by Origin,
// then Referer, and the browser's Fetch Metadata (OWASP CSRF prevention).
app.use((req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
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
const renderToResponse = createRequestHandler(loadBuild, process.env.NODE_ENV);
const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

app.use(async (req, res, next) => {
  if (!cacheEnabled || !isCacheableRequest(req.method, req.path, req.headers.cookie)) return next();
  try {
    const { generation } = await services();
    // Pages show "NEW" and "Closed" relative to today (India time), so a new day is a new
    // generation too, even when nobody has written anything.
    const current = `${await generation.current()}-${new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10)}`;
    if (current !== pageCache.generation) pageCache.clear(current);
    const key = req.originalUrl.length <= 512 ? req.originalUrl : undefined;
    if (!key) return next();
    let entry = pageCache.get(key);
    let status = "HIT";
    if (!entry) {
      status = "MISS";
      const url = new URL(req.originalUrl, `http://${req.headers.host ?? "localhost"}`);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === "string" && name !== "cookie") headers.set(name, value);
      }
      const response = await renderToResponse(
        new Request(url, { method: "GET", headers }),
        getLoadContext(req, res),
      );
      const body = Buffer.from(await response.arrayBuffer());
      if (!isCacheableResponse(response.status, response.headers)) {
        return sendUncached(res, response, body);
      }
      if (!response.headers.has("cache-control"))
        response.headers.set("cache-control", PUBLIC_CACHE_CONTROL);
      entry = buildCachedResponse(response.status, response.headers, body, current, (scripts) =>
        contentSecurityPolicy(scripts, https),
      );
      // Only store what was rendered for the generation that is still current.
      if (pageCache.generation === current) pageCache.set(key, entry);
    }
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("ETag", entry.etag);
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("X-Cache", status);
    if (entry.csp && cspEnabled) res.setHeader("Content-Security-Policy", entry.csp);
    if (entry.status === 200 && etagMatches(req.headers["if-none-match"], entry.etag)) {
      return res.status(304).end();
    }
    const encoding = chooseEncoding(req.headers["accept-encoding"]);
    const payload = encoding === "br" ? entry.br : encoding === "gzip" ? entry.gzip : entry.body;
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", payload.length);
    res.status(entry.status);
    return req.method === "HEAD" ? res.end() : res.end(payload);
  } catch (err) {
    next(err);
  }
});

function sendUncached(res: express.Response, response: Response, body: Buffer) {
  res.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== "content-length" && name !== "set-cookie") res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader("Set-Cookie", cookies);
  res.setHeader("X-Cache", "BYPASS");
  res.end(body);
}

// Everything else (admin, writes, signed-in visitors) goes straight to React Router.
app.use(createExpressHandler({ build: loadBuild, getLoadContext }));
app.use(errorPage);
