import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { describeEachDatabase, freshDatabase } from "../../test/databases.ts";
import type { DB } from "../platform/db/db.server.ts";
import { ConfigError, notFoundLogEnv, parseEnv } from "../platform/env.server.ts";
import { logger } from "../platform/logger.server.ts";
import {
  FLUSH_AT_PATHS,
  MAX_BUFFERED_PATHS,
  configureNotFoundLog,
  flushNotFound,
  listNotFound,
  recordNotFound,
  stopNotFoundLog,
} from "./not-found-log.repository.server.ts";
import { emptyNotFoundLog, removeNotFound } from "./not-found-log.service.server.ts";
import { TEST_ACTOR } from "../../test/writes.ts";

const T0 = Date.parse("2026-11-23T09:00:00.000Z");
const at = (ms: number) => new Date(T0 + ms).toISOString();

const rows = (db: DB) => db.selectFrom("not_found_log").selectAll().orderBy("path").execute();
const count = async (db: DB) =>
  Number(
    (
      await db
        .selectFrom("not_found_log")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describeEachDatabase("404 log, written in batches", (db, dialect) => {
  let clock = 0;
  /** Each record happens 1 ms after the previous one, so first and last seen are exact. */
  const record = (path: string, referrer: string | null = null) => {
    vi.setSystemTime(T0 + clock++);
    recordNotFound(db(), path, referrer);
  };

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    clock = 0;
    // Longer than a test may take: only the timer test sees a write nobody asked for.
    configureNotFoundLog({ maxRows: notFoundLogEnv({}).NOT_FOUND_LOG_MAX, flushMs: 60_000 });
    await emptyNotFoundLog(db(), { actor: TEST_ACTOR });
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    vi.useRealTimers();
    await stopNotFoundLog();
  });

  it("keeps the hits of one path in memory and writes them as one row", async () => {
    for (let i = 0; i < 25; i++) record("/batched", i === 24 ? "https://last.example/" : null);
    record("/other", "https://other.example/");
    // Nothing reaches the database before the write: no statement per request.
    expect(await count(db())).toBe(0);
    await flushNotFound();
    expect(await rows(db())).toEqual([
      {
        path: "/batched",
        hits: 25,
        last_referrer: "https://last.example/",
        first_seen_at: at(0),
        last_seen_at: at(24),
      },
      {
        path: "/other",
        hits: 1,
        last_referrer: "https://other.example/",
        first_seen_at: at(25),
        last_seen_at: at(25),
      },
    ]);

    // A later batch adds its hits, keeps the first sighting and moves the last one.
    record("/batched", "https://again.example/");
    record("/batched", null);
    await flushNotFound();
    expect((await rows(db()))[0]).toEqual({
      path: "/batched",
      hits: 27,
      last_referrer: null,
      first_seen_at: at(0),
      last_seen_at: at(27),
    });
  });

  it("keeps a later sighting another instance wrote, and an earlier first one", async () => {
    await db()
      .insertInto("not_found_log")
      .values({
        path: "/shared",
        hits: 4,
        last_referrer: "https://newer.example/",
        first_seen_at: at(5),
        last_seen_at: at(1_000),
      })
      .execute();
    record("/shared", "https://older.example/");
    await flushNotFound();
    expect((await rows(db()))[0]).toEqual({
      path: "/shared",
      hits: 5,
      last_referrer: "https://newer.example/",
      first_seen_at: at(0),
      last_seen_at: at(1_000),
    });
  });

  it("writes on its own every flushMs, without being asked", async () => {
    configureNotFoundLog({ flushMs: 20 });
    record("/by-the-timer");
    await vi.waitFor(
      async () =>
        expect((await rows(db())).map((r) => [r.path, r.hits])).toEqual([["/by-the-timer", 1]]),
      { timeout: 20_000, interval: 20 },
    );
  });

  it("cuts the log to NOT_FOUND_LOG_MAX, rarest and longest unseen first", async () => {
    const max = notFoundLogEnv({}).NOT_FOUND_LOG_MAX;
    expect(max).toBe(1_000);
    for (let i = 0; i < 40; i++) record("/popular");
    record("/twice");
    record("/twice");
    await flushNotFound();
    // A flood of one-off junk, as a crawler probing for admin panels sends.
    for (let i = 0; i < 5_000; i++) {
      record(`/junk-${i}`);
      if (i % 400 === 399) await flushNotFound();
    }
    await flushNotFound();
    expect(await count(db())).toBe(max);
    const { entries, total } = await listNotFound(db(), { limit: 3 });
    expect(total).toBe(max);
    expect(entries.map((e) => [e.path, e.hits])).toEqual([
      ["/popular", 40],
      ["/twice", 2],
      ["/junk-4999", 1],
    ]);
    // Of the junk, the most recently seen stayed: /junk-4002 … /junk-4999.
    const junk = (await rows(db())).filter((r) => r.path.startsWith("/junk-"));
    expect(junk).toHaveLength(max - 2);
    expect(Math.min(...junk.map((r) => Number(r.path.slice(6))))).toBe(5_000 - (max - 2));
  });

  it("holds at most MAX_BUFFERED_PATHS new paths in memory, and says how many it dropped", async () => {
    configureNotFoundLog({ maxRows: 100_000 });
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => {});
    // No await: the database cannot take the first batch before the loop ends.
    for (let i = 0; i < 10_000; i++) record(`/probe-${i}`);
    // A path already waiting is still counted when the buffer is full.
    record(`/probe-${FLUSH_AT_PATHS}`);
    await flushNotFound();
    // The batch the FLUSH_AT_PATHS-th path sent off, and a full buffer after it.
    const written = FLUSH_AT_PATHS + MAX_BUFFERED_PATHS;
    expect(await count(db())).toBe(written);
    const again = await db()
      .selectFrom("not_found_log")
      .select("hits")
      .where("path", "=", `/probe-${FLUSH_AT_PATHS}`)
      .executeTakeFirstOrThrow();
    expect(again.hits).toBe(2);
    const lines = warn.mock.calls.map((c) => String(c[0]));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`${10_000 - written} hits on new paths were not logged`);
  });

  it("forgets one path, also while its hits wait in memory, and clears the rest", async () => {
    record("/keep");
    record("/drop");
    await flushNotFound();
    record("/drop");
    record("/only-in-memory");
    expect(await removeNotFound(db(), { path: "/drop", actor: TEST_ACTOR })).toEqual({
      ok: true,
      removed: true,
    });
    expect(await removeNotFound(db(), { path: "/only-in-memory", actor: TEST_ACTOR })).toEqual({
      ok: true,
      removed: true,
    });
    expect(await removeNotFound(db(), { path: "/never-seen", actor: TEST_ACTOR })).toEqual({
      ok: true,
      removed: false,
    });
    await flushNotFound();
    expect((await rows(db())).map((r) => r.path)).toEqual(["/keep"]);

    record("/waiting");
    expect(await emptyNotFoundLog(db(), { actor: TEST_ACTOR })).toBe(1);
    await flushNotFound();
    expect(await count(db())).toBe(0);
  });

  it("writes what is left when stopped, as shutdown does", async () => {
    record("/at-shutdown");
    await stopNotFoundLog();
    expect((await rows(db())).map((r) => [r.path, r.hits])).toEqual([["/at-shutdown", 1]]);
  });

  it("logs a failed write and drops it, never throwing into a request", async () => {
    const gone = await freshDatabase(dialect);
    await gone.dispose();
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => {});
    expect(() => recordNotFound(gone.db, "/lost", null)).not.toThrow();
    record("/kept");
    await expect(flushNotFound()).resolves.toBeUndefined();
    expect(warn.mock.calls.map((c) => String(c[0]))).toEqual([
      expect.stringContaining("[not-found] could not write 1 paths to the 404 log:"),
    ]);
    // The other database's batch is written all the same.
    expect((await rows(db())).map((r) => r.path)).toEqual(["/kept"]);
  });
});

describe("404 log settings", () => {
  const base = { BASE_URL: "https://govjobs.example", AUTH_SECRET: "s".repeat(32) };

  it("reads NOT_FOUND_LOG_MAX and NOT_FOUND_LOG_FLUSH_MS, 1000 rows and 5 s unless set", () => {
    expect(notFoundLogEnv({})).toEqual({ NOT_FOUND_LOG_MAX: 1_000, NOT_FOUND_LOG_FLUSH_MS: 5_000 });
    expect(
      parseEnv({ ...base, NOT_FOUND_LOG_MAX: "250", NOT_FOUND_LOG_FLUSH_MS: "100" }),
    ).toMatchObject({ NOT_FOUND_LOG_MAX: 250, NOT_FOUND_LOG_FLUSH_MS: 100 });
  });

  it("refuses to start on a cap that is not a positive whole number", () => {
    for (const bad of ["0", "-5", "1.5", "lots"]) {
      expect(() => parseEnv({ ...base, NOT_FOUND_LOG_MAX: bad }), bad).toThrow(ConfigError);
      expect(() => parseEnv({ ...base, NOT_FOUND_LOG_MAX: bad }), bad).toThrow(/NOT_FOUND_LOG_MAX/);
    }
  });
});
