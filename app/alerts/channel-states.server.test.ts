import { describe, expect, it } from "vitest";
import type { DB } from "../platform/db/db.server.ts";
import { parseEnv } from "../platform/env.server.ts";
import { alertChannels } from "./admin.server.ts";

/** Issue 26: the admin's Alerts screen did not say that e-mail was off. */
describe("the channels the Alerts screen lists", () => {
  const base = { AUTH_SECRET: "x".repeat(40), BASE_URL: "https://govjobs.example" };
  const db = {} as DB;

  it("are off until configured, saying what turns each on; push is always on", () => {
    const channels = alertChannels(db, parseEnv(base));
    expect(Object.fromEntries(Object.entries(channels).map(([c, s]) => [c, s.on]))).toEqual({
      email: false,
      push: true,
      telegram: false,
      indexing: false,
    });
    expect(channels.email.detail).toContain("SMTP_URL");
    expect(channels.telegram.detail).toContain("TELEGRAM_BOT_TOKEN and TELEGRAM_CHANNEL_ID");
    expect(channels.indexing.detail).toContain("GOOGLE_INDEXING_CREDENTIALS");
  });

  it("say how each sends once configured, without its secrets", () => {
    const channels = alertChannels(
      db,
      parseEnv({
        ...base,
        SMTP_URL: "smtps://mailer:s3cret-pass@mail.example.in:465",
        MAIL_FROM: "Govjobs <alerts@govjobs.example>",
        TELEGRAM_BOT_TOKEN: "123456:token-secret_XYZ",
        TELEGRAM_CHANNEL_ID: "@govjobs_alerts",
      }),
    );
    expect(channels.email).toEqual({
      on: true,
      detail: "Through mail.example.in:465, from Govjobs <alerts@govjobs.example>.",
    });
    expect(channels.telegram).toEqual({
      on: true,
      detail: "Each new entry is posted to @govjobs_alerts.",
    });
    const shown = JSON.stringify(channels);
    for (const secret of ["s3cret", "mailer", "token-secret"]) expect(shown).not.toContain(secret);
  });
});
