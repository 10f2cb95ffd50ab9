// What the page cache keeps of a response, and which requests and responses it may keep.
import { createHash } from "node:crypto";
import { chooseEncoding, compress, LEVELS } from "~/lib/encoding.ts";
export { chooseEncoding };

/**
 * An in-process cache of whole public responses (HTML pages, client-navigation data, feeds, the
 * updates feed) for anonymous visitors. Entries carry their own gzip and brotli bodies, so a hit
 * costs a map lookup and a socket write. The uncompressed body is not kept with every entry (it
 * was two thirds of an entry's bytes, and almost every client accepts gzip): a page that a client
 * asks for plain is unzipped once, and that copy is kept beside the entry within a quarter of the
 * cache's bytes (`PageCache.plain`). When the content generation moves, only the entries that
 * show what the writes changed are dropped or marked stale (`PageCache.invalidate`).
 */
export interface CachedResponse {
  status: number;
  headers: [string, string][];
  /** The uncompressed body's length (the body itself: `PageCache.plain`). */
  plainLength: number;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  /** The Content-Security-Policy for this body: hashes of its inline scripts, no nonce. */
  csp: string | null;
}

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;
/** React Router's route discovery (`/__manifest?paths=…&version=…`) goes to it untouched. */
const NEVER_CACHED = /^\/(?:admin(?:\/|$)|api\/|healthz$|__manifest$)/;

/**
 * Only anonymous reads of public paths are cached; admin, API, sign-in state, writes and React
 * Router's manifest requests never (whose answer depends on every parameter, `version` above all).
 */
export function isCacheableRequest(
  method: string,
  path: string,
  cookie: string | undefined,
): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  if (NEVER_CACHED.test(path)) return false;
  if (hasSessionCookie(cookie)) return false;
  return true;
}

/**
 * What an answer meant for one person carries (a back-office page, a staff-only file, anything
 * with a session): neither a browser's cache nor a shared one keeps it.
 */
export const PRIVATE_CACHE_CONTROL = "no-store, private";

/** Whether a request's Cookie header carries a better-auth session (its answer is private). */
export function hasSessionCookie(cookie: string | undefined): boolean {
  return !!cookie && SESSION_COOKIE.test(cookie);
}

const CACHEABLE_TYPES =
  /^(text\/html|text\/x-script|application\/json|application\/xml|application\/rss\+xml|text\/xml|text\/plain|text\/calendar)/;

export function isCacheableResponse(status: number, headers: Headers): boolean {
  // Redirects are not kept: a redirect record counts its hits, which a cached answer would skip.
  if (status !== 200) return false;
  if (headers.has("set-cookie")) return false;
  const cc = headers.get("cache-control") ?? "";
  if (/no-store|private/.test(cc)) return false;
  if (status === 200 && !CACHEABLE_TYPES.test(headers.get("content-type") ?? "")) return false;
  return true;
}

/** Hashes of the inline scripts of an HTML body, in CSP source syntax. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  const re = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    if (/\bsrc\s*=/.test(m[1]) || /type\s*=\s*["']?application\/ld\+json/i.test(m[1])) continue;
    hashes.add(`'sha256-${createHash("sha256").update(m[2], "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

export function buildCachedResponse(
  status: number,
  headers: Headers,
  body: Buffer,
  generation: string,
  cspFor: (scriptSources: string[]) => string,
): CachedResponse {
  const kept: [string, string][] = [];
  headers.forEach((value, name) => {
    if (
      ![
        "content-length",
        "content-encoding",
        "etag",
        "content-security-policy",
        "date",
        "connection",
      ].includes(name)
    ) {
      kept.push([name, value]);
    }
  });
  const isHtml = (headers.get("content-type") ?? "").startsWith("text/html");
  const digest = createHash("sha1").update(body).digest("base64url").slice(0, 20);
  // Each page is compressed once, when it is drawn, on the thread that answers every request
  // (LEVELS.cached; docs/PERFORMANCE.md, "Result day" and "Compression that fits").
  return {
    status,
    headers: kept,
    plainLength: body.length,
    gzip: compress(body, "gzip", LEVELS.cached.gzip),
    br: compress(body, "br", LEVELS.cached.br),
    etag: `"g${generation}-${digest}"`,
    csp: isHtml ? cspFor(inlineScriptHashes(body.toString("utf8"))) : null,
  };
}
