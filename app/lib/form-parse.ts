import { parseWithZod } from "@conform-to/zod/v4";
import { configureCoercion } from "@conform-to/zod/v4/future";
import { z } from "zod";
import type { FormConstraint } from "./form-contract.ts";

/**
 * Reading a submitted form against its zod schema, the same in the browser (an admin form's
 * check before sending, app/components/admin/form.tsx) and on the server (every action; the
 * refusals are app/platform/forms.server.ts): Conform's parseWithZod over the form's own fields,
 * with one coercion. Loaders send `formConstraint(schema)` along, so `required`, `maxLength`,
 * `min` and `max` on the inputs come from the same schema, not copied numbers.
 */
/**
 * How text from a form becomes the schema's types. Unlike Conform's default, an empty box stays
 * "" (the schemas say themselves whether "" is allowed, with their own message), a number box
 * reads as Number() of its text (empty is NaN: "not a number", not zero) and a ticked checkbox
 * is any non-empty value.
 *
 * Made on first use, not when the module loads: a call at the top of the module is a side effect
 * the bundler keeps, and it kept this module with full zod in the script of every public page
 * whose route module names parseForm in its action (contact grew by 29 KB gzip).
 */
let coercion: ReturnType<typeof configureCoercion> | undefined;
function coerceFormValue<Schema extends AnySchema>(schema: Schema) {
  coercion ??= configureCoercion({
    stripEmptyString: (value) => value,
    type: {
      number: (text) => (text.trim() === "" ? Number.NaN : Number(text)),
      boolean: (text) => text !== "",
    },
  });
  return coercion.coerceFormValue(schema);
}

export type AnySchema = z.core.$ZodType; // full zod or zod/mini (the contact form's, shared with the browser)

/** A field name as the forms write them: `title`, `latestBar.count`, `homeFaq[0].question`. */
const FIELD_NAME = /^[A-Za-z][\w-]*(?:\.[A-Za-z0-9][\w-]*|\[\d{1,4}\])*$/;
/** The name of Conform's own requests in the browser (validate a field, …). */
const CONFORM_INTENT = "__intent__";
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

const constraints = new WeakMap<AnySchema, FormConstraint>();

/**
 * The browser attributes of a schema's fields, computed once per schema. Conform's
 * getZodConstraint (1.21.1) reads `_zod.bag`, which zod 4.6 no longer fills, so it finds no
 * lengths or limits at all; zod's own JSON Schema of the input has them. Only text that must not
 * be empty (a minimum length) is `required`: the red star means "you must type something".
 */
export function formConstraint(schema: AnySchema): FormConstraint {
  let constraint = constraints.get(schema);
  if (!constraint) {
    constraint = {};
    const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
    collectConstraint(json as JsonNode, "", constraint);
    constraints.set(schema, constraint);
  }
  return constraint;
}

export interface JsonNode {
  type?: string | string[];
  properties?: Record<string, JsonNode>;
  /** A record's values (`z.record`): the FAQ rows of the settings, keyed by number. */
  additionalProperties?: JsonNode | boolean;
  items?: JsonNode;
  anyOf?: JsonNode[];
  oneOf?: JsonNode[];
  allOf?: JsonNode[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
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
function formValues(
  form: FormData,
  schema: AnySchema,
  multiple: readonly string[],
  intents: boolean,
): FormData {
  const out = new FormData();
  const seen = new Set<string>();
  for (const [name, value] of form) {
    if (intents && name === CONFORM_INTENT && typeof value === "string") {
      out.append(name, value);
      continue;
    }
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
export function parseForm<Schema extends AnySchema>(
  form: FormData,
  schema: Schema,
  {
    multiple = [],
    intents = false,
  }: {
    multiple?: readonly string[];
    /**
     * In the browser: Conform's own requests (check this field now) pass through, so that a
     * check is not taken for a submission. A server never reads them from a request.
     */
    intents?: boolean;
  } = {},
) {
  const submission = parseWithZod(formValues(form, schema, multiple, intents), {
    schema: coerceFormValue(schema),
    disableAutoCoercion: true,
  });
  schemaOf.set(submission, schema);
  return submission;
}

export type Submission = ReturnType<typeof parseForm>;
/** The schema each submission was read with, so that its refusal echoes only what it allows. */
const schemaOf = new WeakMap<object, AnySchema>();

/** The schema a submission was read with (`parseForm`). */
export const schemaOfSubmission = (submission: object) => schemaOf.get(submission);
