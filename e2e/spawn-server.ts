import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { untilHealthy } from "./instances.ts";
import { choosePort } from "./ports.ts";

/** A server process started by a test, with everything it wrote kept for the test to read. */
export interface Spawned {
  baseURL: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** stdout and stderr as written so far, interleaved. */
  output(): string;
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM to the process group (npm and the node it started), then wait for the exit. */
  stop(): Promise<void>;
}

export interface SpawnOptions {
  /** Settings on top of a production server on a free port with a DATA_DIR of its own. */
  env?: Record<string, string | undefined>;
  /** The command; by default the server itself, run by this Node (as `npm start` runs it). */
  command?: [string, ...string[]];
  /** Keep the data directory after stop() (the caller removes it). */
  keepData?: boolean;
  /** Runs before the process starts, with its settings (to create users in its database). */
  prepare?: (env: Record<string, string>) => void;
}

/**
 * Start `node server.ts` (or another command) as `npm start` would, in a process group of its own,
 * so stop() reaches whatever it starts. Does not wait for it to listen: see untilHealthy.
 */
export async function spawnServer(options: SpawnOptions = {}): Promise<Spawned> {
  const port = Number(options.env?.PORT ?? (await choosePort({ from: 40_000, to: 49_000 })));
  const dataDir = options.env?.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "govjobs-spawn-"));
  const baseURL = `http://127.0.0.1:${port}`;
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: `file:${dataDir}/spawned.db`,
    BASE_URL: baseURL,
    LOG_LEVEL: "warn",
    WEB_CONCURRENCY: "1",
    ...options.env,
  };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
  options.prepare?.(env as Record<string, string>);
  const [command, ...args] = options.command ?? [process.execPath, "server.ts"];
  const child = spawn(command, args, {
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let text = "";
  let errors = "";
  child.stdout!.on("data", (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => {
    text += chunk.toString();
    errors += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return {
    baseURL,
    port,
    dataDir,
    child,
    exited,
    output: () => text,
    stderr: () => errors,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid!, "SIGTERM");
        } catch {
          // already gone
        }
        await exited;
      }
      if (!options.keepData && !options.env?.DATA_DIR)
        rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * spawnServer, then untilHealthy; a server that could not listen because its port was taken
 * between the choice and the start (the suite starts servers all the time, and `npm run dev`
 * takes seconds to listen) is started again on another port, up to `attempts` times.
 */
export async function spawnHealthy(options: SpawnOptions = {}, attempts = 3): Promise<Spawned> {
  for (let attempt = 1; ; attempt++) {
    const server = await spawnServer(options);
    try {
      await untilHealthy(server.baseURL, server.child, server.output);
      return server;
    } catch (err) {
      await server.stop();
      if (attempt >= attempts || !/port \d+ is in use/.test(server.output())) throw err;
    }
  }
}
