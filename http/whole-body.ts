// Whole response bodies drawn for one request, compressed in one call. Imported by the app's
// build and by serve.ts (which Node runs directly): type annotations only.
import { constants } from "node:zlib";
import compression from "compression";
import type { Request, Response } from "express";
import { chooseEncoding, compress, LEVELS } from "../app/lib/encoding.ts";

/**
 * Set on `res.locals` once a response's encoding is decided here (compressed or not), so the
 * `compression` middleware does not encode it again (a string: serve.ts and the app's build each
 * load their own copy of this module).
 */
const DECIDED = "govjobsEncodingDecided";

/** `res`'s encoding is decided by the caller (the page cache's answers): compression keeps off. */
export function markDecided(res: Response): void {
  res.locals[DECIDED] = true;
}

/** Smaller bodies are sent as they are (compression's own default threshold). */
const THRESHOLD = 1024;
/**
 * Larger bodies go through the `compression` stream instead, off the event loop: at most ~2 ms of
 * brotli 3 on this thread.
 */
const MAX_WHOLE = 512 * 1024;

const COMPRESSIBLE =
  /^(?:text\/|application\/(?:json|xml|rss\+xml|atom\+xml|ld\+json|manifest\+json|javascript)|image\/svg\+xml)/;

/** Whether a body of this length and type is one `sendWhole` codes itself. */
export function takesWhole(length: number, contentType: string | null | undefined): boolean {
  return length <= MAX_WHOLE && COMPRESSIBLE.test(contentType ?? "");
}

/**
 * End `res` (status and headers already set) with `body`, compressed for the client when the type
 * is compressible, the body is worth it and nothing forbids it (an encoding already set,
 * `no-transform`): one synchronous call at LEVELS.dynamic. The `compression` middleware's stream
 * cost more than the coding itself for a page (its brotli made an uncached job page 1.5× as
 * costly as plain; docs/PERFORMANCE.md).
 */
export function sendWhole(req: Request, res: Response, body: Buffer): void {
  const type = String(res.getHeader("content-type") ?? "");
  // Too large to code on this thread, or not text: the middleware's stream decides.
  if (!takesWhole(body.length, type)) return void res.end(body);
  markDecided(res);
  let payload = body;
  if (!res.hasHeader("content-encoding")) {
    appendVary(res);
    const encoding = chooseEncoding(req.headers["accept-encoding"]);
    const cacheControl = String(res.getHeader("cache-control") ?? "");
    if (
      encoding !== "identity" &&
      body.length >= THRESHOLD &&
      !/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(cacheControl)
    ) {
      payload = compress(body, encoding, LEVELS.dynamic[encoding]);
      res.setHeader("Content-Encoding", encoding);
    }
  }
  // A HEAD is answered with the length its GET would have.
  res.setHeader("Content-Length", payload.length);
  res.end(req.method === "HEAD" ? undefined : payload);
}

function appendVary(res: Response) {
  const vary = String(res.getHeader("vary") ?? "");
  if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(vary))
    res.setHeader("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
}

/**
 * The `compression` middleware for what `sendWhole` does not take (streams, large bodies, the
 * few Express answers), at the same levels, and never over a body `sendWhole` already decided.
 */
export function compressionMiddleware() {
  return compression({
    level: LEVELS.dynamic.gzip,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: LEVELS.dynamic.br } },
    filter: (req, res) => !(res as Response).locals?.[DECIDED] && compression.filter(req, res),
  });
}
