import { getFormProps, useForm } from "@conform-to/react";
import type { FormConstraint, FormReply } from "~/lib/form-contract.ts";
import { parseForm, type AnySchema } from "~/lib/form-parse.ts";

/**
 * The browser half of the admin forms (the form is read by `parseForm`, app/lib/form-parse.ts,
 * refused by app/platform/forms.server.ts; the types both use are app/lib/form-contract.ts).
 * Conform's `useForm` holds each form's state: the server's reply (`lastResult`: the values sent
 * and the errors by field), and, where the screen hands it the form's schema, the same check in
 * the browser before sending. A screen renders its form from the values
 * it starts from (loader), the constraints of its schema (loader, `formConstraint`) and the reply
 * (action); `field` gives each input its name, starting value, first error and the schema's
 * `required`, `maxLength`, `min` and `max`, so a form reads the same without JavaScript (native
 * POST, the reply rendered on the server) and with it.
 */

/** What a field component needs from the form: spread it onto TextField and friends. */
export interface FieldProps {
  name: string;
  defaultValue: string;
  error: string | undefined;
  required: boolean | undefined;
  maxLength: number | undefined;
  min: number | undefined;
  max: number | undefined;
}

/** The segments of a field name: `homeFaq.0.question`, `rows[2].name`. */
function pathOf(name: string): string[] {
  return name.split(/\.|\[(\d+)\]/).filter((s): s is string => !!s);
}

function valueAt(values: unknown, name: string): unknown {
  let at: unknown = values;
  for (const segment of pathOf(name)) {
    if (at === null || typeof at !== "object" || !Object.hasOwn(at, segment)) return undefined;
    at = (at as Record<string, unknown>)[segment];
  }
  return at;
}

/** A constraint of a name, or of the same name in any row (`homeFaq[].question`). */
function constraintOf(constraint: FormConstraint | undefined, name: string) {
  return constraint?.[name] ?? constraint?.[name.replace(/\[\d+\]/g, "[]")];
}

const asNumber = (v: string | number | undefined) =>
  v === undefined || v === "" ? undefined : Number(v);

const text = (v: unknown) => (v === undefined || v === null ? "" : String(v));

/** The field reader of one form's values, errors (by full field name) and constraints. */
export function fieldReader(
  values: unknown,
  errors: Readonly<Record<string, readonly string[] | undefined>>,
  constraint: FormConstraint | undefined,
) {
  return {
    /** The text a field starts with. */
    value: (name: string): string => text(valueAt(values, name)),
    /** The first error of a field. */
    error: (name: string): string | undefined => errors[name]?.[0],
    field(name: string, limitsOf: string = name): FieldProps {
      const c = constraintOf(constraint, limitsOf);
      return {
        name,
        defaultValue: text(valueAt(values, name)),
        error: errors[name]?.[0],
        required: c?.required,
        maxLength: c?.maxLength,
        min: asNumber(c?.min),
        max: asNumber(c?.max),
      };
    },
  };
}

/**
 * What a form is given while it has no reply (a stable object): when a reply goes away (the
 * page's other form was saved, the page came back from a redirect), Conform reads this as "start
 * afresh" and forgets the reply's errors, as the server-rendered page does.
 */
const NO_REPLY = { initialValue: null };

/**
 * One admin form. After a refusal the fields start from the reply (what was sent), otherwise
 * from `defaults` (what is stored). With a `schema` (one the browser can hold: no server
 * module behind it) the form is checked when a button is pressed and each refused field again
 * as it is typed in, and the form is not sent while it has errors; without one the server's
 * check answers.
 * Spread `props` on the `<Form>` (its id, Conform's submit check, `noValidate` once hydrated).
 */
export function useAdminForm({
  id,
  reply,
  constraint,
  defaults = {},
  schema,
  multiple,
  intent,
}: {
  id: string;
  reply: FormReply | undefined | null;
  constraint: FormConstraint | undefined;
  defaults?: Record<string, unknown>;
  schema?: AnySchema;
  /** Names that may repeat (ticked boxes), as the action's `parseForm` is told. */
  multiple?: readonly string[];
  /**
   * The button of a one-button form whose schema is a union by `intent` (several forms posting
   * to one action): a field's check, made before any button is pressed, reads as that button's.
   */
  intent?: string;
}) {
  const [form] = useForm({
    id,
    lastResult: reply ?? NO_REPLY,
    constraint,
    // Checked when a button is pressed, then again as each refused field is typed in. Not when a
    // field is left: a message appearing there moves the button from under a click, and the
    // click is lost (found by the e2e of these screens); and without a schema such a check would
    // be a round trip to the action.
    shouldValidate: "onSubmit",
    shouldRevalidate: schema ? "onInput" : "onSubmit",
    onValidate: schema
      ? ({ formData }) => {
          if (intent && !formData.has("intent")) formData.set("intent", intent);
          return parseForm(formData, schema, { multiple, intents: true });
        }
      : undefined,
  });
  return {
    ...fieldReader(reply?.initialValue ?? defaults, form.allErrors, constraint),
    /** The message for the whole form, if the reply has one. */
    formError: form.errors?.[0],
    /** Whether the form is refused now, by the server's reply or the browser's check. */
    refused: Object.values(form.allErrors).some((messages) => messages.length > 0),
    props: getFormProps(form),
  };
}
