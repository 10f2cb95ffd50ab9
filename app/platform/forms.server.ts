import { parseWithZod } from "@conform-to/zod/v4";
import { configureCoercion } from "@conform-to/zod/v4/future";
import { data } from "react-router";
import { z } from "zod";
import type { FormConstraint, FormReply } from "~/lib/form-contract.ts";
import { replyOf } from "~/lib/form-reply.ts";
import type { Refusal, Refused } from "~/lib/write-result.ts";

/**
 * The server half of the forms (the reply's type and readers are app/lib/form-contract.ts and
 * form-reply.ts): every action reads its form with `parseForm` against one zod schema and, when
 * it refuses, answers with `refuse` — Conform's SubmissionResult with status 400, the one error
 * shape every screen renders. Loaders send `formConstraint(schema)` along, so `required`,
 * `maxLength`, `min` and `max` on the inputs come from the same schema, not copied numbers.
 */

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

type AnySchema = z.core.$ZodType; // full zod or zod/mini (the contact form's, shared with the browser)

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

interface JsonNode {
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
function formValues(form: FormData, schema: AnySchema, multiple: readonly string[]): FormData {
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
export function parseForm<Schema extends AnySchema>(
  form: FormData,
  schema: Schema,
  { multiple = [] }: { multiple?: readonly string[] } = {},
) {
  const submission = parseWithZod(formValues(form, schema, multiple), {
    schema: coerceFormValue(schema),
    disableAutoCoercion: true,
  });
  schemaOf.set(submission, schema);
  return submission;
}

type Submission = ReturnType<typeof parseForm>;
/** The schema each submission was read with, so that its refusal echoes only what it allows. */
const schemaOf = new WeakMap<object, AnySchema>();

/** What a form says when its `intent` names no button it has (an old page, a forged post). */
export const UNKNOWN_BUTTON = "This button is not known here. Reload the page and try again.";

/** How `refuse` answers (below). */
interface RefuseOptions<Detail> {
  formError?: string;
  fieldErrors?: Record<string, string | undefined>;
  status?: number;
  values?: Record<string, string>;
  hide?: string[];
  detail?: Detail;
  /** Response headers, like Retry-After on a 429. */
  headers?: HeadersInit;
}

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
  }: RefuseOptions<Detail> = {},
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
  const schema = schemaOf.get(submission);
  if (schema) {
    reply.initialValue = withinLimits(reply.initialValue, schema) as FormReply["initialValue"];
    reply.fields = reply.fields?.filter((name) => echoNodeAt(schema, name)).slice(0, ECHO_MAX_ROWS);
  }
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
  values: object,
  {
    formError,
    fieldErrors = {},
    status = 400,
    detail,
    schema,
    headers,
  }: {
    /** Response headers, like Retry-After on a 429. */
    headers?: HeadersInit;
    formError?: string;
    fieldErrors?: Record<string, string | undefined>;
    status?: number;
    detail?: Detail;
    /** The form's schema: values come back cut at its limits, unknown fields left out. */
    schema?: AnySchema;
  } = {},
) {
  if (schema) values = withinLimits(values, schema);
  const reply: FormReply & { detail?: Detail } = replyOf(values, { formError, fieldErrors });
  if (detail !== undefined) reply.detail = detail;
  return data(reply, { status, headers });
}

/**
 * Refuse a page's query (`?page=abc`): the one form reply, thrown, for the error page to say. A
 * zod error's issues go at their fields, a message is the whole query's; status 400 unless told.
 */
export function rejectQuery(
  problem: z.ZodError | string,
  { status = 400, headers }: { status?: number; headers?: HeadersInit } = {},
): never {
  const fieldErrors: Record<string, string> = {};
  if (typeof problem !== "string")
    for (const issue of problem.issues) fieldErrors[issue.path.join(".") || ""] ??= issue.message;
  const formError = typeof problem === "string" ? problem : fieldErrors[""];
  throw data(replyOf(null, { formError, fieldErrors }), { status, headers });
}

/** The status a refused write answers with, by its reason. */
export const REFUSAL_STATUS: Readonly<Record<Refusal, number>> = {
  invalid: 400,
  conflict: 400,
  stale: 409,
  gone: 409,
  "not-found": 404,
  forbidden: 403,
};

/**
 * A refused write (app/lib/write-result.ts) as the form's reply: its message for the whole form,
 * its errors at their fields (`fieldErrors` adds more, `formError` says it otherwise), with the
 * status its reason decides unless told. A row that is gone with nothing to say is a thrown 404,
 * the page's "not found". `form` is the parsed submission, or the values of a form with its own
 * reader (the entry editor, a photo preset), as `refuseValues` takes them.
 */
