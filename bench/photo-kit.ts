// npm run bench:photo [-- --runs 5]
// Issue 31's figures, in Debian's Chromium against the production build with demo content:
// - how long the photo tool takes with a 12-megapixel phone photo (4000 × 3000 JPEG made in the
//   page): "open" (decoding it upright and drawing the crop view) and "make" (cropping, scaling
//   and encoding until the file lands in the KB window), from the tool's own Performance API
//   measures, for an exact box (IBPS, 200 × 230, 20–50 KB) and a range (UPSC, 350–1000 px,
//   20–300 KB); median and extremes of --runs runs, each in a fresh page;
// - the JavaScript (gzip) the job page and the tool's page load, the way `npm run bench` counts it.
import { rmSync } from "node:fs";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS } from "../e2e/browser.ts";
import { makePicture } from "../e2e/photo-images.ts";
import {
  benchServer,
  ensurePackages,
  pageScripts,
  run,
  startServer,
  stop,
  table,
  waitFor,
} from "./lib.ts";

const { values: opts } = parseArgs({ options: { runs: { type: "string", default: "5" } } });
const runs = Number(opts.runs);

ensurePackages({ "/usr/bin/chromium": "chromium" });
const { dir, base, env } = benchServer("photo", 46_000, { SEED_DEMO: "1", WEB_CONCURRENCY: "1" });
console.log("building…");
run("npx", ["react-router", "build"], env);
const server = startServer(env);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
try {
  await waitFor(`${base}/healthz`, server);
  const rows: (string | number)[][] = [["rules", "open ms", "make ms", "total ms", "file"]];
  for (const [name, preset, slot] of [
    ["IBPS photo (200 × 230, 20–50 KB)", "ibps", "Photograph"],
    ["UPSC photo (350–1000 px, 20–300 KB)", "upsc", "Photograph"],
  ] as const) {
    const open: number[] = [];
    const make: number[] = [];
    let file = "";
    for (let i = 0; i < runs; i++) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(`${base}/photo-tool?preset=${preset}`);
      await page.getByTestId("photo-tool").waitFor();
      const photo = await makePicture(page, "photo");
      await page.getByRole("radio", { name: slot, exact: true }).check();
      await page.getByTestId("make-input").setInputFiles(photo);
      await page.getByTestId("crop-frame").waitFor();
      await page.getByRole("button", { name: "Make the file" }).click();
      await page.getByTestId("download").waitFor({ timeout: 60_000 });
      const measured = await page.evaluate(() =>
        ["photo-kit:open", "photo-kit:make"].map(
          (n) => performance.getEntriesByName(n, "measure").at(-1)?.duration ?? NaN,
        ),
      );
      open.push(measured[0]);
      make.push(measured[1]);
      file = (await page.getByTestId("made-facts").textContent()) ?? "";
      await page.close();
    }
    const totals = open.map((o, i) => o + make[i]);
    rows.push([name, spread(open), spread(make), spread(totals), file]);
  }
  console.log(`\n12-megapixel photo in Chromium, ${runs} runs each (median, min–max):`);
  console.log(table(rows));

  const job = /href="(\/jobs\/[a-z0-9-]+)"/.exec(await (await fetch(`${base}/jobs`)).text())![1];
  const weights: (string | number)[][] = [["page", "JS (gzip bytes)"]];
  for (const [name, url] of [
    ["job page", job],
    ["photo tool", "/photo-tool?preset=ibps"],
  ]) {
    const html = await (await fetch(base + url)).text();
    let bytes = 0;
    for (const script of pageScripts(html))
      bytes += gzipSync(Buffer.from(await (await fetch(base + script)).arrayBuffer()), {
        level: 9,
      }).length;
    weights.push([name, bytes]);
  }
  console.log(`\n${table(weights)}`);
} finally {
  await browser.close();
  await stop(server);
  rmSync(dir, { recursive: true, force: true });
}

/** "412 (398–455)": the median and the extremes, in whole milliseconds. */
function spread(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  return `${Math.round(median)} (${Math.round(sorted[0])}–${Math.round(sorted.at(-1)!)})`;
}
