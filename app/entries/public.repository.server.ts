// What the public pages read of entries: one entry by its slug, the lists of a kind with their
// filters, the home page's boxes, a job's related entries, and the public change log.
import { sql } from "kysely";
import type { ChangeFact } from "~/content/change-log.ts";
import { describeChange, type KeyChange } from "~/i18n/change-words.ts";
import { FILTER_COLUMNS, type FilterColumn } from "~/content/columns.ts";
import type { EntryData } from "~/content/fields.ts";
import { catalog } from "~/i18n/catalog.server.ts";
import type { Locale } from "~/lib/locale.ts";
import type { Kind } from "~/content/kinds.ts";
import { todayInIndia } from "~/lib/india-date.ts";
import type { DB } from "../platform/db/db.server.ts";
import { addDays } from "../lib/format.ts";
import { isPublic } from "~/platform/db/public-entries.ts";
import { summaryColumns, toEntry, toSummary, type Page } from "./entry-row.server.ts";
import type { Entry, EntrySummary } from "../content/entry.ts";

export type PublicLookup =
  { found: "entry"; entry: Entry } | { found: "moved"; slug: string } | { found: "none" };

/** A published entry by its slug; an old slug of a published entry answers with where it moved. */
export async function findPublishedBySlug(db: DB, kind: Kind, slug: string): Promise<PublicLookup> {
  const row = await db
    .selectFrom("entries")
    .selectAll()
    .where("kind", "=", kind)
    .where("slug", "=", slug)
    .where(isPublic)
    .executeTakeFirst();
  if (row) return { found: "entry", entry: toEntry(row) };
  const moved = await db
    .selectFrom("entry_slugs")
    .innerJoin("entries", "entries.id", "entry_slugs.entry_id")
    .select("entries.slug")
    .where("entry_slugs.kind", "=", kind)
    .where("entry_slugs.slug", "=", slug)
    .where(sql<boolean>`entries.status = 'published' and entries.deleted_at is null`)
    .executeTakeFirst();
  if (moved) return { found: "moved", slug: moved.slug };
  // The spec's detail routes take the entry's id: an id is answered with its slug address.
  if (ENTRY_ID.test(slug)) {
    const byId = await db
      .selectFrom("entries")
      .select("slug")
      .where("kind", "=", kind)
      .where("id", "=", slug.toLowerCase())
      .where(isPublic)
      .executeTakeFirst();
    if (byId) return { found: "moved", slug: byId.slug };
  }
  return { found: "none" };
}

const ENTRY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ListFilters extends Partial<Record<FilterColumn, string>> {
  organization?: string;
  /** India's date: leave out jobs whose last date is before it ("what can I still apply for"). */
  openOn?: string;
}

/** Newest first, or the soonest last date first (jobs one can still apply for). */
export type ListSort = "newest" | "last-date";

/**
 * Offset pagination is bounded: past this page the database would read and discard too many rows.
 * Nobody pages that deep; filters and search narrow a list instead.
 */
export const MAX_LIST_PAGES = 250;

/** A kind's public entries, filtered as a list page filters them (the lists and the feeds). */
export function publicOfKind(db: DB, kind: Kind, filters: ListFilters) {
  let q = db.selectFrom("entries").where("kind", "=", kind).where(isPublic);
  if (filters.openOn) {
    const openOn = filters.openOn;
    q = q.where((eb) => eb.or([eb("last_date", "is", null), eb("last_date", ">=", openOn)]));
  }
  if (filters.organization) q = q.where("organization", "=", filters.organization);
  // Entries hold keys (issue 27): the caller passes keys (the list route reads old English names).
  for (const column of FILTER_COLUMNS) {
    const value = filters[column];
    if (value) q = q.where(column, "=", value);
  }
  return q;
}

