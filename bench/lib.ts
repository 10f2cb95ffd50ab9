import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

/**
 * A production server's environment for a benchmark that runs one: the build in BUILD_DIR
 * (build-bench unless told), a random port from `from`, its own SQLite file in a new folder
 * (`dir`, the caller removes it), no request log; `extra` adds or overrides variables.
 */
export function benchServer(name: string, from: number, extra: NodeJS.ProcessEnv = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), `govjobs-${name}-`));
  const port = from + Math.floor(Math.random() * 2000);
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    BUILD_DIR: process.env.BUILD_DIR ?? "build-bench",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dir,
    DATABASE_URL: `file:${dir}/${name}.db`,
    BASE_URL: base,
    LOG_LEVEL: "silent",
    ...extra,
  };
  return { dir, base, env };
}

/** Run a command (in `cwd`, this directory by default), failing loudly with its output. */
export function run(
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  cwd = ".",
): string {
  const r = spawnSync(cmd, args, { env, cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed:\n${r.stderr || r.stdout}`);
  return r.stdout;
}

/** Debian packages the benchmarks need (wrk, nginx), installed when missing and we are root. */
export function ensurePackages(pkgs: Record<string, string>) {
  const missing = Object.entries(pkgs)
    .filter(([bin]) => !existsSync(bin))
    .map(([, pkg]) => pkg);
  if (!missing.length) return;
  if (process.getuid?.() !== 0)
    throw new Error(`Install these first: apt-get install -y ${missing.join(" ")}`);
  console.log(`installing ${missing.join(", ")} from Debian's packages…`);
  run("apt-get", ["update", "-qq"]);
  run("apt-get", ["install", "-y", "-qq", ...missing], {
    ...process.env,
    DEBIAN_FRONTEND: "noninteractive",
  });
}

export async function waitFor(url: string, child?: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null)
      throw new Error(`process exited (${child.exitCode}) before ${url} answered`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The V8 flags `npm start` runs the server with (the app's package.json, config.node_args). */
export function serverNodeArgs(appDir = "."): string[] {
  const pkg = JSON.parse(readFileSync(path.join(appDir, "package.json"), "utf8")) as {
    config?: { node_args?: string };
  };
  return (pkg.config?.node_args ?? "").split(/\s+/).filter(Boolean);
}

/**
 * The production server of the app in `appDir` (this checkout, or an older one: see `--app`).
 * `BENCH_SERVER_ARGS` adds Node flags to it (`--cpu-prof --cpu-prof-dir=/tmp/prof`: NODE_OPTIONS
 * may not carry them).
 */
export function startServer(env: NodeJS.ProcessEnv, appDir = "."): ChildProcess {
  const extra = (process.env.BENCH_SERVER_ARGS ?? "").split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...serverNodeArgs(appDir), ...extra, "server.ts"], {
    env: { WEB_CONCURRENCY: "1", ...env }, // one process unless the benchmark asks for a cluster
    cwd: appDir,
    stdio: ["ignore", "ignore", "inherit"],
  });
  // A benchmark that fails half-way must not leave servers behind.
  process.once("exit", () => child.kill("SIGKILL"));
  return child;
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
}

/** Resident memory of a process in MB, from /proc. */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 102.4) / 10;
}

/** Resident memory of a process and all its descendants (cluster workers) in MB. */
export function treeRssMb(pid: number): number {
  const children = (p: number): number[] => {
    try {
      return readFileSync(`/proc/${p}/task/${p}/children`, "utf8")
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);
    } catch {
      return [];
    }
  };
  let total = 0;
  const todo = [pid];
  while (todo.length) {
    const p = todo.pop()!;
    try {
      total += rssMb(p);
    } catch {
      continue; // exited meanwhile
    }
    todo.push(...children(p));
  }
  return Math.round(total * 10) / 10;
}

