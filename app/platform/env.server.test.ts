import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { diagnosticsEnv, notFoundLogEnv, parseEnv, uploadEnv } from "./env.server.ts";

const SECRET = "s".repeat(32);
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
/** The test run's environment without what would decide the answer (Vitest sets BASE_URL=/). */
function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { AUTH_SECRET: _secret, WEB_CONCURRENCY: _workers, ...rest } = process.env;
  return { ...rest, BASE_URL: "http://localhost", ...extra };
}
function freshDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "govjobs-env-"));
  dirs.push(dir);
  return dir;
}

describe("WEB_CONCURRENCY", () => {
  it("defaults to the cores available and reads a number", () => {
    expect(parseEnv({ AUTH_SECRET: SECRET }).WEB_CONCURRENCY).toBe(
      Math.min(64, availableParallelism()),
    );
    // An empty line copied from .env.example is unset.
    expect(parseEnv({ AUTH_SECRET: SECRET, WEB_CONCURRENCY: "" }).WEB_CONCURRENCY).toBe(
      Math.min(64, availableParallelism()),
    );
    expect(parseEnv({ AUTH_SECRET: SECRET, WEB_CONCURRENCY: "3" }).WEB_CONCURRENCY).toBe(3);
    expect(parseEnv({ AUTH_SECRET: SECRET, WEB_CONCURRENCY: "1" }).WEB_CONCURRENCY).toBe(1);
  });

  it.each([
    ["abc", "must be a whole number of worker processes, e.g. 2"],
    ["2.5", "must be a whole number of worker processes, e.g. 2"],
    ["0", "must be at least 1 (1 runs a single process)"],
    ["-2", "must be at least 1 (1 runs a single process)"],
    ["1000", "must be at most 64"],
  ])("refuses %s in one line", (value, message) => {
    expect(() => parseEnv({ AUTH_SECRET: SECRET, WEB_CONCURRENCY: value })).toThrow(
      `Invalid configuration: WEB_CONCURRENCY ${message}`,
    );
  });

  it("stops npm start before anything is written: no secret, no database, exit 1", () => {
    const dataDir = freshDir();
    const r = spawnSync(process.execPath, ["server.ts"], {
      env: childEnv({ NODE_ENV: "production", DATA_DIR: dataDir, WEB_CONCURRENCY: "abc" }),
      encoding: "utf8",
    });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe(
      "Invalid configuration: WEB_CONCURRENCY must be a whole number of worker processes, e.g. 2",
    );
    expect(readdirSync(dataDir)).toEqual([]);
  });
});

describe("the generated auth secret", () => {
  it("is the same for processes that create it at the same moment", async () => {
    const dataDir = freshDir();
    const startAt = Date.now() + 1500;
    // Each process loads the module, then waits for the common moment before parsing.
    const script = `const { parseEnv } = await import(${JSON.stringify(path.resolve("app/platform/env.server.ts"))});
while (Date.now() < ${startAt});
console.log(parseEnv().AUTH_SECRET);`;
    const secrets = await Promise.all(
      Array.from(
        { length: 4 },
        () =>
          new Promise<string>((resolve, reject) => {
            const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
              env: childEnv({ DATA_DIR: dataDir }),
            });
            let out = "";
            let err = "";
            child.stdout.on("data", (c: Buffer) => (out += c.toString()));
            child.stderr.on("data", (c: Buffer) => (err += c.toString()));
            child.once("exit", (code) =>
              code === 0 ? resolve(out.trim()) : reject(new Error(`exit ${code}: ${err}`)),
            );
          }),
      ),
    );
    const stored = readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim();
    expect(stored.length).toBeGreaterThanOrEqual(32);
    expect(secrets).toEqual(secrets.map(() => stored));
    // No draft file left behind.
    expect(readdirSync(dataDir)).toEqual(["auth-secret"]);
  });
});

