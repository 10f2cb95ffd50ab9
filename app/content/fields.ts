import { z } from "zod";
import { classifyUrlHostname } from "../lib/ip-address.ts";
import { choiceLabels } from "./choices.ts";
import type { FieldRoles } from "./field-roles.ts";
import { OWN_FILE_PATH } from "./official-links.ts";
import type { ProjectedColumn } from "./columns.ts";

export interface Option {
  value: string;
  label: string;
}

/**
 * The key an input means: a key as it is, or an option's English label in any case (old links,
 * CSV files, API clients and notices written before keys, "Uttar Pradesh", "12th Pass"). Anything
 * else comes back unchanged, for the caller's own check to refuse.
 */
export function toOptionKey(options: readonly Option[], input: string): string {
  if (options.some((o) => o.value === input)) return input;
  const wanted = input.trim().toLowerCase();
  return options.find((o) => o.label.toLowerCase() === wanted)?.value ?? input;
}

export interface ScalarField {
  name: string;
  /** The admin form's label: says what to type ("Salary from (₹ per month)"). */
  label: string;
  /** The public page's label, written for readers, when it differs ("Pay from (per month)"). */
  publicLabel?: string;
  /**
   * "choices": any number of `options` (ticked boxes), stored as the chosen values in the
   * options' order; none chosen is no value.
   */
  type: "text" | "textarea" | "url" | "date" | "number" | "select" | "choices";
  required?: boolean;
  /** Longest text accepted (characters) or largest number. */
  max?: number;
  options?: readonly Option[];
  help?: string;
  column?: ProjectedColumn;
  /** Shown in the page's "at a glance" block only, not in its section's table. */
  glanceOnly?: boolean;
  /** What a new entry's form starts with. */
  defaultValue?: string | number;
  /** False for a choice whose words say nothing about the entry (Yes / No): kept out of search. */
  searchable?: false;
  /** A text field that holds a key, not words (a preset's key): no Hindi twin, not searched. */
  code?: true;
  /** In a rows table with a total row: false for a number that is not a count (an age). */
  summed?: false;
  /**
   * A url field that may also hold a file uploaded to this site (`/files/<sha256>.pdf`): the form
   * shows an upload control next to the address, and the check accepts that relative address.
   */
  upload?: "pdf";
  /** What else the site does with it: a glance fact, a change-log line, a button (./field-roles.ts). */
  roles?: FieldRoles;
}

export interface RowsField {
  name: string;
  label: string;
  publicLabel?: string;
  type: "rows";
  columns: readonly ScalarField[];
  maxRows?: number;
  help?: string;
  /** The page adds a row adding up the number columns (a vacancy table's "Total"). */
  totalRow?: boolean;
  /** What a new entry's form starts with. */
  defaultRows?: readonly Row[];
  /** The form's lines of inputs for a row with many columns, by column name (default: one line). */
  lines?: readonly (readonly string[])[];
  roles?: FieldRoles;
}

export type Field = ScalarField | RowsField;

export interface Section {
  id: string;
  title: string;
  fields: readonly Field[];
}

export type Row = Record<string, string | number | string[] | undefined>;
export type FieldValue = string | number | string[] | Row[] | undefined;
export type EntryData = Record<string, FieldValue>;

const TEXT_MAX = 300;
const TEXTAREA_MAX = 10_000;
const NUMBER_MAX = 100_000_000;
export const MAX_ROWS = 100;

const emptyToUndefined = (v: unknown) =>
  v === null || (typeof v === "string" && v.trim() === "") ? undefined : v;

/**
 * The chosen values of a "choices" field, in the options' order. A form sends one value per
 * ticked box (`name[0]`, `name[3]`…: a list); a lone value counts as a list of one; none chosen is
 * no value.
 */
function choicesSchema(field: ScalarField): z.ZodType {
  const options = field.options ?? [];
  const values = options.map((o) => o.value);
  // Items are checked as a whole, so that every complaint is the field's and names it.
  const list = z
    .array(z.unknown(), { error: `${field.label} must be a list of the listed options` })
    .max(values.length, `${field.label}: at most ${values.length} choices`)
    .refine(
      (chosen) => chosen.every((v) => typeof v === "string" && values.includes(v)),
      `Choose only the listed options for ${field.label}`,
    )
    .transform((chosen) => values.filter((v) => chosen.includes(v)));
  return z.preprocess((v) => {
    const items = typeof v === "string" ? [v] : v;
    if (!Array.isArray(items)) return items ?? undefined;
    // Each box sends its value once; the same one twice is still one choice.
    const chosen = [
      ...new Set(
        items
          .filter((item) => !(typeof item === "string" && !item.trim()))
          .map((item) => (typeof item === "string" ? toOptionKey(options, item) : item)),
      ),
    ];
    return chosen.length ? chosen : undefined;
  }, list.optional());
}

