// npm run bench [-- --count 100000 --seconds 8 --connections 10 --postgres --soak --workers 1,2]
//                [--app DIR] [--result-day] [--encodings] [--render] [--weights] [--first-paint]
//                [--against DIR]
// Builds the app, fills a database with --count entries, and prints one table: requests/s and
// p50/p99 latency per page with the page cache on and off, nginx serving the identical bytes as
// static files (same load tool, same connections, same run), page weights and server memory; then
// the same cached and uncached rows with each --workers count of server processes side by side.
// --app DIR measures another checkout (a git worktree of an older commit) with this benchmark.
// --result-day runs bench/result-day.ts instead (60 s at 100 connections unless told otherwise).
// --encodings runs bench/encodings.ts instead (plain, gzip and br, uncached and cached, demo content).
// --render prints only the CPU time per uncached request (bench/render.ts), demo content.
// --weights prints only the page weights (bench/page-weights.ts: script per public page), demo content.
// --first-paint prints only first paint on an emulated cheap phone (bench/first-paint.ts), demo content.
// --first-paint --against DIR: the same for this checkout (or --app) and DIR, loaded in turn.
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { startThrowawayPostgres } from "../test/postgres.ts";
import {
  appCommit,
  appLabel,
  ensurePackages,
  firstJobPath,
  prepareApp,
  run,
  serverNodeArgs,
  getAsSent,
  type Sent,
  startServer,
  stop,
  table,
  treeRssMb,
  waitFor,
  wrk,
  type WrkResult,
} from "./lib.ts";
import { startNginx } from "./nginx.ts";
import { resultDay } from "./result-day.ts";
import { encodings } from "./encodings.ts";
import { render } from "./render.ts";
import { myExamsScriptWeight } from "./my-exams-weight.ts";
import { pageWeights, printWeights, weighedPages, weightsOnDemo } from "./page-weights.ts";
import { oneAtATime, soak } from "./one-at-a-time.ts";
import {
  firstPaintOnDemo,
  firstPaints,
  firstPaintsSideBySide,
  paintedPages,
  printFirstPaints,
} from "./first-paint.ts";

const { values: opts } = parseArgs({
  options: {
    count: { type: "string", default: "100000" },
    seconds: { type: "string" },
    connections: { type: "string" },
    postgres: { type: "boolean", default: false },
    soak: { type: "boolean", default: false },
    /** Server processes to compare (WEB_CONCURRENCY), e.g. "1,2". */
    workers: { type: "string" },
    /** Another checkout to measure (a git worktree of an older commit), for before/after. */
    app: { type: "string" },
    "result-day": { type: "boolean", default: false },
    encodings: { type: "boolean", default: false },
    render: { type: "boolean", default: false },
    weights: { type: "boolean", default: false },
    "first-paint": { type: "boolean", default: false },
    against: { type: "string" },
  },
});
const count = Number(opts.count);
const seconds = Number(opts.seconds ?? (opts["result-day"] ? 60 : 8));
const connections = Number(opts.connections ?? (opts["result-day"] ? 100 : 10));
const workerCounts = (opts.workers ?? (opts["result-day"] ? "1" : "1,2")).split(",").map(Number);
if (workerCounts.some((n) => !Number.isInteger(n) || n < 1))
  throw new Error(`--workers takes whole numbers separated by commas, e.g. 1,2`);

ensurePackages({ "/usr/bin/wrk": "wrk", "/usr/sbin/nginx": "nginx-light" });
const appDir = prepareApp(opts.app);
const commit = appCommit(appDir);
// The build goes into the measured checkout; BUILD_DIR picks another folder than build-bench.
const BUILD_DIR = process.env.BUILD_DIR ?? "build-bench";
console.log(`building ${appDir} (${commit || "no git"}) into ${BUILD_DIR}…`);
run("npx", ["react-router", "build"], { ...process.env, BUILD_DIR }, appDir);

if (opts.encodings) {
  await encodings({
    appDir,
    buildDir: BUILD_DIR,
    port: 41_000 + Math.floor(Math.random() * 5000),
    seconds,
    connections,
    workers: opts.workers ? workerCounts.at(-1)! : 1,
  });
  process.exit(0);
}

if (opts.render) {
  await render({
    appDir,
    buildDir: BUILD_DIR,
    port: 41_000 + Math.floor(Math.random() * 5000),
    seconds: Number(opts.seconds ?? 6),
    connections,
  });
  process.exit(0);
}

