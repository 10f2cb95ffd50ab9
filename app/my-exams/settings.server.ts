// My exams' settings (issue 28), checked with the rest of the configuration at start-up
// (env.server.ts spreads this shape).
import { z } from "zod";

export const MyExamsSettingsSchema = z.object({
  /** How often the reminders pass looks for windows 7, 2 and 0 days ahead (milliseconds). */
  MY_EXAMS_PASS_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .max(24 * 60 * 60_000)
    .default(10 * 60_000),
  /** Server copies (reminders, calendar addresses) one visitor address may make: count/window. */
  MY_EXAMS_RATE_LIMIT: z
    .string()
    .regex(/^\d{1,6}\/\d{1,6}[smh]$/, "must be like 10/10m (count per window in s, m or h)")
    .default("10/10m"),
});
