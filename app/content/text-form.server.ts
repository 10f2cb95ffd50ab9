import * as z from "zod/mini";

/**
 * A form of text fields whose rules have their own reader and words (the eligibility finder's
 * `parseProfile`, "Am I eligible?"'s `quickAnswers`), as `parseForm` reads it (issue 27's one
 * form contract): each field as text, its first `max` characters, a field not sent read as empty
 * (as a box left empty, or a box not ticked). The schema refuses nothing a browser sends; what is
 * wrong is the rules' to say, and a refusal echoes no more than `max` of each field.
 */
export function textForm<const Name extends string>(names: readonly Name[], max: number) {
  const key = `${max}:${names.join(",")}`;
  let schema = made.get(key);
  if (!schema) {
    const text = z.string().check(
      z.overwrite((v) => v.slice(0, max)),
      z.maxLength(max),
    );
    schema = z.object(Object.fromEntries(names.map((name) => [name, text])));
    made.set(key, schema);
  }
  return schema as z.ZodMiniObject<Record<Name, z.ZodMiniString>>;
}

/** One schema per form, so that the constraint cache of app/lib/form-parse.ts and the echo cache of forms.server.ts hold. */
const made = new Map<string, z.ZodMiniObject>();
