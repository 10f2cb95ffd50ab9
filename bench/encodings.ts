// npm run bench -- --encodings [--seconds 8 --connections 10 --workers 1 --app DIR]
// Issue 33, "compression that fits": what each Accept-Encoding costs, on the production build with
// the demo content (SQLite). Uncached (CACHE_PAGES=0, one process): the job page, home and the job
// list asked plain, gzip and br; brotli's rate ÷ plain's is the target (≥ 0.9). Cached: the job
// page and home in each encoding against nginx serving the bytes the app sent in that encoding
// (targets: plain ≥ 0.4 of nginx, gzip ≥ 0.6).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  firstJobPath,
  getAsSent,
  startServer,
  stop,
  table,
  treeRssMb,
  waitFor,
  wrk,
  type Sent,
  type WrkResult,
} from "./lib.ts";
import { startNginx } from "./nginx.ts";
import { demoServerEnv } from "./demo-server.ts";

export interface EncodingsOptions {
  appDir: string;
  buildDir: string;
  port: number;
  seconds: number;
  connections: number;
  /** Server processes for the cached rows (the uncached rows run one: a renderer per process). */
  workers: number;
}

/** The three answers a client can ask for, with the header wrk sends for each. */
const ENCODINGS = [
  ["plain", undefined],
  ["gzip", "gzip"],
  ["br", "gzip, deflate, br"],
] as const;

export async function encodings(o: EncodingsOptions): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "govjobs-encodings-"));
  const base = `http://127.0.0.1:${o.port}`;
  const env = (cache: boolean, workers: number): NodeJS.ProcessEnv => ({
    ...demoServerEnv(o.buildDir, o.port, dataDir),
    CACHE_PAGES: cache ? "1" : "0",
    WEB_CONCURRENCY: String(workers),
  });
  const load = (url: string, accept: string | undefined) =>
    wrk(base + url, {
      connections: o.connections,
      seconds: o.seconds,
      headers: accept ? [`Accept-Encoding: ${accept}`] : [],
    });
  const fmt = (r: WrkResult) => [Math.round(r.rps), r.p50.toFixed(2), r.p99.toFixed(2)];

  const uncached: (string | number)[][] = [
    ["uncached, 1 process", "encoding", "req/s", "p50 ms", "p99 ms", "÷ plain", "bytes"],
  ];
  let server = startServer(env(false, 1), o.appDir);
  await waitFor(`${base}/healthz`, server);
  const job = await firstJobPath(base);
  const pages: [string, string][] = [
    ["job page", job],
    ["home", "/"],
    ["job list", "/jobs"],
  ];
  for (const [, url] of pages) for (let i = 0; i < 40; i++) await getAsSent(base + url);
  for (const [name, url] of pages) {
    let plain = 0;
    for (const [label, accept] of ENCODINGS) {
      const r = load(url, accept);
      if (r.errors) console.warn(`  ${name} ${label}: ${r.errors} errors`);
      if (label === "plain") plain = r.rps;
      const bytes = (await getAsSent(base + url, accept ?? "")).bytes.length;
      uncached.push([name, label, ...fmt(r), (r.rps / plain).toFixed(2), bytes]);
    }
  }
  const uncachedRss = treeRssMb(server.pid!);
  await stop(server);

  server = startServer(env(true, o.workers), o.appDir);
  await waitFor(`${base}/healthz`, server);
  const sent: Sent[] = [];
  const cachedRows: (string | number)[][] = [];
  for (const [, url] of pages.slice(0, 2))
    for (let i = 0; i < 40; i++) await getAsSent(base + url, i % 2 ? "" : "br");
  for (const [name, url] of pages.slice(0, 2)) {
    for (const [label, accept] of ENCODINGS) {
      const r = load(url, accept);
      if (r.errors) console.warn(`  cached ${name} ${label}: ${r.errors} errors`);
      sent.push(await getAsSent(base + url, accept ?? ""));
      cachedRows.push([name, label, ...fmt(r), sent.at(-1)!.bytes.length]);
    }
  }
  const cachedRss = treeRssMb(server.pid!);
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });

  const nginx = await startNginx(sent, o.port + 1);
  const cached: (string | number)[][] = [
    [`cached, ${o.workers} process(es)`, "encoding", "req/s", "p50 ms", "p99 ms", "bytes"],
  ];
  cached[0].push("nginx req/s", "÷ nginx");
  cachedRows.forEach((row, i) => {
    const n = wrk(nginx.base + nginx.path(i), { connections: o.connections, seconds: o.seconds });
    cached.push([...row, Math.round(n.rps), (Number(row[2]) / n.rps).toFixed(2)]);
  });
  await nginx.stop();

  console.log(
    `\nencodings: demo content, SQLite; wrk -t1 -c${o.connections} -d${o.seconds}s; ${o.appDir}\n`,
  );
  console.log(table(uncached));
  console.log(`server RSS after the uncached runs: ${uncachedRss} MB\n`);
  console.log(table(cached));
  console.log(`server RSS after the cached runs: ${cachedRss} MB`);
}
