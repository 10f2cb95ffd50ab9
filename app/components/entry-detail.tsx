import type { ReactNode } from "react";
import type { RelatedEntry } from "~/content/entry-shapes.ts";
import type { EntryData, Section } from "~/content/fields.ts";
import { isEmpty } from "~/content/is-empty.ts";
import type { Glance } from "~/content/glance.ts";
import type { KindDefinition } from "~/content/registry.ts";
import type { Kind } from "~/content/kinds.ts";
import { useLocale, useT } from "~/i18n/context.tsx";
import { fmt } from "~/lib/locale.ts";
import { formatDate, formatDateTime, isClosed } from "~/lib/format.ts";
import { AtAGlance } from "./at-a-glance.tsx";
import { EnglishOnly, RowTitle } from "./english-only.tsx";
import { FieldBlock, FieldTable, groupFields, type LinkTrusts } from "./entry-fields.tsx";
import { LinkStatusProvider, type ReaderLinks } from "./link-status.tsx";

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
      <header className="space-y-1 wrap-anywhere sm:space-y-2">
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

function sectionHasContent(section: Section, data: EntryData): boolean {
  return section.fields.some((f) => !isEmpty(data[f.name]));
}
