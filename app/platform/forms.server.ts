import { data } from "react-router";
import { z } from "zod";
import type { FormReply } from "~/lib/form-contract.ts";
import {
  schemaOfSubmission,
  type AnySchema,
  type JsonNode,
  type Submission,
} from "~/lib/form-parse.ts";
import { replyOf } from "~/lib/form-reply.ts";
import type { Refusal, Refused } from "~/lib/write-result.ts";

/**
 * The server half of the forms' refusals (the form is read by `parseForm`, app/lib/form-parse.ts;
 * the reply's type and readers are app/lib/form-contract.ts and form-reply.ts): when an action
 * refuses, it answers with `refuse` — Conform's SubmissionResult with status 400, the one error
 * shape every screen renders.
 */

/** What a form says when its `intent` names no button it has (an old page, a forged post). */
export const UNKNOWN_BUTTON = "This button is not known here. Reload the page and try again.";

/** How `refuse` answers (below). */
interface RefuseOptions<Detail> {
  formError?: string;
  fieldErrors?: Record<string, string | undefined>;
  status?: number;
  values?: Record<string, unknown>;
  hide?: string[];
  detail?: Detail;
  /** Response headers, like Retry-After on a 429. */
  headers?: HeadersInit;
  /** What the values come back cut by, for a form with its own reader (the entry editor). */
  schema?: AnySchema;
}

/**
 * Refuse a submission: its own errors, plus any the write path found (a taken slug, a redirect
 * loop; keyed by field name) and a message for the whole form. Status 400 unless told; `values`
 * replaces some of the values sent (a newer version to carry; the entry editor's, all as its
 * reader read them), `hide` leaves some out (a password never goes back to the page), `detail` is
 * what a screen needs beyond errors (who saved first). A refusal is an error, even one that says
 * nothing more.
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
    schema = schemaOfSubmission(submission),
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
  reply.status = "error";
  if (values)
    reply.initialValue = { ...reply.initialValue, ...values } as FormReply["initialValue"];
  if (schema) {
    reply.initialValue = withinLimits(reply.initialValue, schema) as FormReply["initialValue"];
    reply.fields = reply.fields?.filter((name) => echoNodeAt(schema, name)).slice(0, ECHO_MAX_ROWS);
  }
  if (detail !== undefined) reply.detail = detail;
  return data(reply, { status, headers });
}

/**
 * The same refusal without a Conform submission, for a form read by its own reader (a photo
 * preset's): the values as that reader understood them and its errors by input name, in the
 * reply shape of every other admin form.
 */
export function refuseValues<Detail = never>(
  values: object,
  {
    formError,
    fieldErrors = {},
    status = 400,
    detail,
    headers,
  }: Omit<RefuseOptions<Detail>, "values" | "hide" | "schema"> = {},
) {
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
 * reader (a photo preset), as `refuseValues` takes them.
 */
export function refuseWrite<Detail = never>(
  form: Submission | { values: Record<string, unknown> },
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
  return "reply" in form ? refuse(form, refusal) : refuseValues(form.values, refusal);
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
