// npm run bench [-- --count 100000 --seconds 8 --connections 10 --postgres --soak]
// Builds the app, fills a database with --count entries, and prints one table: requests/s and
// p50/p99 latency per page with the page cache on and off, nginx serving the identical bytes as
// static files (same load tool, same connections, same run), page weights and server memory.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { spawn } from "node:child_process";
import { startThrowawayPostgres } from "../test/postgres.ts";
import {
  ensurePackages,
  firstJobPath,
  rssMb,
  run,
  serverNodeArgs,
  startServer,
  stop,
  table,
  waitFor,
  wrk,
  type WrkResult,
} from "./lib.ts";

const { values: opts } = parseArgs({
  options: {
    count: { type: "string", default: "100000" },
    seconds: { type: "string", default: "8" },
    connections: { type: "string", default: "10" },
    postgres: { type: "boolean", default: false },
    soak: { type: "boolean", default: false },
  },
});
const count = Number(opts.count);
const seconds = Number(opts.seconds);
const connections = Number(opts.connections);

ensurePackages({ "/usr/bin/wrk": "wrk", "/usr/sbin/nginx": "nginx-light" });
const BUILD_DIR = "build-bench";
console.log("building…");
run("npx", ["react-router", "build"], { ...process.env, BUILD_DIR });

const root = path.resolve("data", `bench-${count}`);
mkdirSync(root, { recursive: true });

function generate(databaseUrl: string) {
  console.log(`generating ${count} entries…`);
  run(
    process.execPath,
    ["node_modules/tsx/dist/cli.mjs", "bench/generate.ts", "--count", String(count)],
    {
      ...process.env,
      DATA_DIR: root,
      DATABASE_URL: databaseUrl,
    },
  );
}

interface Target {
  name: string;
  databaseUrl: string;
}
const targets: Target[] = [];
const sqliteFile = path.join(root, "bench.db");
if (!existsSync(sqliteFile)) generate(`file:${sqliteFile}`);
targets.push({ name: "sqlite", databaseUrl: `file:${sqliteFile}` });
let pg: ReturnType<typeof startThrowawayPostgres> | undefined;
if (opts.postgres) {
  pg = startThrowawayPostgres();
  run("psql", [pg.url, "-qc", "create database bench"]);
  const url = pg.url.replace(/\/postgres$/, "/bench");
  generate(url);
  run("psql", [url, "-qc", "vacuum analyze"]);
  targets.push({ name: "postgres", databaseUrl: url });
}

const port = 41_000 + Math.floor(Math.random() * 5000);
const base = `http://127.0.0.1:${port}`;
const serverEnv = (t: Target, cache: boolean): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_ENV: "production",
  BUILD_DIR,
  PORT: String(port),
  HOST: "127.0.0.1",
  DATA_DIR: root,
  DATABASE_URL: t.databaseUrl,
  BASE_URL: base,
  CACHE_PAGES: cache ? "1" : "0",
  // The benchmark is one client: lift the per-IP search limit for it.
  SEARCH_RATE_LIMIT: "999999/1m",
});

async function pagesFor(): Promise<[string, string][]> {
  const job = await firstJobPath(base);
  return [
    ["home", "/"],
    ["job list", "/jobs"],
    ["job detail", job],
    ["search", "/search?q=clerk"],
    ["updates.json", "/updates.json"],
  ];
}

/** A GET that retries once when the server closed an idle kept-alive socket under it. */
async function fetchBody(url: string): Promise<Buffer> {
  try {
    return Buffer.from(await (await fetch(url)).arrayBuffer());
  } catch {
    return Buffer.from(await (await fetch(url)).arrayBuffer());
  }
}

const fmt = (r: WrkResult) => [Math.round(r.rps), r.p50.toFixed(2), r.p99.toFixed(2)];
const rows: (string | number)[][] = [
  ["page", "db", "cache", "req/s", "p50 ms", "p99 ms", "vs nginx"],
];
const nginxRps = new Map<string, number>();
let pages: [string, string][] = [];
const bodies = new Map<string, Buffer>();
let rssLine = "";
let weights: (string | number)[][] = [];
const latencyRows: (string | number)[][] = [
  ["uncached, one request at a time", "db", "p50 ms", "p95 ms", "requests"],
];

