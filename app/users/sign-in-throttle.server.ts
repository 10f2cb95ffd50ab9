import type { DB } from "../platform/db/db.server.ts";
import { windowedCount } from "../platform/rate-limit.server.ts";

/**
 * Brute-force protection for every door that checks a password (the admin login form and
 * better-auth's own /api/auth/sign-in/email), stored in the database so it holds across
 * instances. Attempts are counted per account and per address within a 15-minute window. After
 * a few free attempts each further one holds the key back for twice as long as the last (an
 * account 15 s, 30 s, 1 min …; an address, which many people may share behind one NAT, 1 s, 2 s,
 * 4 s …; both capped at 15 minutes); while an account is held back even the right password is
 * refused, so guessing from many addresses gains nothing. A real editor who mistypes is never
 * locked out for good: holds expire, success clears the account, and an admin can clear it
 * (clearSignInFailures).
 *
 * Reserve, then verify: each attempt is counted — and the hold it earns is set — by one atomic
 * upsert before its password is checked, and the upsert refuses to count while a hold is in
 * force. So however many requests arrive during the slow password hash, at most the free
 * attempts plus one are checked before the hold (issue 25: checking first and counting after let
 * 48 of 60 simultaneous guesses through). A success gives its reservation back.
 */
const WINDOW_MS = 15 * 60 * 1000;
const MAX_HOLD_MS = 15 * 60 * 1000;
export const FREE_FAILURES = { account: 5, address: 20 } as const;
const FIRST_HOLD_MS = { account: 15_000, address: 1000 } as const;
type Of = keyof typeof FREE_FAILURES;

/** How long the `over`-th failure past the free ones holds an account (or address) back. */
export function holdMs(over: number, of: Of = "account"): number {
  return Math.min(MAX_HOLD_MS, FIRST_HOLD_MS[of] * 2 ** (over - 1));
}

const accountKey = (email: string) => `signin:account:${email.trim().toLowerCase().slice(0, 254)}`;
const addressKey = (ip: string) => `signin:address:${ip.slice(0, 100)}`;

export interface ThrottleState {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** Whether the account or the address is held back now (a read; nothing is counted). */
export async function checkSignIn(
  db: DB,
  ip: string,
  email: string,
  at = new Date(),
): Promise<ThrottleState> {
  const seconds = await heldFor(db, [accountKey(email), addressKey(ip)], at);
  return { allowed: seconds === 0, retryAfterSeconds: seconds };
}

/** Seconds until the last of these keys' holds ends; 0 when none is in force. */
async function heldFor(db: DB, keys: string[], at: Date): Promise<number> {
  const rows = await db
    .selectFrom("rate_limits")
    .select(["blocked_until"])
    .where("key", "in", keys)
    .execute();
  const until = Math.max(
    0,
    ...rows.map((r) => (r.blocked_until ? Date.parse(r.blocked_until) : 0)),
  );
  return until > at.getTime() ? Math.ceil((until - at.getTime()) / 1000) : 0;
}

/** One counted attempt: which window it was counted in, and the hold it set (if any). */
interface Reservation {
  key: string;
  windowStart: string;
  blockedUntil: string | null;
}

/**
 * Count one attempt for `key`, in one statement, unless a hold is in force (then nothing changes
 * and the answer is null). The attempt past the free ones sets its own hold at once, so the
 * attempts that arrive while its password is being checked are refused.
 */
async function reserve(db: DB, key: string, of: Of, at: Date): Promise<Reservation | null> {
  const now = at.toISOString();
  const free = FREE_FAILURES[of];
  const row = await db
    .insertInto("rate_limits")
    .values({ key, count: 1, window_start: now, blocked_until: null })
    .onConflict((oc) =>
      oc
        .column("key")
        .doUpdateSet((eb) => {
          const { count, window_start } = windowedCount(eb, at, WINDOW_MS);
          // The hold this attempt earns, by its number: 15 s, 30 s, … then the cap.
          let hold = eb.case().when(count, "<=", free).then(eb.ref("rate_limits.blocked_until"));
          for (let over = 1; holdMs(over, of) < MAX_HOLD_MS; over++)
            hold = hold
              .when(count, "=", free + over)
              .then(new Date(at.getTime() + holdMs(over, of)).toISOString());
          return {
            count,
            window_start,
            blocked_until: hold.else(new Date(at.getTime() + MAX_HOLD_MS).toISOString()).end(),
          };
        })
        .where((eb) =>
          eb.or([
            eb("rate_limits.blocked_until", "is", null),
            eb("rate_limits.blocked_until", "<=", now),
          ]),
        ),
    )
    .returning(["count", "window_start", "blocked_until"])
    .executeTakeFirst();
  if (!row) return null;
  return {
    key,
    windowStart: row.window_start,
    blockedUntil: Number(row.count) > free ? row.blocked_until : null,
  };
}

/**
 * Give an attempt back (a success, or one never judged): its count, and the hold it set unless a
 * later attempt has set another since.
 */
async function release(db: DB, r: Reservation): Promise<void> {
  await db
    .updateTable("rate_limits")
    .set((eb) => ({
      count: eb("count", "-", 1),
      blocked_until: r.blockedUntil
        ? eb
            .case()
            .when("blocked_until", "=", r.blockedUntil)
            .then(null)
            .else(eb.ref("blocked_until"))
            .end()
        : eb.ref("blocked_until"),
    }))
    .where("key", "=", r.key)
    .where("window_start", "=", r.windowStart)
    .where("count", ">", 0)
    .execute();
}

export type SignInVerdict = "success" | "failure" | "neither";

/**
 * One sign-in attempt through the throttle: counted first (refused, the password not even
 * checked, while the account or the address is held back), then `attempt` checks the password
 * and says whether it was right ("success": the account is cleared and the address gets its
 * attempt back), wrong ("failure": stays counted) or never judged ("neither", a malformed
 * request: given back).
 */
export async function throttledSignIn<T>(
  db: DB,
  ip: string,
  email: string,
  attempt: () => Promise<{ verdict: SignInVerdict; value: T }>,
  at = new Date(),
): Promise<{ held: true; retryAfterSeconds: number } | { held: false; value: T }> {
  const account = await reserve(db, accountKey(email), "account", at);
  if (!account) return held(db, ip, email, at);
  const address = await reserve(db, addressKey(ip), "address", at);
  if (!address) {
    await release(db, account);
    return held(db, ip, email, at);
  }
  let outcome: Awaited<ReturnType<typeof attempt>>;
  try {
    outcome = await attempt();
  } catch (err) {
    await Promise.all([release(db, account), release(db, address)]);
    throw err;
  }
  if (outcome.verdict === "success")
    await Promise.all([clearSignInFailures(db, email), release(db, address)]);
  if (outcome.verdict === "neither")
    await Promise.all([release(db, account), release(db, address)]);
  return { held: false, value: outcome.value };
}

async function held(db: DB, ip: string, email: string, at: Date) {
  const seconds = await heldFor(db, [accountKey(email), addressKey(ip)], at);
  // A hold that ended between the count and this read still refused this attempt: wait a second.
  return { held: true as const, retryAfterSeconds: Math.max(1, seconds) };
}

/** After a successful sign-in, or when an admin unlocks an editor. */
export async function clearSignInFailures(db: DB, email: string): Promise<void> {
  await db.deleteFrom("rate_limits").where("key", "=", accountKey(email)).execute();
}
