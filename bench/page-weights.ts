// Page weights in gzip bytes (HTML, CSS, script, fonts) of a running server's pages: the table
// `npm run bench` prints, and alone (quickly, on the demo content) with `npm run bench -- --weights`.
// The script column is what issue 33 holds each public page to (100 KB), as e2e/script-weight.test.ts
// checks.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import {
  demoServerEnv,
  firstJobPath,
  getAsSent,
  publicPages,
  scriptGzipBytes,
  startServer,
  stop,
  table,
  waitFor,
} from "./lib.ts";

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

/** `npm run bench -- --weights`: the production build with the demo content (SQLite), one process. */
export async function weightsOnDemo(o: { appDir: string; buildDir: string; port: number }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "govjobs-weights-"));
  const base = `http://127.0.0.1:${o.port}`;
  const server = startServer(demoServerEnv(o.buildDir, o.port, dataDir), o.appDir);
  try {
    await waitFor(`${base}/healthz`, server);
    const rows = await pageWeights(base, weighedPages(await firstJobPath(base)));
    console.log(`\ndemo content\n${table([WEIGHT_HEAD, ...rows])}`);
    console.log(
      `script budget: ${SCRIPT_BUDGET.toLocaleString("en")} B gzip on each public page (issue 33)`,
    );
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
