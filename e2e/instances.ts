import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { choosePort } from "./ports.ts";

export interface Instance {
  baseURL: string;
  dataDir: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Start one more production server (besides the shared e2e one) with its own settings, e.g. a
 * second instance on the same PostgreSQL, or an https BASE_URL. Stopped by the caller.
 */
export async function startInstance(
  env: Record<string, string>,
  /** Collects what the server writes to stdout and stderr (its log lines), when given. */
  { output }: { output?: string[] } = {},
): Promise<Instance> {
  const port = await choosePort({ from: 40_000, to: 49_000 });
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "govjobs-inst-"));
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: `file:${dataDir}/instance.db`,
      BASE_URL: baseURL,
      SEARCH_RATE_LIMIT: "999999/1m",
      // Request lines would drown the test output; warnings and errors still show.
      LOG_LEVEL: "warn",
      // One process per server: the suite runs several on two cores (a test may ask for more).
      WEB_CONCURRENCY: "1",
      ...env,
    },
    stdio: ["ignore", output ? "pipe" : "ignore", output ? "pipe" : "inherit"],
  });
  if (output)
    for (const stream of [child.stdout, child.stderr])
      stream?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  await untilHealthy(baseURL, child, output && (() => output.join("")));
  return {
    baseURL,
    dataDir,
    process: child,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((r) => child.once("exit", r));
      }
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Create or update a user in the database the given environment points at. */
export function createUser(
  env: Record<string, string>,
  email: string,
  password: string,
  admin: boolean,
) {
  const r = spawnSync(
    process.execPath,
    [
      "node_modules/tsx/dist/cli.mjs",
      "scripts/user-create.ts",
      "--email",
      email,
      "--password",
      password,
      ...(admin ? ["--admin"] : []),
    ],
    // Vitest sets BASE_URL to "/" in its own environment; the app needs an origin.
    { env: { ...process.env, BASE_URL: "http://localhost", ...env }, encoding: "utf8" },
  );
  if (r.status !== 0) throw new Error(`user:create failed: ${r.stderr}`);
}

/** The admin job form's fields that publish a job called `title` (Delhi, graduates, open to 2099). */
export function jobForm(title: string, organization: string): URLSearchParams {
  return new URLSearchParams({
    intent: "publish",
    title,
    organization,
    status: "published",
    "data.summary": "A job published through one worker of two.",
    "data.employmentType": "FULL_TIME",
    "data.state": "Delhi",
    "data.lastDate": "2099-12-31",
    "data.qualification": "Graduate",
  });
}

/** Sign in through the real login form; returns the Cookie header value for later requests. */
export async function signIn(baseURL: string, email: string, password: string): Promise<string> {
  const post = () =>
    fetch(`${baseURL}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: baseURL },
      body: new URLSearchParams({ email, password, next: "/admin" }),
    });
  // A kept-alive connection the server closed as idle at the moment it was reused ("other side
  // closed", seen on a loaded machine) is a transport race, not an answer: ask once more.
  const res = await post().catch((err: unknown) => {
    if ((err as { cause?: { code?: string } }).cause?.code !== "UND_ERR_SOCKET") throw err;
    return post();
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (res.status !== 302 || cookies.length === 0)
    throw new Error(`sign-in failed with status ${res.status}`);
  return cookies.join("; ");
}

/** Waits until a server just spawned answers /healthz; throws if it exits or takes over 60 s. */
export async function untilHealthy(
  baseURL: string,
  child: ChildProcess,
  output: () => string = () => "",
): Promise<void> {
  const deadline = Date.now() + 60_000;
  /** What the last try got, for the message when none succeeds. */
  let last = "no answer yet";
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the server exited during start-up (${child.exitCode})\n${output()}`);
    try {
      // A try that hangs (a connection nobody reads) is given up, so the next one can succeed.
      const res = await fetch(`${baseURL}/healthz`, { signal: AbortSignal.timeout(5_000) });
      if (res.ok) return;
      last = `status ${res.status}: ${(await res.text()).slice(0, 200)}`;
    } catch (err) {
      // not listening yet, or a try that timed out
      last = err instanceof Error ? `${err.message} ${String(err.cause ?? "")}` : String(err);
    }
    if (Date.now() > deadline)
      throw new Error(
        `the server did not answer /healthz within 60 s (last try: ${last})\n${output()}`,
      );
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A fresh, empty database on the test run's PostgreSQL server; returns its URL. */
export async function createPostgresDatabase(serverUrl: string, prefix: string): Promise<string> {
  const name = `${prefix}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  return serverUrl.replace(/\/postgres$/, `/${name}`);
}
