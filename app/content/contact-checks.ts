// zod/mini: the same schema checks the form in the browser and on the server; the browser
// loads this module only when the form is first used, so the page's own script stays small.
import * as z from "zod/mini";
import {
  CONTACT_LIMITS,
  CONTACT_TEXT,
  type ContactErrors,
  type ContactField,
  type ContactInput,
} from "./contact.ts";

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
