import { existsSync, rmSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { bumpGeneration, kindScope } from "~/page-cache/index.ts";
import { openDatabase } from "~/platform/db/db.server.ts";
import { createPostgresDatabase, untilHealthy } from "./instances.ts";
import { spawnServer, type Spawned } from "./spawn-server.ts";

/**
 * Warm after a restart (issue 33): the pages served from the cache are counted as the site runs,
 * written to the database at shutdown at the latest, and drawn into the page cache of the next
 * server before it answers: the first request for a hot page after a restart is a cache hit.
 * Junk (404s, redirects, over-long addresses) never reaches the list. On PostgreSQL the second
 * server stands for another instance sharing the database.
 */
const HOT = ["/jobs", "/results", "/hi"];
/** A search of 33 Devanagari letters: a cacheable page whose address is over 300 characters. */
const LONG = `/search?q=${encodeURIComponent("क".repeat(33))}`;

const get = (server: Spawned, url: string) =>
  fetch(server.baseURL + url, { redirect: "manual" }).then(async (r) => {
    await r.arrayBuffer();
    return { status: r.status, xCache: r.headers.get("x-cache") };
  });

describe.each(["sqlite", "postgres"] as const)("warm start [%s]", (dialect) => {
  let first: Spawned;
  let second: Spawned | undefined;
  let databaseUrl: string | undefined;

  beforeAll(async () => {
    if (dialect === "postgres")
      databaseUrl = await createPostgresDatabase(inject("postgresUrl"), "warm");
    first = await spawnServer({
      env: { SEED_DEMO: "1", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
      keepData: true,
    });
    await untilHealthy(first.baseURL, first.child, first.output);
  });
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
    if (first) rmSync(first.dataDir, { recursive: true, force: true });
    if (!databaseUrl) return;
    const c = new pg.Client({ connectionString: inject("postgresUrl") });
    await c.connect();
    await c.query(`drop database if exists ${databaseUrl.split("/").pop()} with (force)`);
    await c.end();
  });

  it("records the pages served from the cache, and refuses 404s, redirects and long addresses", async () => {
    for (let i = 0; i < 4; i++) {
      for (const url of HOT) expect((await get(first, url)).status).toBe(200);
      // Parameters the page does not read are not part of its key: one page, /results.
      expect((await get(first, "/results?utm_source=whatsapp")).xCache).toBe("HIT");
      expect((await get(first, "/jobs/no-such-job-anywhere")).status).toBe(404);
      expect((await get(first, "/jobs/")).status).toBe(301);
      expect(await get(first, LONG)).toEqual({ status: 200, xCache: i ? "HIT" : "MISS" });
    }
    await first.stop();
    const database = openData();
    try {
      const rows = await database.db.selectFrom("hot_pages").select(["url", "hits"]).execute();
      expect(rows.map((r) => r.url).toSorted()).toEqual([...HOT].sort());
      expect(Number(rows.find((r) => r.url === "/results")?.hits)).toBe(8);
    } finally {
      await database.close();
    }
  });

  const openData = () =>
    openDatabase(
      databaseUrl
        ? { dialect: "postgres", url: databaseUrl }
        : { dialect: "sqlite", file: `${first.dataDir}/spawned.db` },
    );
  const snapshot = () => `${first.dataDir}/page-cache/worker-0.v8`;
  const healthOf = async (server: Spawned) =>
    (
      (await (await fetch(`${server.baseURL}/healthz`)).json()) as {
        pageCache: {
          warmed: number;
          restored: number;
          renders: number;
          staled: number;
          dropped: number;
        };
      }
    ).pageCache;

  it("draws the hot pages before it answers: the first request for each is a cache hit", async () => {
    // The first server kept its pages at shutdown; another instance (its own disk) has none.
    expect(existsSync(snapshot())).toBe(true);
    rmSync(snapshot());
    second = await spawnServer({
      env: {
        DATA_DIR: first.dataDir,
        WARM_WAIT_MS: "30000",
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
    });
    await untilHealthy(second.baseURL, second.child, second.output);
    for (const url of HOT) expect((await get(second, url)).xCache, url).toBe("HIT");
    // A page nobody asked for before the restart is drawn by its first request.
    expect((await get(second, "/admit-cards")).xCache).toBe("MISS");
    const health = await healthOf(second);
    expect(health.warmed).toBe(HOT.length);
    expect(health.restored).toBe(0);
  });

  it("keeps its pages across a restart, dropping what was written while it was down", async () => {
    await second!.stop();
    second = undefined;
    // While no server runs, a write to the admit cards list (a script, or another instance).
    const database = openData();
    try {
      await database.db
        .transaction()
        .execute((trx) => bumpGeneration(trx, [kindScope("/admit-cards")]));
    } finally {
      await database.close();
    }
    const third = await spawnServer({
      env: {
        DATA_DIR: first.dataDir,
        // The three most hit pages are hot; /admit-cards, asked for once, is not.
        WARM_PAGES: String(HOT.length),
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
    });
    try {
      await untilHealthy(third.baseURL, third.child, third.output);
      const before = await healthOf(third);
      // Every page the last run held (the hot pages and /admit-cards)…
      expect(before.restored).toBe(HOT.length + 1);
      expect(before.warmed).toBe(0);
      // …is answered without a render, but /admit-cards, which the write changed: marked stale
      // and drawn again in the background (served stale until then); a hot page the write
      // changed would have been drawn before the server listened.
      expect(before).toMatchObject({ staled: 1, dropped: 0 });
      for (const url of HOT) expect((await get(third, url)).xCache, url).toBe("HIT");
      expect(["STALE", "HIT"]).toContain((await get(third, "/admit-cards")).xCache);
      await expect.poll(async () => (await get(third, "/admit-cards")).xCache).toBe("HIT");
      // One render in all: that page's.
      expect((await healthOf(third)).renders).toBe(1);
      // A copy is used once: the file is gone until this server stops.
      expect(existsSync(snapshot())).toBe(false);
    } finally {
      await third.stop();
    }
  });
});
