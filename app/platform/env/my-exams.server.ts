// My exams' settings (issue 28), checked with the rest of the configuration at start-up
// (env.server.ts spreads this shape; plain Node loads it at start-up, so imports are relative).
import { z } from "zod";
import { rateLimitSetting } from "../rate-limit-rule.ts";

export const MyExamsSettingsSchema = z.object({
  /** How often the reminders pass looks for windows 7, 2 and 0 days ahead (milliseconds). */
  MY_EXAMS_PASS_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .max(24 * 60 * 60_000)
    .default(10 * 60_000),
  /** Server copies (reminders, calendar addresses) one visitor address may make: count/window. */
  MY_EXAMS_RATE_LIMIT: rateLimitSetting({ limit: 10, windowMs: 10 * 60_000 }, "10/10m"),
});
