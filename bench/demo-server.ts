// The production build on the demo content, for the bench's short runs (--weights, --first-paint,
// --encodings).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { firstJobPath, startServer, stop, waitFor } from "./lib.ts";

/** The production server on the demo content (SQLite in `dataDir`), quiet, on 127.0.0.1:`port`. */
export function demoServerEnv(buildDir: string, port: number, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    BUILD_DIR: buildDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: `file:${dataDir}/demo.db`,
    BASE_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO: "1",
    LOG_LEVEL: "silent",
  };
}

/**
 * One server process on the demo content (SQLite in a fresh folder) for `work`, given the server's
 * address and a job page's path; stopped and its folder removed afterwards.
 */
export async function withDemoServer(
  o: { appDir: string; buildDir: string; port: number },
  work: (base: string, jobPath: string) => Promise<void>,
): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "govjobs-demo-"));
  const base = `http://127.0.0.1:${o.port}`;
  const server = startServer(demoServerEnv(o.buildDir, o.port, dataDir), o.appDir);
  try {
    await waitFor(`${base}/healthz`, server);
    await work(base, await firstJobPath(base));
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
