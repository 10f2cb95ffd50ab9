import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "../env.server.ts";
import { mailEnv } from "./mail.server.ts";

describe("the e-mail settings", () => {
  it("are off when unset or blank", () => {
    expect(mailEnv({})).toEqual({});
    expect(mailEnv({ SMTP_URL: " ", MAIL_FROM: "" })).toEqual({});
  });

  it("take smtp:// and smtps:// URLs and a From with or without a name", () => {
    expect(
      mailEnv({ SMTP_URL: "smtps://user:pw@mail.example:465", MAIL_FROM: "Govjobs <a@b.in>" }),
    ).toEqual({ SMTP_URL: "smtps://user:pw@mail.example:465", MAIL_FROM: "Govjobs <a@b.in>" });
  });

  it("stop the process with one line naming the bad setting", () => {
    const secret = { AUTH_SECRET: "x".repeat(40) };
    expect(() => parseEnv({ ...secret, SMTP_URL: "http://mail.example" })).toThrow(ConfigError);
    expect(() => parseEnv({ ...secret, SMTP_URL: "http://mail.example" })).toThrow(
      /SMTP_URL must be smtp:\/\/USER:PASSWORD@HOST:PORT/,
    );
    expect(() => parseEnv({ ...secret, MAIL_FROM: "not an address" })).toThrow(/MAIL_FROM must be/);
  });
});
