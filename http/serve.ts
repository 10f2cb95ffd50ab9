// One process's HTTP server: the request-line check, the cache-hit fast path, static files, the app
// (through Vite in development, from the build in production) and the graceful shutdown. server.ts
// runs it alone (WEB_CONCURRENCY=1, development) or in each cluster worker. Run by Node 24 directly:
// type annotations only, no TS-only syntax.
import cluster from "node:cluster";
import http from "node:http";
import net from "node:net";
import express from "express";
import { claimSqliteDatabase } from "../app/platform/backup.server.ts";
import { env } from "../app/platform/env.server.ts";
import { processLog } from "../app/platform/logger.server.ts";
import { checkRequestLine, refuse, refuseConnect } from "./request-line.ts";
import { staticSecurityHeaders } from "./security-headers.ts";
import { listenProblem, printFatal } from "./startup.ts";
import { staticFiles } from "./static-files.ts";
import { compressionMiddleware } from "./whole-body.ts";

const config = env();
/** Clustered, each worker's lines say which process wrote them. */
const tag = cluster.isWorker ? `[govjobs ${process.pid}]` : "[govjobs]";
/** For tests of the cluster: every response says which worker answered it. */
const workerHeader = config.WORKER_PID_HEADER ? String(process.pid) : undefined;
const production = config.NODE_ENV === "production";
const server = express();
server.disable("x-powered-by");
server.use(compressionMiddleware());

type AppModule = {
  app: express.Express;
  start(): Promise<void>;
  /** Draws the hot pages into the page cache; resolves within WARM_WAIT_MS. */
  warm?: () => Promise<void>;
  stop(): Promise<void>;
  tryCacheHit?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
};
let fastPath: AppModule["tryCacheHit"];
let stopApp: AppModule["stop"] | undefined;

/** After SIGTERM: the responses still to be written say Connection: close. */
let stopping = false;
/** Requests handed to Express and not yet answered (a cache hit is answered before it returns). */
const unanswered = new Set<http.ServerResponse>();
/** Connections accepted so far: shutdown watches it to see the kernel's queue run empty. */
let accepted = 0;
/** The headers of every response, for the few answered before the app (security-headers.ts). */
const edgeHeaders = staticSecurityHeaders(config.BASE_URL.startsWith("https://"));

// A request line the site does not serve (a method, a target that is not a path of ours, a bad
// Host) is answered first; cached public pages next, before Express sees the request.
const listener = http.createServer((req, res) => {
  if (stopping) res.setHeader("Connection", "close");
  if (workerHeader) res.setHeader("X-Worker-Pid", workerHeader);
  const refusal = checkRequestLine(req);
  if (refusal) return refuse(req, res, refusal, edgeHeaders);
  if (fastPath?.(req, res)) return;
  unanswered.add(res);
  res.once("close", () => unanswered.delete(res));
  server(req, res);
});
listener.on("connect", (_req, socket) => refuseConnect(socket));
listener.on("connection", () => accepted++);

if (production) {
  const buildDir = config.BUILD_DIR;
  const mod: AppModule = await import(
    new URL(`../${buildDir}/server/index.js`, import.meta.url).href
  );
  await startOrExit(mod);
  // Readiness (listening, hence /healthz) waits for the hot pages at most WARM_WAIT_MS.
  await mod.warm?.();
  fastPath = mod.tryCacheHit;
  server.use(staticFiles(buildDir));
  server.use(mod.app);
} else {
  const vite = await import("vite");
  // Hot reload's WebSocket goes through this server's own port (Vite's default, 24678, would be
  // one port for every dev server on the machine).
  const viteServer = await vite.createServer({
    server: { middlewareMode: true, hmr: { server: listener } },
  });
  server.use(viteServer.middlewares);
  const mod = (await viteServer.ssrLoadModule("./http/app.ts")) as AppModule;
  await startOrExit(mod);
  server.use(async (req, res, next) => {
    try {
      const fresh = (await viteServer.ssrLoadModule("./http/app.ts")) as AppModule;
      fresh.app(req, res, next);
    } catch (error) {
      if (error instanceof Error) viteServer.ssrFixStacktrace(error);
      next(error);
    }
  });
}

