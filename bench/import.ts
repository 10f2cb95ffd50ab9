// npm run bench:import [-- --rows 10000 --postgres]
// Issue 32's two figures on this machine: reading a 20-page notification PDF and suggesting
// (five runs; the first loads pdf.js), and importing --rows CSV rows (dry run, then the import
// in one transaction) into an empty database with the resident memory sampled every 50 ms: a
// fifth of the rows first, so that the peaks can be compared (flat: the peak does not grow with
// the file).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import pg from "pg";
import { BOM, csvLine } from "~/csv/format.ts";
import { checkImport, commitImport } from "~/csv/import.server.ts";
import { readNoticeText } from "~/notice-import/pdf-text.server.ts";
import { suggestFromLines } from "~/notice-import/suggest.ts";
import { migrate, openDatabase, type AppDatabase } from "~/platform/db/db.server.ts";
import { SAMPLE_ORGANIZATION, sampleNotice } from "../test/notice-pdf.ts";
import { startThrowawayPostgres } from "../test/postgres.ts";

const { values: opts } = parseArgs({
  options: {
    rows: { type: "string", default: "10000" },
    /** Internal: run one import of this many rows in this process and print its figures. */
    one: { type: "string" },
    postgres: { type: "boolean", default: false },
  },
});
const MB = 1024 * 1024;
const rssMb = () => process.memoryUsage().rss / MB;

async function pdfBench() {
  const pdf = await sampleNotice({ filler: 18 });
  const times: number[] = [];
  let pages = 0;
  let suggested = 0;
  for (let run = 0; run < 5; run++) {
    const t = performance.now();
    const text = await readNoticeText(pdf);
    const reading = suggestFromLines("job", text.lines, {
      pages: text.pages,
      organizations: [{ name: SAMPLE_ORGANIZATION, shortName: "CRB" }],
    });
    times.push(performance.now() - t);
    pages = text.pages;
    suggested = reading.suggestions.length;
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[2];
  console.log(
    `PDF: ${pages} pages, ${(pdf.length / 1024).toFixed(0)} KB, ${suggested} suggestions; ` +
      `read + suggest: ${times.map((t) => `${t.toFixed(0)} ms`).join(", ")} ` +
      `(first loads pdf.js); median ${median.toFixed(0)} ms: ${median < 1000 ? "under 1 s" : "OVER 1 s"}`,
  );
  return median < 1000;
}

/** A CSV of `rows` distinct jobs, made as it is read (never whole in memory). */
async function* csvRows(rows: number): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  const columns = [
    "title",
    "organization",
    "summary",
    "employmentType",
    "state",
    "lastDate",
    "qualification",
    "advertisementNumber",
    "posts",
    "fees",
  ];
  yield encoder.encode(BOM + csvLine(columns));
  for (let n = 1; n <= rows; n += 100) {
    let chunk = "";
    for (let i = n; i < n + 100 && i <= rows; i++) {
      const posts = JSON.stringify([
        { post: `Assistant Grade ${i}`, total: 40, ur: 20, obc: 10, sc: 6, st: 4 },
        { post: `Clerk Grade ${i}`, total: 12, ur: 6, obc: 3, sc: 2, st: 1 },
      ]);
      const fees = JSON.stringify([
        { category: "General / OBC", amount: 500 },
        { category: "SC / ST", amount: 0 },
      ]);
      chunk += csvLine([
        `Benchmark Recruitment ${i} of ${rows}`,
        `Benchmark Board ${i % 50}`,
        `Recruitment number ${i}: posts of assistants and clerks. Read the notification before applying.`,
        "FULL_TIME",
        "Bihar",
        `${String((i % 28) + 1).padStart(2, "0")}/01/2031`,
        "Graduate",
        `BB/${i}/2031`,
        posts,
        fees,
      ]);
    }
    yield encoder.encode(chunk);
  }
}

