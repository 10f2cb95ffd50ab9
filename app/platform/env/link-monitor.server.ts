// The link monitor's settings (issue 30), checked with the rest of the configuration at start-up
// (env.server.ts spreads this shape; plain Node loads it at start-up, so imports are relative).
import { z } from "zod";
import { rateLimitSetting } from "../rate-limit-rule.ts";

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
  CHECK_LINK_RATE_LIMIT: rateLimitSetting({ limit: 30, windowMs: 10 * 60_000 }, "30/10m"),
});

export type LinkMonitorSettings = z.infer<typeof LinkMonitorSettingsSchema>;