async function startOrExit(mod: AppModule) {
  try {
    await mod.start();
    stopApp = mod.stop;
  } catch (err) {
    // A database that cannot be reached or migrated is a one-line message, not a stack trace.
    printFatal(`Cannot start govjobs: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}

// A port in use or not ours to bind is a one-line message, not a stack trace.
listener.once("error", (err: NodeJS.ErrnoException) => {
  printFatal(`Cannot start govjobs: ${listenProblem(err, config.HOST, config.PORT)}`);
  process.exit(1);
});
/** Takes the SQLite pid file's mark back at shutdown; set once this server listens. */
let release = () => {};
listener.listen(config.PORT, config.HOST, () => {
  // `npm run restore` names the server using the database: this one, now that it serves, so a
  // start that fails never marks (or unmarks) anything. In a cluster the primary names itself.
  if (config.DATABASE_URL.dialect === "sqlite")
    release = claimSqliteDatabase(config.DATABASE_URL.file);
  processLog.info(
    cluster.isWorker
      ? `${tag} worker listening`
      : `govjobs listening on http://localhost:${config.PORT} (${production ? "production" : "development"})`,
  );
});

/** Past this, shutdown gives up on the requests still open and exits with code 1. */
const SHUTDOWN_DEADLINE_MS = 10_000;
/** How long shutdown goes on accepting the connections that were queued before the signal. */
const ACCEPT_QUEUE_DRAIN_MS = 1_000;

/**
 * Stop accepting connections, let the requests in flight finish, then close the database, the
 * LISTEN client and the timers, and exit 0. Idle connections are closed at once; a busy one is
 * told Connection: close with its response, so its client does not send another request down a
 * socket that is about to close.
 */
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  setTimeout(() => {
    processLog.error(
      `${tag} shutdown took longer than ${SHUTDOWN_DEADLINE_MS / 1000} s (${unanswered.size} request(s) still open): exiting without closing the database`,
    );
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS);
  for (const res of unanswered) if (!res.headersSent) res.setHeader("Connection", "close");
  // A request sent before the signal is in flight too, though a busy server may not have read it:
  // Node accepts one connection per turn of the event loop, so under load the kernel holds a queue
  // of them, which closing the port would reset. Accept until a turn brings none (within a
  // bound), close the port, give the last ones a turn to be read, and only then is a connection
  // without a request idle. (http's own close() would close those idle ones at once.)
  const drainUntil = Date.now() + ACCEPT_QUEUE_DRAIN_MS;
  await nextTurn(); // out of the poll phase the signal came in: from here on each turn polls
  for (let before = -1; accepted !== before && Date.now() < drainUntil;) {
    before = accepted;
    await nextTurn();
  }
  const closed = new Promise((resolve) => net.Server.prototype.close.call(listener, resolve));
  processLog.info(`${tag} ${signal}: no longer accepting connections`);
  await nextTurn();
  listener.closeIdleConnections();
  processLog.info(`${tag} finishing ${unanswered.size} request(s) in flight`);
  await closed;
  try {
    await stopApp?.();
    release();
  } catch (err) {
    processLog.error(
      `${tag} could not close the database: ${err instanceof Error ? err.message : String(err)}`,
    );
    process.exit(1);
  }
  processLog.info(`${tag} all requests answered; closed the database; exiting`);
  process.exit(0);
}

function nextTurn() {
  return new Promise((resolve) => setImmediate(resolve));
}

// A worker may hear a signal twice (Ctrl-C reaches the whole process group, and the primary
// passes it on): the second must not end the drain the first began.
for (const signal of ["SIGTERM", "SIGINT"] as const)
  if (cluster.isWorker) process.on(signal, () => void shutdown(signal));
  else process.once(signal, () => void shutdown(signal));
