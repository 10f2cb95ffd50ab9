import path from "node:path";
import express from "express";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { nonceContext } from "~/lib/request-context.ts";
import { createPageCache } from "~/page-cache/index.ts";
import { CLIENT_ADDRESS_HEADER, clientAddress } from "~/platform/client-address.server.ts";
import { DATA_DIR, env } from "~/platform/env.server.ts";
import { closeServices } from "~/platform/services.server.ts";
import { startAlertWorker, stopAlertWorker } from "~/alerts/worker.server.ts";
import { startLinkMonitorOnce, stopLinkMonitor } from "~/link-monitor/monitor.server.ts";
import { pageCacheSources } from "./boot.ts";
import { remindersByPush } from "~/my-exams/reminders.server.ts";
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

/** CSP=0 turns the Content-Security-Policy header off (for debugging only). */
const cspEnabled = config.CSP;
const https = config.BASE_URL.startsWith("https://");
const renderToResponse = createRequestHandler(build, config.NODE_ENV);

/** Anonymous GETs of public pages: answered from memory (app/page-cache/). */
const pageCache = createPageCache({
  build,
  enabled: config.CACHE_PAGES,
  maxBytes: config.PAGE_CACHE_MB * 1024 * 1024,
  warmPages: config.WARM_PAGES,
  warmWaitMs: config.WARM_WAIT_MS,
  // Each worker keeps its pages across a restart in a file of its own (snapshot.server.ts).
  snapshotFile: path.join(DATA_DIR, "page-cache", `worker-${config.GOVJOBS_WORKER_SLOT ?? 0}.v8`),
  // A worker of the cluster shares its renders with the others (app/page-cache/share.server.ts).
  cluster:
    config.GOVJOBS_WORKER_SLOT === undefined
      ? undefined
      : { slot: config.GOVJOBS_WORKER_SLOT, workers: config.WEB_CONCURRENCY },
  baseHost: new URL(config.BASE_URL).host,
  trustedProxies: config.TRUSTED_PROXIES,
  sources: pageCacheSources,
  render: (request, nonce) => renderToResponse(request, loadContext(nonce)),
  cspFor: (scripts) => contentSecurityPolicy(scripts, https),
  staticHeaders: staticSecurityHeaders(https),
  noScriptCsp: cspEnabled ? contentSecurityPolicy([], https) : undefined,
  sendWhole,
  markDecided,
});

/** Open the database (migrating and seeding it) before the first request is accepted. */
export async function start(): Promise<void> {
  const ready = await pageCacheSources();
  // My exams' reminders go by the push channel (issue 28); alerts does not import My exams.
  startAlertWorker(ready.db, { push: remindersByPush });
  startLinkMonitorOnce(ready.db);
  pageCache.start(ready);
}

/**
 * Draw the hot list's pages into the page cache (http/serve.ts calls it after start(), before it
 * listens): resolves within WARM_WAIT_MS.
 */
export const warm = (): Promise<void> => pageCache.warm();

/** Close the database, the LISTEN client and the timers: at shutdown, after the last response. */
export async function stop(): Promise<void> {
  await pageCache.stop();
  await stopAlertWorker();
  await stopLinkMonitor();
  await closeServices();
}

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

/** A dot segment (".", "..", or either percent-encoded) or an empty one ("//") in a path. */
const ODD_SEGMENT = /\/(?:\.|%2e){1,2}(?=\/|$)|\/\/|\\/i;

/** The path with its dot segments resolved and its empty segments dropped, as a browser would. */
function normalPath(path: string): string {
  // One leading slash first: "//evil.example" must not be read as another host.
  const resolved = new URL(path.replace(/^[/\\]+/, "/"), "http://localhost").pathname;
  return resolved.replace(/\/{2,}/g, "/");
}

// One address per page. "/jobs/" and "/jobs" are one page: the slash form answers 301 to the other,
// query kept, so search engines see one address and the cache keeps one copy. So are
// "/jobs/../results", "/./results" and "/results//": dot segments and empty segments answer 301 to
// the path they mean, before the page cache, which would otherwise draw and keep a copy of the
// same page under every spelling an attacker cares to send. Leading slashes collapse to one, so
// "//evil.example/" cannot become a protocol-relative redirect to another site.
app.use((req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const queryAt = req.originalUrl.indexOf("?");
  const path = queryAt < 0 ? req.originalUrl : req.originalUrl.slice(0, queryAt);
  if (path.length < 2 || path.startsWith("/api/")) return next();
  const odd = ODD_SEGMENT.test(path);
  if (!odd && !path.endsWith("/")) return next();
  const clean = (odd ? normalPath(path) : path).replace(/^[/\\]+/, "/").replace(/(?<=.)\/+$/, "");
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
app.use(pageCache.middleware);

// Everything else (admin, writes, signed-in visitors) goes straight to React Router.
app.use(reactRouterHandler(renderToResponse, getLoadContext));
app.use(errorPage);

/**
 * The result-day path (http/serve.ts): an anonymous GET whose answer is already cached is written
 * straight to the socket, before Express and React Router are involved; false for anything else.
 */
export const tryCacheHit = pageCache.answerHit;
