import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { choosePort } from "./ports.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

export const ADMIN = { email: "admin@govjobs.test", password: "correct-Horse-battery-9" };
/** Signed in, but WITHOUT any back-office role (better-auth's "user"). */
export const EDITOR_NO_ADMIN = {
  email: "reader@govjobs.test",
  password: "quiet-Lantern-harbour-7",
};
/** Role "editor": publishes any entry and site page; no users, settings or SEO tools. */
export const EDITOR = { email: "editor@govjobs.test", password: "amber-Falcon-orchard-52" };
/** Role "author": own drafts, submits them for review; cannot publish. */
export const AUTHOR = { email: "author@govjobs.test", password: "velvet-Canyon-ribbon-36" };

/**
 * Start the production build on a free port (E2E_PORT, or a random one) with its own SQLite file
 * and the demo content, plus an admin, an editor, an author and a signed-in user without any
 * back-office role for the tests that need them.
 */
export default async function setup(project: TestProject) {
  const port = await choosePort({
    fixed: process.env.E2E_PORT,
    envName: "E2E_PORT",
    from: 31_000,
    to: 40_000,
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), "govjobs-e2e-"));
  const baseURL = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: `file:${dataDir}/e2e.db`,
    BASE_URL: baseURL,
    SEED_DEMO: "1",
    // Every test searches from 127.0.0.1; the limit itself is tested on its own instance.
    SEARCH_RATE_LIMIT: "999999/1m",
    // 404 hits are written to the log this often (default 5 s), after the response: tests that
    // check the log wait for the write (UNTIL_404_WRITTEN in db.ts), and need not wait long.
    NOT_FOUND_LOG_FLUSH_MS: "200",
    // Request lines would drown the test output; warnings and errors still show.
    LOG_LEVEL: "warn",
    // One process: the machine running the suite has two cores (e2e/cluster.test.ts tests more).
    WEB_CONCURRENCY: "1",
    ...(project.config.env ?? {}),
  };
  for (const user of [
    [...["--email", ADMIN.email, "--password", ADMIN.password, "--admin"]],
    [...["--email", EDITOR_NO_ADMIN.email, "--password", EDITOR_NO_ADMIN.password]],
    [...["--email", EDITOR.email, "--password", EDITOR.password, "--role", "editor"]],
    [...["--email", AUTHOR.email, "--password", AUTHOR.password, "--role", "author"]],
  ]) {
    const r = spawnSync(
      process.execPath,
      ["node_modules/tsx/dist/cli.mjs", "scripts/user-create.ts", ...user],
      { env, encoding: "utf8" },
    );
    if (r.status !== 0) throw new Error(`user:create failed: ${r.stderr}`);
  }
  const server: ChildProcess = spawn(process.execPath, ["server.ts"], {
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null)
      throw new Error("The server exited during start-up (did `npm run build` run?)");
    try {
      const res = await fetch(`${baseURL}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("The server did not answer /healthz within 60 s");
    await new Promise((r) => setTimeout(r, 200));
  }
  project.provide("baseURL", baseURL);
  project.provide("dataDir", dataDir);
  return async () => {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
