/**
 * The admin entry form speaks in flat input names that encode a path (`title`,
 * `data.summary`, `data.posts[0].total`); the zod schema speaks in nested objects. This module
 * turns one into the other and back, in the browser and on the server alike (no server imports).
 */

import { IST_OFFSET_MS, indiaWallClock } from "../lib/india-date.ts";
import type { Comparable } from "./entry-shapes.ts";
import type { Row } from "./fields.ts";

/**
 * What the form holds: strings all the way down, rows as arrays of string records, and the ticked
 * values of a group of boxes (`data.disciplines[0]`, `[3]`…) as an array of strings.
 */
export type FormTree = { [key: string]: string | string[] | FormTree | FormTree[] };

/** Input name → the first error message for it. */
export type FieldErrors = Record<string, string>;

export interface ParsedForm {
  value: FormTree;
  /**
   * For every rows array (by dotted path, e.g. "data.posts"): the input index each kept row came
   * from. Blank rows are dropped and index gaps closed, so position 1 may be `posts[5]`.
   */
  rowOrigins: Record<string, number[]>;
}

const SEGMENT = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
// Keys that would reach Object.prototype (or a constructor) if used as property names.
const FORBIDDEN = new Set(["__proto__", "constructor", "prototype"]);
const MAX_INDEX = 999;
const MAX_FIELDS = 5000;

type Step = { key: string } | { index: number };

/** `data.posts[3].total` → [data, posts, 3, total]; anything else (or anything hostile) → null. */
export function parseName(name: string): Step[] | null {
  if (name.length > 300) return null;
  const steps: Step[] = [];
  const re = /\.?([^.[\]]+)|\[(\d{1,4})\]/gy;
  let at = 0;
  while (at < name.length) {
    re.lastIndex = at;
    const m = re.exec(name);
    if (!m) return null;
    if (m[1] !== undefined) {
      // A leading dot, or a key directly after another key without a dot, is malformed.
      if ((at === 0) === m[0].startsWith(".")) return null;
      if (!SEGMENT.test(m[1]) || FORBIDDEN.has(m[1])) return null;
      steps.push({ key: m[1] });
    } else {
      if (steps.length === 0) return null;
      const index = Number(m[2]);
      if (index > MAX_INDEX) return null;
      steps.push({ index });
    }
    at = re.lastIndex;
  }
  return steps.length > 0 && "key" in steps[0] ? steps : null;
}

// While parsing, arrays are kept as index → node maps so that gaps cost nothing.
type Node =
  | { kind: "object"; map: Map<string, Node> }
  | { kind: "array"; map: Map<number, Node> }
  | {
      kind: "leaf";
      value: string;
    };

/**
 * Turn the submitted form into the nested object the schema expects. Unknown shapes are
 * ignored rather than trusted: malformed or hostile names (`__proto__`), files, indexes beyond
 * 999, and a name that would turn an existing value into a container (or back).
 */
export function parseEntryForm(form: FormSource): ParsedForm {
  const root: Node = { kind: "object", map: new Map() };
  for (const [, raw, steps] of readable(form)) insert(root, steps, raw);
  const rowOrigins: Record<string, number[]> = {};
  const value = materialize(root, "", rowOrigins) as FormTree;
  return { value, rowOrigins };
}

type FormSource = FormData | URLSearchParams | Iterable<[string, FormDataEntryValue]>;

/** The text values this reader takes, with their names' steps (see parseEntryForm). */
function* readable(form: FormSource): Generator<[string, string, Step[]]> {
  let count = 0;
  for (const [name, raw] of form as Iterable<[string, FormDataEntryValue]>) {
    if (++count > MAX_FIELDS) break;
    if (typeof raw !== "string") continue;
    const steps = parseName(name);
    if (steps) yield [name, raw, steps];
  }
}

/**
 * Only the values parseEntryForm reads, as a new FormData: what Conform's own parse is given on
 * the server, so that its view of the form (names, echo) holds nothing this reader ignores.
 */
export function readableForm(form: FormSource): FormData {
  const out = new FormData();
  for (const [name, raw] of readable(form)) out.append(name, raw);
  return out;
}

function insert(root: Node, steps: Step[], value: string) {
  let node = root;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    const last = i === steps.length - 1;
    const wantKind = last ? "leaf" : "key" in steps[i + 1] ? "object" : "array";
    if ("key" in step) {
      if (node.kind !== "object") return;
      let child = node.map.get(step.key);
      if (!child) {
        child = make(wantKind, value);
        node.map.set(step.key, child);
      } else if (child.kind !== wantKind) {
        return;
      } else if (last) {
        // The same name twice: the later value wins, as in Object.fromEntries.
        node.map.set(step.key, make("leaf", value));
      }
      node = child;
    } else {
      if (node.kind !== "array") return;
      let child = node.map.get(step.index);
      if (!child) {
        child = make(wantKind, value);
        node.map.set(step.index, child);
      } else if (child.kind !== wantKind) {
        return;
      } else if (last) {
        node.map.set(step.index, make("leaf", value));
      }
      node = child;
    }
  }
}

function make(kind: Node["kind"], value: string): Node {
  if (kind === "leaf") return { kind, value };
  if (kind === "object") return { kind, map: new Map<string, Node>() };
  return { kind, map: new Map<number, Node>() };
}

