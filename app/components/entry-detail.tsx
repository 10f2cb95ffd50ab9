import type { ReactNode } from "react";
import { useId } from "react";
import type { EntryData, Field, Row, RowsField, ScalarField, Section } from "~/content/fields.ts";
import type { Glance } from "~/content/glance.ts";
import type { LinkTrust } from "~/content/official-links.ts";
import type { Kind, KindDefinition } from "~/content/registry.ts";
import { useLocale, useT } from "~/i18n/context.tsx";
import { fmt } from "~/i18n/locale.ts";
import {
  formatDate,
  formatDateTime,
  formatNumber,
  formatRupees,
  isClosed,
} from "~/server/format.ts";

/** How each link of the entry is named and trusted, decided on the server (entry-page.server.ts). */
export type LinkTrusts = Readonly<Record<string, LinkTrust | null>>;
import { AtAGlance, TrustNote } from "./at-a-glance.tsx";
import { EnglishOnly, RowTitle } from "./english-only.tsx";
import {
  LinkCheckedNote,
  LinkProblemInline,
  LinkStatusProvider,
  sendsElsewhere,
  useLinkStatus,
  type ReaderLinks,
} from "./link-status.tsx";

/**
 * The body of an entry's public page, drawn from the content registry alone: the public detail
 * page and the admin preview both render it, so it takes plain data and imports nothing
 * server-only. The kind's definition comes in as a prop (pass `REGISTRY[entry.kind]`) rather than
 * by import, so the public page's JavaScript does not carry the registry's validation library.
 * Its words come from the `detail` strings (the loader sends them; the public page passes the
 * definition with its labels already in the page's language).
 */
export interface EntryDetailEntry {
  id: string;
  kind: Kind;
  slug: string;
  title: string;
  /** "en" on a Hindi page of an entry without Hindi: its title and text are English. */
  lang?: "en";
  organization: string;
  publishedAt: string | null;
  updatedAt: string;
  lastDate: string | null;
  data: EntryData;
}

export interface RelatedEntry {
  id: string;
  title: string;
  /** "en" on a Hindi page when the entry has no Hindi title. */
  lang?: "en";
  /** Its public address, `${REGISTRY[kind].urlPrefix}/${slug}`. */
  href: string;
  /** Its kind as a person says it: REGISTRY[kind].label. */
  kindLabel: string;
}

export interface EntryDetailProps {
  entry: EntryDetailEntry;
  /** REGISTRY[entry.kind], or any object with its label and sections. */
  definition: Pick<KindDefinition, "label" | "sections">;
  /** The job an entry belongs to and the job's other entries (or, on a job, its entries). */
  related: readonly RelatedEntry[];
  /** Today's date in India, YYYY-MM-DD, decided by the server so the browser agrees. */
  today: string;
  /**
   * The public change log, newest first, each day's net change in the page's language ("Last date
   * extended from … to …"), the most important of one moment first.
   */
  changes?: readonly { id: string; detail: string; lang?: "en"; createdAt: string }[];
  /** The first screen's facts and buttons (entryPresentation on the server). */
  glance: Glance;
  /** The hosts this entry's links may lead to and be called official. */
  trusts: LinkTrusts;
  /** The organization's public page, when it has one. */
  organizationHref?: string | null;
  /** Shown right after the at-a-glance block (a job's "Am I eligible?"). */
  afterGlance?: ReactNode;
  /** What the link monitor found of each link (issue 30); the page sends `linkStatus` words. */
  links?: ReaderLinks;
  /** Section bodies drawn on the server as HTML (a job's "Photo and signature"), by section id. */
  sectionHtml?: Readonly<Record<string, string>>;
  /** Shown right under the title block (the My exams bar: Save, Add to calendar). */
  afterHeader?: ReactNode;
}

export function EntryDetail(props: EntryDetailProps) {
  return (
    <LinkStatusProvider links={props.links} today={props.today}>
      <EntryArticle {...props} />
    </LinkStatusProvider>
  );
}