function scalarSchema(field: ScalarField): z.ZodType {
  if (field.type === "choices") return choicesSchema(field);
  const label = field.label;
  let schema: z.ZodType;
  switch (field.type) {
    case "number":
      schema = z.coerce
        .number({ message: `${label} must be a number` })
        .int(`${label} must be a whole number`)
        .min(0, `${label} cannot be negative`)
        .max(field.max ?? NUMBER_MAX, `${label} is too large`);
      break;
    case "date":
      schema = isoDate(label);
      break;
    case "url":
      schema = field.upload ? httpUrlOrOwnFile(label) : httpUrl(label);
      break;
    case "select": {
      const options = field.options ?? [];
      const values = options.map((o) => o.value);
      // A stored key, or the English label old files and clients send ("12th Pass").
      schema = z
        .string()
        .transform((v) => toOptionKey(options, v))
        .refine((v) => values.includes(v), `Choose one of the listed options for ${label}`);
      break;
    }
    default: {
      const max = field.max ?? (field.type === "textarea" ? TEXTAREA_MAX : TEXT_MAX);
      schema = z.string().trim().max(max, `${label} must be at most ${max} characters`);
    }
  }
  // zod's own "expected string, received undefined" is not for people: say what is missing.
  const present = field.required
    ? z
        .any()
        .refine((v) => v !== undefined, `${label} is required`)
        .pipe(schema)
    : schema.optional();
  return z.preprocess(emptyToUndefined, present) as z.ZodType;
}

export function isoDate(label: string) {
  return z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${label} must be a date (YYYY-MM-DD)`, abort: true })
    .refine(
      (v) =>
        !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
        new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      `${label} is not a real date`,
    );
}

/**
 * What is wrong with a link for readers to follow, if anything: not an http(s) address; a user
 * name or password in it; or a host on this server's own network — a private, loopback,
 * link-local, unique-local or unspecified address (IPv4-mapped ones included, as the guarded
 * client classes them), `localhost`, a `*.localhost` name, or a name without a dot ("intranet").
 * Names are not looked up.
 */
export function linkProblem(value: string): "not-http" | "credentials" | "private" | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "not-http";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "not-http";
  if (url.username || url.password) return "credentials";
  const host = url.hostname.replace(/\.$/, "");
  const kind = classifyUrlHostname(host);
  if (kind === "name") {
    if (host === "localhost" || host.endsWith(".localhost") || !host.includes("."))
      return "private";
  } else if (kind !== "public") return "private";
  return undefined;
}

export function httpUrl(label: string, { ownFile = false } = {}) {
  const messages = {
    "not-http": ownFile
      ? `${label} must be a full http:// or https:// address, or an uploaded file`
      : `${label} must be a full http:// or https:// address`,
    credentials: `${label} must not contain a user name or password`,
    private: `${label} must be a public web address, not a private or local one`,
  };
  return z
    .string()
    .trim()
    .max(2000, `${label} must be at most 2000 characters`)
    .superRefine((v, ctx) => {
      if (ownFile && OWN_FILE_PATH.test(v)) return;
      const problem = linkProblem(v);
      if (problem) ctx.addIssue({ code: "custom", message: messages[problem] });
    });
}

/** A full http(s) address, or the address of a file uploaded to this site (`/files/…`). */
export function httpUrlOrOwnFile(label: string) {
  return httpUrl(label, { ownFile: true });
}

function fieldSchema(field: Field): z.ZodType {
  if (field.type !== "rows") return scalarSchema(field);
  const row = z.object(Object.fromEntries(field.columns.map((c) => [c.name, fieldSchema(c)])));
  const maxRows = field.maxRows ?? MAX_ROWS;
  return z.preprocess(
    (v) => (Array.isArray(v) ? v.filter((r) => !isBlankRow(r)) : v === undefined ? [] : v),
    z.array(row).max(maxRows, `${field.label}: at most ${maxRows} rows`),
  ) as z.ZodType;
}

function isBlankRow(row: unknown): boolean {
  if (!row || typeof row !== "object") return false;
  return Object.values(row).every(isBlank);
}

/**
 * Nothing typed: no value, spaces, or a list of nothing (no box ticked). Never converts a value
 * to text: `{ toString: [] }` from a hand-made request cannot be.
 */
