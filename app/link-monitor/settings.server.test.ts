import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "~/platform/env.server.ts";

// Issue 30: the link monitor's settings are checked with the rest at start-up.

const base = { AUTH_SECRET: "x".repeat(40), NODE_ENV: "test" };

describe("the link monitor's settings", () => {
  it("default to a daily check, 15 s per check, 30 answers per 10 minutes, the monitor on", () => {
    // An empty line copied from .env.example is unset.
    const blank = parseEnv({
      ...base,
      LINK_MONITOR: "",
      LINK_CHECK_INTERVAL_HOURS: "",
      LINK_CHECK_TIMEOUT_SECONDS: " ",
      CHECK_LINK_RATE_LIMIT: "",
    });
    const env = parseEnv(base);
    for (const name of [
      "LINK_MONITOR",
      "LINK_CHECK_INTERVAL_HOURS",
      "LINK_CHECK_TIMEOUT_SECONDS",
      "CHECK_LINK_RATE_LIMIT",
    ] as const)
      expect(blank[name], name).toEqual(env[name]);
    expect({
      on: env.LINK_MONITOR,
      hours: env.LINK_CHECK_INTERVAL_HOURS,
      seconds: env.LINK_CHECK_TIMEOUT_SECONDS,
      limit: env.CHECK_LINK_RATE_LIMIT,
    }).toEqual({ on: true, hours: 24, seconds: 15, limit: { limit: 30, windowMs: 600_000 } });
  });

  it("read what is set", () => {
    const env = parseEnv({
      ...base,
      LINK_MONITOR: "0",
      LINK_CHECK_INTERVAL_HOURS: "6",
      LINK_CHECK_TIMEOUT_SECONDS: "5",
      CHECK_LINK_RATE_LIMIT: "10/1h",
    });
    expect(env.LINK_MONITOR).toBe(false);
    expect(env.LINK_CHECK_INTERVAL_HOURS).toBe(6);
    expect(env.LINK_CHECK_TIMEOUT_SECONDS).toBe(5);
    expect(env.CHECK_LINK_RATE_LIMIT).toEqual({ limit: 10, windowMs: 3_600_000 });
  });

  it("refuse a bad value with one line saying what is wrong", () => {
    for (const [name, value, message] of [
      ["LINK_CHECK_INTERVAL_HOURS", "0", "LINK_CHECK_INTERVAL_HOURS must be at least 1 hour"],
      ["LINK_CHECK_INTERVAL_HOURS", "daily", "LINK_CHECK_INTERVAL_HOURS must be a number of hours"],
      ["LINK_CHECK_TIMEOUT_SECONDS", "600", "LINK_CHECK_TIMEOUT_SECONDS must be at most 120"],
      ["CHECK_LINK_RATE_LIMIT", "lots", 'CHECK_LINK_RATE_LIMIT must be like "30/10m"'],
      ["LINK_MONITOR", "maybe", "LINK_MONITOR"],
    ])
      expect(() => parseEnv({ ...base, [name]: value }), `${name}=${value}`).toThrow(
        expect.objectContaining({
          constructor: ConfigError,
          message: expect.stringContaining(message),
        }),
      );
  });
});