// A share link: every request carries a new fbclid, as WhatsApp and Facebook links do. The page
// cache must answer it from the clean /jobs entry, so this row should match the "job list" row.
const junkScript = path.join(root, "junk-params.lua");
writeFileSync(
  junkScript,
  `local n = 0
request = function()
  n = n + 1
  return wrk.format(nil, "/jobs?utm_source=whatsapp&utm_medium=share&fbclid=" .. n)
end
`,
);
const junkRatios: string[] = [];

for (const target of targets) {
  for (const cache of [true, false]) {
    const server = startServer(serverEnv(target, cache));
    await waitFor(`${base}/healthz`, server);
    if (!pages.length) pages = await pagesFor();
    // Warm: fill the cache and let the JIT settle.
    for (const [, url] of pages) for (let i = 0; i < 30; i++) await fetchBody(base + url);
    const rssBefore = rssMb(server.pid!);
    for (const [name, url] of pages) {
      if (cache && target.name === "sqlite") bodies.set(url, await fetchBody(base + url));
      const r = wrk(base + url, { connections, seconds });
      rows.push([name, target.name, cache ? "on" : "off", ...fmt(r), ""]);
      if (r.errors) console.warn(`  ${name}: ${r.errors} errors`);
    }
    if (cache) {
      const junk = wrk(`${base}/jobs`, { connections, seconds, script: junkScript });
      rows.push(["job list, new junk param each", target.name, "on", ...fmt(junk), ""]);
      const clean = rows.find((r) => r[0] === "job list" && r[1] === target.name && r[2] === "on");
      junkRatios.push(
        `${target.name}: /jobs with a new junk parameter on every request ran at ${Math.round((junk.rps / Number(clean![3])) * 100)}% of clean /jobs (target: at least 80%)`,
      );
    }
    if (!cache) latencyRows.push(...(await oneAtATime(target.name)));
    if (!cache && target.name === "sqlite")
      rssLine += `\nserver RSS (sqlite, cache off): ${rssBefore} MB warm, ${rssMb(server.pid!)} MB after the runs`;
    if (cache && target.name === "sqlite") {
      rssLine = `server RSS (sqlite, cache on): ${rssBefore} MB warm, ${rssMb(server.pid!)} MB after the runs`;
      weights = await pageWeights([
        ...pages.slice(0, 3),
        ["eligibility finder", "/eligibility"],
        // Issue 14: the Hindi job page beside the English one.
        ["Hindi home", "/hi"],
        ["Hindi job page", `/hi${pages[2][1]}`],
      ]);
      if (opts.soak) rssLine += "\n" + (await soak(server.pid!, pages[1][1]));
    }
    await stop(server);
  }
}

// nginx serving the very same bytes as static files.
const nginxRoot = mkdtempSync(path.join(tmpdir(), "govjobs-nginx-"));
// nginx's workers run as an unprivileged user: they must be able to read the files.
chmodSync(nginxRoot, 0o755);
const nginxPort = port + 1;
pages.forEach(([, url], i) => writeFileSync(path.join(nginxRoot, `p${i}`), bodies.get(url)!));
writeFileSync(
  path.join(nginxRoot, "nginx.conf"),
  `worker_processes 1; daemon off; pid ${nginxRoot}/nginx.pid; error_log ${nginxRoot}/error.log;
events { worker_connections 1024; }
http { access_log off; sendfile on; tcp_nopush on; keepalive_requests 100000; default_type text/html;
  server { listen 127.0.0.1:${nginxPort}; root ${nginxRoot}; } }`,
);
const nginx = spawn(
  "/usr/sbin/nginx",
  ["-c", path.join(nginxRoot, "nginx.conf"), "-p", nginxRoot],
  { stdio: "ignore" },
);
await waitFor(`http://127.0.0.1:${nginxPort}/p0`);
pages.forEach(([name], i) => {
  const r = wrk(`http://127.0.0.1:${nginxPort}/p${i}`, { connections, seconds });
  nginxRps.set(name, r.rps);
  rows.push([name, "-", "nginx", ...fmt(r), ""]);
});
nginx.kill("SIGQUIT");
rmSync(nginxRoot, { recursive: true, force: true });
for (const row of rows.slice(1)) {
  const n = nginxRps.get(String(row[0]));
  if (row[2] !== "nginx" && n) row[6] = `${Math.round((Number(row[3]) / n) * 100)}%`;
}
pg?.stop();

