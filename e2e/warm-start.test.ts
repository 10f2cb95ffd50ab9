import { rmSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
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
    const database = openDatabase(
      databaseUrl
        ? { dialect: "postgres", url: databaseUrl }
        : { dialect: "sqlite", file: `${first.dataDir}/spawned.db` },
    );
    try {
      const rows = await database.db.selectFrom("hot_pages").select(["url", "hits"]).execute();
      expect(rows.map((r) => r.url).toSorted()).toEqual([...HOT].sort());
      expect(Number(rows.find((r) => r.url === "/results")?.hits)).toBe(8);
    } finally {
      await database.close();
    }
  });

  it("draws the hot pages before it answers: the first request for each is a cache hit", async () => {
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
    const health = (await (await fetch(`${second.baseURL}/healthz`)).json()) as {
      pageCache: { warmed: number };
    };
    expect(health.pageCache.warmed).toBe(HOT.length);
  });
});
