import type { DB } from "./db/db.server.ts";

/**
 * Brute-force protection for sign-in, stored in the database so it holds across instances.
 * Failures are counted per account and per address within a 15-minute window. After a few free
 * failures each further one blocks the key for twice as long as the last (1 s, 2 s, 4 s … capped
 * at 15 minutes), so neither one source nor many sources guessing one account get far, while a
 * real editor who mistypes is never locked out for good: blocks expire, success clears the
 * account, and an admin can clear it (clearSignInFailures).
 */
const WINDOW_MS = 15 * 60 * 1000;
const MAX_BLOCK_MS = 15 * 60 * 1000;
export const FREE_FAILURES = { account: 5, address: 20 } as const;

const accountKey = (email: string) => `signin:account:${email.trim().toLowerCase().slice(0, 254)}`;
const addressKey = (ip: string) => `signin:address:${ip.slice(0, 100)}`;

export interface ThrottleState {
  allowed: boolean;
  retryAfterSeconds: number;
}

export async function checkSignIn(
  db: DB,
  ip: string,
  email: string,
  at = new Date(),
): Promise<ThrottleState> {
  const rows = await db
    .selectFrom("rate_limits")
    .select(["blocked_until"])
    .where("key", "in", [accountKey(email), addressKey(ip)])
    .execute();
  const until = Math.max(
    0,
    ...rows.map((r) => (r.blocked_until ? Date.parse(r.blocked_until) : 0)),
  );
  if (until > at.getTime())
    return { allowed: false, retryAfterSeconds: Math.ceil((until - at.getTime()) / 1000) };
  return { allowed: true, retryAfterSeconds: 0 };
}

export async function recordSignInFailure(
  db: DB,
  ip: string,
  email: string,
  at = new Date(),
): Promise<void> {
  await bump(db, accountKey(email), FREE_FAILURES.account, at);
  await bump(db, addressKey(ip), FREE_FAILURES.address, at);
}

async function bump(db: DB, key: string, free: number, at: Date) {
  const now = at.toISOString();
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("rate_limits")
      .selectAll()
      .where("key", "=", key)
      .executeTakeFirst();
    const fresh = !row || Date.parse(row.window_start) <= at.getTime() - WINDOW_MS;
    const count = fresh ? 1 : row.count + 1;
    const over = count - free;
    const blockedUntil =
      over > 0
        ? new Date(at.getTime() + Math.min(MAX_BLOCK_MS, 1000 * 2 ** (over - 1))).toISOString()
        : null;
    if (!row) {
      await trx
        .insertInto("rate_limits")
        .values({ key, count, window_start: now, blocked_until: blockedUntil })
        .execute();
    } else {
      await trx
        .updateTable("rate_limits")
        .set({ count, window_start: fresh ? now : row.window_start, blocked_until: blockedUntil })
        .where("key", "=", key)
        .execute();
    }
  });
}

/** After a successful sign-in, or when an admin unlocks an editor. */
export async function clearSignInFailures(db: DB, email: string): Promise<void> {
  await db.deleteFrom("rate_limits").where("key", "=", accountKey(email)).execute();
}
