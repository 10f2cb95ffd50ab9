// The cluster's primary (WEB_CONCURRENCY above 1 in production): it has the once-only work done,
// forks the workers that serve (http/serve.ts), replaces a worker that dies, and on SIGTERM or
// SIGINT has every worker drain before it exits. It never loads the app's build itself, so it
// stays small. Run by Node 24 directly: type annotations only, no TS-only syntax.
import cluster, { type Worker } from "node:cluster";
import { claimSqliteDatabase } from "../app/platform/backup.server.ts";
import { isForPeers } from "../app/platform/cluster-peers.server.ts";
import type { Env } from "../app/platform/env.server.ts";
import { processLog } from "../app/platform/logger.server.ts";
import { printFatal } from "./startup.ts";

/** The workers give up on a slow drain after 10 s (serve.ts); the primary waits a little longer. */
const SHUTDOWN_DEADLINE_MS = 12_000;
/** A worker that dies this soon after it was forked counts as a failed start (boots are slow). */
const QUICK_DEATH_MS = 30_000;
/** This many failed starts within the window stop the whole server rather than fork in a loop. */
const MAX_QUICK_DEATHS = 5;
const QUICK_DEATH_WINDOW_MS = 120_000;

/**
 * The once-only work, in a worker of its own before the serving ones start: the app's start()
 * migrates the database and seeds the demo content (SEED_DEMO=1), then it is closed again. The
 * serving workers, started after it with SEED_DEMO off, find nothing left to do.
 */
export async function prepareDatabase(buildDir: string): Promise<never> {
  try {
    const app: { start(): Promise<void>; stop(): Promise<void> } = await import(
      new URL(`../${buildDir}/server/index.js`, import.meta.url).href
    );
    await app.start();
    await app.stop();
  } catch (err) {
    // A database that cannot be reached or migrated is a one-line message, not a stack trace.
    printFatal(`Cannot start govjobs: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
  process.exit(0);
}

/** Become the primary of `config.WEB_CONCURRENCY` workers. Exits the process when they are done. */
export function runPrimary(config: Env): void {
  const tag = `[govjobs primary ${process.pid}]`;
  /** Takes the pid file's mark back; set when the first worker listens (see below). */
  let release = () => {};
  const live = new Set<Worker>();
  /** The workers that have started serving (a worker stopped before that had nothing to drain). */
  const listening = new WeakSet<Worker>();
  const pendingForks = new Set<NodeJS.Timeout>();
  let stopping = false;
  let exitCode = 0;
  /** Whether any worker has listened yet: a worker that fails before that is a failed start. */
  let served = false;
  let quickDeaths: number[] = [];

  const finish = () => {
    release();
    process.exit(exitCode);
  };

  const stop = (signal: NodeJS.Signals, code: number) => {
    exitCode = Math.max(exitCode, code);
    if (stopping) return;
    stopping = true;
    for (const timer of pendingForks) clearTimeout(timer);
    if (live.size === 0) return finish();
    for (const worker of live) worker.process.kill(signal);
    setTimeout(() => {
      processLog.error(
        `${tag} ${live.size} worker(s) still running ${SHUTDOWN_DEADLINE_MS / 1000} s after ${signal}: killing them`,
      );
      for (const worker of live) worker.process.kill("SIGKILL");
      exitCode = 1;
      finish();
    }, SHUTDOWN_DEADLINE_MS).unref();
  };

  type OnExit = (worker: Worker, how: string, code: number | null) => void;
  const fork = (env: Record<string, string>, onExit: OnExit) => {
    const worker = cluster.fork(env);
    live.add(worker);
    worker.once("exit", (code, signal) => {
      live.delete(worker);
      // A worker that stopped with an error while draining makes the whole stop an error.
      if (stopping) {
        if (code !== 0 && !(signal && !listening.has(worker))) exitCode = 1;
        if (live.size === 0) finish();
        return;
      }
      onExit(worker, signal ? `was killed by ${signal}` : `exited with code ${code}`, code);
    });
    worker.once("listening", () => listening.add(worker));
    return worker;
  };

  /** The serving workers: what one sends for its peers goes on to the others. */
  const serving = new Set<Worker>();
  const relay = (from: Worker, message: object) => {
    if (!isForPeers(message)) return;
    for (const peer of serving)
      if (peer !== from && peer.isConnected()) peer.send(message, undefined, () => {});
  };

  // Worker `slot` (0 … WEB_CONCURRENCY - 1) draws its share of the pages the workers share; a
  // worker that replaces a dead one takes its slot.
  const startWorker = (slot: number) => {
    const forkedAt = Date.now();
    const worker = fork(
      { SEED_DEMO: "0", GOVJOBS_WORKER_SLOT: String(slot) },
      (dead, how, code) => {
        if (!served) {
          // Exit code 1 has printed its own line (a port in use, a database that cannot be reached).
          if (code !== 1)
            printFatal(`Cannot start govjobs: worker ${dead.process.pid} ${how} while starting`);
          return stop("SIGTERM", 1);
        }
        const now = Date.now();
        if (now - forkedAt < QUICK_DEATH_MS) quickDeaths.push(now);
        quickDeaths = quickDeaths.filter((at) => now - at < QUICK_DEATH_WINDOW_MS);
        if (quickDeaths.length >= MAX_QUICK_DEATHS) {
          printFatal(
            `Cannot keep govjobs running: ${quickDeaths.length} workers died within ${QUICK_DEATH_MS / 1000} s of starting in ${QUICK_DEATH_WINDOW_MS / 60_000} minutes (the last ${how}); stopping`,
          );
          return stop("SIGTERM", 1);
        }
        // Each failed start in a row waits twice as long as the last before the next fork.
        const delay = quickDeaths.length ? 250 * 2 ** (quickDeaths.length - 1) : 0;
        processLog.error(
          `${tag} worker ${dead.process.pid} ${how}; starting another${delay ? ` in ${delay} ms` : ""}`,
        );
        const timer = setTimeout(() => {
          pendingForks.delete(timer);
          startWorker(slot);
        }, delay);
        pendingForks.add(timer);
      },
    );
    serving.add(worker);
    worker.on("message", (message) => relay(worker, message));
    worker.once("exit", () => serving.delete(worker));
    worker.once("listening", () => {
      if (served) return;
      served = true;
      // `npm run restore` names the process to stop: this one, which stops every worker. Only
      // once the cluster serves: a start that fails (a port in use) never touches the mark.
      if (config.DATABASE_URL.dialect === "sqlite")
        release = claimSqliteDatabase(config.DATABASE_URL.file);
      processLog.info(
        `govjobs listening on http://localhost:${config.PORT} (production, ${config.WEB_CONCURRENCY} workers; primary ${process.pid})`,
      );
    });
  };

  for (const signal of ["SIGTERM", "SIGINT"] as const)
    process.once(signal, () => {
      processLog.info(`${tag} ${signal}: stopping ${live.size} worker(s)`);
      stop(signal, 0);
    });

  // Pages the workers hand each other are Buffers: V8's serialization carries them as bytes.
  cluster.setupPrimary({ serialization: "advanced" });
  fork({ GOVJOBS_PREPARE: "1" }, (_worker, how, code) => {
    if (code !== 0) {
      exitCode = 1;
      // Exit code 1 has printed its own line (a database that cannot be reached or migrated).
      if (code !== 1)
        printFatal(`Cannot start govjobs: preparing the database failed (the process ${how})`);
      return finish();
    }
    for (let slot = 0; slot < config.WEB_CONCURRENCY; slot++) startWorker(slot);
  });
}
