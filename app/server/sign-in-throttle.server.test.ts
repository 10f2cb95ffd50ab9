import { expect, it } from "vitest";
import { describeEachDatabase } from "../../test/databases.ts";
import {
  checkSignIn,
  clearSignInFailures,
  FREE_FAILURES,
  holdMs,
  recordSignInFailure,
  throttledSignIn,
} from "./sign-in-throttle.server.ts";

describeEachDatabase("sign-in throttle", (db) => {
  it("blocks an account after its free failures, with growing delays that expire", async () => {
    const t0 = new Date("2030-01-01T00:00:00Z");
    for (let i = 0; i < FREE_FAILURES.account; i++)
      await recordSignInFailure(db(), `10.0.0.${i}`, "editor@x.test", t0);
    expect((await checkSignIn(db(), "10.9.9.9", "editor@x.test", t0)).allowed).toBe(true);
    await recordSignInFailure(db(), "10.0.0.99", "editor@x.test", t0);
    const first = await checkSignIn(db(), "10.9.9.9", "Editor@X.test", t0);
    expect(first).toEqual({ allowed: false, retryAfterSeconds: 15 });
    await recordSignInFailure(db(), "10.0.0.98", "editor@x.test", t0);
    await recordSignInFailure(db(), "10.0.0.97", "editor@x.test", t0);
    expect((await checkSignIn(db(), "10.9.9.9", "editor@x.test", t0)).retryAfterSeconds).toBe(60);
    // The block expires by itself.
    expect(
      (await checkSignIn(db(), "10.9.9.9", "editor@x.test", new Date(t0.getTime() + 61_000)))
        .allowed,
    ).toBe(true);
  });

  it("counts 50 concurrent failures as 50, without an error (a read-then-write lost counts on PostgreSQL)", async () => {
    const t0 = new Date("2030-04-01T00:00:00Z");
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        recordSignInFailure(db(), `198.51.100.${i}`, "crowd@x.test", t0),
      ),
    );
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    const row = await db()
      .selectFrom("rate_limits")
      .select(["count", "blocked_until"])
      .where("key", "=", "signin:account:crowd@x.test")
      .executeTakeFirstOrThrow();
    expect(Number(row.count)).toBe(50);
    // The longest hold wins, whatever order the concurrent updates finished in.
    expect(row.blocked_until).toBe(
      new Date(t0.getTime() + holdMs(50 - FREE_FAILURES.account)).toISOString(),
    );
  });

  it("refuses the right password while the account is held, without checking it", async () => {
    const t0 = new Date();
    for (let i = 0; i <= FREE_FAILURES.account; i++)
      await recordSignInFailure(db(), `10.3.0.${i}`, "held@x.test", t0);
    let checked = false;
    const answer = await throttledSignIn(db(), "10.4.0.1", "held@x.test", async () => {
      checked = true;
      return { verdict: "success", value: "signed in" };
    });
    expect(answer.held).toBe(true);
    if (answer.held) expect(answer.retryAfterSeconds).toBeGreaterThanOrEqual(14);
    expect(checked).toBe(false);
  });

  it("blocks one address guessing many accounts", async () => {
    const t0 = new Date("2030-02-01T00:00:00Z");
    for (let i = 0; i <= FREE_FAILURES.address; i++)
      await recordSignInFailure(db(), "203.0.113.5", `user${i}@x.test`, t0);
    expect((await checkSignIn(db(), "203.0.113.5", "someone-new@x.test", t0)).allowed).toBe(false);
    expect((await checkSignIn(db(), "203.0.113.6", "someone-new@x.test", t0)).allowed).toBe(true);
  });

  it("lets an admin (or a success) clear an account", async () => {
    const t0 = new Date("2030-03-01T00:00:00Z");
    for (let i = 0; i <= FREE_FAILURES.account; i++)
      await recordSignInFailure(db(), `10.1.0.${i}`, "locked@x.test", t0);
    expect((await checkSignIn(db(), "10.2.0.1", "locked@x.test", t0)).allowed).toBe(false);
    await clearSignInFailures(db(), "LOCKED@x.test");
    expect((await checkSignIn(db(), "10.2.0.1", "locked@x.test", t0)).allowed).toBe(true);
  });
});
