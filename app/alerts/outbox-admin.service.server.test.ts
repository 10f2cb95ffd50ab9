import { afterEach, expect, it } from "vitest";
import { describeEachDatabase } from "../../test/databases.ts";
import { alertsOverview, listOutboxRows } from "./admin.server.ts";
import {
  enqueue,
  isOutboxPaused,
  registerSender,
  setOutboxPaused,
  workOutboxOnce,
} from "./outbox.server.ts";
import { readContentGeneration } from "~/page-cache/index.ts";
import type { DB } from "../platform/db/db.server.ts";
import {
  discardAllDead,
  discardOutboxMessage,
  retryAllFailed,
  retryOutboxMessage,
  setSendingPaused,
} from "./outbox-admin.service.server.ts";
import type { Actor } from "../writes/transaction.server.ts";

const ASHA: Actor = { id: "user-asha", email: "asha@govjobs.test", name: "Asha" };

/** Everything the Alerts screen's buttons may write: a refused one must leave all of it as it was. */
async function state(db: DB) {
  const [outbox, meta, audit, generation] = await Promise.all([
    db.selectFrom("outbox").selectAll().orderBy("key").execute(),
    db.selectFrom("app_meta").selectAll().orderBy("key").execute(),
    db.selectFrom("audit_log").select(["action", "subject", "detail", "actor_email"]).execute(),
    readContentGeneration(db),
  ]);
  return { outbox, meta, audit, generation };
}

const auditRows = (db: DB, action: string) =>
  db
    .selectFrom("audit_log")
    .select(["subject", "detail", "actor_id", "actor_email"])
    .where("action", "=", action)
    .execute();

/** Rows in each state, straight into the table (as a worker would have left them). */
async function seed(db: DB, rows: { key: string; status: string; attempts?: number }[]) {
  await db.transaction().execute((trx) =>
    enqueue(
      trx,
      rows.map((r) => ({ channel: "telegram" as const, key: r.key, payload: { text: r.key } })),
    ),
  );
  for (const r of rows)
    await db
      .updateTable("outbox")
      .set({
        status: r.status as "pending",
        attempts: r.attempts ?? (r.status === "pending" ? 0 : 8),
        last_error: r.status === "failed" || r.status === "dead" ? "550 mailbox full" : null,
        sent_at: r.status === "sent" ? new Date().toISOString() : null,
        locked_until: r.status === "sending" ? new Date(Date.now() + 60_000).toISOString() : null,
      })
      .where("key", "=", r.key)
      .execute();
  const stored = await db.selectFrom("outbox").select(["id", "key"]).execute();
  return Object.fromEntries(stored.map((r) => [r.key, r.id]));
}

const row = (db: DB, id: string) =>
  db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirst();

