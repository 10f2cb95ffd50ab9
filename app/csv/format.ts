import { allFields, hindiFields, type EntryData, type Field } from "~/content/fields.ts";
import { entryInputSchema, REGISTRY } from "~/content/registry.ts";
import type { Kind } from "~/content/kinds.ts";
import { parseDateCell } from "~/lib/printed-dates.ts";

/**
 * Entries as CSV (issue 32): one row per entry, one column per field, the same columns out and
 * in. Browser-safe and pure; the export and import services stream through it.
 *
 * - UTF-8 with a byte-order mark, so spreadsheets read Hindi; RFC 4180 quoting.
 * - Scalar fields as they are stored (dates YYYY-MM-DD; on the way in the printed forms
 *   15/01/2027, 15.01.2027, 15 January 2027, 15-Jan-2027 are read too).
 * - A table field (posts, fees, links, FAQs) is one cell of JSON rows: lossless, and one column.
 * - A ticked-boxes field (the subjects a job accepts) is one cell of its option keys joined by
 *   "; " ("medicine; law"); on the way in a JSON list, commas, and the options' labels
 *   ("Law, Medicine (MBBS)") are read too, in any letter case.
 * - A cell that a spreadsheet would run as a formula (= + - @ at its start) is written with a
 *   leading apostrophe, which the import takes off again.
 */

export const BOM = "\uFEFF";

/** Columns the export writes and the import ignores: a new draft gets its own of each. */
export const EXPORT_ONLY = ["id", "status", "published_at", "created_at", "updated_at"] as const;
/** Columns of the entry itself that the import reads. */
export const CORE_IN = ["title", "slug", "organization", "job_id"] as const;

export interface Column {
  name: string;
  field?: Field;
}

/** Every column of a kind, in order: the entry's own, its fields, their Hindi twins. */
export function csvColumns(kind: Kind): Column[] {
  const sections = REGISTRY[kind].sections;
  return [
    ...EXPORT_ONLY.slice(0, 2).map((name) => ({ name })),
    ...CORE_IN.map((name) => ({ name })),
    ...EXPORT_ONLY.slice(2).map((name) => ({ name })),
    ...[...allFields(sections), ...hindiFields(sections)].map((field) => ({
      name: field.name,
      field,
    })),
  ];
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: guarded against formulas, quoted when it must be. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvLine = (cells: readonly string[]) => `${cells.map(csvCell).join(",")}\r\n`;

/** What an export row holds of an entry. */
export interface ExportedEntry {
  id: string;
  status: string;
  title: string;
  slug: string;
  organization: string;
  jobId: string | null;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  data: EntryData;
}

export function entryCells(columns: readonly Column[], entry: ExportedEntry): string[] {
  const core: Record<string, string | null> = {
    id: entry.id,
    status: entry.status,
    title: entry.title,
    slug: entry.slug,
    organization: entry.organization,
    job_id: entry.jobId,
    published_at: entry.publishedAt,
    created_at: entry.createdAt,
    updated_at: entry.updatedAt,
  };
  return columns.map(({ name, field }) => {
    if (!field) return core[name] ?? "";
    const value = entry.data[name];
    if (value === undefined || value === null) return "";
    if (field.type === "choices" && Array.isArray(value)) return value.join("; ");
    if (Array.isArray(value)) return value.length ? JSON.stringify(value) : "";
    return String(value);
  });
}

/** A cell as it was before csvCell guarded it. */
const unguard = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

/** Column letters as a spreadsheet shows them: 0 → A, 26 → AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let out = "";
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

export interface CellError {
  /** The column's header, and its letter in a spreadsheet. */
  column: string;
  letter: string;
  message: string;
}

export interface Header {
  /** Column index → known column (undefined for an ignored one). */
  columns: (Column | undefined)[];
  errors: string[];
}

/** The first row: every column must be one this kind has; title and organization must be there. */
export function readHeader(kind: Kind, cells: readonly string[]): Header {
  const known = new Map(csvColumns(kind).map((c) => [c.name, c]));
  const errors: string[] = [];
  const seen = new Set<string>();
  const columns = cells.map((raw, i) => {
    const name = raw.trim();
    if (seen.has(name)) errors.push(`Column ${columnLetter(i)} (“${name}”) appears twice.`);
    seen.add(name);
    const column = known.get(name);
    if (!column)
      errors.push(
        `Column ${columnLetter(i)} (“${name.slice(0, 60)}”) is not a field of a ${REGISTRY[kind].label.toLowerCase()}. Use the column names of an export.`,
      );
    return column;
  });
  for (const needed of ["title", "organization"])
    if (!seen.has(needed)) errors.push(`The file has no “${needed}” column.`);
  return { columns, errors };
}

/**
 * A ticked-boxes cell → the option keys it names: a JSON list, or keys or labels separated by ";"
 * (or by "," when there is no ";"). A name that is no option stays as written, so the kind's
 * schema refuses it with the field's own message.
 */
