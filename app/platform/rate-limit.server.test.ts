import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../test/databases.ts";
import {
  batchedRateLimit,
  clientIp,
  consumeRateLimit,
  parseRateLimitRule,
  pruneRateLimits,
} from "./rate-limit.server.ts";

const rule = { limit: 3, windowMs: 10 * 60_000 };
const t0 = new Date("2026-03-01T10:00:00.000Z");
const later = (ms: number) => new Date(t0.getTime() + ms);

describeEachDatabase("rate limits", (db) => {
  it("allows the limit, refuses the next with the seconds left in the window", async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await consumeRateLimit(db(), "contact:a", rule, t0));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
    expect(results[3].retryAfterSeconds).toBe(600);
    const twoMinutesOn = await consumeRateLimit(db(), "contact:a", rule, later(120_000));
    expect(twoMinutesOn).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 480 });
  });

  it("counts each key on its own", async () => {
    expect((await consumeRateLimit(db(), "contact:b", rule, t0)).allowed).toBe(true);
    expect((await consumeRateLimit(db(), "signin:a", rule, t0)).remaining).toBe(2);
  });

  it("opens a new window once the old one has passed", async () => {
    const next = await consumeRateLimit(db(), "contact:a", rule, later(rule.windowMs));
    expect(next).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 0 });
  });

  it("does not let concurrent attempts slip past the limit", async () => {
    const at = later(3 * rule.windowMs);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => consumeRateLimit(db(), "contact:burst", rule, at)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
    const row = await db()
      .selectFrom("rate_limits")
      .select("count")
      .where("key", "=", "contact:burst")
      .executeTakeFirstOrThrow();
    expect(Number(row.count)).toBe(10);
  });

  it("prunes counters whose window opened before a time", async () => {
    const removed = await pruneRateLimits(db(), later(rule.windowMs + 1));
    expect(removed).toBe(3); // contact:b, signin:a and the reopened contact:a; not contact:burst
    const keys = await db().selectFrom("rate_limits").select("key").execute();
    expect(keys.map((k) => k.key)).toEqual(["contact:burst"]);
  });
});

describeEachDatabase("batched rate limits (the search's)", (db) => {
  // flushMs 0: no timer, the test flushes when it means to.
  const limiter = () => batchedRateLimit(db, 0);
  const rowCount = async (key: string) =>
    (await db().selectFrom("rate_limits").select("count").where("key", "=", key).executeTakeFirst())
      ?.count;

  it("answers from memory and writes nothing until it flushes", async () => {
    const one = limiter();
    const results = [0, 1, 2, 3].map(() => one.hit("search:a", rule, t0));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
    expect(results[3].retryAfterSeconds).toBe(600);
    expect(await rowCount("search:a")).toBeUndefined();
    await one.flush(t0);
    expect(Number(await rowCount("search:a"))).toBe(4);
    // Still refused after the flush, with the window's time left.
    expect(one.hit("search:a", rule, later(120_000))).toEqual({
      allowed: false,
      remaining: 0,
      retryAfterSeconds: 480,
    });
  });

  it("shares the limit between processes through the table, one flush late", async () => {
    const [a, b] = [limiter(), limiter()];
    // Each process alone has seen two: both allowed.
    expect([a, a, b, b].map((p) => p.hit("search:b", rule, t0).allowed)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    await a.flush(t0);
    await b.flush(t0);
    // b has learnt the total (4) from its flush: refused.
    expect(b.hit("search:b", rule, t0).allowed).toBe(false);
    // a flushed before b: it knows of its own two only, until its next flush.
    expect(a.hit("search:b", rule, t0).allowed).toBe(true);
    await a.flush(t0);
    expect(a.hit("search:b", rule, t0)).toMatchObject({ allowed: false, remaining: 0 });
    // Written: a's three and b's first two (b's refusal and a's last wait for their next flush).
    expect(Number(await rowCount("search:b"))).toBe(5);
  });

  it("opens a new window once the old one has passed", async () => {
    const one = limiter();
    for (let i = 0; i < 4; i++) one.hit("search:c", rule, t0);
    await one.flush(t0);
    expect(one.hit("search:c", rule, later(rule.windowMs))).toEqual({
      allowed: true,
      remaining: 2,
      retryAfterSeconds: 0,
    });
    await one.flush(later(rule.windowMs));
    expect(Number(await rowCount("search:c"))).toBe(1);
  });

  it("keeps counting in memory when the database cannot be written", async () => {
    const broken = batchedRateLimit(() => {
      throw new Error("database is closed");
    }, 0);
    for (let i = 0; i < 3; i++) expect(broken.hit("search:d", rule, t0).allowed).toBe(true);
    await broken.flush(t0);
    expect(broken.hit("search:d", rule, t0).allowed).toBe(false);
  });
});

describe("parseRateLimitRule", () => {
  const fallback = { limit: 5, windowMs: 600_000 };
  it("reads count per window", () => {
    expect(parseRateLimitRule("20/1h", fallback)).toEqual({ limit: 20, windowMs: 3_600_000 });
    expect(parseRateLimitRule(" 3 / 30s ", fallback)).toEqual({ limit: 3, windowMs: 30_000 });
    expect(parseRateLimitRule("8", fallback)).toEqual({ limit: 8, windowMs: 600_000 });
  });
  it("keeps the fallback when unset or unreadable", () => {
    expect(parseRateLimitRule(undefined, fallback)).toBe(fallback);
    expect(parseRateLimitRule("", fallback)).toBe(fallback);
    expect(parseRateLimitRule("five", fallback)).toBe(fallback);
    expect(parseRateLimitRule("0/10m", fallback)).toBe(fallback);
    expect(parseRateLimitRule("5/10d", fallback)).toBe(fallback);
  });
});

describe("clientIp", () => {
  it("reads the address the server put in its own header", () => {
    const request = new Request("http://x/", { headers: { "x-govjobs-client-ip": "203.0.113.9" } });
    expect(clientIp(request)).toBe("203.0.113.9");
    expect(clientIp(new Request("http://x/"))).toBe("unknown");
  });
});
