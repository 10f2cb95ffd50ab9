// npm run bench:search-pg [-- --count 100000 --rounds 12]
// PostgreSQL search at scale: a throwaway PostgreSQL (Debian's package) filled with --count
// generated entries, then nine query shapes through `searchPublished`, --rounds timed calls each
// after one untimed call. Prints p50/p95 of the whole search and of each of its queries (the
// ranking query is issue 16's "under 30 ms p95"), timed by the app's own SLOW_QUERY_MS log.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { startThrowawayPostgres } from "../test/postgres.ts";
import { run, table } from "./lib.ts";

const { values: opts } = parseArgs({
  options: {
    count: { type: "string", default: "100000" },
    rounds: { type: "string", default: "12" },
  },
});
const rounds = Number(opts.rounds);

const postgres = startThrowawayPostgres();
process.once("exit", () => postgres.stop());
console.log(`generating ${opts.count} entries on a throwaway PostgreSQL…`);
const dataDir = mkdtempSync(path.join(tmpdir(), "govjobs-search-pg-"));
process.once("exit", () => rmSync(dataDir, { recursive: true, force: true }));
run(
  process.execPath,
  ["node_modules/tsx/dist/cli.mjs", "bench/generate.ts", "--count", String(opts.count)],
  { ...process.env, DATA_DIR: dataDir, DATABASE_URL: postgres.url, BASE_URL: "http://127.0.0.1" },
);

// Every query's time, as SLOW_QUERY_MS=0 logs it ("[slow query] 12.3 ms query select …").
process.env.SLOW_QUERY_MS = "0";
const timed: { ms: number; sql: string }[] = [];
const { logger } = await import("../app/platform/logger.server.ts");
const warn = logger.warn.bind(logger);
logger.warn = ((line: unknown, ...rest: unknown[]) => {
  const m = typeof line === "string" ? /^\[slow query\] ([\d.]+) ms \w+ (.*)$/.exec(line) : null;
  if (m) timed.push({ ms: Number(m[1]), sql: m[2] });
  else (warn as (...args: unknown[]) => void)(line, ...rest);
}) as typeof logger.warn;
const { openDatabase } = await import("../app/platform/db/db.server.ts");
const { searchPublished } = await import("../app/entries/search.repository.server.ts");
const { db, close } = openDatabase({ dialect: "postgres", url: postgres.url });
await sql`vacuum analyze entries`.execute(db);

type Options = Parameters<typeof searchPublished>[2];
const shapes: [string, string, Options][] = [
  ["result (70% of entries)", "result", {}],
  ["clerk", "clerk", {}],
  ["junior clerk", "junior clerk", {}],
  ["admit card", "admit card", {}],
  ["forest guard recruitment", "forest guard recruitment", {}],
  ["clerk, jobs only", "clerk", { kind: "job" }],
  ["result, page 3", "result", { page: 3 }],
  // A kind named with other words (issue 26): that kind first, then the rest.
  ["clerk result", "clerk result", {}],
  ["clerk admit card", "clerk admit card", {}],
];
/** Ranking (with ts_rank, or a kind's newest alone), the page's rows by id, or counting. */
const kindOf = (text: string) =>
  text.includes("ts_rank") || text.includes('order by "published_at" desc')
    ? "ranking"
    : text.includes('where "id" in (')
      ? "rows"
      : "count";
const samples = new Map<string, number[]>();
const add = (key: string, ms: number) => samples.set(key, [...(samples.get(key) ?? []), ms]);
for (const [, query, options] of shapes) await searchPublished(db, query, options);
for (let round = 0; round < rounds; round++) {
  for (const [label, query, options] of shapes) {
    timed.length = 0;
    const started = performance.now();
    await searchPublished(db, query, options);
    add(`whole search|${label}`, performance.now() - started);
    for (const t of timed) add(`${kindOf(t.sql)}|${label}`, t.ms);
  }
}
await close();
logger.warn = warn;

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
};
const rows: string[][] = [["query", "shape", "calls", "p50 ms", "p95 ms", "max ms"]];
for (const what of ["whole search", "ranking", "count", "rows"]) {
  const all: number[] = [];
  for (const [label] of shapes) {
    const values = samples.get(`${what}|${label}`) ?? [];
    all.push(...values);
    if (values.length)
      rows.push([
        what,
        label,
        String(values.length),
        ...[0.5, 0.95, 1].map((p) => pct(values, p).toFixed(1)),
      ]);
  }
  rows.push([
    what,
    "all shapes",
    String(all.length),
    ...[0.5, 0.95, 1].map((p) => pct(all, p).toFixed(1)),
  ]);
}
console.log(`\nPostgreSQL search, ${opts.count} entries, ${rounds} rounds:\n${table(rows)}`);