/** A port in [from, to] that nothing listens on now (the benchmark's servers take it next). */
export async function freePort(from: number, to: number): Promise<number> {
  for (let tries = 0; tries < 50; tries++) {
    const port = from + Math.floor(Math.random() * (to - from + 1));
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port between ${from} and ${to}`);
}

export interface WrkResult {
  rps: number;
  /** Requests wrk completed in the run. */
  requests: number;
  p50: number;
  p99: number;
  errors: number;
}

const toMs = (v: string) => {
  const n = Number.parseFloat(v);
  if (v.endsWith("us")) return n / 1000;
  if (v.endsWith("ms")) return n;
  if (v.endsWith("s")) return n * 1000;
  return n;
};

/** wrk with latency percentiles; connections and duration as given. */
export function wrk(
  url: string,
  {
    connections = 10,
    seconds = 8,
    threads = 1,
    headers = [ACCEPT_ENCODING_HEADER] as string[],
    /** A wrk Lua script (e.g. one that writes each request's path). */
    script = undefined as string | undefined,
  } = {},
): WrkResult {
  const args = ["-t", String(threads), "-c", String(connections), "-d", `${seconds}s`, "--latency"];
  for (const h of headers) args.push("-H", h);
  if (script) args.push("-s", script);
  return parseWrk(run("wrk", [...args, url]));
}

/** wrk's own summary: requests per second, the 50th and 99th percentiles, errors of every sort. */
export function parseWrk(out: string): WrkResult {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const p50 = toMs(/\s50%\s+([\d.]+\w+)/.exec(out)?.[1] ?? "0");
  const p99 = toMs(/\s99%\s+([\d.]+\w+)/.exec(out)?.[1] ?? "0");
  const errors =
    Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0) +
    (/Socket errors: (.*)/.exec(out)?.[1].match(/\d+/g) ?? []).reduce((a, n) => a + Number(n), 0);
  return { rps, requests, p50, p99, errors };
}

export function table(rows: (string | number)[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  return rows
    .map((r) =>
      r
        .map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i])))
        .join("  "),
    )
    .join("\n");
}

/** The path of the newest job, from the jobs sitemap (works for any data set). */
export async function firstJobPath(base: string): Promise<string> {
  const xml = await (await fetch(`${base}/sitemaps/jobs.xml`)).text();
  const loc = /<loc>([^<]+)<\/loc>/.exec(xml)?.[1];
  if (!loc) throw new Error("the jobs sitemap lists no job");
  return new URL(loc).pathname;
}

/**
 * The scripts a page's HTML loads at once: its script tags, its module preloads and the entry
 * module its inline script imports (the page-weight figures of `npm run bench` and
 * `npm run bench:photo`).
 */
export function pageScripts(html: string): Set<string> {
  const attr = (re: RegExp) => [...html.matchAll(re)].map((m) => m[1]);
  const js = new Set([
    ...attr(/<script[^>]+src="([^"]+)"/g),
    ...attr(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ]);
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)|import "([^"]+\.js)"/g))
    js.add(m[1] ?? m[2]);
  return js;
}

/**
 * The public pages whose script issue 33 weighs (budget 100 KB gzip each): home, each kind's list
 * the site links first, a job page and search, in English and Hindi.
 */
export function publicPages(jobPath: string): [string, string][] {
  const en: [string, string][] = [
    ["home", "/"],
    ["job list", "/jobs"],
    ["job page", jobPath],
    ["results", "/results"],
    ["admit cards", "/admit-cards"],
    ["search", "/search?q=clerk"],
  ];
  const hindi = en.map(([name, url]): [string, string] => [
    `Hindi ${name}`,
    url === "/" ? "/hi" : `/hi${url}`,
  ]);
  return [...en, ...hindi];
}

/**
 * The script a page makes a phone download, in bytes as sent with `Accept-Encoding: gzip` (the
 * build's gzip -9 copy of each file, or the file gzipped at level 9 where there is none).
 */
export async function scriptGzipBytes(base: string, html: string): Promise<number> {
  let sum = 0;
  for (const src of pageScripts(html)) {
    const sent = await getAsSent(new URL(src, base).href, "gzip");
    sum += sent.encoding === "gzip" ? sent.bytes.length : gzipSync(sent.bytes, { level: 9 }).length;
  }
  return sum;
}

/** wrk without blocking this process (so it can post forms meanwhile); resolves with its output. */
export function wrkAsync(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.once("error", reject);
    child.once("close", (code) =>
      code === 0 ? resolve(out) : reject(new Error(`wrk failed (${code}):\n${err || out}`)),
    );
  });
}

/**
 * What every browser (and Googlebot) sends: the benchmarks ask as they do, so a cached page is
 * answered with its stored brotli copy, not unzipped for the rare client that takes neither.
 */
export const ACCEPT_ENCODING = "gzip, deflate, br";
export const ACCEPT_ENCODING_HEADER = `Accept-Encoding: ${ACCEPT_ENCODING}`;

/** A page's bytes as the server sent them to a browser (still compressed) and their encoding. */
export interface Sent {
  bytes: Buffer;
  encoding: string;
}

/**
 * GET `url` as a browser would (or with another Accept-Encoding; "" sends none), keeping the body
 * as sent (fetch would decompress it). A fresh
 * connection each time, tried twice: a reused kept-alive socket that the server closed meanwhile
 * ends in "socket hang up".
 */
export async function getAsSent(url: string, acceptEncoding = ACCEPT_ENCODING): Promise<Sent> {
  try {
    return await getOnce(url, acceptEncoding);
  } catch {
    return getOnce(url, acceptEncoding);
  }
}

function getOnce(url: string, acceptEncoding: string): Promise<Sent> {
  const headers = acceptEncoding ? { "accept-encoding": acceptEncoding } : {};
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            bytes: Buffer.concat(chunks),
            encoding: String(res.headers["content-encoding"] ?? "identity"),
          }),
        );
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/**
 * `--app DIR`: benchmark another checkout (e.g. `git worktree add /tmp/baseline <commit>`) with
 * this checkout's benchmark. A worktree has no node_modules: it borrows this one's (a symlink), so
 * its package.json must not differ in what the server needs. Returns the absolute app directory.
 */
export function prepareApp(dir: string | undefined): string {
  const appDir = path.resolve(dir ?? ".");
  if (!existsSync(path.join(appDir, "server.ts")))
    throw new Error(`--app ${appDir}: no server.ts there (not a govjobs checkout)`);
  const modules = path.join(appDir, "node_modules");
  if (!existsSync(modules)) {
    console.log(`linking ${modules} → ${path.resolve("node_modules")}`);
    run("ln", ["-s", path.resolve("node_modules"), modules]);
  }
  return appDir;
}

/** The app's commit for a label: short, and saying so when the checkout has uncommitted changes. */
export function appLabel(appDir: string): string {
  const r = spawnSync("git", ["-C", appDir, "status", "--porcelain", "--untracked-files=no"], {
    encoding: "utf8",
  });
  const changed = r.status === 0 && r.stdout.trim() !== "";
  return `${appDir} (${appCommit(appDir) || "no git"}${changed ? " with uncommitted changes" : ""})`;
}

/** The app's commit, short (for labels and per-commit data directories); "" when not a git tree. */
export function appCommit(appDir: string): string {
  const r = spawnSync("git", ["-C", appDir, "rev-parse", "--short", "HEAD"], { encoding: "utf8" });
  return r.status === 0 ? r.stdout.trim() : "";
}
