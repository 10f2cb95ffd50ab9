import { fork } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { PEER_GRACE_MS } from "./redraws.server.ts";
import { buildCachedResponse, type CachedResponse } from "./response.server.ts";
import { ownerOf, shareOrder } from "./share.server.ts";
import { PageCache } from "./store.server.ts";

const page = (text: string, generation = "7-2026-11-27") =>
  buildCachedResponse(
    200,
    new Headers({ "content-type": "text/plain" }),
    Buffer.from(text),
    generation,
    () => "",
  );
const bodyOf = (cache: PageCache, key: string) =>
  gunzipSync(cache.lookup(key)!.response.gzip).toString();

/** A render that finishes when the test says so. */
function gate() {
  let release!: (value: CachedResponse | undefined) => void;
  const calls = { count: 0 };
  const render = () => {
    calls.count++;
    return new Promise<CachedResponse | undefined>((resolve) => (release = resolve));
  };
  return { render, calls, release: (v: CachedResponse) => release(v) };
}

describe("pages shared between workers (issue 33)", () => {
  it("keeps another worker's page only when drawn under its own generation", () => {
    const cache = new PageCache();
    cache.clear("7-2026-11-27");
    // Behind or ahead of this cache: another generation's page is never kept.
    expect(cache.accept("/jobs", page("older"), ["kind:/jobs"], "6-2026-11-27")).toBe(false);
    expect(cache.accept("/jobs", page("newer"), ["kind:/jobs"], "8-2026-11-27")).toBe(false);
    expect(cache.accept("/jobs", page("yesterday"), ["kind:/jobs"], "7-2026-11-26")).toBe(false);
    expect(cache.lookup("/jobs")).toBeUndefined();
    expect(cache.accept("/jobs", page("same"), ["kind:/jobs"], "7-2026-11-27")).toBe(true);
    expect(bodyOf(cache, "/jobs")).toBe("same");
    expect(cache.stats).toMatchObject({ sharesKept: 1, sharesRefused: 3, renders: 0 });
  });

  it("keeps its own fresh copy, and replaces a stale one", () => {
    const cache = new PageCache();
    cache.clear("7-2026-11-27");
    const own = page("drawn here");
    cache.set("/jobs", own, ["kind:/jobs"]);
    expect(cache.accept("/jobs", page("from a peer"), ["kind:/jobs"], "7-2026-11-27")).toBe(false);
    expect(cache.get("/jobs")).toBe(own);
    cache.invalidate([["kind:/jobs"]], "8-2026-11-27");
    expect(cache.lookup("/jobs")?.stale).toBe(true);
    expect(cache.accept("/jobs", page("redrawn by a peer"), ["kind:/jobs"], "8-2026-11-27")).toBe(
      true,
    );
    expect(cache.lookup("/jobs")?.stale).toBe(false);
    expect(bodyOf(cache, "/jobs")).toBe("redrawn by a peer");
  });

  it("keeps a shared page's scopes: a later write drops or stales it like its own", () => {
    const cache = new PageCache();
    cache.clear("7-2026-11-27");
    cache.accept("/jobs/a", page("job a"), ["entry:/jobs/a", "kind:/jobs"], "7-2026-11-27");
    cache.accept("/jobs", page("jobs"), ["kind:/jobs"], "7-2026-11-27");
    cache.accept("/results", page("results"), ["kind:/results"], "7-2026-11-27");
    cache.invalidate([["entry:/jobs/a", "kind:/jobs"]], "8-2026-11-27");
    expect(cache.lookup("/jobs/a")).toBeUndefined();
    expect(cache.lookup("/jobs")?.stale).toBe(true);
    expect(cache.lookup("/results")?.stale).toBe(false);
  });

  it("hands each page it stores to its peers with the generation it was drawn under", async () => {
    const cache = new PageCache();
    cache.clear("7-2026-11-27");
    const sent: [string, string, readonly string[]][] = [];
    cache.onStore = (key, _response, scopes, generation) => sent.push([key, generation, scopes]);
    await cache.fill("/jobs", ["kind:/jobs"], async () => page("jobs")).result;
    // Drawn under 7 but finished after a write: not stored, so not handed on either.
    const late = gate();
    const flight = cache.fill("/results", ["kind:/results"], late.render);
    cache.invalidate([["kind:/results"]], "8-2026-11-27");
    late.release(page("results"));
    await flight.result;
    // A page received is not handed on again.
    cache.accept("/admit-cards", page("admit"), ["kind:/admit-cards"], "8-2026-11-27");
    expect(sent).toEqual([["/jobs", "7-2026-11-27", ["kind:/jobs"]]]);
  });

  it("draws its own share of the stale pages first, and leaves a peer's to the peer", async () => {
    const cache = new PageCache();
    cache.clear("7-2026-11-27");
    const keys = ["/a", "/b", "/c", "/d"];
    for (const key of keys) cache.set(key, page(`old ${key}`), ["home"]);
    cache.invalidate([["home"]], "8-2026-11-27");
    cache.redraws.mine = (key) => key === "/b" || key === "/d";
    const gates = Object.fromEntries(keys.map((key) => [key, gate()]));
    for (const key of keys) cache.revalidate(key, ["home"], gates[key].render);
    const drawn = () => keys.filter((key) => gates[key].calls.count > 0);
    await vi.waitFor(() => expect(drawn()).toEqual(["/b"]));
    // The peer's copy of "/a" arrives: it leaves the queue.
    cache.accept("/a", page("new /a"), ["home"], "8-2026-11-27");
    gates["/b"].release(page("new /b"));
    await vi.waitFor(() => expect(drawn()).toEqual(["/b", "/d"]));
    gates["/d"].release(page("new /d"));
    // "/c" never came from its peer: drawn here once it has waited PEER_GRACE_MS.
    await vi.waitFor(() => expect(drawn()).toEqual(["/b", "/c", "/d"]), {
      timeout: PEER_GRACE_MS * 20,
    });
    gates["/c"].release(page("new /c"));
    await vi.waitFor(() => expect(cache.lookup("/c")?.stale).toBe(false));
    expect(keys.map((key) => bodyOf(cache, key))).toEqual(["new /a", "new /b", "new /c", "new /d"]);
    expect(gates["/a"].calls.count).toBe(0);
  });

  it("splits keys between the workers by a hash, each worker's share first", () => {
    const keys = Array.from({ length: 400 }, (_, i) => `/jobs?page=${i}`);
    const share = keys.filter((key) => ownerOf(key, 2) === 0).length;
    expect(share).toBeGreaterThan(150);
    expect(share).toBeLessThan(250);
    expect(keys.every((key) => ownerOf(key, 3) === ownerOf(key, 3))).toBe(true);
    const mine = (key: string) => ["/b", "/d"].includes(key);
    expect(shareOrder(["/a", "/b", "/c", "/d", "/e"], mine)).toEqual([
      "/b",
      "/d",
      "/e",
      "/c",
      "/a",
    ]);
  });

  it("carries a page between processes as bytes, with nothing to unzip or rebuild", async () => {
    const sent = page("x".repeat(50_000));
    // The channel the cluster's primary sets up (http/cluster.ts): V8's serialization.
    const echo = path.join(mkdtempSync(path.join(tmpdir(), "share-")), "echo.mjs");
    writeFileSync(
      echo,
      "process.on('message', (m) => { process.send(m); process.disconnect(); });",
    );
    const child = fork(echo, [], { serialization: "advanced" });
    child.send({ response: sent });
    const back = await new Promise<{ response: CachedResponse }>((resolve) =>
      child.once("message", (m) => resolve(m as unknown as { response: CachedResponse })),
    );
    expect(Buffer.isBuffer(back.response.gzip)).toBe(true);
    expect(back.response).toEqual(sent);
  });
});