async function importBench(
  open: () => Promise<AppDatabase & { dispose(): Promise<void> }>,
  rows: number,
) {
  const app = await open();
  // The import keeps the event loop busy (SQLite answers synchronously): a timer here would not
  // run while it works, so a worker thread samples the process's memory.
  const peakKb = new Int32Array(new SharedArrayBuffer(4));
  const sampler = new Worker(
    `const { workerData: peak } = require("node:worker_threads");
     setInterval(() => {
       const kb = Math.round(process.memoryUsage.rss() / 1024);
       for (let now = Atomics.load(peak, 0); kb > now; now = Atomics.load(peak, 0))
         if (Atomics.compareExchange(peak, 0, now, kb) === now) break;
     }, 20);`,
    { eval: true, workerData: peakKb },
  );
  const resetPeak = () => Atomics.store(peakKb, 0, Math.round(process.memoryUsage.rss() / 1024));
  const peakMb = () => Math.max(Atomics.load(peakKb, 0) / 1024, rssMb());
  try {
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed / MB;
    const before = rssMb();
    resetPeak();
    let t = performance.now();
    const checked = await checkImport(app.db, {
      kind: "job",
      fileName: "bench.csv",
      source: csvRows(rows),
      by: null,
      maxBytes: 2048 * MB,
    });
    const checkMs = performance.now() - t;
    const checkPeak = peakMb();
    resetPeak();
    t = performance.now();
    const result = await commitImport(app.db, checked.id, { id: null, email: null, name: "bench" });
    const commitMs = performance.now() - t;
    const peak = peakMb();
    if (!result.ok) throw new Error(`import refused: ${JSON.stringify(result).slice(0, 300)}`);
    global.gc?.();
    const live = process.memoryUsage().heapUsed / MB;
    const m = process.memoryUsage();
    if (process.env.BENCH_DETAIL)
      console.log(
        Object.fromEntries(Object.entries(m).map(([k, v]) => [k, `${(v / MB).toFixed(0)} MB`])),
      );
    console.log(
      `CSV ${rows} rows: JS heap live before ${heapBefore.toFixed(0)} MB, after (collected) ${live.toFixed(0)} MB`,
    );
    console.log(
      `CSV ${rows} rows: dry run ${(checkMs / 1000).toFixed(1)} s, import ${(commitMs / 1000).toFixed(1)} s ` +
        `(${result.created} drafts); RSS before ${before.toFixed(0)} MB, peak in the dry run ` +
        `${checkPeak.toFixed(0)} MB, peak in the import ${peak.toFixed(0)} MB, after ${rssMb().toFixed(0)} MB`,
    );
    return Math.max(checkPeak, peak) - before;
  } finally {
    await sampler.terminate();
    await app.dispose();
  }
}

/** One import in a process of its own, so that each starts from the same memory. */
function inChild(rows: number, heapMb?: number): { rss: number; live: number } {
  const child = spawnSync(
    process.execPath,
    [
      ...process.execArgv,
      ...(heapMb ? [`--max-old-space-size=${heapMb}`] : []),
      fileURLToPath(import.meta.url),
      "--one",
      String(rows),
      ...(opts.postgres ? ["--postgres"] : []),
    ],
    { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
  );
  process.stdout.write(child.stdout);
  if (child.status !== 0) throw new Error(`the ${rows}-row import failed`);
  const live = /live before (\d+) MB, after \(collected\) (\d+) MB/.exec(child.stdout);
  return {
    rss: Number(/grew (\d+) MB/.exec(child.stdout)?.[1] ?? Number.NaN),
    live: live ? Number(live[2]) - Number(live[1]) : Number.NaN,
  };
}

if (opts.one) {
  let open: () => Promise<AppDatabase & { dispose(): Promise<void> }>;
  let stopPostgres = () => {};
  if (opts.postgres) {
    const server = startThrowawayPostgres();
    stopPostgres = () => server.stop();
    open = async () => {
      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect();
      await admin.query("create database bench_import");
      await admin.end();
      const url = new URL(server.url);
      url.pathname = "/bench_import";
      const app = openDatabase({ dialect: "postgres", url: url.toString() });
      await migrate(app);
      return { ...app, dispose: () => app.close() };
    };
  } else {
    open = async () => {
      const dir = mkdtempSync(path.join(tmpdir(), "govjobs-bench-import-"));
      const app = openDatabase({ dialect: "sqlite", file: path.join(dir, "bench.db") });
      await migrate(app);
      return {
        ...app,
        async dispose() {
          await app.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    };
  }
  try {
    const grew = await importBench(open, Number(opts.one));
    console.log(`  (the peak grew ${grew.toFixed(0)} MB over the start)`);
  } finally {
    stopPostgres();
  }
} else {
  const pdfOk = await pdfBench();
  const rows = Number(opts.rows);
  const fifth = Math.max(1, Math.round(rows / 5));
  const small = inChild(fifth);
  const large = inChild(rows);
  console.log(`The ${rows} rows again, in a process whose JS heap may not pass 96 MB:`);
  inChild(rows, 96);
  const flat = large.live <= small.live + 5;
  console.log(
    `Memory: what the import keeps (JS heap after a collection) grew ${small.live} MB for ${fifth} rows ` +
      `and ${large.live} MB for ${rows} rows (${flat ? "flat" : "NOT FLAT"}); the resident peak grew ` +
      `${small.rss} MB and ${large.rss} MB: garbage V8 collects later (its heap grows with the rate of ` +
      `allocation), which the 96 MB run bounds.`,
  );
  if (!flat) process.exitCode = 1;
  if (!pdfOk) process.exitCode = 1;
}
