// The e-mail channel's settings (issue 15), checked with the rest of the configuration at start-up
// (env.server.ts spreads this shape). Unset SMTP_URL: e-mail is off and /alerts says so.
import { z } from "zod";

const blankIsUnset = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

export const MailSettingsSchema = z.object({
  /** smtp://USER:PASSWORD@HOST:587 (STARTTLS when offered) or smtps://…:465; unset: e-mail off. */
  SMTP_URL: z.preprocess(
    blankIsUnset,
    z
      .url({
        protocol: /^smtps?$/,
        message: "must be smtp://USER:PASSWORD@HOST:PORT or smtps://USER:PASSWORD@HOST:PORT",
      })
      .optional(),
  ),
  /** The From of alert mails: `alerts@example.com` or `Site name <alerts@example.com>`. */
  MAIL_FROM: z.preprocess(
    blankIsUnset,
    z
      .string()
      .max(200)
      .regex(
        /^(?:[^<>@\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/,
        "must be an address such as alerts@example.com or Govjobs <alerts@example.com>",
      )
      .optional(),
  ),
});

export type MailSettings = z.infer<typeof MailSettingsSchema>;

/** The e-mail settings of `source` alone (validated with the rest at start-up by parseEnv). */
export function mailEnv(source: Record<string, string | undefined>): MailSettings {
  return MailSettingsSchema.parse(source);
}
