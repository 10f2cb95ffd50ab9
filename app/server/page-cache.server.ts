import { createHash } from "node:crypto";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { chooseEncoding } from "./encoding.ts";

export { chooseEncoding };

/**
 * An in-process cache of whole public responses (HTML pages, client-navigation data, feeds, the
 * updates feed) for anonymous visitors. Entries carry their own gzip and brotli bodies, so a hit
 * costs a map lookup and a socket write. Everything is dropped when the content generation moves.
 */
export interface CachedResponse {
  status: number;
  headers: [string, string][];
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  /** The Content-Security-Policy for this body: hashes of its inline scripts, no nonce. */
  csp: string | null;
}

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;
const NEVER_CACHED = /^\/(?:admin(?:\/|$)|api\/|healthz$)/;

/** Only anonymous reads of public paths are cached; admin, API, sign-in state and writes never. */
export function isCacheableRequest(
  method: string,
  path: string,
  cookie: string | undefined,
): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  if (NEVER_CACHED.test(path)) return false;
  if (cookie && SESSION_COOKIE.test(cookie)) return false;
  return true;
}

const CACHEABLE_TYPES =
  /^(text\/html|text\/x-script|application\/json|application\/xml|application\/rss\+xml|text\/xml|text\/plain)/;

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
  return {
    status,
    headers: kept,
    body,
    gzip: gzipSync(body, { level: 9 }),
    br: brotliCompressSync(body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    etag: `"g${generation}-${digest}"`,
    csp: isHtml ? cspFor(inlineScriptHashes(body.toString("utf8"))) : null,
  };
}

export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(",")
    .map((t) => t.trim().replace(/^W\//, ""))
    .some((t) => t === etag || t === "*");
}

/**
 * A least-recently-used map of cached responses, bounded by bytes (each entry's body and its gzip
 * and brotli copies; PAGE_CACHE_MB) and by count. `evictions` counts what the bound pushed out.
 */
export class PageCache {
  #entries = new Map<string, CachedResponse>();
  #bytes = 0;
  generation = "";
  evictions = 0;

  constructor(
    readonly maxBytes = 96 * 1024 * 1024,
    readonly maxEntries = 20_000,
  ) {}

  get size() {
    return this.#entries.size;
  }

  get bytes() {
    return this.#bytes;
  }

  get(key: string): CachedResponse | undefined {
    const hit = this.#entries.get(key);
    if (hit) {
      // Refresh its place in the LRU order.
      this.#entries.delete(key);
      this.#entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: CachedResponse): void {
    const size = value.body.length + value.gzip.length + value.br.length;
    if (size > this.maxBytes / 10) return;
    this.delete(key);
    this.#entries.set(key, value);
    this.#bytes += size;
    while (this.#entries.size > this.maxEntries || this.#bytes > this.maxBytes) {
      const oldest = this.#entries.keys().next().value as string;
      this.delete(oldest);
      this.evictions++;
    }
  }

  delete(key: string): void {
    const old = this.#entries.get(key);
    if (!old) return;
    this.#bytes -= old.body.length + old.gzip.length + old.br.length;
    this.#entries.delete(key);
  }

  clear(generation: string): void {
    this.#entries.clear();
    this.#bytes = 0;
    this.generation = generation;
  }
}

let shared: PageCache | undefined;

/** The process's page cache (sized by PAGE_CACHE_MB), shared by the server and /healthz. */
export function sharedPageCache(maxBytes: number): PageCache {
  return (shared ??= new PageCache(maxBytes));
}

/** How full the page cache is, for /healthz (undefined before the server made it). */
export function pageCacheStats() {
  if (!shared) return undefined;
  return {
    entries: shared.size,
    bytes: shared.bytes,
    maxBytes: shared.maxBytes,
    percentFull: Math.round((shared.bytes / shared.maxBytes) * 1000) / 10,
    evictions: shared.evictions,
  };
}
