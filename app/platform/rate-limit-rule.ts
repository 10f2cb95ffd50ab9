// The rate-limit settings' grammar ("5/10m": 5 per 10 minutes), read once with the rest of the
// configuration (env.server.ts) and by parseRateLimitRule. Imports nothing of the server, so the
// env module can use it.
import { z } from "zod";

export interface RateLimitRule {
  /** Attempts allowed per window. */
  limit: number;
  windowMs: number;
}

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000 };

/** "5/10m", "20/1h" or "5" (per the fallback's window); undefined when it cannot be read. */
export function readRateLimitRule(value: string, fallbackWindowMs: number) {
  const match = /^\s*(\d{1,6})\s*(?:\/\s*(\d{1,6})\s*([smh]))?\s*$/.exec(value);
  const limit = match ? Number(match[1]) : NaN;
  const windowMs = match?.[2] ? Number(match[2]) * UNITS[match[3]] : fallbackWindowMs;
  if (!match || limit < 1 || windowMs < 1000) return undefined;
  return { limit, windowMs } satisfies RateLimitRule;
}

/** A rate-limit setting: blank or unset is `fallback`; anything unreadable stops the start. */
export function rateLimitSetting(fallback: RateLimitRule, example: string) {
  return z
    .string()
    .optional()
    .transform((value, ctx): RateLimitRule => {
      if (value === undefined || value.trim() === "") return fallback;
      const rule = readRateLimitRule(value, fallback.windowMs);
      if (rule) return rule;
      ctx.addIssue({
        code: "custom",
        message: `must be like "${example}" (a count per window in s, m or h, at least 1 per second)`,
      });
      return z.NEVER;
    });
}
