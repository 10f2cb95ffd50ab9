// The contact form's texts, limits and field names, which the page needs at once. The checks
// themselves (zod) are in contact-checks.ts, which the browser loads only when the form is used.
import { fmt } from "~/lib/locale.ts";

export const CONTACT_LIMITS = { name: 100, email: 254, messageMin: 10, messageMax: 5000 } as const;

/**
 * The texts the visitor reads; the first two are the spec's own (§4, §8). The page sends them
 * from the catalogue (`contact.text`) in its language, and the checks take them as a parameter;
 * these English ones are the default.
 */
export interface ContactText {
  sent: string;
  failed: string;
  nameRequired: string;
  nameTooLong: string;
  emailRequired: string;
  emailInvalid: string;
  emailTooLong: string;
  messageRequired: string;
  messageTooShort: string;
  messageTooLong: string;
  /** {n}: minutes, 1 */
  retryOne: string;
  /** {n}: minutes, 2 or more */
  retryMany: string;
}

export const CONTACT_TEXT: ContactText = {
  sent: "Message sent successfully!",
  failed: "Failed to send message. Please try again.",
  nameRequired: "Please enter your name.",
  nameTooLong: `Your name can be at most ${CONTACT_LIMITS.name} characters.`,
  emailRequired: "Please enter your email address, so that we can reply.",
  emailInvalid: "This email address does not look right; check it (for example name@example.com).",
  emailTooLong: `Your email address can be at most ${CONTACT_LIMITS.email} characters.`,
  messageRequired: "Please write your message.",
  messageTooShort: `Your message is too short: please write at least ${CONTACT_LIMITS.messageMin} characters.`,
  messageTooLong: `Your message can be at most ${CONTACT_LIMITS.messageMax} characters; please shorten it.`,
  retryOne: "You have sent several messages in a short time. Please try again in {n} minute.",
  retryMany: "You have sent several messages in a short time. Please try again in {n} minutes.",
};

/**
 * Said after the spec's failure message when the visitor's address has used up its allowance (the
 * spec is silent on limits): when another try can succeed, in whole minutes, rounded up.
 */
export function contactRetryText(retryAfterSeconds: number, text = CONTACT_TEXT): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return fmt(minutes === 1 ? text.retryOne : text.retryMany, { n: minutes });
}

/** The form's field names; `website` is the honeypot that people never see or fill. */
export const CONTACT_FIELDS = ["name", "email", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export const HONEYPOT_FIELD = "website";

export interface ContactInput {
  name: string;
  email: string;
  message: string;
}
export type ContactErrors = Partial<Record<ContactField, string>>;

/** The submitted values, trimmed; anything missing or not text is empty. */
export function readContactForm(form: FormData): ContactInput {
  const text = (name: ContactField) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  return { name: text("name"), email: text("email"), message: text("message") };
}

export function isHoneypotFilled(form: FormData): boolean {
  const value = form.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}
