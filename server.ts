// The process entry: checks the configuration, the places it names and the port, then serves the
// app (http/serve.ts) in this process, or, in production with WEB_CONCURRENCY above 1, becomes
// the cluster's primary (http/cluster.ts), which forks that many workers that each serve it.
// Anything that stops the start is one line on stderr and exit code 1, never a stack trace. Run by
// Node 24 directly: type annotations only, no TS-only syntax.
import cluster from "node:cluster";
import { DATA_DIR, givenSetting, parseEnv } from "./app/platform/env.server.ts";
import {
  checkBuild,
  checkDatabaseLocation,
  checkDataDir,
  printFatal,
  refuseTakenPort,
  startupMessage,
} from "./http/startup.ts";

function stop(err: unknown): never {
  printFatal(startupMessage(err));
  process.exit(1);
}

let config;
try {
  checkDataDir(DATA_DIR, { AUTH_SECRET: givenSetting("AUTH_SECRET") });
  // Also creates data/auth-secret when it is missing, before any worker is forked.
  config = parseEnv();
  // The primary (or the one process) checks before it opens, forks or writes anything; the
  // workers it forks find all of it done.
  if (!cluster.isWorker) {
    await refuseTakenPort(config.HOST, config.PORT);
    checkDatabaseLocation(config.DATABASE_URL, givenSetting("DATABASE_URL"));
    if (config.NODE_ENV === "production") checkBuild(config.BUILD_DIR);
  }
} catch (err) {
  stop(err);
}

const clustered = config.NODE_ENV === "production" && config.WEB_CONCURRENCY > 1;
try {
  if (clustered && cluster.isPrimary) {
    const { runPrimary } = await import("./http/cluster.ts");
    runPrimary(config);
  } else if (cluster.isWorker && config.GOVJOBS_PREPARE) {
    const { prepareDatabase } = await import("./http/cluster.ts");
    await prepareDatabase(config.BUILD_DIR);
  } else {
    await import("./http/serve.ts");
  }
} catch (err) {
  stop(err);
}
