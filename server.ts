// The process entry: checks the configuration, then serves the app (through Vite in development,
// from build/ in production). Run by Node 24 directly: type annotations only, no TS-only syntax.
import http from "node:http";
import net from "node:net";
import compression from "compression";
import express from "express";
import { ConfigError, parseEnv } from "./app/server/env.server.ts";
import { staticFiles } from "./server/static-files.ts";

let config;
try {
  config = parseEnv();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const production = config.NODE_ENV === "production";
const server = express();
server.disable("x-powered-by");
server.use(compression());

type AppModule = {
  app: express.Express;
  start(): Promise<void>;
  stop(): Promise<void>;
  tryCacheHit?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
};
let fastPath: AppModule["tryCacheHit"];
let stopApp: AppModule["stop"] | undefined;

if (production) {
  const buildDir = process.env.BUILD_DIR ?? "build";
  const mod: AppModule = await import(
    new URL(`./${buildDir}/server/index.js`, import.meta.url).href
  );
  await startOrExit(mod);
  fastPath = mod.tryCacheHit;
  server.use(staticFiles(buildDir));
  server.use(mod.app);
} else {
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  server.use(viteServer.middlewares);
  const mod = (await viteServer.ssrLoadModule("./server/app.ts")) as AppModule;
  await startOrExit(mod);
  server.use(async (req, res, next) => {
    try {
      const fresh = (await viteServer.ssrLoadModule("./server/app.ts")) as AppModule;
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
    console.error(`Cannot start govjobs: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}

/** After SIGTERM: the responses still to be written say Connection: close. */
let stopping = false;
/** Requests handed to Express and not yet answered (a cache hit is answered before it returns). */
const unanswered = new Set<http.ServerResponse>();
/** Connections accepted so far: shutdown watches it to see the kernel's queue run empty. */
let accepted = 0;

// Cached public pages are answered before Express sees the request (production only).
const listener = http.createServer((req, res) => {
  if (stopping) res.setHeader("Connection", "close");
  if (fastPath?.(req, res)) return;
  unanswered.add(res);
  res.once("close", () => unanswered.delete(res));
  server(req, res);
});
listener.on("connection", () => accepted++);
// A port in use or not ours to bind is a one-line message, not a stack trace.
listener.once("error", (err: NodeJS.ErrnoException) => {
  const where = `${config.HOST}:${config.PORT}`;
  if (err.code === "EADDRINUSE")
    console.error(
      `Cannot start govjobs: port ${config.PORT} is in use (${where}). Set PORT to a free port.`,
    );
  else if (err.code === "EACCES")
    console.error(
      `Cannot start govjobs: no permission to listen on ${where}. Use a port above 1024.`,
    );
  else console.error(`Cannot start govjobs: ${err.message}`);
  process.exit(1);
});
listener.listen(config.PORT, config.HOST, () => {
  console.log(
    `govjobs listening on http://localhost:${config.PORT} (${production ? "production" : "development"})`,
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
    console.error(
      `[govjobs] shutdown took longer than ${SHUTDOWN_DEADLINE_MS / 1000} s (${unanswered.size} request(s) still open): exiting without closing the database`,
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
  console.log(`[govjobs] ${signal}: no longer accepting connections`);
  await nextTurn();
  listener.closeIdleConnections();
  console.log(`[govjobs] finishing ${unanswered.size} request(s) in flight`);
  await closed;
  try {
    await stopApp?.();
  } catch (err) {
    console.error(
      `[govjobs] could not close the database: ${err instanceof Error ? err.message : String(err)}`,
    );
    process.exit(1);
  }
  console.log("[govjobs] all requests answered; closed the database; exiting");
  process.exit(0);
}

function nextTurn() {
  return new Promise((resolve) => setImmediate(resolve));
}

for (const signal of ["SIGTERM", "SIGINT"] as const)
  process.once(signal, () => void shutdown(signal));
