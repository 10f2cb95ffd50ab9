// Alert subscriptions (issue 15): subscribe with double opt-in, confirm, change topics, export,
// delete. A confirmation token is an HMAC of the subscription's id and its expiry with the app's
// secret, kept only as a hash: the same link can be sent again without storing it, and a second
// request never voids the first link. The links in every alert (unsubscribe, manage) carry an
// HMAC of the subscription's id, so they need no session and no stored token. Mail to an address
// nobody has confirmed is bounded per recipient (issue 25: one inbox got 25 mails in a second).
import { createHash } from "node:crypto";
import type { DB } from "../platform/db/db.server.ts";
import { newId, now } from "../platform/db/dialect.ts";
import { countAttempt } from "../platform/rate-limit.server.ts";
import { enqueue } from "./outbox.server.ts";
import { confirmToken, hashToken } from "./subscription-links.server.ts";
import {
  CONFIRM_TOKEN_DAYS,
  SENT_KEPT_DAYS,
  preferenceColumns,
  toSubscription,
  type Preferences,
  type SubscribeInput,
  type Subscription,
} from "./subscription-preferences.ts";

/** What a confirmation, a "you are already subscribed" or other service mail carries. */
export type ServiceMailPayload = { type: "confirm" } | { type: "manage-link" };

/** The same confirmation (or manage) link is mailed to an address at most this often. */
export const RESEND_AFTER_MS = 60 * 60_000;
/** Confirmation and manage-link mails one inbox receives a day, whoever asks, from wherever. */
export const SERVICE_MAILS_PER_DAY = 3;
const DAY_MS = 86_400_000;

/**
 * One inbox, however its address is spelled: case, a `+tag`, and for Gmail its dots and the
 * googlemail.com alias, so `v.i.c.t.i.m+1@gmail.com` counts as `victim@gmail.com`. Hashed: the
 * counters table never holds an address.
 */
export function recipientKey(email: string): string {
  const at = email.lastIndexOf("@");
  let local = email.slice(0, at).toLowerCase().replace(/\+.*$/, "");
  let domain = email
    .slice(at + 1)
    .toLowerCase()
    .replace(/\.$/, "");
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") local = local.replaceAll(".", "");
  return createHash("sha256").update(`${local}@${domain}`).digest("base64url");
}

/**
 * Reserve a service mail to this recipient, counted first in one atomic upsert each (so requests
 * at once, on any process or instance, each get their own count): at most one an hour, and
 * `SERVICE_MAILS_PER_DAY` a day. False: send nothing (the visitor is told the same either way).
 */
async function reserveServiceMail(trx: DB, email: string, at: string): Promise<boolean> {
  const key = recipientKey(email);
  const when = new Date(at);
  const hour = await countAttempt(trx, `alerts-mail-hour:${key}`, RESEND_AFTER_MS, when);
  if (hour.count > 1) return false;
  const day = await countAttempt(trx, `alerts-mail-day:${key}`, DAY_MS, when);
  return day.count <= SERVICE_MAILS_PER_DAY;
}

/**
 * Subscribe an address: a new or still pending subscription is stored (pending) with these
 * choices and a confirmation mail is queued; an address already confirmed keeps its choices and
 * is sent its manage link instead, so nobody can change another person's alerts by typing their
 * address. Either mail only if the recipient's limits allow (`mailed`). The page says the same
 * in every case ("check your inbox").
 */
export async function subscribeByEmail(
  db: DB,
  input: SubscribeInput,
  at = now(),
): Promise<{ id: string; outcome: "new" | "pending-again" | "already-active"; mailed: boolean }> {
  return db.transaction().execute(async (trx) => {
    const fresh = newId();
    // One statement, so requests for one address at once neither fail on the unique address
    // nor overwrite each other's row: a new address is stored pending, a pending one takes the
    // latest choices, a confirmed one is left as it is (and returns nothing).
    const upserted = await trx
      .insertInto("alert_subscriptions")
      .values({
        id: fresh,
        channel: "email",
        email: input.email,
        ...preferenceColumns(input),
        status: "pending",
        created_at: at,
      })
      .onConflict((oc) =>
        oc
          .column("email")
          .doUpdateSet(preferenceColumns(input))
          .where("alert_subscriptions.status", "=", "pending"),
      )
      .returning("id")
      .executeTakeFirst();
    const active = upserted
      ? undefined
      : await trx
          .selectFrom("alert_subscriptions")
          .select("id")
          .where("email", "=", input.email)
          .executeTakeFirstOrThrow();
    const id = upserted?.id ?? active!.id;
    const outcome = active ? "already-active" : id === fresh ? "new" : "pending-again";
    const mailed = await reserveServiceMail(trx, input.email, at);
    if (mailed) {
      const payload: ServiceMailPayload = { type: active ? "manage-link" : "confirm" };
      await enqueue(trx, [
        { channel: "email", key: `${payload.type}:${id}:${at}`, subscriptionId: id, payload },
      ]);
    }
    return { id, outcome, mailed };
  });
}

/**
 * The confirmation token for a pending subscription, made when its mail is sent (never stored,
 * not even in the outbox): the current one while it is valid, so a link sent again is the same
 * link and the first keeps working; a new one only when there is none or it expired. Undefined
 * when the subscription is gone or already confirmed.
 */
