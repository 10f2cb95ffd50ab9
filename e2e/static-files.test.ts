import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { baseURL } from "./browser.ts";

/** The hashed scripts and stylesheet the home page names. */
async function assetPaths(): Promise<string[]> {
  const html = await (await fetch(`${baseURL()}/`)).text();
  const paths = new Set([...html.matchAll(/"(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]));
  expect(paths.size).toBeGreaterThan(2);
  return [...paths];
}

const get = (path: string, acceptEncoding: string) =>
  fetch(`${baseURL()}${path}`, { headers: { "Accept-Encoding": acceptEncoding } });

describe("static assets", () => {
  it("sends the build's brotli or gzip copy of each script and stylesheet, the same bytes", async () => {
    let encoded = 0;
    for (const path of await assetPaths()) {
      const plain = await get(path, "identity");
      expect(plain.status, path).toBe(200);
      expect(plain.headers.get("content-encoding"), path).toBeNull();
      const original = Buffer.from(await plain.arrayBuffer());
      const type = path.endsWith(".css") ? "text/css" : "text/javascript";
      for (const [accept, encoding, decode] of [
        ["gzip, deflate, br, zstd", "br", brotliDecompressSync],
        ["gzip, deflate", "gzip", gunzipSync],
      ] as const) {
        const res = await rawGet(path, accept);
        if (res.headers["content-encoding"] === undefined && original.length < 300) {
          // A copy no smaller than the file itself is not kept: the file goes as it is.
          expect(res.body.equals(original), path).toBe(true);
          continue;
        }
        encoded++;
        expect(res.headers["content-encoding"], path).toBe(encoding);
        expect(res.headers["content-type"], path).toContain(type);
        expect(res.headers["cache-control"], path).toBe("public, max-age=31536000, immutable");
        expect(res.headers.vary, path).toContain("Accept-Encoding");
        expect(Number(res.headers["content-length"]), path).toBe(res.body.length);
        expect(res.body.length, path).toBeLessThan(original.length);
        expect(decode(res.body).equals(original), path).toBe(true);
      }
    }
    expect(encoded).toBeGreaterThan(4);
  });

  it("answers a file that is not in the build with a plain 404", async () => {
    const res = await get("/assets/entry.client-00000000.js", "br");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("text/plain");
    expect(await res.text()).toBe("Not found");
  });
});

/** A GET whose body is returned as sent (fetch would undo the content encoding). */
async function rawGet(path: string, acceptEncoding: string) {
  const http = await import("node:http");
  return new Promise<{ headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
    const req = http.get(
      `${baseURL()}${path}`,
      { headers: { "Accept-Encoding": acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ headers: res.headers as Record<string, string>, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on("error", reject);
  });
}