if (opts.against) {
  if (!opts["first-paint"]) throw new Error("--against goes with --first-paint");
  const againstDir = prepareApp(opts.against);
  console.log(`building ${againstDir} (${appCommit(againstDir) || "no git"}) into ${BUILD_DIR}…`);
  run("npx", ["react-router", "build"], { ...process.env, BUILD_DIR }, againstDir);
  await firstPaintsSideBySide(
    [appDir, againstDir].map((dir) => ({ label: appLabel(dir), appDir: dir })),
    { buildDir: BUILD_DIR, port: 41_000 + Math.floor(Math.random() * 5000) },
  );
  process.exit(0);
}

const onDemo = opts["first-paint"] ? firstPaintOnDemo : opts.weights ? weightsOnDemo : undefined;
if (onDemo) {
  await onDemo({ appDir, buildDir: BUILD_DIR, port: 41_000 + Math.floor(Math.random() * 5000) });
  process.exit(0);
}

// Another checkout's data is generated by its own generator and migrations, in its own folder.
const root = path.resolve("data", opts.app ? `bench-${count}-app-${commit}` : `bench-${count}`);
mkdirSync(root, { recursive: true });

/** The measured checkout's own scripts (its generator, its user:create), on its migrations. */
function appScript(script: string, args: string[], databaseUrl: string) {
  return run(
    process.execPath,
    ["node_modules/tsx/dist/cli.mjs", script, ...args],
    {
      ...process.env,
      DATA_DIR: root,
      DATABASE_URL: databaseUrl,
      BASE_URL: "http://127.0.0.1",
    },
    appDir,
  );
}

function generate(databaseUrl: string) {
  console.log(`generating ${count} entries…`);
  appScript("bench/generate.ts", ["--count", String(count)], databaseUrl);
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
const serverEnv = (
  t: Target,
  cache: boolean,
  workers = 1,
  at: number = port,
): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_ENV: "production",
  BUILD_DIR,
  PORT: String(at),
  HOST: "127.0.0.1",
  DATA_DIR: root,
  DATABASE_URL: t.databaseUrl,
  BASE_URL: `http://127.0.0.1:${at}`,
  CACHE_PAGES: cache ? "1" : "0",
  // The benchmark is one client: lift the per-IP search limit for it.
  SEARCH_RATE_LIMIT: "999999/1m",
  WEB_CONCURRENCY: String(workers),
});

if (opts["result-day"]) {
  const admin = { email: "result-day@govjobs.test", password: "Zipf-popular-pages-hot-path-7" };
  for (const target of targets) {
    let databaseUrl = target.databaseUrl;
    // The editor's user (user:create also brings the database up to the app's migrations).
    appScript(
      "scripts/user-create.ts",
      ["--email", admin.email, "--password", admin.password, "--admin"],
      databaseUrl,
    );
    if (target.name === "sqlite") {
      // The editor writes: work on a copy, so the shared data set stays as generated.
      const copy = path.join(root, "result-day.db");
      for (const f of [copy, `${copy}-wal`, `${copy}-shm`]) rmSync(f, { force: true });
      copyFileSync(sqliteFile, copy);
      databaseUrl = `file:${copy}`;
    }
    await resultDay({
      appDir,
      workDir: root,
      db: `${count} entries, ${target.name}`,
      // Each answer names its worker, so /healthz is read from every worker (result-day.ts).
      serverEnv: (p, workers) => ({
        ...serverEnv({ ...target, databaseUrl }, true, workers, p),
        WORKER_PID_HEADER: "1",
      }),
      admin,
      seconds,
      connections,
      workers: workerCounts,
    });
  }
  pg?.stop();
  process.exit(0);
}

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
const bodies = new Map<string, Sent>();
let rssLine = "";
let weights: (string | number)[][] = [];
let paints: (string | number)[][] = [];
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
    const server = startServer(serverEnv(target, cache, workerCounts[0]), appDir);
    await waitFor(`${base}/healthz`, server);
    if (!pages.length) pages = await pagesFor();
    // Warm: fill the cache and let the JIT settle.
    for (const [, url] of pages) for (let i = 0; i < 30; i++) await fetchBody(base + url);
    const rssBefore = treeRssMb(server.pid!);
    for (const [name, url] of pages) {
      if (cache && target.name === "sqlite") bodies.set(url, await getAsSent(base + url));
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
    if (!cache) latencyRows.push(...(await oneAtATime(base, pages, target.name)));
    if (!cache && target.name === "sqlite")
      rssLine += `\nserver RSS (sqlite, cache off): ${rssBefore} MB warm, ${treeRssMb(server.pid!)} MB after the runs`;
    if (cache && target.name === "sqlite") {
      rssLine = `server RSS (sqlite, cache on): ${rssBefore} MB warm, ${treeRssMb(server.pid!)} MB after the runs`;
      weights = await pageWeights(base, weighedPages(pages[2][1]));
      paints = await firstPaints(base, paintedPages(pages[2][1]));
      if (opts.soak) rssLine += "\n" + (await soak(base, server.pid!, pages[1][1]));
    }
    await stop(server);
  }
}