describeEachDatabase("the Alerts screen's write path", (get) => {
  afterEach(async () => {
    registerSender("telegram", undefined);
    await setOutboxPaused(get(), false);
    await get().deleteFrom("outbox").execute();
    await get().deleteFrom("audit_log").execute();
    await get().deleteFrom("alert_subscriptions").execute();
  });

  it("retries one failed message with a fresh round of attempts, audited, no cache touched", async () => {
    const db = get();
    const ids = await seed(db, [{ key: "t:failed", status: "failed", attempts: 3 }]);
    const generation = await readContentGeneration(db);
    expect(await retryOutboxMessage(db, { id: ids["t:failed"], actor: ASHA })).toEqual({
      ok: true,
      count: 1,
    });
    const after = await row(db, ids["t:failed"]);
    expect(after).toMatchObject({ status: "pending", attempts: 0, locked_until: null });
    expect(Date.parse(after!.next_attempt_at)).toBeLessThanOrEqual(Date.now());
    expect(await auditRows(db, "outbox.retry")).toEqual([
      {
        subject: ids["t:failed"],
        detail: "telegram t:failed",
        actor_id: ASHA.id,
        actor_email: ASHA.email,
      },
    ]);
    expect(await readContentGeneration(db)).toBe(generation);
  });

  it("refuses to retry a message that was sent, is being sent, is waiting or is gone, writing nothing", async () => {
    const db = get();
    const ids = await seed(db, [
      { key: "t:sent", status: "sent" },
      { key: "t:sending", status: "sending" },
      { key: "t:pending", status: "pending" },
    ]);
    const before = await state(db);
    const tries = {
      sent: await retryOutboxMessage(db, { id: ids["t:sent"], actor: ASHA }),
      sending: await retryOutboxMessage(db, { id: ids["t:sending"], actor: ASHA }),
      pending: await retryOutboxMessage(db, { id: ids["t:pending"], actor: ASHA }),
      gone: await retryOutboxMessage(db, { id: "no-such-row", actor: ASHA }),
    };
    expect(tries).toEqual({
      sent: { ok: false, reason: "stale", message: expect.stringMatching(/was sent meanwhile/) },
      sending: {
        ok: false,
        reason: "stale",
        message: expect.stringMatching(/being sent right now/),
      },
      pending: { ok: false, reason: "stale", message: expect.stringMatching(/waiting to be sent/) },
      gone: {
        ok: false,
        reason: "stale",
        message: expect.stringMatching(/no longer in the outbox/),
      },
    });
    expect(await state(db)).toEqual(before);
  });

  it("retries every failed and dead message at once, with one audit row giving the count", async () => {
    const db = get();
    const ids = await seed(db, [
      { key: "t:a", status: "failed" },
      { key: "t:b", status: "dead" },
      { key: "t:c", status: "dead" },
      { key: "t:sent", status: "sent" },
    ]);
    expect(await retryAllFailed(db, { actor: ASHA })).toEqual({ ok: true, count: 3 });
    const statuses = await db
      .selectFrom("outbox")
      .select(["key", "status"])
      .orderBy("key")
      .execute();
    expect(statuses).toEqual([
      { key: "t:a", status: "pending" },
      { key: "t:b", status: "pending" },
      { key: "t:c", status: "pending" },
      { key: "t:sent", status: "sent" },
    ]);
    expect((await auditRows(db, "outbox.retry-all")).map((r) => [r.subject, r.detail])).toEqual([
      ["outbox", "3 messages"],
    ]);
    expect(ids["t:sent"]).toBeDefined();
    // Pressed again (a second tab): nothing left to retry, nothing written.
    const before = await state(db);
    expect(await retryAllFailed(db, { actor: ASHA })).toEqual({
      ok: false,
      reason: "stale",
      message: "There are no failed messages to retry.",
    });
    expect(await state(db)).toEqual(before);
  });

  it("discards one unsent message, audited; a second press or a sent row is refused, writing nothing", async () => {
    const db = get();
    const ids = await seed(db, [
      { key: "t:dead", status: "dead" },
      { key: "t:sent", status: "sent" },
    ]);
    expect(await discardOutboxMessage(db, { id: ids["t:dead"], actor: ASHA })).toEqual({
      ok: true,
      count: 1,
    });
    expect(await row(db, ids["t:dead"])).toBeUndefined();
    expect((await auditRows(db, "outbox.discard")).map((r) => r.detail)).toEqual([
      "dead telegram t:dead",
    ]);
    const before = await state(db);
    expect(await discardOutboxMessage(db, { id: ids["t:dead"], actor: ASHA })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/no longer in the outbox/),
    });
    expect(await discardOutboxMessage(db, { id: ids["t:sent"], actor: ASHA })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/was sent meanwhile/),
    });
    expect(await state(db)).toEqual(before);
  });

  it("empties the dead letters only, with one audit row giving the count", async () => {
    const db = get();
    await seed(db, [
      { key: "t:dead1", status: "dead" },
      { key: "t:dead2", status: "dead" },
      { key: "t:failed", status: "failed" },
    ]);
    expect(await discardAllDead(db, { actor: ASHA })).toEqual({ ok: true, count: 2 });
    expect((await db.selectFrom("outbox").select("key").execute()).map((r) => r.key)).toEqual([
      "t:failed",
    ]);
    expect((await auditRows(db, "outbox.discard-dead")).map((r) => r.detail)).toEqual([
      "2 messages",
    ]);
    const before = await state(db);
    expect(await discardAllDead(db, { actor: ASHA })).toMatchObject({
      ok: false,
      message: "There are no dead messages to discard.",
    });
    expect(await state(db)).toEqual(before);
  });

  it("pauses all sending (the worker claims nothing) and resumes it, both audited; a repeat is refused", async () => {
    const db = get();
    const sent: string[] = [];
    registerSender("telegram", async (m) => {
      sent.push(m.key);
      return { ok: true };
    });
    await seed(db, [{ key: "t:waiting", status: "pending" }]);
    expect(await setSendingPaused(db, { paused: true, actor: ASHA })).toEqual({
      ok: true,
      count: 1,
    });
    expect(await isOutboxPaused(db)).toBe(true);
    expect(await workOutboxOnce(db)).toMatchObject({ claimed: 0 });
    expect(sent).toEqual([]);

    const before = await state(db);
    expect(await setSendingPaused(db, { paused: true, actor: ASHA })).toEqual({
      ok: false,
      reason: "stale",
      message: "Sending is already paused.",
    });
    expect(await state(db)).toEqual(before);

    expect(await setSendingPaused(db, { paused: false, actor: ASHA })).toEqual({
      ok: true,
      count: 1,
    });
    expect(await workOutboxOnce(db)).toMatchObject({ claimed: 1, sent: 1 });
    expect(sent).toEqual(["t:waiting"]);
    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "subject", "actor_email"])
      .where("action", "like", "outbox.%")
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(["outbox.pause", "outbox.resume"]);
    expect(audit.every((a) => a.actor_email === ASHA.email && a.subject === "outbox")).toBe(true);

    // Resuming what is not paused (never paused on a fresh database, too) writes nothing.
    const running = await state(db);
    expect(await setSendingPaused(db, { paused: false, actor: ASHA })).toMatchObject({
      ok: false,
      message: "Sending is not paused.",
    });
    expect(await state(db)).toEqual(running);
  });

  it("counts subscribers by channel and topic, and the outbox by channel and status", async () => {
    const db = get();
    const at = new Date().toISOString();
    const sub = (
      id: string,
      channel: "email" | "push",
      status: "active" | "pending",
      topics: { states?: string[]; kinds?: string[]; organizations?: string[] } = {},
    ) => ({
      id,
      channel,
      email: channel === "email" ? `${id}@example.test` : null,
      push_endpoint: channel === "push" ? `https://push.example.test/${id}` : null,
      language: "en" as const,
      cadence: "instant" as const,
      digest_hour: 7,
      topic_qualifications: "[]",
      topic_states: JSON.stringify(topics.states ?? []),
      topic_kinds: JSON.stringify(topics.kinds ?? []),
      topic_organizations: JSON.stringify(topics.organizations ?? []),
      status,
      created_at: at,
    });
    await db
      .insertInto("alert_subscriptions")
      .values([
        sub("a", "email", "active", { states: ["Bihar", "Delhi"], kinds: ["job"] }),
        sub("b", "email", "active", { states: ["Bihar"], organizations: ["UPSC"] }),
        sub("c", "email", "pending", { states: ["Kerala"] }),
        sub("d", "push", "active"),
      ])
      .execute();
    await seed(db, [
      { key: "t:1", status: "failed" },
      { key: "t:2", status: "dead" },
      { key: "t:3", status: "pending" },
    ]);
    const overview = await alertsOverview(db);
    expect(overview.subscribers).toEqual({ emailActive: 2, emailPending: 1, push: 1 });
    // Pending (unconfirmed) subscribers are not counted in the topics.
    expect(overview.topics.states).toEqual({
      all: 1,
      top: [
        { value: "Bihar", count: 2 },
        { value: "Delhi", count: 1 },
      ],
    });
    expect(overview.topics.kinds).toEqual({ all: 2, top: [{ value: "job", count: 1 }] });
    expect(overview.topics.organizations.top).toEqual([{ value: "UPSC", count: 1 }]);
    expect(overview.outbox.telegram).toEqual({
      pending: 1,
      sending: 0,
      sent: 0,
      failed: 1,
      dead: 1,
    });
    expect(overview.outbox.email.pending).toBe(0);
    expect(overview.paused).toBe(false);

    const failed = await listOutboxRows(db, { view: "failed", page: 1, pageSize: 1 });
    expect(failed.total).toBe(2);
    expect(failed.pageCount).toBe(2);
    expect(failed.rows[0]).toMatchObject({
      channel: "telegram",
      lastError: "550 mailbox full",
      attempts: 8,
    });
    const pending = await listOutboxRows(db, { view: "pending", page: 9, pageSize: 20 });
    expect(pending).toMatchObject({ page: 1, pageCount: 1, total: 1 });
    expect(pending.rows.map((r) => r.what)).toEqual(["t:3"]);
  });
});
