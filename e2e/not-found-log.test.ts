import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type DB } from "~/platform/db/db.server.ts";
import { UNTIL_404_WRITTEN } from "./db.ts";
import { startInstance, type Instance } from "./instances.ts";

const CAP = 50;
const FLOOD = 5_000;
/** Requests in flight at once: a crawler, not a denial of service. */
const CONCURRENCY = 8;
/** 5,000 rendered 404 pages take ~50 s on two busy cores: more than the default test timeout. */
const FLOOD_TIMEOUT_MS = 300_000;

describe("the 404 log under a flood of unknown paths, and /favicon.ico", () => {
  let instance: Instance;

  beforeAll(async () => {
    instance = await startInstance({
      NOT_FOUND_LOG_MAX: String(CAP),
      NOT_FOUND_LOG_FLUSH_MS: "100",
    });
  });
  afterAll(async () => {
    await instance?.stop();
  });

  /** Read the instance's own SQLite file, as the admin's SEO tools would list it. */
  async function withInstanceDb<T>(fn: (db: DB) => Promise<T>): Promise<T> {
    const database = openDatabase({
      dialect: "sqlite",
      file: path.join(instance.dataDir, "instance.db"),
    });
    try {
      return await fn(database.db);
    } finally {
      await database.close();
    }
  }

  const get = async (pathname: string) => {
    const res = await fetch(`${instance.baseURL}${pathname}`, { redirect: "manual" });
    await res.arrayBuffer();
    return res;
  };

  /**
   * Request one last unknown path and wait until it is in the log: the server writes its batches
   * in order, so every hit before it has been written (and the log cut to its cap) by then.
   */
  async function waitForEverythingWritten(): Promise<void> {
    const last = `/last-${crypto.randomUUID()}`;
    expect((await get(last)).status).toBe(404);
    await vi.waitFor(async () => {
      const row = await withInstanceDb((db) =>
        db.selectFrom("not_found_log").select("hits").where("path", "=", last).executeTakeFirst(),
      );
      expect(row?.hits).toBe(1);
    }, UNTIL_404_WRITTEN);
  }

  it(
    "keeps the log at NOT_FOUND_LOG_MAX rows, and the broken link people really follow",
    async () => {
      for (let i = 0; i < 20; i++) expect((await get("/old-notice.pdf.html")).status).toBe(404);
      let next = 0;
      const statuses = new Set<number>();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < FLOOD) statuses.add((await get(`/wp-probe-${next++}/admin.php`)).status);
        }),
      );
      expect([...statuses]).toEqual([404]);
      await waitForEverythingWritten();

      const { total, top } = await withInstanceDb(async (db) => ({
        total: Number(
          (
            await db
              .selectFrom("not_found_log")
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        ),
        top: await db
          .selectFrom("not_found_log")
          .select(["path", "hits"])
          .orderBy("hits", "desc")
          .limit(1)
          .executeTakeFirstOrThrow(),
      }));
      expect(total).toBe(CAP);
      expect(top).toEqual({ path: "/old-notice.pdf.html", hits: 20 });
    },
    FLOOD_TIMEOUT_MS,
  );

  it("serves /favicon.ico as a cached icon of 16 and 32 pixels, not as a 404", async () => {
    const res = await fetch(`${instance.baseURL}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
    expect(res.headers.get("cache-control")).toMatch(/\bmax-age=[1-9]\d*/);
    const ico = Buffer.from(await res.arrayBuffer());
    // ICONDIR: reserved 0, type 1 (icon), then one 16-byte entry per image (width, height, …).
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const count = ico.readUInt16LE(4);
    const sizes = Array.from({ length: count }, (_, i) => ico[6 + 16 * i]);
    expect(sizes).toEqual(expect.arrayContaining([16, 32]));
    for (let i = 0; i < count; i++) {
      const offset = ico.readUInt32LE(6 + 16 * i + 12);
      // Each image is a PNG.
      expect(ico.subarray(offset, offset + 8)).toEqual(
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      );
    }

    await waitForEverythingWritten();
    const logged = await withInstanceDb((db) =>
      db.selectFrom("not_found_log").select("path").where("path", "=", "/favicon.ico").execute(),
    );
    expect(logged).toEqual([]);
  });
});
