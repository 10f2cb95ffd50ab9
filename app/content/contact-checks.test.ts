import { describe, expect, it } from "vitest";
import { checkContact } from "./contact-checks.ts";
import { CONTACT_TEXT, contactRetryText, isHoneypotFilled, readContactForm } from "./contact.ts";

const good = { name: "Asha Verma", email: "asha@example.in", message: "When is the exam date?" };

function form(values: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
}

describe("contact form schema", () => {
  it("accepts a complete message, trimmed", () => {
    const input = readContactForm(form({ ...good, name: "  Asha Verma  " }));
    expect(checkContact(input)).toEqual({ ok: true, value: good });
  });

  it("names the first problem of each empty field", () => {
    expect(checkContact(readContactForm(new FormData()))).toEqual({
      ok: false,
      errors: {
        name: CONTACT_TEXT.nameRequired,
        email: CONTACT_TEXT.emailRequired,
        message: CONTACT_TEXT.messageRequired,
      },
    });
  });

  it("refuses a malformed email, a short message and over-long fields", () => {
    expect(checkContact({ ...good, email: "asha@" })).toEqual({
      ok: false,
      errors: { email: CONTACT_TEXT.emailInvalid },
    });
    expect(checkContact({ ...good, message: "Hi there" })).toEqual({
      ok: false,
      errors: { message: CONTACT_TEXT.messageTooShort },
    });
    const result = checkContact({
      name: "n".repeat(101),
      email: `${"e".repeat(250)}@x.in`,
      message: "m".repeat(5001),
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: CONTACT_TEXT.nameTooLong,
        email: CONTACT_TEXT.emailTooLong,
        message: CONTACT_TEXT.messageTooLong,
      },
    });
    expect(
      checkContact({ name: "n".repeat(100), email: good.email, message: "m".repeat(5000) }).ok,
    ).toBe(true);
  });

  it("spots the honeypot", () => {
    expect(isHoneypotFilled(form({ website: "http://spam.example" }))).toBe(true);
    expect(isHoneypotFilled(form({ website: "" }))).toBe(false);
    expect(isHoneypotFilled(new FormData())).toBe(false);
  });
});

describe("the rate limit's answer", () => {
  it("says when to try again in whole minutes, rounded up", () => {
    expect(contactRetryText(1)).toBe(
      "You have sent several messages in a short time. Please try again in 1 minute.",
    );
    expect(contactRetryText(60)).toMatch(/in 1 minute\.$/);
    expect(contactRetryText(61)).toMatch(/in 2 minutes\.$/);
    expect(contactRetryText(600)).toMatch(/in 10 minutes\.$/);
  });
});
