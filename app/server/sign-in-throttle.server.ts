import type { DB } from "./db/db.server.ts";
import { countAttempt } from "./rate-limit.server.ts";

/**
 * Brute-force protection for every door that checks a password (the admin login form and
 * better-auth's own /api/auth/sign-in/email), stored in the database so it holds across
 * instances. Failures are counted per account and per address within a 15-minute window, with
 * one atomic upsert each, so concurrent guesses are all counted. After a few free failures each
 * further one holds the key back for twice as long as the last (an account 15 s, 30 s, 1 min …;
 * an address, which many people may share behind one NAT, 1 s, 2 s, 4 s …; both capped at 15
 * minutes); while an account is held back even the right password is refused, so guessing from
 * many addresses gains nothing. A real editor who mistypes is never locked out for good: holds
 * expire, success clears the account, and an admin can clear it (clearSignInFailures).
 */
const WINDOW_MS = 15 * 60 * 1000;
const MAX_HOLD_MS = 15 * 60 * 1000;
export const FREE_FAILURES = { account: 5, address: 20 } as const;
const FIRST_HOLD_MS = { account: 15_000, address: 1000 } as const;

/** How long the `over`-th failure past the free ones holds an account (or address) back. */
export function holdMs(over: number, of: keyof typeof FIRST_HOLD_MS = "account"): number {
  return Math.min(MAX_HOLD_MS, FIRST_HOLD_MS[of] * 2 ** (over - 1));
}

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
  await hold(db, accountKey(email), "account", at);
  await hold(db, addressKey(ip), "address", at);
}

async function hold(db: DB, key: string, of: keyof typeof FREE_FAILURES, at: Date) {
  const { count } = await countAttempt(db, key, WINDOW_MS, at);
  const over = count - FREE_FAILURES[of];
  if (over <= 0) return;
  const until = new Date(at.getTime() + holdMs(over, of)).toISOString();
  // Only ever lengthens a hold: concurrent failures finishing out of order cannot shorten it.
  await db
    .updateTable("rate_limits")
    .set({ blocked_until: until })
    .where("key", "=", key)
    .where((eb) => eb.or([eb("blocked_until", "is", null), eb("blocked_until", "<", until)]))
    .execute();
}

export type SignInVerdict = "success" | "failure" | "neither";

/**
 * One sign-in attempt through the throttle: refused while the account or the address is held
 * back (the password is not even checked), otherwise `attempt` checks it and says whether it was
 * right ("success"), wrong ("failure", counted) or never judged ("neither": a malformed request).
 */
export async function throttledSignIn<T>(
  db: DB,
  ip: string,
  email: string,
  attempt: () => Promise<{ verdict: SignInVerdict; value: T }>,
): Promise<{ held: true; retryAfterSeconds: number } | { held: false; value: T }> {
  const state = await checkSignIn(db, ip, email);
  if (!state.allowed) return { held: true, retryAfterSeconds: state.retryAfterSeconds };
  const { verdict, value } = await attempt();
  if (verdict === "success") await clearSignInFailures(db, email);
  if (verdict === "failure") await recordSignInFailure(db, ip, email);
  return { held: false, value };
}

/** After a successful sign-in, or when an admin unlocks an editor. */
export async function clearSignInFailures(db: DB, email: string): Promise<void> {
  await db.deleteFrom("rate_limits").where("key", "=", accountKey(email)).execute();
}
