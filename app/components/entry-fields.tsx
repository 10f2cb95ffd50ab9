// The fields of an entry's public page (entry-detail.tsx draws the page around them): short facts
// in label/value tables, long text and repeated rows as blocks, links with their trust and status.
import { useId } from "react";
import type { EntryData, Field, Row, RowsField, ScalarField, Section } from "~/content/fields.ts";
import { isEmpty } from "~/content/is-empty.ts";
import type { LinkTrust } from "~/content/official-links.ts";
import { useLocale, useT } from "~/i18n/context.tsx";
import { fmt } from "~/lib/locale.ts";
import { formatDate, formatNumber, formatRupees } from "~/lib/format.ts";
import { TrustNote } from "./at-a-glance.tsx";
import {
  LinkCheckedNote,
  LinkProblemInline,
  sendsElsewhere,
  useLinkStatus,
} from "./link-status.tsx";

/** How each link of the entry is named and trusted, decided on the server (entry-page.server.ts). */
export type LinkTrusts = Readonly<Record<string, LinkTrust | null>>;

type Group = { type: "table"; fields: ScalarField[] } | { type: "block"; field: Field };

/**
 * Short facts (text, numbers, dates, choices, links) read best as one label/value table; long text
 * and repeated rows stand on their own. Consecutive short facts share a table, and a list of
 * label + address rows (other links) joins the table as more links.
 */
export function groupFields(section: Section, data: EntryData): Group[] {
  const groups: Group[] = [];
  for (const field of section.fields) {
    if (isEmpty(data[field.name]) || (field.type !== "rows" && field.glanceOnly)) continue;
    if (isShortFact(field) || isLinkList(field)) {
      const last = groups.at(-1);
      if (last?.type === "table") last.fields.push(field as ScalarField);
      else groups.push({ type: "table", fields: [field as ScalarField] });
    } else {
      groups.push({ type: "block", field });
    }
  }
  return groups;
}

function isShortFact(field: Field): field is ScalarField {
  return field.type !== "rows" && field.type !== "textarea";
}

/** A rows field of exactly a text label and a URL: each row is one more link. */
function isLinkList(field: Field): field is RowsField {
  return (
    field.type === "rows" &&
    field.columns.length === 2 &&
    field.columns[0].type === "text" &&
    field.columns[1].type === "url"
  );
}

/** A rows field of a short text and a long text (questions and answers, subjects and topics). */
function isTermList(field: Field): field is RowsField {
  return (
    field.type === "rows" &&
    field.columns.length === 2 &&
    field.columns[0].type === "text" &&
    field.columns[1].type === "textarea"
  );
}

/** "One step per line." and the like: the editor typed a list. */
function isLineList(field: Field): boolean {
  return field.type === "textarea" && /\bper line\b/i.test(field.help ?? "");
}

export function FieldTable({
  fields,
  data,
  trusts,
}: {
  fields: readonly Field[];
  data: EntryData;
  trusts: LinkTrusts;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <tbody>
          {fields.flatMap((field) =>
            isLinkList(field)
              ? (data[field.name] as Row[]).map((row, i) => (
                  <FactRow key={`${field.name}-${i}`} label={String(row[field.columns[0].name])}>
                    <ExternalLink href={String(row[field.columns[1].name])} trusts={trusts} />
                  </FactRow>
                ))
              : [
                  <FactRow key={field.name} label={readerLabel(field)}>
                    <ScalarValue
                      field={field as ScalarField}
                      value={data[field.name]}
                      trusts={trusts}
                    />
                  </FactRow>,
                ],
          )}
        </tbody>
      </table>
    </div>
  );
}

function FactRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <tr className="border border-stone-200">
      <th
        scope="row"
        className="w-2/5 bg-stone-50 px-2 py-2 text-left align-top font-semibold text-ink sm:px-3"
      >
        {label}
      </th>
      <td className="px-2 py-2 align-top break-words sm:px-3">{children}</td>
    </tr>
  );
}

export function FieldBlock({
  field,
  section,
  value,
}: {
  field: Field;
  section: Section;
  value: EntryData[string];
}) {
  if (field.type === "rows") {
    const rows = value as Row[];
    if (isTermList(field)) {
      const [term, detail] = field.columns;
      return (
        <dl className="space-y-3">
          {rows.map((row, i) => (
            <div key={i}>
              <dt className="font-semibold text-ink">{String(row[term.name])}</dt>
              <dd className="mt-1 whitespace-pre-line text-muted">{String(row[detail.name])}</dd>
            </div>
          ))}
        </dl>
      );
    }
    return <RowsTable field={field} rows={rows} />;
  }
  const text = String(value);
  if (isLineList(field)) {
    const lines = text
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean);
    return (
      <div>
        <FieldHeading field={field} section={section} />
        <ol className="list-decimal space-y-1 pl-6">
          {lines.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ol>
      </div>
    );
  }
  return (
    <div>
      <FieldHeading field={field} section={section} />
      <p className="whitespace-pre-line">{text}</p>
    </div>
  );
}

/**
 * A field alone in its section, or named like it ("How to apply" under "How to Apply"), needs no
 * heading of its own.
 */
