// The durable outbox (issue 15): every message the site sends (e-mail, web push, the Indexing
// API, Telegram) is a row written in the same transaction as the change that causes it, and a
// worker in the server process sends it. A row is claimed under a lease, so several workers (node
// cluster processes on one SQLite file, app instances on one PostgreSQL) never send one row at
// once; a worker killed mid-send leaves a lease that runs out and the row is claimed again, so at
// most the in-flight handful is sent twice. Failures retry with exponential backoff and jitter,
// then land in the dead letters.
import { sql } from "kysely";
import type { DB } from "../platform/db/db.server.ts";
import { dialectOf, now } from "../platform/db/dialect.ts";
import type { OutboxTable } from "../platform/db/schema.ts";
import { startPollLoop, type PollLoop } from "../platform/poll-loop.server.ts";
import { logger } from "../platform/logger.server.ts";

export type Channel = "email" | "push" | "indexing" | "telegram";

export interface OutboxMessage {
  id: string;
  channel: Channel;
  key: string;
  payload: unknown;
  attempts: number;
  subscriptionId: string | null;
}

export type SendResult =
  | { ok: true }
  | {
      ok: false;
      retryable: boolean;
      error: string;
      /** the subscription is gone (push 404/410): delete it */
      dropSubscription?: boolean;
      /**
       * Not before this ISO time (a quota's reset, a Retry-After): the row waits as pending and
       * the wait does not count as an attempt. Only with `retryable`.
       */
      retryAt?: string;
    };

export type Sender = (message: OutboxMessage) => Promise<SendResult>;

export interface NewOutboxMessage {
  channel: Channel;
  /** Idempotency key, e.g. `alert:<subscription>:<entry>:<change>`; a duplicate is ignored. */
  key: string;
  payload: unknown;
  subscriptionId?: string | null;
  /** ISO time before which the row is not sent (a digest's hour, the Indexing API's quota). */
  notBefore?: string;
}

/** Sends before a row is a dead letter (the first try included). */
export const MAX_ATTEMPTS = 8;
/** The first retry waits about this long; each further one doubles it. */
export const BACKOFF_BASE_MS = 30_000;
/** No retry waits longer than this. */
export const BACKOFF_MAX_MS = 6 * 60 * 60_000;
/** How long a claimed row is this worker's: longer than any send may take. */
export const LEASE_MS = 2 * 60_000;
/** Rows claimed at once, sent concurrently. */
export const BATCH_SIZE = 20;
/** How often an idle worker looks for due rows. */
export const POLL_MS = 1_000;

/** Rows per INSERT: well under SQLite's parameter limit (7 columns each). */
const INSERT_CHUNK = 500;

/**
 * A payload `{"event": key}` stands for the `alert_events` row of that key: an alert's words are
 * stored once, not once per recipient. The worker puts the event's payload in its place before a
 * sender sees the message, so senders always get the whole payload.
 */
export const EVENT_REFERENCE = "event";
const PAUSED_KEY = "outbox_paused";

/**
 * Inside the caller's transaction; a duplicate key is ignored (idempotency). Returns how many
 * were new.
 */
