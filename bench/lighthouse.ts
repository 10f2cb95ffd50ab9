// npm run lighthouse: Lighthouse 13 (mobile preset: emulated mid-range phone, slow 4G) in
// Debian's Chromium against the production build with demo content. Prints the four scores of
// each page. Performance varies from run to run on one machine (TBT by ±100 ms here), so it is
// the median of LH_RUNS runs (default 3), as Lighthouse's own guide to variability advises; the
// single runs are printed beside it. LH_PAGES names the pages to measure (default: all).
import { rmSync } from "node:fs";
import { CHROMIUM_ARGS } from "../e2e/browser.ts";
import {
  benchServer,
  ensurePackages,
  firstJobPath,
  run,
  startServer,
  stop,
  table,
  waitFor,
} from "./lib.ts";

ensurePackages({ "/usr/bin/chromium": "chromium" });
const { dir, base, env } = benchServer("lh", 48_000, { SEED_DEMO: "1" });
console.log("building…");
run("npx", ["react-router", "build"], env);
const server = startServer(env);
await waitFor(`${base}/healthz`, server);
const job = await firstJobPath(base);
/** The first link of a page that matches `pattern` (a result page, an organization's page). */
async function firstLink(from: string, pattern: RegExp): Promise<string> {
  const html = await (await fetch(base + from)).text();
  const found = pattern.exec(html)?.[1];
  if (!found) throw new Error(`no link like ${pattern} on ${from}`);
  return found;
}
const pages: [string, string][] = [
  ["home", "/"],
  ["job list", "/jobs"],
  ["job page", job],
  ["result page", await firstLink("/results", /href="(\/results\/[a-z0-9-]+)"/)],
  ["search", "/search?q=clerk"],
  ["state landing", "/jobs/state/bihar"],
  ["organization", await firstLink(job, /href="(\/organizations\/[a-z0-9-]+)"/)],
  ["contact", "/contact-us"],
  ["eligibility finder", "/eligibility"],
  // Issue 28: the saved list (empty in a fresh browser) and the exam calendar.
  ["my exams", "/my"],
  ["exam calendar", "/exam-calendar"],
  // Issue 14: the Hindi edition, Devanagari font and all.
  ["Hindi home", "/hi"],
  ["Hindi job page", `/hi${job}`],
];

const runs = Math.max(1, Number(process.env.LH_RUNS ?? 3));
/** LH_PAGES="Hindi job page,home": only these pages (by name), e.g. to measure one page often. */
const only = process.env.LH_PAGES?.split(",").map((name) => name.trim());
type Report = {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { score: number | null; title: string; scoreDisplayMode: string }>;
};
function lighthouse(name: string, url: string, categories: string): Report {
  // Lighthouse now and then fails to record a trace (NO_NAVSTART) on a busy machine: try again.
  for (let attempt = 1; ; attempt++) {
    try {
      const out = run(process.execPath, [
        "node_modules/lighthouse/cli/index.js",
        base + url,
        "--quiet",
        "--output=json",
        "--chrome-path=/usr/bin/chromium",
        `--chrome-flags=${CHROMIUM_ARGS.join(" ")}`,
        `--only-categories=${categories}`,
      ]);
      return JSON.parse(out) as Report;
    } catch (err) {
      if (attempt >= 3) throw err;
      console.warn(
        `${name}: Lighthouse failed (${(err as Error).message.split("\n").at(-2)}), retrying`,
      );
    }
  }
}
const percent = (report: Report, c: string) => Math.round((report.categories[c].score ?? 0) * 100);

const rows: (string | number)[][] = [
  ["page", "performance (median)", "runs", "accessibility", "best practices", "SEO"],
];
const failures: string[] = [];
for (const [name, url] of pages.filter(([name]) => !only || only.includes(name))) {
  const report = lighthouse(name, url, "performance,accessibility,best-practices,seo");
  const performance = [percent(report, "performance")];
  for (let i = 1; i < runs; i++)
    performance.push(percent(lighthouse(name, url, "performance"), "performance"));
  const sorted = [...performance].sort((a, b) => a - b);
  rows.push([
    name,
    sorted[Math.floor((sorted.length - 1) / 2)],
    performance.join(" "),
    percent(report, "accessibility"),
    percent(report, "best-practices"),
    percent(report, "seo"),
  ]);
  for (const [id, a] of Object.entries(report.audits)) {
    if (a.scoreDisplayMode === "binary" && a.score === 0)
      failures.push(`${name}: ${id} (${a.title})`);
  }
}
await stop(server);
rmSync(dir, { recursive: true, force: true });
console.log(
  `\nLighthouse 13, mobile preset, Debian Chromium, production build on loopback; performance is the median of ${runs} runs\n`,
);
console.log(table(rows));
if (failures.length) console.log("\nFailed audits:\n" + failures.map((f) => `  ${f}`).join("\n"));