function FieldHeading({ field, section }: { field: Field; section: Section }) {
  if (section.fields.length === 1) return null;
  if (readerLabel(field).toLowerCase() === section.title.toLowerCase()) return null;
  return <h3 className="mb-1 font-semibold text-ink">{readerLabel(field)}</h3>;
}

function RowsTable({ field, rows }: { field: RowsField; rows: Row[] }) {
  // A column nobody filled in (say, no ST posts anywhere) is noise on a small screen.
  const t = useT("detail");
  const columns = field.columns.filter((c) => rows.some((r) => !isEmpty(r[c.name])));
  const captionId = useId();
  const totals = field.totalRow && rows.length > 1 ? columnTotals(columns, rows) : null;
  const cell = (c: ScalarField, first: boolean) =>
    `border border-stone-200 px-2 py-2 align-top sm:px-3 ${c.type === "number" ? "text-right tabular-nums" : "min-w-28"} ${first ? "sticky left-0 bg-white" : ""}`;
  return (
    <div>
      {columns.length > 3 && (
        // Nothing is hidden on a phone: the table scrolls sideways with its first column held,
        // and says so.
        <p className="mb-1 text-xs text-muted sm:hidden" aria-hidden="true">
          {fmt(t.swipe, { n: columns.length })}
        </p>
      )}
      {/* A wide table scrolls sideways on a phone; keyboard users must be able to scroll it too,
          so the scroller takes focus (the base :focus-visible outline shows it) and is named after
          the table. That is the one case the rule below does not know (axe:
          scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div role="region" aria-labelledby={captionId} tabIndex={0} className="overflow-x-auto">
        <table className="w-full border-collapse text-sm">
          <caption id={captionId} className="sr-only">
            {readerLabel(field)}
          </caption>
          <thead>
            <tr>
              {columns.map((c, i) => (
                <th
                  key={c.name}
                  scope="col"
                  className={`border border-stone-200 bg-stone-100 px-2 py-2 font-semibold whitespace-nowrap sm:px-3 ${c.type === "number" ? "text-right" : "text-left"} ${i === 0 ? "sticky left-0" : ""}`}
                >
                  {readerLabel(c)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={i}>
                {columns.map((c, j) => (
                  <td key={c.name} className={cell(c, j === 0)}>
                    <ScalarValue field={c} value={row[c.name]} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          {totals && (
            <tfoot>
              <tr className="font-semibold">
                {columns.map((c, j) =>
                  j === 0 ? (
                    <th key={c.name} scope="row" className={`${cell(c, true)} text-left`}>
                      {t.total}
                    </th>
                  ) : (
                    <td key={c.name} className={cell(c, false)}>
                      {totals[c.name] === undefined ? "" : formatNumber(totals[c.name]!)}
                    </td>
                  ),
                )}
              </tr>
            </tfoot>
          )}
        </table>
      </div>
    </div>
  );
}

/** The sum of each number column; a column with a blank cell has no total (it would mislead). */
function columnTotals(columns: readonly ScalarField[], rows: Row[]) {
  const totals: Record<string, number | undefined> = {};
  for (const c of columns) {
    if (c.type !== "number" || c.summed === false) continue;
    const values = rows.map((r) => r[c.name]);
    totals[c.name] = values.every((v) => typeof v === "number")
      ? (values as number[]).reduce((a, b) => a + b, 0)
      : undefined;
  }
  return totals;
}

function ScalarValue({
  field,
  value,
  trusts = {},
}: {
  field: ScalarField;
  value: unknown;
  trusts?: LinkTrusts;
}) {
  const locale = useLocale();
  if (isEmpty(value)) return <span className="text-muted">–</span>;
  switch (field.type) {
    case "date":
      return <time dateTime={String(value)}>{formatDate(String(value), locale)}</time>;
    case "number": {
      const n = Number(value);
      return <>{field.label.includes("₹") ? formatRupees(n) : formatNumber(n)}</>;
    }
    case "select":
      return <>{field.options?.find((o) => o.value === value)?.label ?? String(value)}</>;
    case "url":
      return <ExternalLink href={String(value)} trusts={trusts} />;
    default:
      return <span className="whitespace-pre-line">{String(value)}</span>;
  }
}

/** An outgoing link named by where it leads, and whether that is an official site. */
function ExternalLink({ href, trusts }: { href: string; trusts: LinkTrusts }) {
  const t = useT("detail");
  const trust = trusts[href] ?? null;
  const status = useLinkStatus(href);
  if (status && sendsElsewhere(status))
    return <LinkProblemInline host={trust ? trust.host : t.openLink} href={href} status={status} />;
  return (
    <>
      <a
        href={href}
        target="_blank"
        rel="nofollow noopener"
        className="font-semibold break-all text-accent underline underline-offset-2"
      >
        {trust ? trust.host : t.openLink}
        <span aria-hidden="true"> ↗</span>
      </a>
      {trust && (
        <span className={`block text-xs ${trust.official ? "text-muted" : "text-amber-900"}`}>
          <TrustNote trust={trust} host={false} />
        </span>
      )}
      {status && (
        <span className="block text-xs text-muted">
          <LinkCheckedNote status={status} />
        </span>
      )}
    </>
  );
}

/** The label a reader sees: the registry's public label, else the form's. */
function readerLabel(field: Field): string {
  return field.publicLabel ?? field.label;
}