function choicesCell(options: readonly { value: string; label: string }[], raw: string): string[] {
  const text = raw.trim();
  let names: unknown[];
  try {
    names = text.startsWith("[") ? (JSON.parse(text) as unknown[]) : [];
  } catch {
    names = [];
  }
  if (!Array.isArray(names) || !names.length) names = text.split(text.includes(";") ? ";" : ",");
  const key = (name: string) => name.trim().toLowerCase();
  const byName = new Map(
    options.flatMap((o) => [
      [key(o.value), o.value],
      [key(o.label), o.value],
    ]),
  );
  return names
    .map((name) =>
      typeof name === "string" ? (byName.get(key(name)) ?? name.trim()) : String(name),
    )
    .filter(Boolean);
}

/** A kind's schema, made once: building it per row was most of an import's garbage. */
const schemas = new Map<Kind, ReturnType<typeof entryInputSchema>>();
const schemaOf = (kind: Kind) => {
  let schema = schemas.get(kind);
  if (!schema) schemas.set(kind, (schema = entryInputSchema(kind)));
  return schema;
};

export interface RowInput {
  title: string;
  slug?: string;
  organization: string;
  status: "draft";
  jobId?: string;
  data: EntryData;
}

/**
 * One data row → a new draft's input, checked with the kind's own schema (the form's rules), or
 * every problem in it, each with its column.
 */
export function readRow(
  kind: Kind,
  header: Header,
  cells: readonly string[],
): { ok: true; input: RowInput } | { ok: false; errors: CellError[] } {
  const errors: CellError[] = [];
  const letterOf = new Map<string, string>();
  const given = new Set<string>();
  const core: Record<string, string> = {};
  const data: Record<string, unknown> = {};
  header.columns.forEach((column, i) => {
    if (!column) return;
    letterOf.set(column.name, columnLetter(i));
    const raw = unguard(cells[i] ?? "");
    const fail = (message: string) =>
      errors.push({ column: column.name, letter: columnLetter(i), message });
    if (!column.field) {
      if ((CORE_IN as readonly string[]).includes(column.name)) core[column.name] = raw;
      return;
    }
    const field = column.field;
    if (raw.trim() === "") return;
    given.add(field.name);
    if (field.type === "rows") {
      let rows: unknown;
      try {
        rows = JSON.parse(raw);
      } catch {
        return fail(`${field.label}: not a table (JSON rows, as an export writes them).`);
      }
      if (!Array.isArray(rows) || rows.some((r) => !r || typeof r !== "object"))
        return fail(`${field.label}: not a table (a JSON list of rows).`);
      data[field.name] = rows;
    } else if (field.type === "date") {
      const iso = parseDateCell(raw);
      if (!iso)
        return fail(
          `${field.label}: “${raw.slice(0, 40)}” is not a date (write 2027-01-15 or 15/01/2027).`,
        );
      data[field.name] = iso;
    } else if (field.type === "number") {
      data[field.name] = raw.replaceAll(",", "").trim();
    } else if (field.type === "choices") {
      data[field.name] = choicesCell(field.options ?? [], raw);
    } else {
      data[field.name] = raw;
    }
  });
  const value = {
    title: core.title ?? "",
    slug: core.slug ?? "",
    organization: core.organization ?? "",
    status: "draft",
    jobId: core.job_id ?? "",
    data,
  };
  const parsed = schemaOf(kind).safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [first, second, row, cell] = issue.path.map(String);
      const name = first === "data" ? second : first === "jobId" ? "job_id" : first;
      if (errors.some((e) => e.column === name)) continue;
      const where =
        first === "data" && row !== undefined ? ` (row ${Number(row) + 1}, ${cell})` : "";
      errors.push({
        column: name ?? "",
        letter: letterOf.get(name ?? "") ?? "",
        message: `${issue.message}${where}`,
      });
    }
  }
  if (errors.length || !parsed.success) return { ok: false, errors };
  const input = parsed.data;
  // The schema makes an absent table an empty one; a table the row did not give stays absent.
  const out = input.data as EntryData;
  for (const [name, v] of Object.entries(out))
    if (Array.isArray(v) && v.length === 0 && !given.has(name)) delete out[name];
  return {
    ok: true,
    input: {
      title: input.title,
      organization: input.organization,
      status: "draft",
      ...(input.slug ? { slug: input.slug } : {}),
      ...(input.jobId ? { jobId: input.jobId } : {}),
      data: out,
    },
  };
}

/** What makes two entries the same notification: its advertisement number and organization. */
export function duplicateKeys(input: { title: string; organization: string; data: EntryData }) {
  const advt = input.data.advertisementNumber;
  return {
    title: input.title.trim().toLowerCase(),
    advt:
      typeof advt === "string" && advt.trim()
        ? `${advt.trim().toLowerCase()}\n${input.organization.trim().toLowerCase()}`
        : null,
  };
}
