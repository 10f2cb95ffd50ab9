import { choiceLabels } from "~/content/choices.ts";
import type { Comparable } from "~/content/entry-shapes.ts";
import { hindiFields, type Field, type Row, type ScalarField } from "~/content/fields.ts";
import { REGISTRY } from "~/content/registry.ts";
import type { Kind } from "~/content/kinds.ts";
import type { Status } from "~/content/kinds/schema.ts";
import { formatDate } from "~/lib/format.ts";
import { formatDateTime } from "~/lib/format.ts";
import { STATUS_LABELS } from "./status-badge.tsx";

export interface DiffPart {
  /** The column's label inside a row; absent for a single value. */
  label?: string;
  text: string;
  changed: boolean;
}

export interface DiffLine {
  key: string;
  section: string;
  label: string;
  before: DiffPart[];
  after: DiffPart[];
  changed: boolean;
}

function show(field: Pick<ScalarField, "type" | "options">, value: unknown): string {
  if (value === undefined || value === null || value === "") return "";
  if (field.type === "select") {
    return field.options?.find((o) => o.value === value)?.label ?? String(value);
  }
  if (field.type === "choices") return choiceLabels(field, value).join(", ");
  // Dates read the same everywhere on the site: "24 Nov 2026", never "2026-11-24".
  if (field.type === "date") return formatDate(String(value));
  return String(value);
}

/**
 * Compare two versions of an entry field by field, in the order of the registry, with its
 * labels. Rows are compared row by row and, inside a row, column by column. Fields empty in
 * both versions are left out.
 */
export function diffEntries(
  kind: Kind,
  before: Comparable,
  after: Comparable,
  jobTitles: Readonly<Record<string, string>> = {},
): DiffLine[] {
  const def = REGISTRY[kind];
  const lines: DiffLine[] = [];
  const scalar = (key: string, section: string, label: string, a: string, b: string) => {
    if (a === "" && b === "") return;
    const changed = a !== b;
    lines.push({
      key,
      section,
      label,
      before: [{ text: a, changed }],
      after: [{ text: b, changed }],
      changed,
    });
  };
  const job = (id: string | null) => (id ? (jobTitles[id] ?? id) : "");
  scalar("title", "Entry", def.titleLabel, before.title, after.title);
  scalar("slug", "Entry", "Slug", before.slug, after.slug);
  scalar("organization", "Entry", "Organization", before.organization, after.organization);
  const status = (s: string) => STATUS_LABELS[s as Status] ?? s;
  scalar("status", "Entry", "Status", status(before.status), status(after.status));
  scalar(
    "publishAt",
    "Entry",
    "Publish at (India time)",
    formatDateTime(before.publishAt),
    formatDateTime(after.publishAt),
  );
  if (def.linksToJob) scalar("jobId", "Entry", "Job", job(before.jobId), job(after.jobId));

  // The Hindi twins (issue 14) come after the English, under their own heading.
  const sections: { title: string; fields: readonly Field[] }[] = [
    ...def.sections,
    {
      title: "Hindi",
      fields: hindiFields(def.sections).map((f) => ({
        ...f,
        label: /hindi/i.test(f.label) ? f.label : `${f.label} (Hindi)`,
      })),
    },
  ];
  for (const section of sections) {
    for (const field of section.fields) {
      const key = `data.${field.name}`;
      if (field.type !== "rows") {
        scalar(
          key,
          section.title,
          field.label,
          show(field, before.data[field.name]),
          show(field, after.data[field.name]),
        );
        continue;
      }
      const a = (before.data[field.name] as Row[] | undefined) ?? [];
      const b = (after.data[field.name] as Row[] | undefined) ?? [];
      for (let i = 0; i < Math.max(a.length, b.length); i++) {
        const parts = (row: Row | undefined, other: Row | undefined) =>
          row
            ? field.columns
                .map((c) => ({
                  label: c.label,
                  text: show(c, row[c.name]),
                  changed: show(c, row[c.name]) !== show(c, other?.[c.name]),
                }))
                .filter((p) => p.text !== "" || p.changed)
            : [];
        const beforeParts = parts(a[i], b[i]);
        const afterParts = parts(b[i], a[i]);
        lines.push({
          key: `${key}[${i}]`,
          section: section.title,
          label: `${field.label}, row ${i + 1}`,
          before: beforeParts,
          after: afterParts,
          changed:
            !a[i] ||
            !b[i] ||
            afterParts.some((p) => p.changed) ||
            beforeParts.some((p) => p.changed),
        });
      }
    }
  }
  return lines;
}

/**
 * A field's value as the form holds it (`title`, `data.lastDate`, a table as rows), in words for
 * a person: dates and choices as the history shows them, a table one row a line.
 */
export function formValueText(kind: Kind, key: string, value: unknown): string {
  const def = REGISTRY[kind];
  if (!key.startsWith("data.")) {
    if (key === "status") return STATUS_LABELS[value as Status] ?? String(value ?? "");
    // The form's publish time is India's wall clock: "2026-11-27T10:00".
    if (key === "publishAt" && typeof value === "string" && value.length >= 16)
      return `${formatDate(value.slice(0, 10))}, ${value.slice(11, 16)}`;
    return typeof value === "string" ? value : "";
  }
  const name = key.slice(5);
  const field = [...def.sections.flatMap((s) => s.fields), ...hindiFields(def.sections)].find(
    (f) => f.name === name,
  );
  if (!field) return typeof value === "string" ? value : "";
  if (field.type !== "rows") return show(field, value);
  const rows = Array.isArray(value) ? (value as Row[]) : [];
  return rows
    .map((row) =>
      field.columns
        .map((c) => show(c, row?.[c.name]))
        .filter(Boolean)
        .join(", "),
    )
    .filter(Boolean)
    .join("\n");
}
