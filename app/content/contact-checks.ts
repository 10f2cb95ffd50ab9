// zod/mini: the same schema checks the form in the browser and on the server; the browser
// loads this module only when the form is first used, so the page's own script stays small.
import { parse } from "@conform-to/react";
import * as z from "zod/mini";
import {
  CONTACT_LIMITS,
  CONTACT_TEXT,
  isHoneypotFilled,
  type ContactErrors,
  type ContactField,
  type ContactInput,
  type ContactText,
} from "./contact.ts";

/**
 * The form's schema with its messages in one language (`text`: the page's `contact.text`).
 * Checks run in order and only the first problem of a field is shown, so "required" comes first;
 * spaces around a value are not part of it (as `readContactForm` reads the form).
 */
export const contactSchema = (text: ContactText) =>
  z.object({
    name: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, text.nameRequired),
        z.maxLength(CONTACT_LIMITS.name, text.nameTooLong),
      ),
    email: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, text.emailRequired),
        z.maxLength(CONTACT_LIMITS.email, text.emailTooLong),
        z.regex(z.regexes.email, text.emailInvalid),
      ),
    message: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, text.messageRequired),
        z.minLength(CONTACT_LIMITS.messageMin, text.messageTooShort),
        z.maxLength(CONTACT_LIMITS.messageMax, text.messageTooLong),
      ),
  });

const schemas = new WeakMap<ContactText, ReturnType<typeof contactSchema>>();

/** The form's schema in `text`'s language, made once per language. */
export function contactSchemaIn(text: ContactText = CONTACT_TEXT) {
  let schema = schemas.get(text);
  if (!schema) schemas.set(text, (schema = contactSchema(text)));
  return schema;
}

/** Valid input, or the first problem of each field, in `text`'s language (English by default). */
export function checkContact(
  input: ContactInput,
  text: ContactText = CONTACT_TEXT,
): { ok: true; value: ContactInput } | { ok: false; errors: ContactErrors } {
  const result = contactSchemaIn(text).safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/**
 * The browser's half of the server's `parseForm` (app/lib/form-parse.ts): the same schema,
 * read into Conform's submission, so `useForm` shows its errors as it shows the server's reply. A
 * form with the honeypot filled passes: the server answers it ("sent", nothing kept).
 */
export function parseContact(form: FormData, text: ContactText = CONTACT_TEXT) {
  return parse(form, {
    resolve(payload) {
      if (isHoneypotFilled(form)) return { value: payload };
      const result = contactSchemaIn(text).safeParse(payload);
      if (result.success) return { value: result.data };
      const error: Record<string, string[]> = {};
      for (const issue of result.error.issues)
        (error[issue.path.join(".")] ??= []).push(issue.message);
      return { error };
    },
  });
}
