import {
  alignHindiRows,
  fieldErrorsFromIssues,
  parseEntryForm,
  type FieldErrors,
  type FormTree,
} from "~/content/form-data.ts";
import { entryInputSchema, REGISTRY } from "~/content/registry.ts";
import type { Kind } from "~/content/kinds.ts";

/** A form value as text: "" when it is missing or a list. */
export const str = (v: unknown) => (typeof v === "string" ? v : "");

/**
 * The core schema says "Title" whatever the kind; the form calls it "Post name", "Exam name"…
 * Say it the way the label does.
 */
export function withKindWords(kind: Kind, errors: FieldErrors): FieldErrors {
  const title = errors.title;
  if (!title?.startsWith("Title ")) return errors;
  return { ...errors, title: `${REGISTRY[kind].titleLabel}${title.slice(5)}` };
}

/** The form as it stands, checked with the same schema as the server (for instant feedback). */
export function checkEntryForm(kind: Kind, form: HTMLFormElement): FieldErrors {
  const { value, rowOrigins } = alignHindiRows(parseEntryForm(new FormData(form)));
  const result = entryInputSchema(kind).safeParse(value);
  return result.success
    ? {}
    : withKindWords(kind, fieldErrorsFromIssues(result.error.issues, rowOrigins));
}

/** The errors with one input's message set to `message`, or dropped when there is none. */
export function withFieldError(
  prev: FieldErrors,
  name: string,
  message: string | undefined,
): FieldErrors {
  if (prev[name] === message) return prev;
  const next = { ...prev };
  if (message) next[name] = message;
  else delete next[name];
  return next;
}

/** A form tree without its blanks: "", empty rows and empty lists say nothing was typed. */
function meaningful(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(meaningful).filter((v) => v !== undefined);
    return items.length ? items : undefined;
  }
  if (value && typeof value === "object") {
    const entries = Object.entries(value)
      .map(([k, v]) => [k, meaningful(v)] as const)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b));
    return entries.length ? Object.fromEntries(entries) : undefined;
  }
  if (value === "" || value === null || value === undefined) return undefined;
  return String(value);
}

/** The parts of a form tree that are the entry (not the button pressed or the version). */
const CONTENT_KEYS = ["title", "slug", "organization", "status", "publishAt", "jobId", "data"];

/** Whether two form trees hold the same entry, blanks aside. */
export function sameContent(a: FormTree, b: FormTree): boolean {
  const content = (t: FormTree) =>
    JSON.stringify(meaningful(Object.fromEntries(CONTENT_KEYS.map((k) => [k, t[k]]))));
  return content(a) === content(b);
}