export async function enqueue(
  trx: DB,
  messages: {
    channel: Channel;
    key: string;
    payload: unknown;
    subscriptionId?: string | null;
    notBefore?: string;
  }[],
): Promise<number> {
  const at = now();
  let added = 0;
  for (let i = 0; i < messages.length; i += INSERT_CHUNK) {
    const rows = messages.slice(i, i + INSERT_CHUNK).map((m) => ({
      id: crypto.randomUUID(),
      channel: m.channel,
      key: m.key,
      subscription_id: m.subscriptionId ?? null,
      payload: JSON.stringify(m.payload ?? null),
      status: "pending" as const,
      attempts: 0,
      next_attempt_at: m.notBefore ? new Date(m.notBefore).toISOString() : at,
      created_at: at,
    }));
    const result = await trx
      .insertInto("outbox")
      .values(rows)
      .onConflict((oc) => oc.column("key").doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}

const senders = new Map<Channel, Sender>();

/** undefined = channel off: its rows wait, unclaimed, until a sender is registered. */
export function registerSender(channel: Channel, sender: Sender | undefined): void {
  if (sender) senders.set(channel, sender);
  else senders.delete(channel);
}

/**
 * Stop claiming (rows keep accumulating) or resume. False when it already was so (nothing
 * written): one conditional write, so of two admins pressing "Pause" at once one is told.
 */
export async function setOutboxPaused(db: DB, paused: boolean): Promise<boolean> {
  const value = paused ? "1" : "0";
  const done = await db
    .insertInto("app_meta")
    .values({ key: PAUSED_KEY, value })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({ value }).where("app_meta.value", "<>", value),
    )
    .executeTakeFirst();
  return Number(done.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function isOutboxPaused(db: DB): Promise<boolean> {
  const row = await db
    .selectFrom("app_meta")
    .select("value")
    .where("key", "=", PAUSED_KEY)
    .executeTakeFirst();
  return row?.value === "1";
}

/** How long the retry after `attempts` sends waits: doubling, capped, with jitter (50–100 %). */
export function backoffMs(attempts: number, random = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling * (0.5 + random() * 0.5));
}

const toMessage = (row: OutboxTable): OutboxMessage => ({
  id: row.id,
  channel: row.channel,
  key: row.key,
  payload: JSON.parse(row.payload) as unknown,
  attempts: row.attempts,
  subscriptionId: row.subscription_id,
});

/**
 * Claim up to `limit` due rows of the given channels: pending or failed rows whose time has come,
 * and rows whose lease ran out. One UPDATE … RETURNING: on SQLite the write lock makes it atomic
 * across processes; on PostgreSQL the inner SELECT … FOR UPDATE SKIP LOCKED lets concurrent
 * workers take disjoint rows. `attempts` counts the claim, so (id, attempts) names this claim.
 */
export async function claimDue(
  db: DB,
  channels: readonly Channel[],
  { at = now(), limit = BATCH_SIZE }: { at?: string; limit?: number } = {},
): Promise<OutboxMessage[]> {
  if (channels.length === 0) return [];
  const lease = new Date(Date.parse(at) + LEASE_MS).toISOString();
  let due = db
    .selectFrom("outbox")
    .select("id")
    .where("channel", "in", [...channels])
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "in", ["pending", "failed"]), eb("next_attempt_at", "<=", at)]),
        eb.and([eb("status", "=", "sending"), eb("locked_until", "<", at)]),
      ]),
    )
    .orderBy("next_attempt_at")
    .limit(limit);
  if (dialectOf(db) === "postgres") due = due.forUpdate().skipLocked();
  const rows = await db
    .updateTable("outbox")
    .set({ status: "sending", locked_until: lease, attempts: sql<number>`attempts + 1` })
    .where("id", "in", due)
    .returningAll()
    .execute();
  return rows.map((r) => toMessage(r as OutboxTable));
}

/** Record a claimed row's outcome, if the claim is still ours (its lease may have been re-taken). */
export async function settle(
  db: DB,
  message: OutboxMessage,
  result: SendResult,
  at = now(),
): Promise<"sent" | "failed" | "dead" | "dropped" | "lost"> {
  const updateOutbox = () => db.updateTable("outbox");
  const mine = (q: ReturnType<typeof updateOutbox>) =>
    q
      .where("id", "=", message.id)
      .where("status", "=", "sending")
      .where("attempts", "=", message.attempts);
  if (result.ok) {
    const done = await mine(
      updateOutbox().set({ status: "sent", sent_at: at, locked_until: null, last_error: null }),
    ).executeTakeFirst();
    if (message.subscriptionId)
      await db
        .updateTable("alert_subscriptions")
        .set({ last_sent_at: at })
        .where("id", "=", message.subscriptionId)
        .execute();
    return Number(done.numUpdatedRows) === 1 ? "sent" : "lost";
  }
  if (result.dropSubscription && message.subscriptionId) {
    // Its outbox rows go with it (ON DELETE CASCADE).
    await db.deleteFrom("alert_subscriptions").where("id", "=", message.subscriptionId).execute();
    return "dropped";
  }
  const error = result.error.slice(0, 1000);
  if (result.retryable && result.retryAt) {
    const waiting = await mine(
      updateOutbox().set({
        status: "pending",
        locked_until: null,
        last_error: error,
        next_attempt_at: new Date(result.retryAt).toISOString(),
        attempts: message.attempts - 1,
      }),
    ).executeTakeFirst();
    return Number(waiting.numUpdatedRows) === 1 ? "failed" : "lost";
  }
  const dead = !result.retryable || message.attempts >= MAX_ATTEMPTS;
  const done = await mine(
    updateOutbox().set(
      dead
        ? { status: "dead", locked_until: null, last_error: error }
        : {
            status: "failed",
            locked_until: null,
            last_error: error,
            next_attempt_at: new Date(Date.parse(at) + backoffMs(message.attempts)).toISOString(),
          },
    ),
  ).executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) return "lost";
  return dead ? "dead" : "failed";
}

