import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase } from "../../test/databases.ts";
import { openDatabase, type AppDatabase, type DB } from "../platform/db/db.server.ts";
import {
  BACKOFF_BASE_MS,
  backoffMs,
  claimDue,
  enqueue,
  LEASE_MS,
  MAX_ATTEMPTS,
  registerSender,
  setOutboxPaused,
  settle,
  workOutboxOnce,
  type OutboxMessage,
  type SendResult,
} from "./outbox.server.ts";

const later = (at: string, ms: number) => new Date(Date.parse(at) + ms).toISOString();

async function rows(db: DB) {
  return db.selectFrom("outbox").selectAll().orderBy("key").execute();
}

describe.each(DIALECTS)("the outbox [%s]", (dialect) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let db: DB;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    db = database.db;
  });
  afterAll(async () => {
    await database?.dispose();
  });
  afterEach(async () => {
    registerSender("telegram", undefined);
    await setOutboxPaused(db, false);
    await db.deleteFrom("outbox").execute();
  });

  it("ignores a message whose key is already queued: the same change twice is one row", async () => {
    const first = await db
      .transaction()
      .execute((trx) =>
        enqueue(trx, [{ channel: "telegram", key: "entry:1:published", payload: { a: 1 } }]),
      );
    const again = await db.transaction().execute((trx) =>
      enqueue(trx, [
        { channel: "telegram", key: "entry:1:published", payload: { a: 2 } },
        { channel: "telegram", key: "entry:2:published", payload: { a: 3 } },
      ]),
    );
    expect([first, again]).toEqual([1, 1]);
    const stored = await rows(db);
    expect(stored.map((r) => [r.key, JSON.parse(r.payload)])).toEqual([
      ["entry:1:published", { a: 1 }],
      ["entry:2:published", { a: 3 }],
    ]);
  });

  it("writes nothing when the caller's transaction rolls back", async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await enqueue(trx, [{ channel: "telegram", key: "rolled-back", payload: {} }]);
        throw new Error("the content change failed");
      }),
    ).rejects.toThrow("the content change failed");
    expect(await rows(db)).toEqual([]);
  });

  it("sends a due message once and leaves a channel without a sender alone", async () => {
    await enqueue(db, [
      { channel: "telegram", key: "t1", payload: { text: "hello" } },
      { channel: "indexing", key: "i1", payload: {} },
      { channel: "telegram", key: "t-later", payload: {}, notBefore: "2999-01-01T00:00:00Z" },
    ]);
    const got: OutboxMessage[] = [];
    registerSender("telegram", async (m) => {
      got.push(m);
      return { ok: true };
    });
    expect(await workOutboxOnce(db)).toMatchObject({ claimed: 1, sent: 1 });
    expect(await workOutboxOnce(db)).toMatchObject({ claimed: 0 });
    expect(got).toMatchObject([{ key: "t1", channel: "telegram", payload: { text: "hello" } }]);
    const byKey = Object.fromEntries((await rows(db)).map((r) => [r.key, r.status]));
    expect(byKey).toEqual({ t1: "sent", i1: "pending", "t-later": "pending" });
  });

  it("retries a retryable failure after a backoff, then dead-letters it after MAX_ATTEMPTS", async () => {
    await enqueue(db, [{ channel: "telegram", key: "flaky", payload: {} }]);
    registerSender("telegram", async () => ({
      ok: false,
      retryable: true,
      error: "421 try later",
    }));
    let at = new Date().toISOString();
    expect(await workOutboxOnce(db, { at })).toMatchObject({ claimed: 1, failed: 1 });
    const [failed] = await rows(db);
    expect(failed).toMatchObject({ status: "failed", attempts: 1, last_error: "421 try later" });
    const wait = Date.parse(failed.next_attempt_at) - Date.parse(at);
    expect(wait).toBeGreaterThanOrEqual(BACKOFF_BASE_MS / 2);
    expect(wait).toBeLessThanOrEqual(BACKOFF_BASE_MS);
    // Not before its time.
    expect(await workOutboxOnce(db, { at: later(at, wait - 1) })).toMatchObject({ claimed: 0 });
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      at = (await rows(db))[0].next_attempt_at;
      await workOutboxOnce(db, { at });
    }
    const [dead] = await rows(db);
    expect(dead).toMatchObject({ status: "dead", attempts: MAX_ATTEMPTS });
    expect(await workOutboxOnce(db, { at: later(at, 365 * 86_400_000) })).toMatchObject({
      claimed: 0,
    });
  });

  it("dead-letters a failure that will not get better at once", async () => {
    await enqueue(db, [{ channel: "telegram", key: "bad", payload: {} }]);
    registerSender("telegram", async () => ({ ok: false, retryable: false, error: "550 no" }));
    await workOutboxOnce(db);
    expect(await rows(db)).toMatchObject([{ status: "dead", attempts: 1, last_error: "550 no" }]);
  });

  it("counts a sender that throws as a retryable failure", async () => {
    await enqueue(db, [{ channel: "telegram", key: "throws", payload: {} }]);
    registerSender("telegram", async () => {
      throw new Error("socket hang up");
    });
    await workOutboxOnce(db);
    expect(await rows(db)).toMatchObject([{ status: "failed", last_error: "socket hang up" }]);
  });

  it("re-claims a row whose worker died mid-send once its lease runs out, and the dead worker's late answer is ignored", async () => {
    await enqueue(db, [{ channel: "telegram", key: "crash", payload: {} }]);
    const at = new Date().toISOString();
    const [first] = await claimDue(db, ["telegram"], { at });
    expect(first.attempts).toBe(1);
    // The process is killed here: the row stays "sending" under its lease.
    expect(await claimDue(db, ["telegram"], { at: later(at, LEASE_MS - 1) })).toEqual([]);
    const [second] = await claimDue(db, ["telegram"], { at: later(at, LEASE_MS + 1) });
    expect(second).toMatchObject({ id: first.id, attempts: 2 });
    expect(await settle(db, first, { ok: false, retryable: true, error: "late" })).toBe("lost");
    expect(await settle(db, second, { ok: true })).toBe("sent");
    expect(await rows(db)).toMatchObject([{ status: "sent", attempts: 2, last_error: null }]);
  });

  it("claims nothing while paused", async () => {
    await enqueue(db, [{ channel: "telegram", key: "paused", payload: {} }]);
    registerSender("telegram", async () => ({ ok: true }));
    await setOutboxPaused(db, true);
    expect(await workOutboxOnce(db)).toMatchObject({ claimed: 0 });
    await setOutboxPaused(db, false);
    expect(await workOutboxOnce(db)).toMatchObject({ claimed: 1, sent: 1 });
  });

  it("lets two workers on separate connections share the queue without sending a row twice", async () => {
    const second: AppDatabase =
      dialect === "postgres"
        ? openDatabase({
            dialect: "postgres",
            url: String((database.pool!.options as { connectionString: string }).connectionString),
          })
        : openDatabase({ dialect: "sqlite", file: database.sqlite!.name });
    try {
      const total = 300;
      await enqueue(
        db,
        Array.from({ length: total }, (_, i) => ({
          channel: "telegram" as const,
          key: `race-${i}`,
          payload: { i },
        })),
      );
      const sends = new Map<string, number>();
      registerSender("telegram", async (m): Promise<SendResult> => {
        sends.set(m.id, (sends.get(m.id) ?? 0) + 1);
        // Yield, so the other worker's claim runs while this one is "sending".
        await new Promise((resolve) => setImmediate(resolve));
        return { ok: true };
      });
      const drain = async (worker: DB) => {
        let n = 0;
        for (;;) {
          const { claimed } = await workOutboxOnce(worker, { limit: 7 });
          if (claimed === 0) return n;
          n += claimed;
        }
      };
      const [a, b] = await Promise.all([drain(db), drain(second.db), drain(db), drain(second.db)]);
      expect(a + b).toBeGreaterThan(0);
      expect(sends.size).toBe(total);
      expect([...sends.values()].every((n) => n === 1)).toBe(true);
      const stored = await rows(db);
      expect(stored.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
    } finally {
      await second.close();
    }
  });
});

describe("backoff", () => {
  it("doubles from the base, is capped, and jitters between half and all of the step", () => {
    expect(backoffMs(1, () => 1)).toBe(BACKOFF_BASE_MS);
    expect(backoffMs(3, () => 1)).toBe(BACKOFF_BASE_MS * 4);
    expect(backoffMs(3, () => 0)).toBe(BACKOFF_BASE_MS * 2);
    expect(backoffMs(40, () => 1)).toBe(6 * 60 * 60_000);
  });
});
