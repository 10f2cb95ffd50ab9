import type { FormConstraint, FormReply } from "~/lib/form-contract.ts";
import { errorOf } from "~/lib/form-reply.ts";

// The reply's readers live beside the reply type, for the public forms too.

/**
 * The browser half of the admin forms (the server half is app/platform/forms.server.ts, the types
 * both use app/lib/form-contract.ts). A screen
 * renders its form from three things: the values it starts from (loader), the constraints of its
 * schema (loader, `formConstraint`), and a refused submission (action, Conform's reply). `field`
 * gives each input its name, starting value, first error and the schema's `required`,
 * `maxLength`, `min` and `max`; the existing field components take these as props, so a form
 * reads the same without JavaScript (native POST, the reply rendered on the server) and with it.
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

/**
 * The field reader of one form: after a refusal the values come from the reply (what was sent),
 * otherwise from `defaults` (what is stored).
 */
export function formFields(
  reply: FormReply | undefined | null,
  constraint: FormConstraint | undefined,
  defaults: Record<string, unknown>,
) {
  const values = reply?.initialValue ?? defaults;
  return {
    /** The text a field starts with. */
    value(name: string): string {
      const v = valueAt(values, name);
      return v === undefined || v === null ? "" : String(v);
    },
    field(name: string, limitsOf: string = name): FieldProps {
      const c = constraintOf(constraint, limitsOf);
      const v = valueAt(values, name);
      return {
        name,
        defaultValue: v === undefined || v === null ? "" : String(v),
        error: errorOf(reply, name),
        required: c?.required,
        maxLength: c?.maxLength,
        min: asNumber(c?.min),
        max: asNumber(c?.max),
      };
    },
  };
}