const isBlank = (v: unknown): boolean =>
  v === undefined ||
  v === null ||
  (typeof v === "string" && v.trim() === "") ||
  (Array.isArray(v) && v.every(isBlank));

/** All fields of a kind, flattened out of its sections. */
export function allFields(sections: readonly Section[]): Field[] {
  return sections.flatMap((s) => s.fields);
}

/** Where an entry keeps the Hindi version of a field's words: `hi_summary`, `hi_faqs` (issue 14). */
export const HINDI = "hi_";
/** When the English words last changed, and when the Hindi ones did (set by the write path). */
export const TEXT_CHANGED_AT = "textChangedAt";
export const HINDI_CHANGED_AT = "hi_changedAt";

/**
 * The fields an editor writes words into (text and textarea; in tables, their text columns), each
 * as its optional Hindi twin: numbers, dates, addresses and choices are shared by both languages.
 * A Hindi table row translates the English row at the same position.
 */
export function hindiFields(sections: readonly Section[]): Field[] {
  const words = (f: ScalarField) => (f.type === "text" || f.type === "textarea") && !f.code;
  const out: Field[] = [{ name: `${HINDI}title`, label: "Title (Hindi)", type: "text", max: 300 }];
  for (const field of allFields(sections)) {
    if (field.type === "rows") {
      const columns = field.columns.filter(words).map((c) => ({ ...c, required: false }));
      if (columns.length) out.push({ ...field, name: `${HINDI}${field.name}`, columns });
    } else if (words(field)) {
      out.push({ ...field, name: `${HINDI}${field.name}`, required: false });
    }
  }
  return out;
}

export function dataSchema(sections: readonly Section[]) {
  const stamp = z.string().max(40).optional();
  const shape: Record<string, z.ZodType> = Object.fromEntries(
    [...allFields(sections), ...hindiFields(sections)].map((f) => [f.name, fieldSchema(f)]),
  );
  shape[TEXT_CHANGED_AT] = stamp;
  shape[HINDI_CHANGED_AT] = stamp;
  return z.object(shape);
}

/** The data a new entry's form starts with: each field's default, if it has one. */
export function defaultData(sections: readonly Section[]): EntryData {
  const data: EntryData = {};
  for (const field of allFields(sections)) {
    if (field.type === "rows") {
      if (field.defaultRows) data[field.name] = field.defaultRows.map((row) => ({ ...row }));
    } else if (field.defaultValue !== undefined) {
      data[field.name] = field.defaultValue;
    }
  }
  return data;
}

/**
 * Data with every select's value as its option key (issue 27), in the fields and in table rows:
 * the write path stores keys whoever writes (demo content, tests and clients that send the
 * English name, "Bihar"). Anything that is no option's key or name stays as it is.
 */
export function withOptionKeys(sections: readonly Section[], data: EntryData): EntryData {
  const keyOf = (field: ScalarField | undefined, v: unknown) =>
    field?.type === "select" && field.options && typeof v === "string"
      ? toOptionKey(field.options, v)
      : v;
  const out: EntryData = { ...data };
  for (const field of allFields(sections)) {
    const value = data[field.name];
    if (field.type !== "rows") {
      if (typeof value === "string") out[field.name] = keyOf(field, value) as string;
    } else if (Array.isArray(value)) {
      out[field.name] = (value as Row[]).map((row) =>
        Object.fromEntries(
          Object.entries(row).map(([name, cell]) => [
            name,
            keyOf(
              field.columns.find((c) => c.name === name),
              cell,
            ),
          ]),
        ),
      ) as Row[];
    }
  }
  return out;
}

/** Every text the search index should know about, from any kind's data. */
export function searchableText(sections: readonly Section[], data: EntryData): string {
  const parts: string[] = [];
  for (const field of allFields(sections)) {
    const value = data[field.name];
    if (field.type === "rows") {
      for (const row of (value as Row[] | undefined) ?? []) {
        for (const c of field.columns) {
          if (c.type === "text" || c.type === "textarea") parts.push(String(row[c.name] ?? ""));
        }
      }
    } else if ((field.type === "text" || field.type === "textarea") && !field.code) {
      parts.push(String(value ?? ""));
    } else if (field.type === "select" && value !== undefined && field.searchable !== false) {
      parts.push(field.options?.find((o) => o.value === value)?.label ?? String(value));
    } else if (field.type === "choices" && Array.isArray(value)) {
      parts.push(choiceLabels(field, value).join(", "));
    }
  }
  return parts.filter(Boolean).join("\n").slice(0, 50_000);
}
