import { randomBytes } from "node:crypto";
import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { etagMatches } from "./etag.ts";
import {
  buildCachedResponse,
  chooseEncoding,
  inlineScriptHashes,
  isCacheableRequest,
  isCacheableResponse,
  type CachedResponse,
} from "./response.server.ts";
import { PageCache, STALE_WINDOW_MS } from "./store.server.ts";

const csp = (sources: string[]) => `script-src 'self' ${sources.join(" ")}`;

/** The plain body of a cached key, as a client that sends no Accept-Encoding gets it. */
const plainOf = (cache: PageCache, key: string) => cache.plain(key, cache.get(key)!).toString();

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
    // React Router's route discovery: its answer depends on its `version` (issue 26).
    expect(isCacheableRequest("GET", "/__manifest", undefined)).toBe(false);
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
    // The plain body is not kept with the entry: a client asking for it gets it from the cache.
    expect(entry.plainLength).toBe(body.length);
    const cache = new PageCache(1024 * 1024);
    cache.set("/", entry);
    expect(cache.bytes).toBe(entry.gzip.length + entry.br.length);
    expect(cache.plain("/", entry).equals(body)).toBe(true);
  });

  it("negotiates the encoding", () => {
    expect(chooseEncoding("gzip, deflate, br")).toBe("br");
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip")).toBe("gzip");
    expect(chooseEncoding("GZIP;Q=0.5")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip")).toBe("gzip");
    // The client's preference: the higher q-value, brotli on a tie.
    expect(chooseEncoding("gzip;q=0.5, br;q=0.1")).toBe("gzip");
    expect(chooseEncoding("gzip;q=0.5, br;q=0.5")).toBe("br");
    expect(chooseEncoding("gzip, br;q=0.9")).toBe("gzip");
    expect(chooseEncoding("br;q=0")).toBe("identity");
    expect(chooseEncoding("br;q=0.000, gzip;q=0")).toBe("identity");
    expect(chooseEncoding(undefined)).toBe("identity");
    expect(chooseEncoding("")).toBe("identity");
    expect(chooseEncoding("identity")).toBe("identity");
    expect(chooseEncoding("deflate")).toBe("identity");
    // `*` stands for every coding not listed; a listed q=0 still refuses that one.
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("br;q=0, *")).toBe("gzip");
    expect(chooseEncoding("*;q=0")).toBe("identity");
    expect(chooseEncoding("*;q=0, gzip")).toBe("gzip");
    // Junk: unknown names, a q that is no number, stray separators.
    expect(chooseEncoding("zz, ;;, ,")).toBe("identity");
    expect(chooseEncoding("br;q=abc, gzip;q=2")).toBe("identity");
    expect(chooseEncoding(",br;q=1.0,")).toBe("br");
    // A new value per request does not grow the memo without end.
    for (let i = 0; i < 500; i++) expect(chooseEncoding(`gzip, x-${i}`)).toBe("gzip");
  });

  describe("brotli at its best quality, in the background", () => {
    /** A page of words, as varied as a listing's text (a fixed pseudo-random sequence). */
    const words = (seed: number) => {
      const vocabulary =
        "clerk post exam result board state date apply last notice vacancy fee age railway bank officer junior senior admit card answer key syllabus".split(
          " ",
        );
      let x = seed;
      const out: string[] = [];
      for (let i = 0; i < 4000; i++) {
        x = (x * 1103515245 + 12345) % 2 ** 31;
        out.push(vocabulary[x % vocabulary.length], i % 13 ? "" : `<p data-i="${i}">`);
      }
      return Buffer.from(out.join(" "));
    };
    const html = (body: Buffer) =>
      buildCachedResponse(200, new Headers({ "content-type": "text/html" }), body, "1", csp);

    it("makes each stored page's brotli copy again, smaller, the same body, the bytes counted", async () => {
      const cache = new PageCache(1024 * 1024, undefined, undefined, true);
      const body = words(1);
      const stored = html(body);
      cache.set("/a", stored);
      const plain = cache.plain("/a", stored);
      await cache.upgraded();
      const now = cache.get("/a")!;
      expect(now).not.toBe(stored);
      expect(now.br.length).toBeLessThan(stored.br.length);
      expect(brotliDecompressSync(now.br).equals(body)).toBe(true);
      expect([now.gzip, now.etag, now.csp]).toEqual([stored.gzip, stored.etag, stored.csp]);
      expect(cache.bytes).toBe(now.gzip.length + now.br.length + plain.length);
      // The plain copy moved with it.
      expect(cache.plain("/a", now)).toBe(plain);
      expect(cache.stats.brotliUpgrades).toBe(1);
    });

    it("skips a page replaced or dropped before its turn, and upgrades the one that replaced it", async () => {
      const cache = new PageCache(1024 * 1024, undefined, undefined, true);
      cache.set("/a", html(words(2)));
      cache.set("/b", html(words(3)));
      const replacement = html(words(4));
      cache.set("/b", replacement);
      cache.delete("/a");
      await cache.upgraded();
      expect(cache.get("/a")).toBeUndefined();
      expect(brotliDecompressSync(cache.get("/b")!.br).equals(words(4))).toBe(true);
      expect(cache.get("/b")!.br.length).toBeLessThan(replacement.br.length);
      expect(cache.stats.brotliUpgrades).toBe(1);
    });

    it("is off unless asked for (the cache of the tests, not the server's)", async () => {
      const cache = new PageCache(1024 * 1024);
      const stored = html(words(5));
      cache.set("/a", stored);
      await cache.upgraded();
      expect(cache.get("/a")).toBe(stored);
    });
  });

  describe("plain copies (clients that send no Accept-Encoding)", () => {
    const page = (fill: string, size = 20_000) =>
      buildCachedResponse(
        200,
        new Headers({ "content-type": "text/html" }),
        Buffer.from(fill.repeat(size / fill.length)),
        "1",
        csp,
      );

    it("unzips a page once and answers later asks with the same copy, counted in the bytes", () => {
      const cache = new PageCache(1024 * 1024);
      const entry = page("a");
      cache.set("/a", entry);
      const compressed = cache.bytes;
      const first = cache.plain("/a", entry);
      expect(first.equals(Buffer.from("a".repeat(20_000)))).toBe(true);
      expect(cache.plain("/a", entry)).toBe(first);
      expect(cache.plainBytes).toBe(20_000);
      expect(cache.bytes).toBe(compressed + 20_000);
      // The entry leaves (dropped, replaced, cleared): so does its copy.
      cache.delete("/a");
      expect(cache.plainBytes).toBe(0);
      expect(cache.bytes).toBe(0);
      cache.set("/a", entry);
      cache.plain("/a", entry);
      cache.set("/a", page("b"));
      expect(cache.plainBytes).toBe(0);
      cache.plain("/a", cache.get("/a")!);
      cache.clear("2");
      expect([cache.plainBytes, cache.bytes]).toEqual([0, 0]);
    });

    it("keeps the copies within a quarter of the cache, dropping the least recently asked", () => {
      // A quarter of 100,000 bytes holds one 20,000-byte copy, not two.
      const cache = new PageCache(100_000);
      const a = page("a");
      const b = page("b");
      cache.set("/a", a);
      cache.set("/b", b);
      cache.plain("/a", a);
      cache.plain("/b", b);
      expect(cache.plainBytes).toBe(20_000);
      // Both pages stay cached, compressed; only /a's plain copy went.
      expect([cache.get("/a"), cache.get("/b")]).toEqual([a, b]);
      expect(cache.plain("/b", b)).toBe(cache.plain("/b", b));
      expect(cache.plain("/a", a)).not.toBe(cache.plain("/b", b));
      expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes);
    });

    it("does not keep the copy of an entry that is not (or no longer) in the cache", () => {
      const cache = new PageCache(1024 * 1024);
      const entry = page("a");
      expect(cache.plain("/a", entry).length).toBe(20_000);
      cache.set("/a", page("b"));
      expect(cache.plain("/a", entry).length).toBe(20_000);
      expect(cache.plainBytes).toBe(0);
    });

    it("keeps the whole cache within its bytes when a plain copy is added", () => {
      // Random bytes do not compress: each entry holds about twice its plain length.
      const entries = Array.from({ length: 12 }, () =>
        buildCachedResponse(
          200,
          new Headers({ "content-type": "text/plain" }),
          randomBytes(3000),
          "1",
          csp,
        ),
      );
      const full = entries.reduce((sum, e) => sum + e.gzip.length + e.br.length, 0);
      const cache = new PageCache(full + 100);
      entries.forEach((e, i) => cache.set(`/${i}`, e));
      const before = cache.size;
      cache.plain("/11", entries[11]);
      expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes);
      expect(cache.size).toBeLessThan(before);
      expect(cache.get("/11")).toBe(entries[11]);
      expect(cache.evictions).toBeGreaterThan(0);
    });
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

  describe("single flight and stale-while-revalidate", () => {
    const text = (t: string) =>
      buildCachedResponse(
        200,
        new Headers({ "content-type": "text/plain" }),
        Buffer.from(t),
        "1",
        csp,
      );
    /** A render that finishes when the test says so, counting how often it ran. */
    function gate() {
      let release!: (value: CachedResponse | undefined) => void;
      let fail!: (err: Error) => void;
      const calls = { count: 0 };
      const render = () => {
        calls.count++;
        return new Promise<CachedResponse | undefined>((resolve, reject) => {
          release = resolve;
          fail = reject;
        });
      };
      return {
        render,
        calls,
        release: (v?: CachedResponse) => release(v),
        fail: (e: Error) => fail(e),
      };
    }

    it("renders a key once for concurrent misses, and every waiter gets that render", async () => {
      const cache = new PageCache();
      cache.clear("g1");
      const g = gate();
      const flights = Array.from({ length: 8 }, () =>
        cache.fill("/jobs", ["kind:/jobs"], g.render),
      );
      expect(g.calls.count).toBe(1);
      expect(flights.filter((f) => f.joined)).toHaveLength(7);
      const fresh = text("jobs");
      g.release(fresh);
      const results = await Promise.all(flights.map((f) => f.result));
      expect(results.every((r) => r === fresh)).toBe(true);
      expect(cache.get("/jobs")).toBe(fresh);
      expect(cache.stats.renders).toBe(1);
      expect(cache.stats.joins).toBe(7);
    });

    it("gives a failed render's error to every waiter and keeps nothing", async () => {
      const cache = new PageCache();
      cache.clear("g1");
      const g = gate();
      const flights = [1, 2, 3].map(() => cache.fill("/jobs", [], g.render));
      g.fail(new Error("database down"));
      for (const f of flights) await expect(f.result).rejects.toThrow("database down");
      expect(cache.get("/jobs")).toBeUndefined();
      // The next miss renders again.
      cache.fill("/jobs", [], g.render);
      expect(g.calls.count).toBe(2);
    });

    it("does not keep a render started under an older generation, nor join it", async () => {
      const cache = new PageCache();
      cache.clear("g1");
      const old = gate();
      const first = cache.fill("/jobs/a", ["entry:/jobs/a"], old.render);
      cache.invalidate([["entry:/jobs/a"]], "g2");
      const fresh = gate();
      const second = cache.fill("/jobs/a", ["entry:/jobs/a"], fresh.render);
      expect(second.joined).toBe(false);
      old.release(text("old title"));
      await first.result;
      expect(cache.get("/jobs/a")).toBeUndefined();
      fresh.release(text("new title"));
      await second.result;
      expect(plainOf(cache, "/jobs/a")).toBe("new title");
    });

    it("draws stale pages again one at a time, each once, skipping what a request drew meanwhile", async () => {
      const cache = new PageCache();
      cache.clear("g1");
      for (const key of ["/jobs", "/results", "/"]) cache.set(key, text(`old ${key}`), ["home"]);
      cache.invalidate([["home"]], "g2");
      const gates = { "/jobs": gate(), "/results": gate(), "/": gate() };
      for (const [key, g] of Object.entries(gates)) cache.revalidate(key, ["home"], g.render);
      cache.revalidate("/results", ["home"], gates["/results"].render);
      // One render at a time: the first asked runs, the others wait.
      expect([gates["/jobs"], gates["/results"], gates["/"]].map((g) => g.calls.count)).toEqual([
        1, 0, 0,
      ]);
      // A request past the window draws "/" itself meanwhile: the queue does not draw it again.
      const own = cache.fill("/", ["home"], async () => text("new / by a request"));
      await own.result;
      gates["/jobs"].release(text("new /jobs"));
      await vi.waitFor(() => expect(gates["/results"].calls.count).toBe(1));
      gates["/results"].release(text("new /results"));
      await vi.waitFor(() => expect(cache.lookup("/results")).toMatchObject({ stale: false }));
      await new Promise((r) => setImmediate(r));
      expect(gates["/"].calls.count).toBe(0);
      expect(plainOf(cache, "/jobs")).toBe("new /jobs");
      expect(plainOf(cache, "/")).toBe("new / by a request");
      expect(cache.stats.renders).toBe(3);
    });

    it("serves a list stale within the window while one render runs, then fresh; never past it", async () => {
      let now = 1_000;
      const cache = new PageCache(undefined, undefined, () => now);
      cache.clear("g1");
      cache.set("/jobs", text("old list"), ["kind:/jobs"]);
      cache.set("/jobs/a", text("old page"), ["entry:/jobs/a"]);
      cache.set("/results", text("results"), ["kind:/results"]);
      cache.invalidate([["entry:/jobs/a", "kind:/jobs", "home"]], "g2");

      // The written entry's own page is gone, not stale; another kind's list is untouched.
      expect(cache.lookup("/jobs/a")).toBeUndefined();
      expect(cache.lookup("/results")?.stale).toBe(false);
      // The list: stale for the fast path (a map lookup that only serves fresh copies)...
      expect(cache.get("/jobs")).toBeUndefined();
      // ...and served stale to the ordinary path while one render runs.
      now += STALE_WINDOW_MS;
      expect(gunzipSync(cache.lookup("/jobs")!.response.gzip).toString()).toBe("old list");
      const g = gate();
      cache.revalidate("/jobs", ["kind:/jobs"], g.render);
      cache.revalidate("/jobs", ["kind:/jobs"], g.render);
      expect(g.calls.count).toBe(1);
      expect(cache.stats.staleServes).toBe(1);
      g.release(text("new list"));
      await new Promise((r) => setImmediate(r));
      expect(cache.lookup("/jobs")).toMatchObject({ stale: false });
      expect(plainOf(cache, "/jobs")).toBe("new list");

      // Nobody asked within the window: the stale copy is not served after it.
      cache.invalidate([["kind:/jobs"]], "g3");
      now += STALE_WINDOW_MS + 1;
      expect(cache.lookup("/jobs")).toBeUndefined();
    });
  });
});