console.log(
  `\n${count} entries; wrk -t1 -c${connections} -d${seconds}s on 127.0.0.1; ${process.version} ${serverNodeArgs().join(" ")}; ${run("nproc", []).trim()} cores\n`,
);
console.log(table(rows));
console.log("\n" + junkRatios.join("\n"));
console.log(
  "\n" +
    table([
      ["page weight (gzip bytes)", "HTML", "CSS", "JS", "fonts (woff2)", "font files"],
      ...weights,
    ]),
);
console.log("\n" + table(latencyRows));
console.log("\n" + rssLine);

async function pageWeights(list: [string, string][]): Promise<(string | number)[][]> {
  const out: (string | number)[][] = [];
  const gz = async (url: string) => gzipSync(await fetchBody(base + url), { level: 9 }).length;
  for (const [name, url] of list) {
    const html = (await fetchBody(base + url)).toString("utf8");
    const attr = (re: RegExp) => [...html.matchAll(re)].map((m) => m[1]);
    const js = new Set([
      ...attr(/<script[^>]+src="([^"]+)"/g),
      ...attr(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
    ]);
    // The entry module is imported from an inline script.
    for (const m of html.matchAll(/import\("([^"]+\.js)"\)|import "([^"]+\.js)"/g))
      js.add(m[1] ?? m[2]);
    const css = new Set(attr(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g));
    const fonts = attr(
      /<link[^>]+as="font"[^>]+href="([^"]+)"|<link[^>]+href="([^"]+\.woff2)"[^>]+as="font"/g,
    ).filter(Boolean);
    // Hindi pages preload their Devanagari fonts with a Link header (no script for it).
    const linkHeader = (await fetch(base + url)).headers.get("link") ?? "";
    for (const m of linkHeader.matchAll(/<([^>]+)>;[^,]*rel=preload;[^,]*as=font/g))
      fonts.push(m[1]);
    let jsBytes = 0;
    for (const u of js) jsBytes += await gz(u);
    let cssBytes = 0;
    for (const u of css) cssBytes += await gz(u);
    let fontBytes = 0;
    for (const u of fonts) fontBytes += (await fetchBody(base + u)).length;
    out.push([
      name,
      gzipSync(Buffer.from(html), { level: 9 }).length,
      cssBytes,
      jsBytes,
      fontBytes,
      fonts.length,
    ]);
  }
  return out;
}

async function soak(pid: number, url: string): Promise<string> {
  const warm = rssMb(pid);
  wrk(base + url, { connections: 50, seconds: 60 });
  const after = rssMb(pid);
  await new Promise((r) => setTimeout(r, 60_000));
  const later = rssMb(pid);
  return `soak: RSS ${warm} MB warm, ${after} MB after 60 s at 50 connections, ${later} MB a minute later`;
}

/**
 * Whole uncached pages one after another (no queueing): what one visitor waits for the server,
 * the "p95 under 30 ms" reading of list, filter and search.
 */
async function oneAtATime(db: string): Promise<(string | number)[][]> {
  const job = pages.find(([name]) => name === "job detail")![1];
  const rows: (string | number)[][] = [];
  for (const [name, url] of [
    ["job list", "/jobs"],
    ["job list, page 100", "/jobs?page=100"],
    ["job list by state", "/jobs?state=Kerala"],
    [
      "job list by organization",
      `/jobs?organization=${encodeURIComponent("Malabar Cooperative Bank")}`,
    ],
    ["search", "/search?q=clerk"],
    ["search, three words", "/search?q=railway+junior+clerk"],
    ["job detail", job],
  ]) {
    const times: number[] = [];
    for (let i = 0; i < 120; i++) {
      const started = performance.now();
      const res = await fetch(base + url).catch(() => fetch(base + url)); // see fetchBody
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
      if (i >= 20) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) =>
      times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
    rows.push([name, db, at(0.5), at(0.95), times.length]);
  }
  return rows;
}
