// The process entry: checks the configuration, then serves the app (through Vite in development,
// from build/ in production). Run by Node 24 directly: type annotations only, no TS-only syntax.
import http from "node:http";
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
  tryCacheHit?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
};
let fastPath: AppModule["tryCacheHit"];

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
  } catch (err) {
    // A database that cannot be reached or migrated is a one-line message, not a stack trace.
    console.error(`Cannot start govjobs: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}

// Cached public pages are answered before Express sees the request (production only).
const listener = http.createServer((req, res) => {
  if (fastPath?.(req, res)) return;
  server(req, res);
});
listener.listen(config.PORT, config.HOST, () => {
  console.log(
    `govjobs listening on http://localhost:${config.PORT} (${production ? "production" : "development"})`,
  );
});

// Finish the requests in flight, then leave.
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    listener.close(() => process.exit(0));
    listener.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  });
}
