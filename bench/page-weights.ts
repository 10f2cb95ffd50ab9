// Page weights in gzip bytes (HTML, CSS, script, fonts) of a running server's pages: the table
// `npm run bench` prints, and alone (quickly, on the demo content) with `npm run bench -- --weights`.
// The script column is what issue 33 holds each public page to (100 KB), as e2e/script-weight.test.ts
// checks.
import { gzipSync } from "node:zlib";
import { withDemoServer } from "./demo-server.ts";
import { getAsSent, publicPages, scriptGzipBytes, table } from "./lib.ts";

/** Issue 33's target for the script of each public page, in gzip bytes. */
export const SCRIPT_BUDGET = 100_000;

export const WEIGHT_HEAD = [
  "page weight (gzip bytes)",
  "HTML",
  "CSS",
  "JS",
  "fonts (woff2)",
  "font files",
];

/** The pages `npm run bench` weighs: the public pages and the eligibility finder. */
export const weighedPages = (jobPath: string): [string, string][] => [
  ...publicPages(jobPath),
  ["eligibility finder", "/eligibility"],
];

export async function pageWeights(
  base: string,
  list: [string, string][],
): Promise<(string | number)[][]> {
  const out: (string | number)[][] = [];
  const plain = async (url: string) => (await getAsSent(base + url, "")).bytes;
  const gz = async (url: string) => gzipSync(await plain(url), { level: 9 }).length;
  for (const [name, url] of list) {
    const html = (await plain(url)).toString("utf8");
    const attr = (re: RegExp) => [...html.matchAll(re)].map((m) => m[1]);
    const css = new Set(attr(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g));
    const fonts = attr(
      /<link[^>]+as="font"[^>]+href="([^"]+)"|<link[^>]+href="([^"]+\.woff2)"[^>]+as="font"/g,
    ).filter(Boolean);
    // Hindi pages preload their Devanagari fonts with a Link header (no script for it).
    const linkHeader = (await fetch(base + url)).headers.get("link") ?? "";
    for (const m of linkHeader.matchAll(/<([^>]+)>;[^,]*rel=preload;[^,]*as=font/g))
      fonts.push(m[1]);
    let cssBytes = 0;
    for (const u of css) cssBytes += await gz(u);
    let fontBytes = 0;
    for (const u of fonts) fontBytes += (await plain(u)).length;
    out.push([
      name,
      gzipSync(Buffer.from(html), { level: 9 }).length,
      cssBytes,
      await scriptGzipBytes(base, html),
      fontBytes,
      fonts.length,
    ]);
  }
  return out;
}

/** The weights table and its budget line. */
export function printWeights(rows: (string | number)[][]): void {
  console.log("\n" + table([WEIGHT_HEAD, ...rows]));
  console.log(
    `script budget: ${SCRIPT_BUDGET.toLocaleString("en")} B gzip on each public page (issue 33)`,
  );
}

/** `npm run bench -- --weights`: the production build with the demo content (SQLite), one process. */
export const weightsOnDemo = (o: { appDir: string; buildDir: string; port: number }) =>
  withDemoServer(o, async (base, jobPath) => {
    console.log("\ndemo content");
    printWeights(await pageWeights(base, weighedPages(jobPath)));
  });