export function refuseWrite<Detail = never>(
  form: Submission | { values: Record<string, unknown>; schema?: AnySchema },
  result: Refused,
  {
    messageAt,
    ...options
  }: RefuseOptions<Detail> & {
    /** The field the refusal's message belongs at (instead of the whole form). */
    messageAt?: string;
  } = {},
) {
  if (result.reason === "not-found" && !result.message && !options.formError)
    throw data(null, { status: 404 });
  const message = messageAt && result.message ? { [messageAt]: result.message } : {};
  const refusal = {
    ...options,
    formError: options.formError ?? (messageAt ? undefined : result.message),
    fieldErrors: { ...result.fieldErrors, ...message, ...options.fieldErrors },
    status: options.status ?? REFUSAL_STATUS[result.reason],
  };
  return "reply" in form
    ? refuse(form, refusal)
    : refuseValues(form.values, { ...refusal, schema: form.schema });
}

// ---------------------------------------------------------------------------------------------
// What a refusal sends back (issue 25: a refused 1 MB post was answered with 2 MB, the page and
// its data). Each value comes back at most as long as its field allows, lists at most as long,
// and a field the schema does not know not at all. The limits are read from the schema's output
// JSON Schema, where zod shows the checks behind a preprocess step (the registry's fields).

/** The longest text echoed for a field whose schema states no length (a date, a checked choice). */
const ECHO_DEFAULT_MAX = 2000;
/** A number's or a tick box's text. */
const ECHO_SHORT_MAX = 64;
/** Rows (and submitted names) echoed when the schema states no maximum. */
const ECHO_MAX_ROWS = 1000;

const echoSchemas = new WeakMap<AnySchema, JsonNode>();
function echoSchema(schema: AnySchema): JsonNode {
  let node = echoSchemas.get(schema);
  if (!node) {
    node = z.toJSONSchema(schema, { io: "output", unrepresentable: "any" }) as JsonNode;
    echoSchemas.set(schema, node);
  }
  return node;
}

/** A node and the alternatives it stands for (unions, intersections), flattened. */
function variants(node: JsonNode): JsonNode[] {
  const nested = [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])];
  return [node, ...nested.flatMap(variants)];
}

function textLimit(node: JsonNode): number | undefined {
  if (node.maxLength !== undefined) return node.maxLength;
  if (node.enum) return Math.max(0, ...node.enum.map((v) => String(v).length));
  if (node.const !== undefined) return String(node.const).length;
  const types = [node.type ?? []].flat();
  if (types.some((t) => t === "number" || t === "integer" || t === "boolean"))
    return ECHO_SHORT_MAX;
  return undefined;
}

function trimTo(value: unknown, node: JsonNode): unknown {
  const options = variants(node);
  if (typeof value === "string") {
    const limits = options.map(textLimit).filter((n) => n !== undefined);
    return value.slice(0, limits.length ? Math.max(...limits) : ECHO_DEFAULT_MAX);
  }
  if (Array.isArray(value)) {
    const list = options.find((o) => o.items);
    // A name repeated for a one-value field: its first value, as the form reads it.
    if (!list?.items) return value.length ? trimTo(value[0], node) : undefined;
    const max = Math.min(list.maxItems ?? ECHO_MAX_ROWS, ECHO_MAX_ROWS);
    return value.slice(0, max).map((v) => trimTo(v, list.items!));
  }
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    let kept = 0;
    for (const [key, v] of Object.entries(value)) {
      const field = fieldOf(options, key);
      const echoed = field ? trimTo(v, field) : undefined;
      if (echoed === undefined) continue;
      out[key] = echoed;
      if (++kept === ECHO_MAX_ROWS) break;
    }
    return out;
  }
  return value;
}

/**
 * The schema of an object's field `key`, among a node's alternatives (every branch that has it:
 * a union's `intent` is "delete" in one and "save" in another); undefined if none has it.
 */
function fieldOf(options: JsonNode[], key: string): JsonNode | undefined {
  const found = options.flatMap((o) =>
    o.properties && Object.hasOwn(o.properties, key) ? [o.properties[key]] : [],
  );
  if (found.length) return found.length === 1 ? found[0] : { anyOf: found };
  for (const o of options)
    if (o.additionalProperties && typeof o.additionalProperties === "object")
      return o.additionalProperties;
  return undefined;
}

/** The values of a form as a refusal may send them back (see above). */
export function withinLimits(values: unknown, schema: AnySchema): Record<string, unknown> {
  const out = values && typeof values === "object" ? trimTo(values, echoSchema(schema)) : {};
  return out && typeof out === "object" && !Array.isArray(out)
    ? (out as Record<string, unknown>)
    : {};
}

/** Whether a submitted name (`homeFaq[0].question`) is one of the schema's fields. */
function echoNodeAt(schema: AnySchema, name: string): boolean {
  if (name.length > 300) return false;
  let nodes = [echoSchema(schema)];
  for (const step of name.match(/[^.[\]]+|\[\d+\]/g) ?? []) {
    const options = nodes.flatMap(variants);
    // A field the schema cannot describe (any) takes whatever is inside it.
    if (options.every((o) => !o.type && !o.anyOf && !o.oneOf && !o.allOf)) return true;
    const field = step.startsWith("[")
      ? options.find((o) => o.items)?.items
      : fieldOf(options, step);
    nodes = field ? [field] : [];
    if (!nodes.length) return false;
  }
  return true;
}