// The same pages, cached and uncached, with more server processes (WEB_CONCURRENCY, node:cluster).
const byWorkers = new Map<string, Map<number, WrkResult & { rss: number }>>();
for (const row of rows.slice(1)) {
  const [name, db, cache, rps, p50, p99] = row;
  byWorkers.set(
    `${name}|${db}|${cache}`,
    new Map([
      [
        workerCounts[0],
        { rps: Number(rps), requests: 0, p50: Number(p50), p99: Number(p99), errors: 0, rss: 0 },
      ],
    ]),
  );
}
for (const workers of workerCounts.slice(1)) {
  for (const target of targets) {
    for (const cache of [true, false]) {
      const server = startServer(serverEnv(target, cache, workers), appDir);
      await waitFor(`${base}/healthz`, server);
      for (const [, url] of pages) for (let i = 0; i < 30; i++) await fetchBody(base + url);
      for (const [name, url] of pages) {
        const r = wrk(base + url, { connections, seconds });
        if (r.errors) console.warn(`  ${name} (${workers} processes): ${r.errors} errors`);
        byWorkers
          .get(`${name}|${target.name}|${cache ? "on" : "off"}`)
          ?.set(workers, { ...r, rss: treeRssMb(server.pid!) });
      }
      await stop(server);
    }
  }
}

// nginx serving the very same bytes as static files.
const nginx = await startNginx(
  pages.map(([, url]) => bodies.get(url)!),
  port + 1,
);
pages.forEach(([name], i) => {
  const r = wrk(nginx.base + nginx.path(i), { connections, seconds });
  nginxRps.set(name, r.rps);
  rows.push([name, "-", "nginx", ...fmt(r), ""]);
});
await nginx.stop();
for (const row of rows.slice(1)) {
  const n = nginxRps.get(String(row[0]));
  if (row[2] !== "nginx" && n) row[6] = `${Math.round((Number(row[3]) / n) * 100)}%`;
}
pg?.stop();

console.log(
  `\n${count} entries; wrk -t1 -c${connections} -d${seconds}s on 127.0.0.1; ${process.version} ${serverNodeArgs(appDir).join(" ")}; ${run("nproc", []).trim()} cores\n`,
);
console.log(table(rows));
if (workerCounts.length > 1) {
  const head = ["page", "db", "cache"];
  for (const w of workerCounts) head.push(`req/s ×${w}`, `p99 ms ×${w}`);
  head.push(`RSS MB ×${workerCounts.at(-1)}`);
  const side = [...byWorkers]
    .filter(([, results]) => results.size > 1)
    .map(([key, results]) => {
      const cells: (string | number)[] = key.split("|");
      for (const w of workerCounts) {
        const r = results.get(w);
        cells.push(r ? Math.round(r.rps) : "-", r ? r.p99.toFixed(2) : "-");
      }
      cells.push(results.get(workerCounts.at(-1)!)?.rss ?? "-");
      return cells;
    });
  console.log(
    `\nserver processes (WEB_CONCURRENCY; a server without node:cluster ignores it and runs one):\n${table([head, ...side])}`,
  );
}
console.log("\n" + junkRatios.join("\n"));
printWeights(weights);
printFirstPaints(paints);
// Issue 28's budget: My exams adds under 3,000 B of script to public pages other than /my.
if (existsSync(path.join(appDir, "app", "my-exams"))) {
  const mine = await myExamsScriptWeight(appDir, path.join(appDir, BUILD_DIR, "client", "assets"));
  console.log(
    `\nMy exams' script on public pages other than /my (gzip): ${mine.total} B = the Save button ${mine.lazy} B (loaded after hydration) + the header's link and Save's places ${mine.slots} B (budget 3,000 B)`,
  );
}
console.log("\n" + table(latencyRows));
console.log("\n" + rssLine);
