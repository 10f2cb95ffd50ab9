import { refused, type Refused, type WriteResult } from "~/lib/write-result.ts";
// The admin's hand on the outbox (issue 15): retry a failed message or all of them, discard one
// or the dead letters, pause and resume all sending. Each is one conditional write with its audit
// row in one transaction; a row that moved on since the page was drawn (sent, being sent,
// discarded) is refused with what happened to it, and nothing is written. No public page shows
// the outbox, so no cache is touched.
import { now } from "../platform/db/dialect.ts";
import type { DB } from "../platform/db/db.server.ts";
import { isOutboxPaused, setOutboxPaused } from "./outbox.server.ts";
import { inWrite, type Actor } from "../writes/transaction.server.ts";

/** Refused as stale: the row or the switch is not (any more) in the state the button was for. */
export type OutboxActionResult = WriteResult<
  { count: number },
  Refused<"stale", { message: string }>
>;

/** The outbox is read by no public page: its writes leave every cache alone. */
const NO_PUBLIC_PAGE = () => [];

/** The states a button may act on: a retry takes a failed or dead row; a discard a waiting one too. */
const RETRYABLE = ["failed", "dead"] as const;
const DISCARDABLE = ["pending", "failed", "dead"] as const;

/** Why a row a button named is no longer what it was. */
async function whyStale(trx: DB, id: string, action: "retry" | "discard"): Promise<string> {
  const row = await trx
    .selectFrom("outbox")
    .select("status")
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return "This message is no longer in the outbox: it was discarded or removed.";
  if (row.status === "sent") return "This message was sent meanwhile; nothing to do.";
  if (row.status === "sending")
    return "This message is being sent right now. Look again in a minute.";
  return action === "retry"
    ? "This message is waiting to be sent already; nothing to retry."
    : "This message cannot be discarded now. Reload the page.";
}

const stale = (message: string) => refused("stale", { message });

/**
 * Send a failed or dead message again, as soon as a worker is free, with a fresh round of
 * attempts (the last error stays shown until it is sent).
 */
export async function retryOutboxMessage(
  db: DB,
  { id, actor }: { id: string; actor: Actor },
): Promise<OutboxActionResult> {
  return inWrite(
    db,
    actor,
    async (trx, audit): Promise<OutboxActionResult> => {
      const done = await trx
        .updateTable("outbox")
        .set({ status: "pending", attempts: 0, next_attempt_at: now(), locked_until: null })
        .where("id", "=", id)
        .where("status", "in", RETRYABLE)
        .returning(["channel", "key"])
        .executeTakeFirst();
      if (!done) return stale(await whyStale(trx, id, "retry"));
      await audit("outbox.retry", id, `${done.channel} ${done.key}`);
      return { ok: true, count: 1 };
    },
    NO_PUBLIC_PAGE,
  );
}

/** Every failed and dead message sent again: one UPDATE, one audit row with the count. */
export async function retryAllFailed(
  db: DB,
  { actor }: { actor: Actor },
): Promise<OutboxActionResult> {
  return inWrite(
    db,
    actor,
    async (trx, audit): Promise<OutboxActionResult> => {
      const done = await trx
        .updateTable("outbox")
        .set({ status: "pending", attempts: 0, next_attempt_at: now(), locked_until: null })
        .where("status", "in", RETRYABLE)
        .executeTakeFirst();
      const n = Number(done.numUpdatedRows);
      if (n === 0) return stale("There are no failed messages to retry.");
      await audit("outbox.retry-all", "outbox", `${n} messages`);
      return { ok: true, count: n };
    },
    NO_PUBLIC_PAGE,
  );
}

/** Drop one message that has not been sent (waiting, failed or dead): it will not be sent. */
export async function discardOutboxMessage(
  db: DB,
  { id, actor }: { id: string; actor: Actor },
): Promise<OutboxActionResult> {
  return inWrite(
    db,
    actor,
    async (trx, audit): Promise<OutboxActionResult> => {
      const done = await trx
        .deleteFrom("outbox")
        .where("id", "=", id)
        .where("status", "in", DISCARDABLE)
        .returning(["channel", "key", "status"])
        .executeTakeFirst();
      if (!done) return stale(await whyStale(trx, id, "discard"));
      await audit("outbox.discard", id, `${done.status} ${done.channel} ${done.key}`);
      return { ok: true, count: 1 };
    },
    NO_PUBLIC_PAGE,
  );
}

/** Empty the dead letters: one DELETE, one audit row with the count. */
export async function discardAllDead(
  db: DB,
  { actor }: { actor: Actor },
): Promise<OutboxActionResult> {
  return inWrite(
    db,
    actor,
    async (trx, audit): Promise<OutboxActionResult> => {
      const done = await trx.deleteFrom("outbox").where("status", "=", "dead").executeTakeFirst();
      const n = Number(done.numDeletedRows);
      if (n === 0) return stale("There are no dead messages to discard.");
      await audit("outbox.discard-dead", "outbox", `${n} messages`);
      return { ok: true, count: n };
    },
    NO_PUBLIC_PAGE,
  );
}

/**
 * Pause all sending (every worker stops claiming; messages keep being queued) or resume it. The
 * flag is part 1's (`outbox_paused`, read by the worker before each round).
 */
export async function setSendingPaused(
  db: DB,
  { paused, actor }: { paused: boolean; actor: Actor },
): Promise<OutboxActionResult> {
  return inWrite(
    db,
    actor,
    async (trx, audit): Promise<OutboxActionResult> => {
      const already = paused ? "Sending is already paused." : "Sending is not paused.";
      if ((await isOutboxPaused(trx)) === paused) return stale(already);
      if (!(await setOutboxPaused(trx, paused))) return stale(already);
      await audit(paused ? "outbox.pause" : "outbox.resume", "outbox");
      return { ok: true, count: 1 };
    },
    NO_PUBLIC_PAGE,
  );
}