/** How many published entries of a kind match the filters. */
export async function countPublished(
  db: DB,
  kind: Kind,
  filters: ListFilters = {},
): Promise<number> {
  const { openOn, ...rest } = filters;
  // A filter's own index holds the last date (the single condition is read from it alone).
  if (!openOn || Object.values(rest).some(Boolean)) {
    const { total } = await publicOfKind(db, kind, filters)
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .executeTakeFirstOrThrow();
    return Number(total);
  }
  // The whole list's open jobs are counted as two ranges of an index that holds the last date:
  // none, and not passed. As one condition (`last_date is null or last_date >= ?`) SQLite counted
  // the job list's 60,000 open jobs through the sitemaps' index of (kind, updated_at) and read
  // each row for its last date: 82–105 ms at 100,000 entries, once per content generation, so
  // after every publish on result day, on the thread that answers every request (3–4 ms now).
  const count = publicOfKind(db, kind, rest).select((eb) => eb.fn.countAll<number>().as("n"));
  const { total } = await db
    .selectNoFrom((eb) =>
      eb(count.where("last_date", "is", null), "+", count.where("last_date", ">=", openOn)).as(
        "total",
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(total);
}

/**
 * Published entries of a kind, newest first, one page at a time. `total`, when the caller already
 * knows it (the list page keeps counts per content generation), saves the count.
 */
export async function listPublished(
  db: DB,
  kind: Kind,
  {
    page = 1,
    perPage = 20,
    filters = {},
    total,
    sort = "newest",
  }: {
    page?: number;
    perPage?: number;
    filters?: ListFilters;
    total?: number;
    sort?: ListSort;
  },
): Promise<Page<EntrySummary & { data: EntryData }>> {
  const count = total ?? (await countPublished(db, kind, filters));
  const pages = Math.min(MAX_LIST_PAGES, Math.max(1, Math.ceil(count / perPage)));
  let query = publicOfKind(db, kind, filters).select([...summaryColumns, "data"]);
  query =
    sort === "last-date"
      ? query.orderBy("last_date", "asc").orderBy("published_at", "desc")
      : query.orderBy("published_at", "desc");
  const rows = await query
    .orderBy("id", "desc")
    .limit(perPage)
    .offset((Math.min(page, pages) - 1) * perPage)
    .execute();
  return {
    // A list row shows one date from its entry's fields (a result's declaration, an exam's date).
    items: rows.map((r) => ({ ...toSummary(r), data: JSON.parse(r.data) as EntryData })),
    total: count,
    page: Math.min(page, pages),
    perPage,
    pages,
  };
}

/**
 * The newest published entries of one kind (spec: ordered by creation, newest first). With
 * `openOn` (India's date), jobs whose last date is before it are left out.
 */
export async function latestPublished(
  db: DB,
  kind: Kind,
  limit: number,
  { openOn }: { openOn?: string } = {},
): Promise<EntrySummary[]> {
  let query = db
    .selectFrom("entries")
    .select(summaryColumns)
    .where("kind", "=", kind)
    .where(isPublic);
  if (openOn) {
    query = query.where((eb) =>
      eb.or([eb("last_date", "is", null), eb("last_date", ">=", openOn)]),
    );
  }
  const rows = await query
    .orderBy("published_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toSummary);
}

/**
 * Open jobs whose last date falls within the next `days` days, soonest first. `today` is India's
 * date: a job closes at midnight in India, so by the UTC date yesterday's jobs would linger here
 * until 05:30.
 */
export async function jobsClosingSoon(
  db: DB,
  days: number,
  limit: number,
  today: string = todayInIndia(),
): Promise<EntrySummary[]> {
  const from = today;
  const to = addDays(today, days);
  const rows = await db
    .selectFrom("entries")
    .select(summaryColumns)
    .where("kind", "=", "job")
    .where(isPublic)
    .where("last_date", ">=", from)
    .where("last_date", "<=", to)
    .orderBy("last_date", "asc")
    .limit(limit)
    .execute();
  return rows.map(toSummary);
}

/** Distinct values of a filterable column among a kind's published entries, for the filter menus. */
export async function filterValues(
  db: DB,
  kind: Kind,
  column: "organization" | FilterColumn,
): Promise<string[]> {
  // A loose index scan: one index seek per distinct value instead of reading every row, on
  // SQLite and PostgreSQL alike (the public partial indexes lead with kind, then this column).
  const col = sql.ref(column);
  const { rows } = await sql<{ v: string }>`
    with recursive t(v) as (
      select min(${col}) from entries
      where kind = ${kind} and status = 'published' and deleted_at is null
      union all
      select (select min(${col}) from entries
              where kind = ${kind} and status = 'published' and deleted_at is null and ${col} > t.v)
      from t where t.v is not null
    )
    select v from t where v is not null limit 500`.execute(db);
  return rows.map((r) => String(r.v));
}

/** The published entries that belong to a job (its result, admit card, answer key, syllabus). */
export async function entriesOfJob(db: DB, jobId: string): Promise<EntrySummary[]> {
  const rows = await db
    .selectFrom("entries")
    .select(summaryColumns)
    .where("job_id", "=", jobId)
    .where(isPublic)
    .orderBy("published_at", "desc")
    .limit(20)
    .execute();
  return rows.map(toSummary);
}

export async function getPublishedSummaryById(
  db: DB,
  id: string,
): Promise<EntrySummary | undefined> {
  const row = await db
    .selectFrom("entries")
    .select(summaryColumns)
    .where("id", "=", id)
    .where(isPublic)
    .executeTakeFirst();
  return row ? toSummary(row) : undefined;
}

export interface PublicChange {
  id: string;
  entryId: string;
  /** The English words (the bell's); `facts` says them in any language. */
  headline: string;
  detail: string;
  /** What changed, for the catalogues' words; null for lines written before issue 26. */
  facts: ChangeFact | null;
  createdAt: string;
}

const toChange = (r: {
  id: string;
  entry_id: string;
  headline: string;
  detail: string;
  facts: string | null;
  created_at: string;
}): PublicChange => ({
  id: r.id,
  entryId: r.entry_id,
  headline: r.headline,
  detail: r.detail,
  facts: r.facts ? (JSON.parse(r.facts) as ChangeFact) : null,
  createdAt: r.created_at,
});

/**
 * A change's words in `locale`: from what changed and the catalogue, or, for a line saved before
 * changes were data (issue 26), the English it was saved with (marked `lang: "en"` on a Hindi
 * page).
 */
export function changeIn(
  c: Pick<PublicChange, "headline" | "detail" | "facts">,
  locale: Locale,
): KeyChange & { lang?: "en" } {
  if (c.facts) return describeChange(c.facts, catalog(locale).detail.changes, locale);
  return { headline: c.headline, detail: c.detail, ...(locale !== "en" && { lang: "en" }) };
}

/** When each of these entries last changed in a way readers act on (the lists' "Updated"). */
export async function lastKeyChanges(db: DB, entryIds: readonly string[]) {
  if (entryIds.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom("entry_changes")
    .select(["entry_id", (eb) => eb.fn.max("created_at").as("at")])
    .where("entry_id", "in", [...entryIds])
    .groupBy("entry_id")
    .execute();
  return new Map(rows.map((r) => [r.entry_id, String(r.at)]));
}

/** An entry's public change log, newest first. */
export async function listEntryChanges(
  db: DB,
  entryId: string,
  limit = 50,
): Promise<PublicChange[]> {
  const rows = await db
    .selectFrom("entry_changes")
    .select(["id", "entry_id", "headline", "detail", "facts", "created_at"])
    .where("entry_id", "=", entryId)
    // Lines saved together: the one that matters most to an applicant first.
    .orderBy("created_at", "desc")
    .orderBy("rank")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toChange);
}

/**
 * The newest key changes of public entries of `kinds`, with each entry's summary, for the bell
 * and the latest bar. A job that has closed is left out, as it is from the updates themselves.
 */
export async function latestChanges(
  db: DB,
  kinds: readonly Kind[],
  limit: number,
  today: string = todayInIndia(),
): Promise<(PublicChange & { entry: EntrySummary })[]> {
  // A cross join, so SQLite walks the newest changes and looks each entry up by its key: left
  // to choose, it read every public entry of the kinds first (273 ms on 100,000 entries, on each
  // content change) whenever its statistics saw entry_changes empty. PostgreSQL plans it as the
  // inner join it is.
  const rows = await db
    .selectFrom("entry_changes as c")
    .crossJoin("entries")
    .whereRef("entries.id", "=", "c.entry_id")
    .select(summaryColumns.map((col) => `entries.${col}` as const))
    .select([
      "c.id as change_id",
      "c.entry_id",
      "c.headline",
      "c.detail",
      "c.facts",
      "c.created_at as changed_at",
    ])
    .where(isPublic)
    .where("entries.kind", "in", [...kinds])
    .where((eb) =>
      eb.or([
        eb("entries.kind", "!=", "job"),
        eb("entries.last_date", "is", null),
        eb("entries.last_date", ">=", today),
      ]),
    )
    .orderBy("c.created_at", "desc")
    .orderBy("c.rank")
    .orderBy("c.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    ...toChange({ ...r, id: r.change_id, created_at: r.changed_at }),
    entry: toSummary(r),
  }));
}
