import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { configureCoercion } from "@conform-to/zod/v4/future";
import { data } from "react-router";
import { z } from "zod";

/**
 * The server half of the admin forms (the browser half is app/components/admin/form.tsx): every
 * admin action reads its form with `parseForm` against one zod schema and, when it refuses,
 * answers with `refuse` — Conform's SubmissionResult with status 400, the one error shape every
 * screen renders. Loaders send `formConstraint(schema)` along, so `required`, `maxLength`, `min`
 * and `max` on the inputs come from the same schema instead of copied numbers.
 */

/** What every refused admin form answers with (Conform's reply: values sent, errors by field). */
export type FormReply = SubmissionResult<string[]>;

/** The browser attributes of each field, by name (`homeFaq[].question` for every row's). */
export type FormConstraint = Record<
  string,
  {
    required?: boolean;
    minLength?: number;
    maxLength?: number;
    min?: number;
    max?: number;
    multiple?: boolean;
  }
>;

/**
 * How text from a form becomes the schema's types. Unlike Conform's default, an empty box stays
 * "" (the schemas say themselves whether "" is allowed, with their own message), a number box
 * reads as Number() of its text (empty is NaN: "not a number", not zero) and a ticked checkbox
 * is any non-empty value.
 */
const { coerceFormValue } = configureCoercion({
  stripEmptyString: (value) => value,
  type: {
    number: (text) => (text.trim() === "" ? Number.NaN : Number(text)),
    boolean: (text) => text !== "",
  },
});

/** A field name as the forms write them: `title`, `latestBar.count`, `homeFaq[0].question`. */
const FIELD_NAME = /^[A-Za-z][\w-]*(?:\.[A-Za-z0-9][\w-]*|\[\d{1,4}\])*$/;
/** Path segments that would reach an object's prototype. */
const UNSAFE_SEGMENT = /(?:^|[.[])(?:__proto__|constructor|prototype)(?:$|[.[\]])/;

/** The leaf fields a schema describes (no lists, no groups), which a form always sends. */
function leafFields(constraint: FormConstraint): string[] {
  const keys = Object.keys(constraint).filter((k) => !k.includes("[]"));
  return keys.filter(
    (k) =>
      !constraint[k].multiple && !keys.some((other) => other !== k && other.startsWith(`${k}.`)),
  );
}

/** Whether `name` is `group` itself or a field inside it (`group.x`, `group[0]`). */
const within = (name: string, group: string) =>
  name === group || name.startsWith(`${group}.`) || name.startsWith(`${group}[`);

const constraints = new WeakMap<z.ZodType, FormConstraint>();

/**
 * The browser attributes of a schema's fields, computed once per schema. Conform's
 * getZodConstraint (1.21.1) reads `_zod.bag`, which zod 4.6 no longer fills, so it finds no
 * lengths or limits at all; zod's own JSON Schema of the input has them. Only text that must not
 * be empty (a minimum length) is `required`: the red star means "you must type something".
 */
export function formConstraint(schema: z.ZodType): FormConstraint {
  let constraint = constraints.get(schema);
  if (!constraint) {
    constraint = {};
    const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
    collectConstraint(json as JsonNode, "", constraint);
    constraints.set(schema, constraint);
  }
  return constraint;
}

interface JsonNode {
  type?: string | string[];
  properties?: Record<string, JsonNode>;
  items?: JsonNode;
  anyOf?: JsonNode[];
  oneOf?: JsonNode[];
  allOf?: JsonNode[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

function collectConstraint(node: JsonNode, name: string, out: FormConstraint) {
  for (const option of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])])
    collectConstraint(option, name, out);
  if (node.properties) {
    for (const [key, child] of Object.entries(node.properties))
      collectConstraint(child, name ? `${name}.${key}` : key, out);
    return;
  }
  if (!name) return;
  const c = (out[name] ??= {});
  if (node.items) {
    c.multiple = true;
    collectConstraint(node.items, `${name}[]`, out);
  }
  if (node.minLength !== undefined) c.minLength ??= node.minLength;
  if (node.maxLength !== undefined) c.maxLength ??= node.maxLength;
  if (node.minimum !== undefined) c.min ??= node.minimum;
  if (node.maximum !== undefined) c.max ??= node.maximum;
  if ((c.minLength ?? 0) >= 1) c.required = true;
}