const eventKeyOf = (payload: unknown): string | undefined => {
  if (payload === null || typeof payload !== "object") return undefined;
  const keys = Object.keys(payload);
  const key = (payload as Record<string, unknown>)[EVENT_REFERENCE];
  return keys.length === 1 && typeof key === "string" ? key : undefined;
};

/** Messages whose payload refers to an alert event get that event's payload (one query). */
export async function resolveEvents(db: DB, messages: OutboxMessage[]): Promise<OutboxMessage[]> {
  const keys = [
    ...new Set(messages.map((m) => eventKeyOf(m.payload)).filter((k) => k !== undefined)),
  ];
  if (keys.length === 0) return messages;
  const rows = await db
    .selectFrom("alert_events")
    .select(["key", "payload"])
    .where("key", "in", keys)
    .execute();
  const events = new Map(rows.map((r) => [r.key, JSON.parse(r.payload) as unknown]));
  return messages.map((m) => {
    const key = eventKeyOf(m.payload);
    return key !== undefined && events.has(key) ? { ...m, payload: events.get(key) } : m;
  });
}

async function sendOne(message: OutboxMessage): Promise<SendResult> {
  const sender = senders.get(message.channel);
  if (!sender)
    return { ok: false, retryable: true, error: `The ${message.channel} channel is off` };
  try {
    return await sender(message);
  } catch (err) {
    return { ok: false, retryable: true, error: err instanceof Error ? err.message : String(err) };
  }
}

/** One round: claim a batch of due rows of the channels that have a sender, send, settle. */
export async function workOutboxOnce(
  db: DB,
  { at, limit }: { at?: string; limit?: number } = {},
): Promise<{ claimed: number; sent: number; failed: number; dead: number }> {
  const counts = { claimed: 0, sent: 0, failed: 0, dead: 0 };
  if (await isOutboxPaused(db)) return counts;
  const claimed = await resolveEvents(db, await claimDue(db, [...senders.keys()], { at, limit }));
  counts.claimed = claimed.length;
  await Promise.all(
    claimed.map(async (m) => {
      const outcome = await settle(db, m, await sendOne(m));
      if (outcome === "sent") counts.sent += 1;
      else if (outcome === "failed") counts.failed += 1;
      else if (outcome === "dead") counts.dead += 1;
    }),
  );
  return counts;
}

export type OutboxWorker = PollLoop;

/**
 * The worker loop of one process: a full batch is followed at once by the next, an empty one
 * waits `pollMs`. Errors (a database hiccup) are logged and the loop goes on.
 */
export function startOutboxWorker(
  db: DB,
  { pollMs = POLL_MS, batch = BATCH_SIZE }: { pollMs?: number; batch?: number } = {},
): OutboxWorker {
  return startPollLoop(async () => (await workOutboxOnce(db, { limit: batch })).claimed >= batch, {
    pollMs,
    onError: (err) => logger.error(`[outbox] ${err instanceof Error ? err.message : String(err)}`),
  });
}
