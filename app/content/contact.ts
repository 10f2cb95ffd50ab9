// zod/mini: the same schema checks the form in the browser and on the server, and the mini build
// keeps the contact page's script small.
import * as z from "zod/mini";

export const CONTACT_LIMITS = { name: 100, email: 254, messageMin: 10, messageMax: 5000 } as const;

/** The texts the visitor reads; the first two are the spec's own (§4, §8). */
export const CONTACT_TEXT = {
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
} as const;

/** The form's field names; `website` is the honeypot that people never see or fill. */
export const CONTACT_FIELDS = ["name", "email", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export const HONEYPOT_FIELD = "website";

// Checks run in order and only the first problem of a field is shown, so "required" comes first.
export const ContactSchema = z.object({
  name: z
    .string()
    .check(
      z.minLength(1, CONTACT_TEXT.nameRequired),
      z.maxLength(CONTACT_LIMITS.name, CONTACT_TEXT.nameTooLong),
    ),
  email: z
    .string()
    .check(
      z.minLength(1, CONTACT_TEXT.emailRequired),
      z.maxLength(CONTACT_LIMITS.email, CONTACT_TEXT.emailTooLong),
      z.regex(z.regexes.email, CONTACT_TEXT.emailInvalid),
    ),
  message: z
    .string()
    .check(
      z.minLength(1, CONTACT_TEXT.messageRequired),
      z.minLength(CONTACT_LIMITS.messageMin, CONTACT_TEXT.messageTooShort),
      z.maxLength(CONTACT_LIMITS.messageMax, CONTACT_TEXT.messageTooLong),
    ),
});

export type ContactInput = z.infer<typeof ContactSchema>;
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

/** Valid input, or the first problem of each field. */
export function checkContact(
  input: ContactInput,
): { ok: true; value: ContactInput } | { ok: false; errors: ContactErrors } {
  const result = ContactSchema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
