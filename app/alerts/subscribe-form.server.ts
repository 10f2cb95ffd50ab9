import { z } from "zod";
import {
  PreferencesSchema,
  SubscribeSchema,
  type Preferences,
  type SubscribeInput,
} from "./subscription-preferences.ts";
import { ALERT_KINDS, ALERT_QUALIFICATIONS, ALERT_STATES } from "./topics.ts";

/**
 * The /alerts sign-up and the manage page's choices as a browser sends them, for `parseForm`
 * (issue 27's one form contract): the address (sign-up only), the radios and the hour as text, the
 * ticked boxes as lists, and the compact box's typed organization. The choices themselves are
 * SubscribeSchema's and PreferencesSchema's (shared with push); a problem is said at the address
 * (`email`) or once for all the choices (`topics`), in the words of the page's language, as the
 * pages show them.
 */
export interface SubscribeWords {
  email: string;
  topics: string;
  organizations: string;
}

/**
 * A field never refused here (SubscribeSchema refuses, below), but with its limits stated, so that
 * a refusal sends back at most what the form allows (issue 25): a value over them passes on as sent.
 */
const within = <T extends z.ZodType>(schema: T) => schema.catch((ctx) => ctx.input as z.output<T>);
const text = (max: number) => within(z.string().max(max));
const list = (rows: number) => within(z.array(z.string().max(120)).max(rows));

/** The form's fields as SubscribeSchema reads them (an empty radio or hour takes its default). */
function preferencesOf(form: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of ["email", "language", "cadence", "digestHour"] as const)
    if (form[name] !== undefined && form[name] !== "") out[name] = form[name];
  for (const name of ["states", "qualifications", "organizations", "kinds"] as const)
    out[name] = [...new Set(form[name] as string[])];
  // One organization may come as a typed text field (the compact box) as well as checkboxes.
  const typed = (form.organization as string).trim();
  if (typed) (out.organizations as string[]).push(typed);
  return out;
}

const made = new Map<string, z.ZodType>();

/** The form's schema with its messages in one language, made once per language and form. */
function choicesForm(words: SubscribeWords, withEmail: boolean) {
  const key = `${withEmail}:${words.email}:${words.topics}:${words.organizations}`;
  let schema = made.get(key);
  if (!schema) {
    const base = withEmail ? SubscribeSchema : PreferencesSchema;
    schema = z
      .object({
        ...(withEmail ? { email: text(254) } : {}),
        language: text(2),
        cadence: text(7),
        digestHour: text(2),
        organization: text(120),
        states: list(ALERT_STATES.length),
        qualifications: list(ALERT_QUALIFICATIONS.length),
        organizations: list(20),
        kinds: list(ALERT_KINDS.length),
      })
      .superRefine((form, ctx) => {
        const parsed = base.safeParse(preferencesOf(form));
        if (parsed.success) return;
        const fields = parsed.error.issues.map((issue) => ({
          field: String(issue.path[0]),
          tooMany: issue.code === "too_big",
        }));
        if (fields.some((f) => f.field === "email"))
          ctx.addIssue({ code: "custom", path: ["email"], message: words.email });
        const topics = fields.filter((f) => f.field !== "email");
        if (topics.length)
          ctx.addIssue({
            code: "custom",
            path: ["topics"],
            message: topics.some((f) => f.field === "organizations" && f.tooMany)
              ? words.organizations
              : words.topics,
          });
      });
    made.set(key, schema);
  }
  return schema;
}

/** The /alerts sign-up's schema in the words of one language. */
export const subscribeFormSchema = (words: SubscribeWords) => choicesForm(words, true);

/** The manage page's choices (no address: the signed link says whose they are). */
export const manageFormSchema = (words: SubscribeWords) => choicesForm(words, false);

/** The sign-up a form read by `subscribeFormSchema` asks for (its refinement has checked it). */
export function subscribeInput(form: unknown): SubscribeInput {
  return SubscribeSchema.parse(preferencesOf(form as Record<string, unknown>));
}

/** The choices a form read by `manageFormSchema` asks for (its refinement has checked them). */
export function preferencesInput(form: unknown): Preferences {
  return PreferencesSchema.parse(preferencesOf(form as Record<string, unknown>));
}

/** The names that may repeat in the form (ticked boxes), for `parseForm`. */
export const SUBSCRIBE_LISTS = ["states", "qualifications", "organizations", "kinds"] as const;
