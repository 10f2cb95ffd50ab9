// Shared by the page cache, the pages drawn for one request and the static files (which Node runs
// directly: plain syntax only).
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export type Encoding = "br" | "gzip" | "identity";

/** Answers for the few Accept-Encoding values clients send (browsers send two or three). */
const chosen = new Map<string, Encoding>();

/**
 * The best encoding the client accepts among the ones we make: the one of brotli and gzip with
 * the higher q-value (brotli on a tie), else none. A coding is accepted when it is listed, or `*`
 * is, with a q-value above 0 (RFC 9110 §12.5.3); a q-value that is not one accepts nothing. Identity is always acceptable to us: a client
 * that refuses it and both codings gets the plain body anyway (the RFC's own fallback).
 */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  let encoding = chosen.get(acceptEncoding);
  if (encoding) return encoding;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.split(";").map((s) => s.trim());
    if (!name) continue;
    let value = 1;
    for (const param of params) {
      const m = /^q\s*=\s*(.*)$/.exec(param);
      if (m) value = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(m[1]) ? Number(m[1]) : 0;
    }
    if (!q.has(name)) q.set(name, value);
  }
  const of = (name: string) => q.get(name) ?? q.get("*") ?? 0;
  const br = of("br");
  const gzip = of("gzip");
  encoding = br > 0 && br >= gzip ? "br" : gzip > 0 ? "gzip" : "identity";
  // A client sending a new value on each request must not grow the map without end.
  if (chosen.size >= 64) chosen.clear();
  chosen.set(acceptEncoding, encoding);
  return encoding;
}

/**
 * Compression levels, chosen by measurement (docs/PERFORMANCE.md, "Compression that fits").
 * A page drawn for one request (not cached: a signed-in visitor, CACHE_PAGES=0, a 404) is
 * compressed on the thread that draws every page, at levels that cost under a tenth of drawing it:
 * brotli 3 and gzip 3 take about 0.4 and 0.5 ms for a 77 KB job page, whose render takes ~5 ms.
 * The page cache's copies are made once and sent many times: brotli 5 and gzip 6.
 */
export const LEVELS = {
  dynamic: { br: 3, gzip: 3 },
  cached: { br: 5, gzip: 6 },
} as const;

/** One whole body in one coding, at a level of LEVELS. */
export function compress(body: Buffer, encoding: "br" | "gzip", level: number): Buffer {
  if (encoding === "gzip") return gzipSync(body, { level });
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: level,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}
