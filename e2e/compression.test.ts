import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { baseURL } from "./browser.ts";

/**
 * What each Accept-Encoding is answered with (issue 33, "compression that fits"): the page cache's
 * copies (brotli, gzip, and the plain body it keeps for clients that send none) and pages drawn
 * for one request, compressed whole. Raw HTTP: fetch would decode the body and hide the coding.
 */
interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: Buffer;
}

function raw(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${baseURL()}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** The body as the client reads it, after undoing the answer's coding. */
function decoded(r: Raw): Buffer {
  const coding = r.headers["content-encoding"];
  if (coding === "br") return brotliDecompressSync(r.bytes);
  if (coding === "gzip") return gunzipSync(r.bytes);
  expect(coding).toBeUndefined();
  return r.bytes;
}

const varies = (r: Raw) =>
  String(r.headers.vary ?? "")
    .split(",")
    .map((v) => v.trim().toLowerCase());

/** Accept-Encoding values and the coding each must get (none: the plain body). */
const VARIANTS: [string | undefined, string | undefined][] = [
  [undefined, undefined],
  ["gzip, deflate, br, zstd", "br"],
  ["gzip, deflate", "gzip"],
  ["br;q=0, gzip", "gzip"],
  ["gzip;q=0.5, br;q=0.1", "gzip"],
  ["br;q=0", undefined],
  ["identity", undefined],
  ["*", "br"],
  ["br;q=0, *", "gzip"],
  ["*;q=0", undefined],
  ["x-junk, ;;q=, , deflate;q=abc", undefined],
  ["br;q=abc, gzip;q=0", undefined],
];

describe("a cached page in every Accept-Encoding", () => {
  for (const path of ["/", "/jobs"]) {
    it(`${path}: the plain answer is the decoded gzip and brotli body, with its own length, Vary and the same ETag`, async () => {
      // Fill the cache (a browser's request), then read each form of the hit.
      await raw(path, { "accept-encoding": "gzip, deflate, br" });
      const gzip = await raw(path, { "accept-encoding": "gzip" });
      const br = await raw(path, { "accept-encoding": "br" });
      // Twice: the first plain ask makes the plain copy, the second is served from it.
      for (let i = 0; i < 2; i++) {
        const plain = await raw(path);
        expect(plain.status).toBe(200);
        expect(plain.headers["x-cache"]).toBe("HIT");
        expect(plain.headers["content-encoding"]).toBeUndefined();
        expect(plain.headers["content-length"]).toBe(String(plain.bytes.length));
        expect(varies(plain)).toContain("accept-encoding");
        expect(plain.headers.etag).toBe(gzip.headers.etag);
        expect(plain.bytes.equals(gunzipSync(gzip.bytes))).toBe(true);
        expect(plain.bytes.equals(brotliDecompressSync(br.bytes))).toBe(true);
      }
      expect(gzip.headers["content-length"]).toBe(String(gzip.bytes.length));
      expect(br.headers["content-length"]).toBe(String(br.bytes.length));
      expect(br.headers.etag).toBe(gzip.headers.etag);
    });
  }

  it("answers each Accept-Encoding with the best coding it accepts, always the same page", async () => {
    const reference = decoded(await raw("/jobs"));
    for (const [accept, coding] of VARIANTS) {
      const r = await raw("/jobs", accept === undefined ? {} : { "accept-encoding": accept });
      expect(r.status, accept).toBe(200);
      expect(r.headers["content-encoding"], accept).toBe(coding);
      expect(r.headers["content-length"], accept).toBe(String(r.bytes.length));
      expect(decoded(r).equals(reference), accept).toBe(true);
    }
  });

  it("answers HEAD with the length of the GET in the same coding and no body", async () => {
    for (const [accept, coding] of VARIANTS.slice(0, 3)) {
      const headers: Record<string, string> =
        accept === undefined ? {} : { "accept-encoding": accept };
      const get = await raw("/", headers);
      const head = await raw("/", headers, "HEAD");
      expect(head.status, accept).toBe(200);
      expect(head.bytes.length, accept).toBe(0);
      expect(head.headers["content-encoding"], accept).toBe(coding);
      expect(head.headers["content-length"], accept).toBe(String(get.bytes.length));
      expect(head.headers.etag, accept).toBe(get.headers.etag);
    }
  });

  it("answers a matching ETag with 304 and no body, whatever the coding", async () => {
    const first = await raw("/");
    for (const accept of [undefined, "gzip", "br"]) {
      const r = await raw("/", {
        "if-none-match": first.headers.etag!,
        ...(accept ? { "accept-encoding": accept } : {}),
      });
      expect(r.status, accept).toBe(304);
      expect(r.bytes.length, accept).toBe(0);
    }
  });
});

describe("a page drawn for one request (not cached)", () => {
  // A 404 is drawn by the cache's path and not kept; the sign-in page never enters the cache.
  for (const path of ["/jobs/no-such-job-for-compression", "/admin/login"]) {
    it(`${path}: compressed whole in the coding asked for, with its length and Vary`, async () => {
      const plain = await raw(path);
      expect([200, 404]).toContain(plain.status);
      expect(plain.headers["x-cache"] ?? "BYPASS").toBe("BYPASS");
      const reference = plain.bytes.toString("utf8");
      expect(reference).toMatch(/<html/i);
      for (const [accept, coding] of VARIANTS) {
        const r = await raw(path, accept === undefined ? {} : { "accept-encoding": accept });
        expect(r.status, accept).toBe(plain.status);
        expect(r.headers["content-encoding"], accept).toBe(coding);
        expect(r.headers["content-length"], accept).toBe(String(r.bytes.length));
        expect(r.headers["transfer-encoding"], accept).toBeUndefined();
        expect(varies(r), accept).toContain("accept-encoding");
        // The page carries a fresh nonce each time: compare it with the nonces blanked.
        const text = decoded(r).toString("utf8");
        const blank = (s: string) => s.replace(/nonce="[^"]*"|"nonce":"[^"]*"/g, "nonce");
        expect(blank(text), accept).toBe(blank(reference));
      }
    });
  }
});
