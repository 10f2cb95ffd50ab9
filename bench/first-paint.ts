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

export const FIRST_PAINT_HEAD = [
  `emulated phone (400 kbit/s, 400 ms RTT, CPU ÷4), median of ${RUNS}`,
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
export function printFirstPaints(rows: (string | number)[][]): void {
  console.log("\n" + table([FIRST_PAINT_HEAD, ...rows]));
  console.log(`first paint target: under ${FIRST_PAINT_BUDGET_MS} ms (issue 33)`);
}

/** `npm run bench -- --first-paint`: the production build with the demo content, one process. */
export const firstPaintOnDemo = (o: { appDir: string; buildDir: string; port: number }) =>
  withDemoServer(o, async (base, jobPath) => {
    console.log("\ndemo content");
    printFirstPaints(await firstPaints(base, paintedPages(jobPath)));
  });
