import type { Intent } from "@conform-to/react";
import {
  alignHindiRows,
  fieldErrorsFromIssues,
  parseEntryForm,
  type FieldErrors,
  type FormTree,
  type ParsedForm,
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

/**
 * The editor's reader (app/content/form-data.ts): input names to one tree, blank rows dropped and
 * gaps closed, each Hindi row at the place of the English row it translates.
 */
export const readEntryForm = (form: FormData): ParsedForm => alignHindiRows(parseEntryForm(form));

/** The entry a kind's form holds, as its schema gives it back. */
export type EntryValue = ReturnType<ReturnType<typeof entryInputSchema>["parse"]>;

/** Errors by input name, as Conform holds them (the first message of each). */
export type ErrorsByName = Record<string, string[]>;

/**
 * The editor's check, as a Conform resolve answers: the form tree checked by the kind's schema,
 * the same in the browser and on the server, giving the entry or each input's message in the
 * kind's words. With `rowOrigins` the names are those of the inputs on the page (gaps and blank
 * rows included); without, the tree's own positions (the server's, which echoes the tree).
 */
export function checkEntry(
  kind: Kind,
  value: FormTree,
  rowOrigins?: ParsedForm["rowOrigins"],
): { value?: EntryValue; error?: ErrorsByName } {
  const result = entryInputSchema(kind).safeParse(value);
  if (result.success) return { value: result.data };
  const found = withKindWords(kind, fieldErrorsFromIssues(result.error.issues, rowOrigins));
  return { error: Object.fromEntries(Object.entries(found).map(([name, m]) => [name, [m]])) };
}

/**
 * The editor's resolve in the browser (its `onValidate`, through Conform's parse): a field left
 * is checked with the reader and schema above, and only its message changes, the others (the
 * server's among them: a slug in use) staying as they are (`null` keeps one). A save is not
 * checked here (`error: null` lets it go): the server answers it, with JavaScript as without.
 * Any other of Conform's intents keeps every message.
 */
export function resolveLeftField(
  kind: Kind,
  form: FormData,
  intent: Intent | null,
  shown: ErrorsByName,
): { error: Record<string, string[] | null> | null } {
  if (!intent) return { error: null };
  const kept: Record<string, string[] | null> = {};
  for (const name of Object.keys(shown)) kept[name] = null;
  const left = intent.type === "validate" ? intent.payload.name : undefined;
  if (!left) return { error: kept };
  const { value, rowOrigins } = readEntryForm(form);
  const found = checkEntry(kind, value, rowOrigins).error?.[left];
  if (found) kept[left] = found;
  else delete kept[left];
  return { error: kept };
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
