// npm run bench -- --result-day [--seconds 60 --connections 100 --postgres --workers 1 --app DIR]
// Result day: 2,000 public URLs requested with a Zipf popularity (s = 1) at 100 connections while
// an editor signs in and posts the real admin entry form every 5 seconds (alternately updating a
// hot job's title and last date, and publishing a new job). The same run without the editor, and
// nginx serving the very bytes the warm server answered for the same URL list, go beside it. Then
// the server is restarted (every worker) and measured from its first moment, warmed by nothing but
// itself (issue 33: the hot list it recorded during the runs before).
import { rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import {
  freePort,
  ACCEPT_ENCODING,
  getAsSent,
  type Sent,
  startServer,
  stop,
  table,
  treeRssMb,
  waitFor,
  wrkAsync,
} from "./lib.ts";
import { startNginx } from "./nginx.ts";
import { urlList } from "./result-day-urls.ts";
import { editForm, editor, publishJob, signIn, WRITE_EVERY_S } from "./result-day-editor.ts";

export interface ResultDayOptions {
  /** The checkout whose server is measured (this one, or an older one through --app). */
  appDir: string;
  /** Where the wrk scripts go. */
  workDir: string;
  db: string;
  /** The server's environment for a port and a number of processes (page cache on). */
  serverEnv: (port: number, workers: number) => NodeJS.ProcessEnv;
  /** An admin that exists in the database (created with the app's user:create). */
  admin: { email: string; password: string };
  seconds: number;
  connections: number;
  workers: number[];
  urls?: number;
}

interface Run {
  label: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  requests: number;
  writes: number | "";
  writeFailures: number;
  writeMs: number[];
  renders: number | undefined;
  rss: number | "";
}

/** Renders between two /healthz readings: the sum over the workers, and each worker's. */
function rendersBetween(before: Health, after: Health) {
  const each = [...after.renders].map(([pid, n]) => n - (before.renders.get(pid) ?? 0));
  const kept = [...after.kept].map(([pid, n]) => n - (before.kept.get(pid) ?? 0));
  if (!each.length) return { renders: undefined, note: "" };
  return {
    renders: sum(each),
    note:
      each.length > 1
        ? `renders per worker ${each.join(" / ")}, pages kept from a peer ${kept.join(" / ")}`
        : "",
  };
}

export async function resultDay(o: ResultDayOptions): Promise<void> {
  const port = await freePort(4250, 4289);
  const base = `http://127.0.0.1:${port}`;
  const hotTitle = "Result Day Hot Job";
  let hotId = "";
  const runs: Run[] = [];
  let list: string[] = [];
  let weights: number[] = [];
  let bodies: Sent[] = [];
  const cacheNotes: string[] = [];

  for (const workers of o.workers) {
    // "fresh": a restart of the same build (each worker takes back the pages it kept at
    // shutdown); "deploy": the same without them, as after a new build (only the hot list).
    for (const phase of ["quiet", "saving", "fresh", "deploy"] as const) {
      const publishing = phase === "saving";
      const fresh = phase === "fresh" || phase === "deploy";
      const env = o.serverEnv(port, workers);
      if (phase === "deploy")
        rmSync(path.join(env.DATA_DIR ?? "data", "page-cache"), { recursive: true, force: true });
      const launched = Date.now();
      const server = startServer(env, o.appDir);
      await waitFor(`${base}/healthz`, server);
      const readyMs = Date.now() - launched;
      if (fresh) {
        // Load from the first moment the server answers, with no warming from outside.
        const script = writeScript(path.join(o.workDir, "result-day.lua"), list, weights);
        const before = await healthz(base, workers);
        const r = parseResult(await wrkAsync(wrkArgs(o, script, base)));
        const after = await healthz(base, workers);
        runs.push({
          label: `app${o.workers.length > 1 ? `, ${workers} process(es)` : ""}, right after a ${phase === "deploy" ? "deploy" : "start"}`,
          ...r,
          writes: "",
          writeFailures: 0,
          writeMs: [],
          renders: rendersBetween(before, after).renders,
          rss: treeRssMb(server.pid!),
        });
        cacheNotes.push(
          `${runs.at(-1)!.label}: /healthz answered ${readyMs} ms after the start; ${before.restored} pages kept from the last run (all workers); ${before.warmed} pages drawn from the hot list before the load began (all workers), ${after.warmed} by its end; ${rendersBetween(before, after).note}`,
        );
        await stop(server);
        continue;
      }
      const cookie = await signIn(base, o.admin);
      if (!list.length) {
        // The hot job is the editor's own, published before the first run so both runs see it.
        hotId = await publishJob(base, cookie, hotTitle);
        const hotPath = `/jobs/${(await editForm(base, cookie, hotId)).slug}`;
        console.log(`result day: building the URL list (hot job ${hotPath})…`);
        list = await urlList(base, hotPath, o.urls ?? 2000);
      }
      console.log(`result day: warming ${list.length} URLs (${workers} process(es))…`);
      const answered = await warm(base, list);
      if (!weights.length) {
        const dropped = list.filter((_, i) => answered[i] !== 200);
        if (dropped.length)
          console.warn(
            `  ${dropped.length} URLs did not answer 200 and were left out: ${dropped.slice(0, 5).join(" ")}…`,
          );
        list = list.filter((_, i) => answered[i] === 200);
        weights = list.map((_, i) => 1 / (i + 1));
        bodies = [];
        for (const url of list) bodies.push(await getAsSent(base + url));
      }
      const script = writeScript(path.join(o.workDir, "result-day.lua"), list, weights);
      const before = await healthz(base, workers);
      const started = Date.now();
      const wrkRun = wrkAsync(wrkArgs(o, script, base));
      const writes = publishing
        ? await editor(base, cookie, hotId, started, started + o.seconds * 1000)
        : { done: 0, failed: 0, ms: [] };
      const out = await wrkRun;
      const after = await healthz(base, workers);
      const r = parseResult(out);
      runs.push({
        label: `app${o.workers.length > 1 ? `, ${workers} process(es)` : ""}, ${publishing ? `editor every ${WRITE_EVERY_S} s` : "no publishing"}`,
        ...r,
        writes: publishing ? writes.done : "",
        writeFailures: writes.failed,
        writeMs: writes.ms,
        renders: rendersBetween(before, after).renders,
        rss: treeRssMb(server.pid!),
      });
      if (after.cache)
        cacheNotes.push(
          `${runs.at(-1)!.label}: page cache ${after.cache.entries} pages, ${after.cache.percentFull}% full, ${after.cache.evictions} evictions (one worker); ${rendersBetween(before, after).note}`,
        );
      await stop(server);
    }
  }

  const nginxPort = await freePort(4290, 4299);
  const nginx = await startNginx(bodies, nginxPort);
  const nginxScript = writeScript(
    path.join(o.workDir, "result-day-nginx.lua"),
    list.map((_, i) => nginx.path(i)),
    weights,
  );
  const n = parseResult(await wrkAsync(wrkArgs(o, nginxScript, nginx.base)));
  await nginx.stop();
  runs.push({
    label: "nginx, the same bytes",
    ...n,
    writes: "",
    writeFailures: 0,
    writeMs: [],
    renders: undefined,
    rss: "",
  });

  const print = (v: number | undefined, digits = 0) =>
    v === undefined ? "n/a" : v.toFixed(digits);
  const rows: (string | number)[][] = [
    ["result day", "req/s", "p50 ms", "p95 ms", "p99 ms", "errors", "writes", "renders", "RSS MB"],
    ...runs.map((r) => [
      r.label,
      Math.round(r.rps),
      r.p50.toFixed(2),
      r.p95.toFixed(2),
      r.p99.toFixed(2),
      r.errors,
      r.writes === "" ? "" : `${r.writes}${r.writeFailures ? ` (${r.writeFailures} failed)` : ""}`,
      r.label.startsWith("nginx") ? "" : print(r.renders),
      r.rss,
    ]),
  ];
  console.log(
    `\n${list.length} URLs, Zipf s = 1 (the hottest is ${((weights[0] / sum(weights)) * 100).toFixed(1)}% of requests); wrk -t1 -c${o.connections} -d${o.seconds}s; ${o.db}; ${path.relative(process.cwd(), o.appDir) || "this checkout"}\n`,
  );
  console.log(table(rows));
  console.log("\n" + cacheNotes.join("\n"));

  for (const workers of o.workers) {
    const suffix = o.workers.length > 1 ? `, ${workers} process(es)` : "";
    const quiet = runs.find((r) => r.label === `app${suffix}, no publishing`)!;
    const busy = runs.find((r) => r.label === `app${suffix}, editor every ${WRITE_EVERY_S} s`)!;
    const fresh = runs.find((r) => r.label === `app${suffix}, right after a start`)!;
    const deploy = runs.find((r) => r.label === `app${suffix}, right after a deploy`)!;
    const writes = Number(busy.writes) || 0;
    // Renders the writes caused: the busy run's, less what the same run renders without them.
    const perWrite =
      busy.renders === undefined || quiet.renders === undefined || !writes
        ? undefined
        : (busy.renders - quiet.renders) / writes;
    const hot = hotUrls(weights, busy.rps * WRITE_EVERY_S);
    const ms = busy.writeMs.toSorted((a, b) => a - b);
    console.log(
      [
        `\n${workers} process(es):`,
        `  throughput with publishing ÷ without: ${(busy.rps / quiet.rps).toFixed(2)} (target ≥ 0.7)`,
        `  p99 with publishing: ${busy.p99.toFixed(1)} ms (target < 100 ms)`,
        `  p99 over the first ${o.seconds} s after a start: ${fresh.p99.toFixed(1)} ms (target < 100 ms); after a deploy (no kept pages): ${deploy.p99.toFixed(1)} ms`,
        `  renders per write${workers > 1 ? " (all workers)" : ""}: ${print(perWrite, 1)}; hot URLs (distinct URLs asked for in ${WRITE_EVERY_S} s at this rate): ${Math.round(hot)}; ratio ${perWrite === undefined ? "n/a" : (perWrite / hot).toFixed(2)}`,
        `  editor's form posts: ${writes} (${busy.writeFailures} failed), median ${ms.length ? ms[Math.floor(ms.length / 2)].toFixed(0) : "n/a"} ms, slowest ${ms.length ? ms.at(-1)!.toFixed(0) : "n/a"} ms`,
        `  app ÷ nginx (no publishing): ${Math.round((quiet.rps / n.rps) * 100)}%`,
      ].join("\n"),
    );
  }
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** How many distinct URLs `requests` requests drawn from these weights ask for, on average. */
function hotUrls(weights: number[], requests: number): number {
  const total = sum(weights);
  return sum(weights.map((w) => 1 - Math.pow(1 - w / total, requests)));
}

function wrkArgs(o: ResultDayOptions, script: string, base: string): string[] {
  return ["-t", "1", "-c", String(o.connections), "-d", `${o.seconds}s`, "-s", script, base + "/"];
}

/**
 * The wrk script: the requests are formatted once, and a table holds each URL's index as many
 * times as its weight asks (100,000 slots), so `request()` is one random table lookup.
 */
function writeScript(file: string, paths: string[], weights: number[]): string {
  const total = sum(weights);
  const counts = weights.map((w) => Math.max(1, Math.round((w / total) * 100_000)));
  writeFileSync(
    file,
    `local paths = {${paths.map((p) => JSON.stringify(p)).join(",")}}
local counts = {${counts.join(",")}}
local reqs, pick = {}, {}
function init(args)
  math.randomseed(os.time())
  for i, p in ipairs(paths) do
    reqs[i] = wrk.format("GET", p, { ["Accept-Encoding"] = "${ACCEPT_ENCODING}" })
    for _ = 1, counts[i] do pick[#pick + 1] = i end
  end
end
function request()
  return reqs[pick[math.random(#pick)]]
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT %d %d %d %d %d %d %d %d %d %d\\n", summary.requests, summary.duration,
    latency:percentile(50), latency:percentile(95), latency:percentile(99),
    e.connect, e.read, e.write, e.status, e.timeout))
end
`,
  );
  return file;
}

/** The script's done() line: microseconds in, milliseconds out; errors of every sort together. */
function parseResult(out: string) {
  const line = /RESULT ([\d ]+)/.exec(out);
  if (!line) throw new Error(`wrk printed no RESULT line:\n${out}`);
  const [requests, duration, p50, p95, p99, ...errors] = line[1].trim().split(" ").map(Number);
  return {
    requests,
    rps: requests / (duration / 1e6),
    p50: p50 / 1000,
    p95: p95 / 1000,
    p99: p99 / 1000,
    errors: sum(errors),
  };
}

interface Health {
  /** Each worker's renders and pages kept from a peer so far, by its pid. */
  renders: Map<string, number>;
  kept: Map<string, number>;
  /** Pages drawn from the hot list, and kept from the last run, all workers. */
  warmed: number;
  restored: number;
  /** One worker's page cache. */
  cache: { entries: number; percentFull: number; evictions: number } | undefined;
}

/**
 * Every worker's /healthz counters: asked on a connection of its own each time (the primary hands
 * each to the next worker), until each of `workers` pids (X-Worker-Pid) has answered.
 */
async function healthz(base: string, workers: number): Promise<Health> {
  const health: Health = {
    renders: new Map(),
    kept: new Map(),
    warmed: 0,
    restored: 0,
    cache: undefined,
  };
  for (let i = 0; i < workers * 20 && health.renders.size < workers; i++) {
    const { pid, body } = await new Promise<{ pid: string; body: string }>((resolve, reject) =>
      http
        .get(`${base}/healthz`, { agent: false }, (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (body += chunk));
          res.on("end", () => resolve({ pid: String(res.headers["x-worker-pid"] ?? "one"), body }));
        })
        .on("error", reject),
    );
    const json = JSON.parse(body) as {
      pageCache?: {
        renders?: number;
        sharesKept?: number;
        entries: number;
        percentFull: number;
        evictions: number;
        warmed?: number;
        restored?: number;
      } | null;
    };
    if (health.renders.has(pid) || typeof json.pageCache?.renders !== "number") continue;
    health.renders.set(pid, json.pageCache.renders);
    health.kept.set(pid, json.pageCache.sharesKept ?? 0);
    health.warmed += json.pageCache.warmed ?? 0;
    health.restored += json.pageCache.restored ?? 0;
    health.cache ??= json.pageCache;
  }
  return health;
}

async function warm(base: string, list: string[]): Promise<number[]> {
  const status: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < list.length) {
        const i = next++;
        const get = () => fetch(base + list[i], { redirect: "manual" });
        const res = await get().catch(get);
        await res.arrayBuffer();
        status[i] = res.status;
      }
    }),
  );
  return status;
}
