// First paint on an emulated cheap phone (issue 33: under 1.5 s): Debian's Chromium at 360 × 640,
// 400 kbit/s both ways, 400 ms round trip, the CPU slowed 4×, a fresh profile for each load (no
// cache, no open connection), against the production build with the demo content. Printed by
// `npm run bench` and alone by `npm run bench -- --first-paint [--app DIR]`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS } from "../e2e/browser.ts";
import { withDemoServer } from "./demo-server.ts";
import { table } from "./lib.ts";

/** Issue 33's target, in milliseconds. */
export const FIRST_PAINT_BUDGET_MS = 1500;
const RUNS = 3;
const KBIT = 1000 / 8;

/** Loads of each page when two builds are compared (--against), taken in turn. */
const SIDE_BY_SIDE_RUNS = 5;

const firstPaintHead = (runs: number) => [
  `emulated phone (400 kbit/s, 400 ms RTT, CPU ÷4), median of ${runs}`,
  "first paint ms",
  "first contentful ms",
  "hydrated ms",
];

interface Paint {
  fp: number;
  fcp: number;
  /** When the page's script had run (the marker the layout sets once hydrated). */
  hydrated: number;
}

async function loadOnce(url: string): Promise<Paint> {
  const profile = mkdtempSync(path.join(tmpdir(), "govjobs-first-paint-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
    viewport: { width: 360, height: 640 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  try {
    // The moment hydration marks the page, taken in the page.
    await context.addInitScript(`new MutationObserver((_, o) => {
      if (document.documentElement.dataset.hydrated === undefined) return;
      window.__hydratedAt = performance.now();
      o.disconnect();
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-hydrated"] });`);
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 400,
      downloadThroughput: 400 * KBIT,
      uploadThroughput: 400 * KBIT,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    // The paint entries and hydration may come after the load event: wait for both.
    // Strings, not functions: tsx would name the functions' arrows with a helper the page lacks.
    // (Polled: waitForFunction evaluates with eval, which the page's CSP refuses.)
    const ready = `performance.getEntriesByType("paint").length === 2 && window.__hydratedAt !== undefined`;
    for (const until = Date.now() + 60_000; !(await page.evaluate(ready));)
      if (Date.now() > until) throw new Error(`${url}: no paint or no hydration in 60 s`);
      else await page.waitForTimeout(50);
    return (await page.evaluate(`(() => {
      const at = (name) =>
        performance.getEntriesByType("paint").find((e) => e.name === name)?.startTime ?? NaN;
      return { fp: at("first-paint"), fcp: at("first-contentful-paint"), hydrated: window.__hydratedAt };
    })()`)) as Paint;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];

/** The table's rows for these pages of a running server. */
export async function firstPaints(
  base: string,
  pages: [string, string][],
): Promise<(string | number)[][]> {
  const rows: (string | number)[][] = [];
  for (const [name, url] of pages) {
    const runs: Paint[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await loadOnce(base + url));
    rows.push([
      name,
      Math.round(median(runs.map((r) => r.fp))),
      Math.round(median(runs.map((r) => r.fcp))),
      Math.round(median(runs.map((r) => r.hydrated))),
    ]);
  }
  return rows;
}

export const paintedPages = (jobPath: string): [string, string][] => [
  ["home", "/"],
  ["job list", "/jobs"],
  ["job page", jobPath],
  ["home (Hindi)", "/hi"],
  ["job page (Hindi)", `/hi${jobPath}`],
];

/** The first-paint table and its target line. */
export function printFirstPaints(rows: (string | number)[][], runs = RUNS): void {
  console.log("\n" + table([firstPaintHead(runs), ...rows]));
  console.log(`first paint target: under ${FIRST_PAINT_BUDGET_MS} ms (issue 33)`);
}

/**
 * `--first-paint --against DIR`: this checkout and another one's build, each on its own demo
 * server, loaded in turn page by page (the order swapped every round) so that a machine that
 * slows down or speeds up during the sitting weighs on both alike (two runs one after the other
 * differed by 0.1-0.4 s a page for the same build on 27 Nov).
 */
export async function firstPaintsSideBySide(
  apps: { label: string; appDir: string }[],
  o: { buildDir: string; port: number },
): Promise<void> {
  const bases: string[] = [];
  let jobPath = "";
  const serveFrom = async (i: number): Promise<void> => {
    if (i === apps.length) return compare(bases, jobPath);
    await withDemoServer({ ...apps[i], buildDir: o.buildDir, port: o.port + i }, (base, job) => {
      bases.push(base);
      jobPath ||= job;
      return serveFrom(i + 1);
    });
  };
  const compare = async (all: string[], job: string) => {
    const rows = apps.map(() => [] as (string | number)[][]);
    for (const [name, url] of paintedPages(job)) {
      const runs: Paint[][] = all.map(() => []);
      for (let round = 0; round < SIDE_BY_SIDE_RUNS; round++)
        for (const i of round % 2 ? [...all.keys()].reverse() : all.keys())
          runs[i].push(await loadOnce(all[i] + url));
      runs.forEach((r, i) =>
        rows[i].push([
          name,
          Math.round(median(r.map((p) => p.fp))),
          Math.round(median(r.map((p) => p.fcp))),
          Math.round(median(r.map((p) => p.hydrated))),
        ]),
      );
    }
    apps.forEach(({ label }, i) => {
      console.log(`\n${label}`);
      printFirstPaints(rows[i], SIDE_BY_SIDE_RUNS);
    });
  };
  await serveFrom(0);
}

/** `npm run bench -- --first-paint`: the production build with the demo content, one process. */
export const firstPaintOnDemo = (o: { appDir: string; buildDir: string; port: number }) =>
  withDemoServer(o, async (base, jobPath) => {
    console.log("\ndemo content");
    printFirstPaints(await firstPaints(base, paintedPages(jobPath)));
  });
