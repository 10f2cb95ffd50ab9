// npm run bench -- --render [--seconds 6 --connections 10 --app DIR]
// Issue 33, "the render": what one uncached page costs the server, as milliseconds of the server
// process's CPU time (utime + stime from /proc) per request wrk completed, not as req/s (which
// also moves with what wrk and other processes take of the 2 cores). The production build on the
// demo content (SQLite), one process, CACHE_PAGES=0, plain (no Accept-Encoding: no compression);
// each page warmed with 200 requests first; the server pinned to one core and wrk to the other.
// Target: the job page ≤ 2.5 ms.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { firstJobPath, getAsSent, run, startServer, stop, table, waitFor, wrk } from "./lib.ts";
import { demoServerEnv } from "./demo-server.ts";
import type { EncodingsOptions } from "./encodings.ts";

/** As --encodings is given, less the cached rows' process count. */
type Options = Omit<EncodingsOptions, "workers">;

/** CPU time a process has used, user + system, in ms (from /proc; clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  // Fields after the command name (which may hold spaces), from field 3 on: utime is 14, stime 15.
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export async function render(o: Options): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "govjobs-render-"));
  const base = `http://127.0.0.1:${o.port}`;
  const server = startServer(
    { ...demoServerEnv(o.buildDir, o.port, dataDir), CACHE_PAGES: "0", WEB_CONCURRENCY: "1" },
    o.appDir,
  );
  const rows: (string | number)[][] = [
    ["uncached, 1 process, plain", "CPU ms/request", "req/s", "p50 ms", "p99 ms", "bytes"],
  ];
  try {
    await waitFor(`${base}/healthz`, server);
    // The server (all its threads) on one core, wrk (a child of this process) on the other: one
    // build measured 4.2-5.8 ms a job page unpinned on a loaded machine, 3.4-4.1 ms pinned.
    run("taskset", ["-a", "-p", "-c", "0", String(server.pid)]);
    run("taskset", ["-p", "-c", "1", String(process.pid)]);
    const pages: [string, string][] = [
      ["job page", await firstJobPath(base)],
      ["job list", "/jobs"],
      ["home", "/"],
    ];
    for (const [, url] of pages) for (let i = 0; i < 200; i++) await getAsSent(base + url, "");
    for (const [name, url] of pages) {
      const before = cpuMs(server.pid!);
      const r = wrk(base + url, { connections: o.connections, seconds: o.seconds, headers: [] });
      const used = cpuMs(server.pid!) - before;
      if (r.errors) console.warn(`  ${name}: ${r.errors} errors`);
      const bytes = (await getAsSent(base + url, "")).bytes.length;
      rows.push([
        name,
        (used / r.requests).toFixed(2),
        Math.round(r.rps),
        r.p50.toFixed(2),
        r.p99.toFixed(2),
        bytes,
      ]);
    }
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `\nrender: demo content, SQLite; wrk -t1 -c${o.connections} -d${o.seconds}s; ${o.appDir}\n`,
  );
  console.log(table(rows));
}