function materialize(node: Node, path: string, rowOrigins: Record<string, number[]>): unknown {
  if (node.kind === "leaf") return node.value;
  if (node.kind === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, child] of node.map) {
      out[key] = materialize(child, path ? `${path}.${key}` : key, rowOrigins);
    }
    return out;
  }
  const kept: unknown[] = [];
  const origins: number[] = [];
  for (const index of [...node.map.keys()].sort((a, b) => a - b)) {
    const item = materialize(node.map.get(index)!, `${path}[${index}]`, rowOrigins);
    if (isBlank(item)) continue;
    kept.push(item);
    origins.push(index);
  }
  rowOrigins[path] = origins;
  return kept;
}

/** A row nobody typed into: every value empty or spaces (the schema drops these too). */
function isBlank(value: unknown): boolean {
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.every(isBlank);
  if (value && typeof value === "object") return Object.values(value).every(isBlank);
  return false;
}

/** The chosen values of a "choices" field (rows are objects; an empty list is neither). */
const isChoiceList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === "string");

/** The path of an input: ["data", "posts", 0, "total"] → "data.posts[0].total". */
export function inputName(path: readonly PropertyKey[], rowOrigins?: ParsedForm["rowOrigins"]) {
  let name = "";
  for (const step of path) {
    if (typeof step === "number") {
      const origin = rowOrigins?.[name]?.[step];
      name += `[${origin ?? step}]`;
    } else {
      name += name ? `.${String(step)}` : String(step);
    }
  }
  return name;
}

/** The dom id of an input, from its name. */
export function inputId(name: string): string {
  return `f-${name.replace(/[^A-Za-z0-9]+/g, "-").replace(/-$/, "")}`;
}

/**
 * zod's issues, as one message per input. With `rowOrigins` the names point at the inputs the
 * browser holds (gaps and blank rows included); without, at the compacted value's positions.
 */
export function fieldErrorsFromIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  rowOrigins?: ParsedForm["rowOrigins"],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const name = inputName(issue.path, rowOrigins) || "form";
    errors[name] ??= issue.message;
  }
  return errors;
}

// Editors type publish times in India's time.
const LOCAL_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

/** An ISO instant → the value of a datetime-local input in Indian time ("2026-11-22T15:30"). */
export function isoToIndiaLocal(iso: string | null | undefined): string {
  if (!iso) return "";
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return "";
  return indiaWallClock(t).slice(0, 16);
}

/** A datetime-local value typed in Indian time → an ISO instant; other values pass unchanged. */
export function indiaLocalToIso(value: string | undefined): string | undefined {
  if (!value || !LOCAL_DATETIME.test(value)) return value;
  const t = Date.parse(`${value.length === 16 ? `${value}:00` : value}Z`) - IST_OFFSET_MS;
  return Number.isNaN(t) ? value : new Date(t).toISOString();
}

/** What the editor shows for a saved entry: every value as the string an input holds. */
export function entryToFormTree(entry: Comparable): FormTree {
  const data: FormTree = {};
  const cell = (v: string | number | string[]) => (Array.isArray(v) ? v.map(String) : String(v));
  for (const [key, value] of Object.entries(entry.data)) {
    if (value === undefined || value === null) continue;
    if (isChoiceList(value)) {
      data[key] = value.map(String);
    } else if (Array.isArray(value)) {
      data[key] = value.map((row: Row) => {
        const out: FormTree = {};
        for (const [k, v] of Object.entries(row))
          if (v !== undefined && v !== null) out[k] = cell(v);
        return out;
      });
    } else {
      data[key] = String(value);
    }
  }
  return {
    title: entry.title,
    slug: entry.slug,
    organization: entry.organization,
    status: entry.status,
    publishAt: isoToIndiaLocal(entry.publishAt),
    jobId: entry.jobId ?? "",
    data,
  };
}

/**
 * A Hindi table (`data.hi_faqs`) translates the English one row by row: its row i is English row i.
 * The parser closes gaps, so put each Hindi row back at the index its inputs were drawn with, and
 * hold an untranslated row's place with a marker the schema does not keep (a row of unknown keys
 * is not blank, so it is not dropped, and the row object strips the key: stored as `{}`).
 */
export function alignHindiRows(parsed: ParsedForm): ParsedForm {
  const data = parsed.value.data;
  if (!data || typeof data !== "object" || Array.isArray(data)) return parsed;
  for (const [key, rows] of Object.entries(data)) {
    if (!key.startsWith("hi_") || !Array.isArray(rows)) continue;
    const origins = parsed.rowOrigins[`data.${key}`] ?? [];
    const aligned: FormTree[] = [];
    (rows as FormTree[]).forEach((row, i) => {
      aligned[origins[i] ?? i] = row;
    });
    data[key] = Array.from(aligned, (row) => row ?? { [ROW_GAP]: "1" });
    parsed.rowOrigins[`data.${key}`] = Array.from(aligned, (_, i) => i);
  }
  return parsed;
}

/** The place-holder key of an untranslated row inside a Hindi table (see alignHindiRows). */
export const ROW_GAP = "rowGap";
