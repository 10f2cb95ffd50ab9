import { expect, it } from "vitest";
import type { DB } from "../platform/db/db.server.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import {
  checkSignIn,
  clearSignInFailures,
  FREE_FAILURES,
  holdMs,
  throttledSignIn,
} from "./sign-in-throttle.server.ts";

/** A wrong password tried through the throttle at `at`; says whether it was checked. */
async function fail(db: DB, ip: string, email: string, at?: Date) {
  const answer = await throttledSignIn(
    db,
    ip,
    email,
    async () => ({ verdict: "failure" as const, value: null }),
    at,
  );
  return !answer.held;
}

describeEachDatabase("sign-in throttle", (db) => {
  it("holds an account after its free failures, with growing delays that expire", async () => {
    const t0 = new Date("2030-01-01T00:00:00Z");
    const later = (s: number) => new Date(t0.getTime() + s * 1000);
    for (let i = 0; i < FREE_FAILURES.account; i++)
      expect(await fail(db(), `10.0.0.${i}`, "editor@x.test", t0)).toBe(true);
    expect((await checkSignIn(db(), "10.9.9.9", "editor@x.test", t0)).allowed).toBe(true);
    expect(await fail(db(), "10.0.0.99", "editor@x.test", t0)).toBe(true);
    const first = await checkSignIn(db(), "10.9.9.9", "Editor@X.test", t0);
    expect(first).toEqual({ allowed: false, retryAfterSeconds: 15 });
    // Held: a guess is not even checked, and does not lengthen the hold.
    expect(await fail(db(), "10.0.0.98", "editor@x.test", later(14))).toBe(false);
    expect(
      (await checkSignIn(db(), "10.9.9.9", "editor@x.test", later(14))).retryAfterSeconds,
    ).toBe(1);
    // Each failure after a hold ends holds twice as long.
    expect(await fail(db(), "10.0.0.97", "editor@x.test", later(15))).toBe(true);
    expect(
      (await checkSignIn(db(), "10.9.9.9", "editor@x.test", later(15))).retryAfterSeconds,
    ).toBe(30);
    expect(await fail(db(), "10.0.0.96", "editor@x.test", later(45))).toBe(true);
    expect(
      (await checkSignIn(db(), "10.9.9.9", "editor@x.test", later(45))).retryAfterSeconds,
    ).toBe(60);
    // The hold expires by itself.
    expect((await checkSignIn(db(), "10.9.9.9", "editor@x.test", later(106))).allowed).toBe(true);
  });

  it("checks six of 50 concurrent wrong passwords, counts them, refuses the rest, without an error", async () => {
    const t0 = new Date("2030-04-01T00:00:00Z");
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => fail(db(), `198.51.100.${i}`, "crowd@x.test", t0)),
    );
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    const checked = results.filter((r) => r.status === "fulfilled" && r.value).length;
    expect(checked).toBe(FREE_FAILURES.account + 1);
    const row = await db()
      .selectFrom("rate_limits")
      .select(["count", "blocked_until"])
      .where("key", "=", "signin:account:crowd@x.test")
      .executeTakeFirstOrThrow();
    expect(Number(row.count)).toBe(checked);
    expect(row.blocked_until).toBe(new Date(t0.getTime() + holdMs(1)).toISOString());
  });

  it("refuses the right password while the account is held, without checking it", async () => {
    const t0 = new Date();
    for (let i = 0; i <= FREE_FAILURES.account; i++)
      await fail(db(), `10.3.0.${i}`, "held@x.test", t0);
    let checked = false;
    const answer = await throttledSignIn(db(), "10.4.0.1", "held@x.test", async () => {
      checked = true;
      return { verdict: "success", value: "signed in" };
    });
    expect(answer.held).toBe(true);
    if (answer.held) expect(answer.retryAfterSeconds).toBeGreaterThanOrEqual(14);
    expect(checked).toBe(false);
  });

  it("holds one address guessing many accounts", async () => {
    const t0 = new Date("2030-02-01T00:00:00Z");
    for (let i = 0; i <= FREE_FAILURES.address; i++)
      expect(await fail(db(), "203.0.113.5", `user${i}@x.test`, t0)).toBe(true);
    expect((await checkSignIn(db(), "203.0.113.5", "someone-new@x.test", t0)).allowed).toBe(false);
    expect((await checkSignIn(db(), "203.0.113.6", "someone-new@x.test", t0)).allowed).toBe(true);
    // A guess at an account refused for the address is not counted against that account.
    expect(await fail(db(), "203.0.113.5", "bystander@x.test", t0)).toBe(false);
    const bystander = await db()
      .selectFrom("rate_limits")
      .select("count")
      .where("key", "=", "signin:account:bystander@x.test")
      .executeTakeFirst();
    expect(Number(bystander?.count ?? 0)).toBe(0);
  });

  it("lets an admin (or a success) clear an account", async () => {
    const t0 = new Date("2030-03-01T00:00:00Z");
    for (let i = 0; i <= FREE_FAILURES.account; i++)
      await fail(db(), `10.1.0.${i}`, "locked@x.test", t0);
    expect((await checkSignIn(db(), "10.2.0.1", "locked@x.test", t0)).allowed).toBe(false);
    await clearSignInFailures(db(), "LOCKED@x.test");
    expect((await checkSignIn(db(), "10.2.0.1", "locked@x.test", t0)).allowed).toBe(true);
  });

  // What broke (issue 25): the throttle checked for a hold, verified the password (a slow hash),
  // and only then counted the failure, so every guess that arrived during the hash was checked:
  // 60 at once gave 48 wrong answers and a sign-in with the right password at #25.
  it("checks at most the documented number of passwords in a burst of 60, the right one at #25", async () => {
    let checked = 0;
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        throttledSignIn(db(), "10.6.0.1", "burst@x.test", async () => {
          checked++;
          // The slow password hash: the rest of the burst arrives meanwhile.
          await new Promise((r) => setTimeout(r, 20));
          return i === 24
            ? { verdict: "success" as const, value: "signed in" }
            : { verdict: "failure" as const, value: null };
        }),
      ),
    );
    expect(checked).toBeLessThanOrEqual(FREE_FAILURES.account + 1);
    expect(answers[24].held).toBe(true);
    expect(answers.filter((a) => a.held).length).toBeGreaterThanOrEqual(60 - checked);
    // The hold outlives the burst: the right password is refused now too.
    const after = await throttledSignIn(db(), "10.6.0.2", "burst@x.test", async () => ({
      verdict: "success" as const,
      value: "signed in",
    }));
    expect(after.held).toBe(true);
  });

  it("never signs in once the documented number of attempts is in flight, even with the right password", async () => {
    // Six wrong guesses are being checked (their hash not finished) when 54 right ones arrive.
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    let reached = 0;
    const guesses = Array.from({ length: FREE_FAILURES.account + 1 }, () =>
      throttledSignIn(db(), "10.6.1.1", "inflight@x.test", async () => {
        reached++;
        await gate;
        return { verdict: "failure" as const, value: null };
      }),
    );
    await expect.poll(() => reached).toBe(FREE_FAILURES.account + 1);
    let rightChecked = 0;
    const right = await Promise.all(
      Array.from({ length: 54 }, () =>
        throttledSignIn(db(), "10.6.1.2", "inflight@x.test", async () => {
          rightChecked++;
          return { verdict: "success" as const, value: "signed in" };
        }),
      ),
    );
    open();
    await Promise.all(guesses);
    expect(rightChecked).toBe(0);
    expect(right.every((a) => a.held)).toBe(true);
  });

  it("lets an account in again after a success in a burst, and never counts a success against the address", async () => {
    const t0 = new Date();
    for (let i = 0; i < FREE_FAILURES.address + 5; i++) {
      const answer = await throttledSignIn(db(), "10.6.2.1", `office${i}@x.test`, async () => ({
        verdict: "success" as const,
        value: "signed in",
      }));
      expect(answer.held, `sign-in ${i + 1} from one office address`).toBe(false);
    }
    expect((await checkSignIn(db(), "10.6.2.1", "someone@x.test", t0)).allowed).toBe(true);
  });
});