/**
 * The form data the schema reads: the first text value of each well-formed name (a repeated or
 * array-like name, a file, a name that would reach a prototype are not the form's; `multiple`
 * lists the names that may repeat, like ticked checkboxes). A field the schema expects but the
 * request lacks reads as empty, as a browser sends an empty box, so a schema's `.default()` is
 * for stored settings and never fills a form field.
 */
function formValues(form: FormData, schema: z.ZodType, multiple: readonly string[]): FormData {
  const out = new FormData();
  const seen = new Set<string>();
  for (const [name, value] of form) {
    if (typeof value !== "string" || !FIELD_NAME.test(name) || UNSAFE_SEGMENT.test(name)) continue;
    if (seen.has(name) && !multiple.includes(name)) continue;
    seen.add(name);
    out.append(name, value);
  }
  const sent = [...seen];
  for (const name of leafFields(formConstraint(schema))) {
    if (!multiple.includes(name) && !sent.some((s) => within(s, name))) out.append(name, "");
  }
  return out;
}

/**
 * Read and check a submitted form against its schema. Forms with several buttons use a
 * `z.discriminatedUnion("intent", …)`, so one parse says which button and what it carries.
 */
export function parseForm<Schema extends z.ZodType>(
  form: FormData,
  schema: Schema,
  { multiple = [] }: { multiple?: readonly string[] } = {},
) {
  return parseWithZod(formValues(form, schema, multiple), {
    schema: coerceFormValue(schema),
    disableAutoCoercion: true,
  });
}

type Submission = ReturnType<typeof parseForm>;

/** What a form says when its `intent` names no button it has (an old page, a forged post). */
export const UNKNOWN_BUTTON = "This button is not known here. Reload the page and try again.";

/**
 * Refuse a submission: its own errors, plus any the write path found (a taken slug, a redirect
 * loop; keyed by field name) and a message for the whole form. Status 400 unless told; `values`
 * replaces some of the values sent (a newer version to carry), `hide` leaves some out (a
 * password never goes back to the page), `detail` is what a screen needs beyond errors (who saved
 * first).
 */
export function refuse<Detail = never>(
  submission: Submission,
  {
    formError,
    fieldErrors = {},
    status = 400,
    values,
    hide,
    detail,
    headers,
  }: {
    formError?: string;
    fieldErrors?: Record<string, string | undefined>;
    status?: number;
    values?: Record<string, string>;
    hide?: string[];
    detail?: Detail;
    /** Response headers, like Retry-After on a 429. */
    headers?: HeadersInit;
  } = {},
) {
  const extra: Record<string, string[]> = {};
  // A discriminated union that matched no button: say so once, for the whole form.
  const own = submission.status === "error" ? submission.error : null;
  if (!formError && own?.intent) formError = UNKNOWN_BUTTON;
  for (const [path, message] of Object.entries(fieldErrors)) if (message) extra[path] ??= [message];
  const reply: FormReply & { detail?: Detail } = submission.reply({
    formErrors: formError ? [formError] : undefined,
    fieldErrors: extra,
    hideFields: hide,
  });
  if (values) reply.initialValue = { ...reply.initialValue, ...values };
  if (detail !== undefined) reply.detail = detail;
  return data(reply, { status, headers });
}

/**
 * The same refusal for a form that has its own reader (the entry editor, whose fields come from
 * the content registry and whose rows may have gaps): the values as that reader understood them
 * and its errors by input name, in the reply shape of every other admin form.
 */
export function refuseValues<Detail = never>(
  values: Record<string, unknown>,
  {
    formError,
    fieldErrors = {},
    status = 400,
    detail,
  }: {
    formError?: string;
    fieldErrors?: Record<string, string | undefined>;
    status?: number;
    detail?: Detail;
  } = {},
) {
  const error: Record<string, string[]> = {};
  if (formError) error[""] = [formError];
  for (const [name, message] of Object.entries(fieldErrors)) if (message) error[name] ??= [message];
  const reply: FormReply & { detail?: Detail } = {
    status: "error",
    initialValue: values as FormReply["initialValue"],
    error,
  };
  if (detail !== undefined) reply.detail = detail;
  return data(reply, { status });
}
