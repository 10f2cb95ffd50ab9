// The process entry: checks the configuration, then serves the app (server/serve.ts) in this
// process, or, in production with WEB_CONCURRENCY above 1, becomes the cluster's primary
// (server/cluster.ts), which forks that many workers that each serve it. Run by Node 24 directly:
// type annotations only, no TS-only syntax.
import cluster from "node:cluster";
import { ConfigError, parseEnv } from "./app/server/env.server.ts";

let config;
try {
  // Also creates data/auth-secret when it is missing, before any worker is forked.
  config = parseEnv();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const clustered = config.NODE_ENV === "production" && config.WEB_CONCURRENCY > 1;
if (clustered && cluster.isPrimary) {
  const { runPrimary } = await import("./server/cluster.ts");
  runPrimary(config);
} else if (cluster.isWorker && process.env.GOVJOBS_PREPARE === "1") {
  const { prepareDatabase } = await import("./server/cluster.ts");
  await prepareDatabase();
} else {
  await import("./server/serve.ts");
}