describe("settings read once at start-up (issue 27)", () => {
  const base = { AUTH_SECRET: SECRET };

  it("reads the rate limits into rules, with their defaults", () => {
    const env = parseEnv({ ...base, CONTACT_RATE_LIMIT: "3/30s", SEARCH_RATE_LIMIT: "8" });
    expect(env.CONTACT_RATE_LIMIT).toEqual({ limit: 3, windowMs: 30_000 });
    // A count alone keeps the default window.
    expect(env.SEARCH_RATE_LIMIT).toEqual({ limit: 8, windowMs: 60_000 });
    expect(parseEnv({ ...base, ALERTS_RATE_LIMIT: "" }).ALERTS_RATE_LIMIT).toEqual({
      limit: 5,
      windowMs: 600_000,
    });
    expect(parseEnv(base).SEARCH_RATE_LIMIT).toEqual({ limit: 60, windowMs: 60_000 });
    expect(parseEnv(base).MY_EXAMS_RATE_LIMIT).toEqual({ limit: 10, windowMs: 600_000 });
    expect(parseEnv({ ...base, MY_EXAMS_RATE_LIMIT: "3/1h" }).MY_EXAMS_RATE_LIMIT).toEqual({
      limit: 3,
      windowMs: 3_600_000,
    });
  });

  it.each([
    ["ALERTS_RATE_LIMIT", "five", '"5/10m"'],
    ["CONTACT_RATE_LIMIT", "0/10m", '"5/10m"'],
    ["SEARCH_RATE_LIMIT", "5/10d", '"60/1m"'],
    ["MY_EXAMS_RATE_LIMIT", "0/10m", '"10/10m"'],
    ["MY_EXAMS_RATE_LIMIT", "ten", '"10/10m"'],
    ["CHECK_LINK_RATE_LIMIT", "30/10d", '"30/10m"'],
  ])("refuses %s=%s in one line", (name, value, example) => {
    expect(() => parseEnv({ ...base, [name]: value })).toThrow(
      `Invalid configuration: ${name} must be like ${example} (a count per window in s, m or h, at least 1 per second)`,
    );
  });

  it("parses the settings read alone once, from the process", () => {
    expect(uploadEnv()).toBe(uploadEnv());
    expect(notFoundLogEnv()).toBe(notFoundLogEnv());
    expect(diagnosticsEnv()).toBe(diagnosticsEnv());
    // A source given (tests) is read as it is.
    expect(uploadEnv({ UPLOAD_MAX_MB: "25" }).UPLOAD_MAX_MB).toBe(25);
  });

  it("reads the switches and the build folder", () => {
    const env = parseEnv(base);
    expect([env.CACHE_PAGES, env.CSP, env.WORKER_PID_HEADER, env.BUILD_DIR]).toEqual([
      true,
      true,
      false,
      "build",
    ]);
    const set = parseEnv({
      ...base,
      CACHE_PAGES: "0",
      CSP: "false",
      WORKER_PID_HEADER: "1",
      BUILD_DIR: "build-x",
    });
    expect([set.CACHE_PAGES, set.CSP, set.WORKER_PID_HEADER, set.BUILD_DIR]).toEqual([
      false,
      false,
      true,
      "build-x",
    ]);
    expect(() => parseEnv({ ...base, CACHE_PAGES: "no" })).toThrow(
      "Invalid configuration: CACHE_PAGES",
    );
  });

  it("reads the log level and the slow-query limit on their own", () => {
    expect(diagnosticsEnv({})).toEqual({ LOG_LEVEL: "info" });
    expect(diagnosticsEnv({ NODE_ENV: "test" })).toEqual({ LOG_LEVEL: "silent" });
    expect(diagnosticsEnv({ LOG_LEVEL: "warn", SLOW_QUERY_MS: "0" })).toEqual({
      LOG_LEVEL: "warn",
      SLOW_QUERY_MS: 0,
    });
    expect(diagnosticsEnv({ SLOW_QUERY_MS: " " }).SLOW_QUERY_MS).toBeUndefined();
    expect(() => parseEnv({ ...base, SLOW_QUERY_MS: "fast" })).toThrow(
      "Invalid configuration: SLOW_QUERY_MS must be a number of milliseconds, e.g. 15 (0 prints every query)",
    );
    expect(() => parseEnv({ ...base, LOG_LEVEL: "loud" })).toThrow(
      "Invalid configuration: LOG_LEVEL",
    );
  });
});