function EntryArticle({
  entry,
  definition: kind,
  related,
  today,
  changes = [],
  glance,
  trusts,
  organizationHref,
  afterGlance,
  sectionHtml = {},
  afterHeader,
}: EntryDetailProps) {
  const t = useT("detail");
  const locale = useLocale();
  const date = (value: string) => formatDate(value, locale);
  // A change log line says when, to the minute: several can come the same day (issue 26).
  const when = (value: string) => formatDateTime(value, locale);
  const closed = entry.kind === "job" && isClosed(entry.lastDate, today);
  const sections = kind.sections.filter(
    (s) => sectionHtml[s.id] || sectionHasContent(s, entry.data),
  );
  const checkedOn = entry.data.checkedOn;
  return (
    <article className="space-y-4 sm:space-y-5">
      <header className="space-y-1 sm:space-y-2">
        <h1 lang={entry.lang} className="text-xl leading-tight font-semibold text-ink sm:text-3xl">
          {entry.title}
        </h1>
        <p className="text-muted">
          {organizationHref ? (
            <a
              href={organizationHref}
              className="inline-block py-1 text-muted underline underline-offset-2"
            >
              {entry.organization}
            </a>
          ) : (
            entry.organization
          )}
        </p>
        <p className="text-sm text-muted">
          <span className="font-semibold tracking-wide text-secondary uppercase">{kind.label}</span>{" "}
          <EnglishOnly lang={entry.lang} />
          {entry.publishedAt && (
            <>
              {" · "}
              {withNode(
                t.postedOn,
                <time dateTime={entry.publishedAt}>{date(entry.publishedAt)}</time>,
              )}
            </>
          )}
          {entry.publishedAt && entry.updatedAt > entry.publishedAt && (
            <>
              {" · "}
              {withNode(
                t.updatedOn,
                <time dateTime={entry.updatedAt}>{date(entry.updatedAt)}</time>,
              )}
            </>
          )}
        </p>
      </header>
      {afterHeader}

      {closed && entry.lastDate && (
        <p
          role="status"
          className="rounded-app border border-red-300 bg-red-50 px-4 py-3 font-semibold text-red-800"
        >
          {fmt(t.closedBanner, { date: date(entry.lastDate) })}
        </p>
      )}

      <AtAGlance
        glance={glance}
        checkedOn={typeof checkedOn === "string" && checkedOn ? checkedOn : undefined}
      />
      {afterGlance}

      {changes.length > 0 && (
        <p className="rounded-app border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950">
          <span className="font-semibold">
            {withNode(
              t.changedOn,
              <time dateTime={changes[0].createdAt}>{when(changes[0].createdAt)}</time>,
            )}
          </span>{" "}
          <span lang={changes[0].lang}>{changes[0].detail}</span>.{" "}
          {changes.length > 1 && (
            <a href="#section-changes" className="text-accent underline">
              {t.allChanges}
            </a>
          )}
        </p>
      )}

      {sections.map((section) => (
        <section
          key={section.id}
          aria-labelledby={`section-${section.id}`}
          className="overflow-hidden rounded-app border border-stone-200 bg-white"
        >
          <h2
            id={`section-${section.id}`}
            className="border-l-4 border-primary bg-primary-light px-4 py-2 text-lg font-semibold text-primary-dark"
          >
            {section.title}
          </h2>
          <div className="space-y-3 p-3 sm:p-4">
            {sectionHtml[section.id] && (
              <div dangerouslySetInnerHTML={{ __html: sectionHtml[section.id] }} />
            )}
            {groupFields(section, entry.data).map((group, i) =>
              group.type === "table" ? (
                <FieldTable key={i} fields={group.fields} data={entry.data} trusts={trusts} />
              ) : (
                <FieldBlock
                  key={i}
                  field={group.field}
                  section={section}
                  value={entry.data[group.field.name]}
                />
              ),
            )}
          </div>
        </section>
      ))}

      {changes.length > 1 && (
        <section
          aria-labelledby="section-changes"
          className="overflow-hidden rounded-app border border-stone-200 bg-white"
        >
          <h2
            id="section-changes"
            className="border-l-4 border-accent bg-accent-light px-4 py-2 text-lg font-semibold text-accent"
          >
            {t.whatChanged}
          </h2>
          <ul className="divide-y divide-stone-100">
            {changes.map((c) => (
              <li key={c.id} className="px-4 py-2">
                <span lang={c.lang}>{c.detail}</span>{" "}
                <span className="text-sm text-muted">
                  {withNode(
                    t.changedOnParen,
                    <time dateTime={c.createdAt}>{when(c.createdAt)}</time>,
                  )}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}

      {related.length > 0 && (
        <section
          aria-labelledby="section-related"
          className="overflow-hidden rounded-app border border-stone-200 bg-white"
        >
          <h2
            id="section-related"
            className="border-l-4 border-accent bg-accent-light px-4 py-2 text-lg font-semibold text-accent"
          >
            {t.related}
          </h2>
          <ul className="divide-y divide-stone-100">
            {related.map((r) => (
              <li key={r.id}>
                {/* The whole row is the link: a 44 px target on a phone (issue 29). */}
                <a href={r.href} className="group block px-4 py-2.5 no-underline">
                  <span className="mr-2 rounded-app bg-stone-100 px-2 py-0.5 text-xs font-semibold text-muted">
                    {r.kindLabel}
                  </span>
                  <RowTitle
                    title={r.title}
                    lang={r.lang}
                    className="text-accent underline-offset-2"
                  />
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}

/** A catalogue sentence with an element where its `{date}` is ("Posted on {date}"). */
function withNode(template: string, node: ReactNode): ReactNode {
  const [before, after = ""] = template.split("{date}");
  return (
    <>
      {before}
      {node}
      {after}
    </>
  );
}

type Group = { type: "table"; fields: ScalarField[] } | { type: "block"; field: Field };

/**
 * Short facts (text, numbers, dates, choices, links) read best as one label/value table; long text
 * and repeated rows stand on their own. Consecutive short facts share a table, and a list of
 * label + address rows (other links) joins the table as more links.
 */
function groupFields(section: Section, data: EntryData): Group[] {
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

function FieldTable({
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

function FieldBlock({
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

/** A value the page leaves out: nothing, blank text, no rows. */
export function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === "string" && value.trim() === "") ||
    (Array.isArray(value) && value.length === 0)
  );
}

function sectionHasContent(section: Section, data: EntryData): boolean {
  return section.fields.some((f) => !isEmpty(data[f.name]));
}
