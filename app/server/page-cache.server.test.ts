import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  buildCachedResponse,
  chooseEncoding,
  etagMatches,
  inlineScriptHashes,
  isCacheableRequest,
  isCacheableResponse,
  PageCache,
} from "./page-cache.server.ts";

const csp = (sources: string[]) => `script-src 'self' ${sources.join(" ")}`;

describe("page cache", () => {
  it("caches only anonymous reads of public paths", () => {
    expect(isCacheableRequest("GET", "/jobs", undefined)).toBe(true);
    expect(isCacheableRequest("HEAD", "/jobs/x.data", "theme=dark")).toBe(true);
    expect(isCacheableRequest("POST", "/contact-us", undefined)).toBe(false);
    expect(isCacheableRequest("GET", "/admin", undefined)).toBe(false);
    expect(isCacheableRequest("GET", "/admin/manage-jobs", undefined)).toBe(false);
    expect(isCacheableRequest("GET", "/api/auth/get-session", undefined)).toBe(false);
    expect(isCacheableRequest("GET", "/healthz", undefined)).toBe(false);
    expect(isCacheableRequest("GET", "/jobs", "a=1; better-auth.session_token=abc")).toBe(false);
    expect(isCacheableRequest("GET", "/jobs", "__Secure-better-auth.session_token=abc")).toBe(
      false,
    );
    // A path that merely starts with the letters of "admin" is public.
    expect(isCacheableRequest("GET", "/administration-jobs", undefined)).toBe(true);
  });

  it("never caches personalised or failed responses", () => {
    const html = new Headers({ "content-type": "text/html; charset=utf-8" });
    expect(isCacheableResponse(200, html)).toBe(true);
    expect(isCacheableResponse(301, new Headers())).toBe(false);
    expect(isCacheableResponse(404, html)).toBe(false);
    expect(isCacheableResponse(500, html)).toBe(false);
    expect(isCacheableResponse(302, new Headers())).toBe(false);
    expect(
      isCacheableResponse(200, new Headers({ "content-type": "text/html", "set-cookie": "a=b" })),
    ).toBe(false);
    expect(
      isCacheableResponse(
        200,
        new Headers({ "content-type": "text/html", "cache-control": "no-store" }),
      ),
    ).toBe(false);
    expect(isCacheableResponse(200, new Headers({ "content-type": "image/png" }))).toBe(false);
  });

  it("hashes inline scripts but not external or JSON-LD ones", () => {
    const html = `<script>a()</script><script src="/x.js"></script><script type="application/ld+json">{}</script><script nonce="n" type="module">b()</script>`;
    const hashes = inlineScriptHashes(html);
    expect(hashes).toHaveLength(2);
    expect(hashes[0]).toMatch(/^'sha256-[A-Za-z0-9+/=]+'$/);
  });

  it("stores compressed bodies, an ETag per generation and a hash-based CSP", () => {
    const body = Buffer.from("<html><script>go()</script>" + "x".repeat(5000) + "</html>");
    const headers = new Headers({
      "content-type": "text/html",
      "content-length": "1",
      "x-keep": "1",
    });
    const entry = buildCachedResponse(200, headers, body, "7-2026-11-22", csp);
    expect(gunzipSync(entry.gzip).equals(body)).toBe(true);
    expect(brotliDecompressSync(entry.br).equals(body)).toBe(true);
    expect(entry.etag).toMatch(/^"g7-2026-11-22-/);
    expect(entry.csp).toMatch(/^script-src 'self' 'sha256-/);
    expect(entry.headers.map(([n]) => n)).toEqual(["content-type", "x-keep"]);
  });

  it("negotiates the encoding", () => {
    expect(chooseEncoding("gzip, deflate, br")).toBe("br");
    expect(chooseEncoding("gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip")).toBe("gzip");
    expect(chooseEncoding(undefined)).toBe("identity");
  });

  it("matches ETags, weak or strong, in a list", () => {
    expect(etagMatches('"a", W/"g1-x"', '"g1-x"')).toBe(true);
    expect(etagMatches('"g2-x"', '"g1-x"')).toBe(false);
    expect(etagMatches(undefined, '"g1-x"')).toBe(false);
  });

  it("evicts the least recently used entry when full", () => {
    const cache = new PageCache(undefined, 2);
    const entry = buildCachedResponse(
      200,
      new Headers({ "content-type": "text/plain" }),
      Buffer.from("x"),
      "1",
      csp,
    );
    cache.set("a", entry);
    cache.set("b", entry);
    cache.get("a");
    cache.set("c", entry);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    cache.clear("2");
    expect(cache.size).toBe(0);
    expect(cache.generation).toBe("2");
  });

  it("stays within its byte bound, dropping the least recently used pages first", () => {
    const page = (n: number) =>
      buildCachedResponse(
        200,
        new Headers({ "content-type": "text/html" }),
        // Random bytes do not compress: each entry weighs about three times its body.
        Buffer.from(Array.from({ length: 3000 }, () => Math.floor(Math.random() * 256))),
        String(n),
        csp,
      );
    const cache = new PageCache(100_000);
    for (let i = 0; i < 40; i++) cache.set(`/p${i}`, page(i));
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
    expect(cache.size).toBeGreaterThan(5);
    expect(cache.evictions).toBe(40 - cache.size);
    expect(cache.get("/p39")).toBeDefined();
    expect(cache.get("/p0")).toBeUndefined();
  });
});
