// The link monitor's settings (issue 30), checked with the rest of the configuration at start-up
// (env.server.ts spreads this shape).
import { z } from "zod";
import type { RateLimitRule } from "~/server/rate-limit.server.ts";

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000 };

/** An empty line copied from .env.example is unset. */
const blankIsUnset = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

export const LinkMonitorSettingsSchema = z.object({
  /** `0` or `off`: this process checks no links (pages keep showing the last results). */
  LINK_MONITOR: z
    .enum(["", "0", "1", "on", "off", "true", "false"])
    .optional()
    .transform((v) => !(v === "0" || v === "off" || v === "false")),
  /** Hours between two checks of a working link (a published, open entry's). */
  LINK_CHECK_INTERVAL_HOURS: z.preprocess(
    blankIsUnset,
    z.coerce
      .number({ error: "must be a number of hours, e.g. 24" })
      .min(1, "must be at least 1 hour")
      .max(24 * 30, "must be at most 720 hours (30 days)")
      .default(24),
  ),
  /** The whole of one check, redirects included, in seconds. */
  LINK_CHECK_TIMEOUT_SECONDS: z.preprocess(
    blankIsUnset,
    z.coerce
      .number({ error: "must be a number of seconds, e.g. 15" })
      .min(1, "must be at least 1 second")
      .max(120, "must be at most 120 seconds")
      .default(15),
  ),
  /** Answers of /check-link per visitor address: "30/10m" (count per window in s, m or h). */
  CHECK_LINK_RATE_LIMIT: z
    .string()
    .optional()
    .transform((value, ctx): RateLimitRule => {
      if (value === undefined || value.trim() === "") return { limit: 30, windowMs: 10 * 60_000 };
      const match = /^\s*(\d{1,6})\s*\/\s*(\d{1,6})\s*([smh])\s*$/.exec(value);
      const limit = match ? Number(match[1]) : 0;
      const windowMs = match ? Number(match[2]) * UNITS[match[3]] : 0;
      if (limit < 1 || windowMs < 1000) {
        ctx.addIssue({ code: "custom", message: 'must be like "30/10m" (count per s, m or h)' });
        return z.NEVER;
      }
      return { limit, windowMs };
    }),
});

export type LinkMonitorSettings = z.infer<typeof LinkMonitorSettingsSchema>;