export async function mintConfirmToken(
  db: DB,
  secret: string,
  subscriptionId: string,
  at = now(),
): Promise<string | undefined> {
  // Twice at most: a second sender may have made the token between our read and our write.
  for (let attempt = 0; attempt < 2; attempt++) {
    const row = await db
      .selectFrom("alert_subscriptions")
      .select(["confirm_token_hash", "confirm_expires_at"])
      .where("id", "=", subscriptionId)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (!row) return undefined;
    const { confirm_token_hash: hash, confirm_expires_at: current } = row;
    if (hash && current && current > at) {
      const token = confirmToken(secret, subscriptionId, current);
      // Unless the secret changed since: then a new one.
      if (hashToken(token) === hash) return token;
    }
    const expires = new Date(Date.parse(at) + CONFIRM_TOKEN_DAYS * 86_400_000).toISOString();
    const token = confirmToken(secret, subscriptionId, expires);
    const done = await db
      .updateTable("alert_subscriptions")
      .set({ confirm_token_hash: hashToken(token), confirm_expires_at: expires })
      .where("id", "=", subscriptionId)
      .where("status", "=", "pending")
      .where((eb) =>
        hash === null ? eb("confirm_token_hash", "is", null) : eb("confirm_token_hash", "=", hash),
      )
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 1) return token;
  }
  return undefined;
}

export type ConfirmState =
  { state: "valid"; subscription: Subscription } | { state: "expired" } | { state: "invalid" };

/** What a confirmation link stands for, without changing anything (the GET page). */
export async function checkConfirmToken(db: DB, token: string, at = now()): Promise<ConfirmState> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { state: "invalid" };
  const row = await db
    .selectFrom("alert_subscriptions")
    .selectAll()
    .where("confirm_token_hash", "=", hashToken(token))
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (!row) return { state: "invalid" };
  if (!row.confirm_expires_at || row.confirm_expires_at <= at) return { state: "expired" };
  return { state: "valid", subscription: toSubscription(row) };
}

/** The confirm button (a POST): the subscription becomes active and the token is spent. */
export async function confirmSubscription(
  db: DB,
  token: string,
  at = now(),
): Promise<ConfirmState> {
  const checked = await checkConfirmToken(db, token, at);
  if (checked.state !== "valid") return checked;
  const done = await db
    .updateTable("alert_subscriptions")
    .set({
      status: "active",
      confirmed_at: at,
      confirm_token_hash: null,
      confirm_expires_at: null,
    })
    .where("id", "=", checked.subscription.id)
    .where("confirm_token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) return { state: "invalid" };
  return {
    state: "valid",
    subscription: { ...checked.subscription, status: "active", confirmedAt: at },
  };
}

export async function getSubscription(db: DB, id: string): Promise<Subscription | undefined> {
  const row = await db
    .selectFrom("alert_subscriptions")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toSubscription(row) : undefined;
}

/** New choices from the manage page. False when the subscription no longer exists. */
export async function updatePreferences(db: DB, id: string, p: Preferences): Promise<boolean> {
  const done = await db
    .updateTable("alert_subscriptions")
    .set(preferenceColumns(p))
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/**
 * Delete a subscription and everything kept for it: its queued and sent messages and its digest
 * items go with it (ON DELETE CASCADE; deleted explicitly too, so the guarantee does not hang on
 * a pragma). False when there was nothing to delete.
 */
export async function deleteSubscription(db: DB, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom("outbox").where("subscription_id", "=", id).execute();
    await trx.deleteFrom("alert_digest_items").where("subscription_id", "=", id).execute();
    const done = await trx
      .deleteFrom("alert_subscriptions")
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(done.numDeletedRows) === 1;
  });
}

/**
 * Forget what is no longer needed: pending subscriptions whose confirmation link expired (the
 * address was never confirmed), and sent messages older than `SENT_KEPT_DAYS`. Returns counts.
 */
export async function pruneAlerts(db: DB, at = now()) {
  const pending = await db
    .deleteFrom("alert_subscriptions")
    .where("status", "=", "pending")
    .where((eb) =>
      eb.or([
        eb("confirm_expires_at", "<", at),
        // Never sent (e-mail off since): gone after the same time.
        eb.and([
          eb("confirm_expires_at", "is", null),
          eb(
            "created_at",
            "<",
            new Date(Date.parse(at) - CONFIRM_TOKEN_DAYS * 86_400_000).toISOString(),
          ),
        ]),
      ]),
    )
    .executeTakeFirst();
  const sent = await db
    .deleteFrom("outbox")
    .where("status", "=", "sent")
    .where("sent_at", "<", new Date(Date.parse(at) - SENT_KEPT_DAYS * 86_400_000).toISOString())
    .executeTakeFirst();
  // An event outlives its messages' retries (at most a few days with MAX_ATTEMPTS).
  await db
    .deleteFrom("alert_events")
    .where("created_at", "<", new Date(Date.parse(at) - SENT_KEPT_DAYS * 86_400_000).toISOString())
    .execute();
  return { pending: Number(pending.numDeletedRows), sent: Number(sent.numDeletedRows) };
}
