import { sql } from "kysely";
import { allFields, searchableText, type EntryData } from "~/content/fields.ts";
import { REGISTRY, slugify, type Kind, type Status } from "~/content/registry.ts";
import { keyChanges } from "~/content/change-log.ts";
import { todayInIndia } from "~/india-date.ts";
import type { DB } from "./db/db.server.ts";
import { dialectOf, newId, now, nowAfter } from "./db/dialect.ts";
import type { EntryRow } from "./db/schema.ts";
import { addDays } from "./format.ts";
import { ensureOrganization } from "./organizations.server.ts";
import { recordRevision } from "./revisions.server.ts";

export interface Entry {
  id: string;
  kind: Kind;
  slug: string;
  title: string;
  organization: string;
  state: string | null;
  qualification: string | null;
  status: Status;
  publishAt: string | null;
  publishedAt: string | null;
  lastDate: string | null;
  jobId: string | null;
  data: EntryData;
  createdAt: string;
  updatedAt: string;
  createdBy: string | null;
  updatedBy: string | null;
  deletedAt: string | null;
}

/** What a list shows of an entry: no `data`, so lists stay small. */
export type EntrySummary = Omit<Entry, "data">;

export interface Author {
  id: string | null;
  name: string | null;
}

export interface EntryWrite {
  title: string;
  slug?: string;
  organization: string;
  status: Status;
  publishAt?: string;
  jobId?: string;
  data: EntryData;
}

export class EntryConflictError extends Error {
  constructor(
    readonly field: "slug" | "jobId",
    message: string,
  ) {
    super(message);
  }
}

/**
 * What "public" means, written as literals so both databases use the partial indexes that carry
 * the same condition (see the initial migration).
 */
export const isPublic = sql<boolean>`status = 'published' and deleted_at is null`;

export const summaryColumns = [
  "id",
  "kind",
  "slug",
  "title",
  "organization",
  "state",
  "qualification",
  "status",
  "publish_at",
  "published_at",
  "last_date",
  "job_id",
  "created_at",
  "updated_at",
  "created_by",
  "updated_by",
  "deleted_at",
] as const;

export function toSummary(row: Omit<EntryRow, "data" | "search_text" | "search_id">): EntrySummary {
  return {
    id: row.id,
    kind: row.kind as Kind,
    slug: row.slug,
    title: row.title,
    organization: row.organization,
    state: row.state,
    qualification: row.qualification,
    status: row.status as Status,
    publishAt: row.publish_at,
    publishedAt: row.published_at,
    lastDate: row.last_date,
    jobId: row.job_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    createdBy: row.created_by,
    updatedBy: row.updated_by,
    deletedAt: row.deleted_at,
  };
}

export function toEntry(row: Omit<EntryRow, "search_id">): Entry {
  return { ...toSummary(row), data: JSON.parse(row.data) as EntryData };
}

/** The columns that a kind's fields are projected into (state, qualification, last date). */
export function projectedColumns(kind: Kind, data: EntryData) {
  const out = {
    state: null as string | null,
    qualification: null as string | null,
    last_date: null as string | null,
  };
  for (const field of allFields(REGISTRY[kind].sections)) {
    if (field.type !== "rows" && field.column) {
      const v = data[field.name];
      out[field.column] = v === undefined ? null : String(v);
    }
  }
  return out;
}

async function uniqueSlug(db: DB, kind: Kind, wanted: string, exceptId?: string): Promise<string> {
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? wanted : `${wanted.slice(0, 95)}-${n}`;
    const taken = await slugOwner(db, kind, candidate);
    if (!taken || taken === exceptId) return candidate;
  }
  throw new EntryConflictError("slug", "Could not find a free slug; choose one by hand");
}

/** Which entry currently answers or used to answer to this slug, if any. */
async function slugOwner(db: DB, kind: Kind, slug: string): Promise<string | undefined> {
  const current = await db
    .selectFrom("entries")
    .select("id")
    .where("kind", "=", kind)
    .where("slug", "=", slug)
    .executeTakeFirst();
  if (current) return current.id;
  const old = await db
    .selectFrom("entry_slugs")
    .select("entry_id")
    .where("kind", "=", kind)
    .where("slug", "=", slug)
    .executeTakeFirst();
  return old?.entry_id;
}

async function checkJobLink(db: DB, kind: Kind, jobId: string | undefined) {
  if (!jobId) return null;
  if (!REGISTRY[kind].linksToJob) {
    throw new EntryConflictError("jobId", `A ${REGISTRY[kind].label} cannot link to a job`);
  }
  const job = await db
    .selectFrom("entries")
    .select("id")
    .where("id", "=", jobId)
    .where("kind", "=", "job")
    .executeTakeFirst();
  if (!job) throw new EntryConflictError("jobId", "The linked job does not exist");
  return jobId;
}

function publishedAtFor(
  status: Status,
  publishAt: string | undefined,
  previous: string | null,
  at: string,
) {
  // A scheduled entry carries its future time; published by hand before then, it is public now.
  if (status === "published") return previous && previous <= at ? previous : at;
  if (status === "scheduled") return publishAt ? new Date(publishAt).toISOString() : null;
  return previous;
}

/** A new entry and its first revision, in the caller's transaction (app/server/write/). */
export async function insertEntry(
  trx: DB,
  kind: Kind,
  input: EntryWrite,
  author: Author,
): Promise<Entry> {
  const at = now();
  const id = newId();
  const explicit = input.slug;
  if (explicit && (await slugOwner(trx, kind, explicit))) {
    throw new EntryConflictError(
      "slug",
      `The slug "${explicit}" is already used by another ${REGISTRY[kind].label.toLowerCase()}`,
    );
  }
  const slug = explicit ?? (await uniqueSlug(trx, kind, slugify(input.title)));
  await ensureOrganization(trx, input.organization);
  const row = {
    id,
    kind,
    slug,
    title: input.title,
    organization: input.organization,
    ...projectedColumns(kind, input.data),
    status: input.status,
    publish_at: input.publishAt ? new Date(input.publishAt).toISOString() : null,
    published_at: publishedAtFor(input.status, input.publishAt, null, at),
    job_id: await checkJobLink(trx, kind, input.jobId),
    data: JSON.stringify(input.data),
    search_text: searchableText(REGISTRY[kind].sections, input.data),
    created_at: at,
    updated_at: at,
    created_by: author.id,
    updated_by: author.id,
    deleted_at: null,
  };
  await trx.insertInto("entries").values(row).execute();
  const entry = toEntry(row);
  await recordRevision(trx, "entry", id, entry, author, at);
  return entry;
}

/** `insertEntry` in a transaction of its own (seeding, imports, tests). */
export function createEntry(db: DB, kind: Kind, input: EntryWrite, author: Author) {
  return db.transaction().execute((trx) => insertEntry(trx, kind, input, author));
}

/** A save made against an older version than the one stored: refused, nothing written. */
export class StaleEntryError extends Error {
  constructor(readonly current: Entry) {
    super(`The entry was saved by someone else at ${current.updatedAt}`);
  }
}

/**
 * The entry changed, with a revision (and the public change log), in the caller's transaction.
 * With `expectedVersion` (the `updatedAt` the editor's form was loaded at) a save against a newer
 * stored version throws StaleEntryError. The check and the write are one conditional UPDATE, so
 * two saves racing on PostgreSQL cannot both pass it.
 */
export async function changeEntry(
  trx: DB,
  id: string,
  input: EntryWrite,
  author: Author,
  expectedVersion?: string,
): Promise<Entry> {
  const before = await trx
    .selectFrom("entries")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  if (!before) throw new EntryNotFoundError(id);
  if (expectedVersion !== undefined && before.updated_at !== expectedVersion) {
    throw new StaleEntryError(toEntry(before));
  }
  const kind = before.kind as Kind;
  const at = nowAfter(before.updated_at);
  let slug = before.slug;
  if (input.slug && input.slug !== before.slug) {
    const owner = await slugOwner(trx, kind, input.slug);
    if (owner && owner !== id) {
      throw new EntryConflictError(
        "slug",
        `The slug "${input.slug}" is already used by another ${REGISTRY[kind].label.toLowerCase()}`,
      );
    }
    // The old address keeps working: it answers with a 301 to the new one.
    await trx
      .deleteFrom("entry_slugs")
      .where("kind", "=", kind)
      .where("slug", "=", input.slug)
      .execute();
    await trx
      .insertInto("entry_slugs")
      .values({ kind, slug: before.slug, entry_id: id, created_at: at })
      .onConflict((oc) => oc.columns(["kind", "slug"]).doNothing())
      .execute();
    slug = input.slug;
  }
  if (input.organization !== before.organization) await ensureOrganization(trx, input.organization);
  const changes = {
    slug,
    title: input.title,
    organization: input.organization,
    ...projectedColumns(kind, input.data),
    status: input.status,
    publish_at: input.publishAt ? new Date(input.publishAt).toISOString() : null,
    published_at: publishedAtFor(input.status, input.publishAt, before.published_at, at),
    job_id: await checkJobLink(trx, kind, input.jobId),
    data: JSON.stringify(input.data),
    search_text: searchableText(REGISTRY[kind].sections, input.data),
    updated_at: at,
    updated_by: author.id,
  };
  const updated = await trx
    .updateTable("entries")
    .set(changes)
    .where("id", "=", id)
    .where("updated_at", "=", before.updated_at)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) {
    const current = await trx
      .selectFrom("entries")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    throw new StaleEntryError(toEntry(current));
  }
  const entry = toEntry({ ...before, ...changes });
  await recordRevision(trx, "entry", id, entry, author, at);
  // Readers hear of changes to what they act on, once the entry is public and stays so.
  if (before.status === "published" && input.status === "published") {
    const keyed = keyChanges(kind, JSON.parse(before.data) as EntryData, input.data);
    if (keyed.length > 0)
      await trx
        .insertInto("entry_changes")
        .values(
          keyed.map((c) => ({
            id: newId(),
            entry_id: id,
            headline: c.headline,
            detail: c.detail,
            created_at: at,
          })),
        )
        .execute();
  }
  return entry;
}

/** `changeEntry` in a transaction of its own (seeding, imports, tests). */
export function updateEntry(db: DB, id: string, input: EntryWrite, author: Author) {
  return db.transaction().execute((trx) => changeEntry(trx, id, input, author));
}

export class EntryNotFoundError extends Error {
  constructor(id: string) {
    super(`No entry with id ${id}`);
  }
}

export async function getEntryById(db: DB, id: string): Promise<Entry | undefined> {
  const row = await db.selectFrom("entries").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toEntry(row) : undefined;
}

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

export interface ListFilters {
  organization?: string;
  state?: string;
  qualification?: string;
  /** India's date: leave out jobs whose last date is before it ("what can I still apply for"). */
  openOn?: string;
}

/** Newest first, or the soonest last date first (jobs one can still apply for). */
export type ListSort = "newest" | "last-date";

export interface Page<T> {
  items: T[];
  /** How many match; for search, counting stops at SEARCH_COUNT_LIMIT (then `totalCapped`). */
  total: number;
  totalCapped?: boolean;
  page: number;
  perPage: number;
  pages: number;
}

/**
 * Offset pagination is bounded: past this page the database would read and discard too many rows.
 * Nobody pages that deep; filters and search narrow a list instead.
 */
export const MAX_LIST_PAGES = 250;

function publicOfKind(db: DB, kind: Kind, filters: ListFilters) {
  let q = db.selectFrom("entries").where("kind", "=", kind).where(isPublic);
  if (filters.openOn) {
    const openOn = filters.openOn;
    q = q.where((eb) => eb.or([eb("last_date", "is", null), eb("last_date", ">=", openOn)]));
  }
  if (filters.organization) q = q.where("organization", "=", filters.organization);
  if (filters.state) q = q.where("state", "=", filters.state);
  if (filters.qualification) q = q.where("qualification", "=", filters.qualification);
  return q;
}

/** How many published entries of a kind match the filters. */
export async function countPublished(
  db: DB,
  kind: Kind,
  filters: ListFilters = {},
): Promise<number> {
  const { total } = await publicOfKind(db, kind, filters)
    .select((eb) => eb.fn.countAll<number>().as("total"))
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
  column: "organization" | "state" | "qualification",
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

export interface SearchHit extends EntrySummary {
  snippet: string;
}

/**
 * Full-text search over published entries, best match first. The one query that differs between
 * the databases: SQLite's FTS5 and PostgreSQL's tsvector. Words found come back wrapped in
 * \u0001…\u0002 so the page can highlight them without trusting any HTML.
 */
/**
 * How much an open job's relevance is multiplied by: a job seeker searching "junior clerk" wants
 * the notifications they can still apply for before that exam's result, admit card or answer key,
 * and before jobs that have closed.
 */
const OPEN_JOB_BOOST = 2;

export interface SearchPage extends Page<SearchHit> {
  /** Matches of each kind (bounded like `total`), for the type filter chips. */
  kindCounts: Partial<Record<Kind, number>>;
}

export async function searchPublished(
  db: DB,
  query: string,
  {
    page = 1,
    perPage = 20,
    kind,
    today = todayInIndia(),
  }: { page?: number; perPage?: number; kind?: Kind; today?: string } = {},
): Promise<SearchPage> {
  const words = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 8);
  if (words.length === 0)
    return { items: [], total: 0, page: 1, perPage, pages: 1, kindCounts: {} };
  const offset = (page - 1) * perPage;
  const openJob = sql<boolean>`(e.kind = 'job' and (e.last_date is null or e.last_date >= ${today}))`;
  const boost = sql<number>`(case when ${openJob} then ${OPEN_JOB_BOOST} else 1 end)`;
  const counted = (rows: { kind: string; n: number | string }[]) => {
    const kindCounts: Partial<Record<Kind, number>> = {};
    for (const r of rows) kindCounts[r.kind as Kind] = Number(r.n);
    const all = Object.values(kindCounts).reduce((a, b) => a + b, 0);
    return { kindCounts, total: kind ? (kindCounts[kind] ?? 0) : all };
  };
  if (dialectOf(db) === "sqlite") {
    // entries_fts holds public entries only (see the migration); the first matches, bounded, are
    // counted by kind, and the page's rows ranked with the open-job boost.
    const match = words.map((w) => `"${w.replaceAll('"', '""')}"*`).join(" ");
    const fts = sql<{ rowid: number; snippet: string }>`entries_fts`.as("entries_fts");
    const perKind = await db
      .selectFrom(
        db
          .selectFrom(fts)
          .select(sql<number>`rowid`.as("search_id"))
          .where(sql<boolean>`entries_fts match ${match}`)
          .limit(SEARCH_COUNT_LIMIT + 1)
          .as("m"),
      )
      .innerJoin("entries as e", "e.search_id", "m.search_id")
      .select(["e.kind", sql<number>`count(*)`.as("n")])
      .groupBy("e.kind")
      .execute();
    const { kindCounts, total } = counted(perKind);
    const hits = kind
      ? await db
          .selectFrom(fts)
          .innerJoin("entries as e", (join) =>
            join.on(sql<boolean>`e.search_id = entries_fts.rowid`),
          )
          .select([
            sql<number>`entries_fts.rowid`.as("search_id"),
            sql<string>`snippet(entries_fts, -1, char(1), char(2), '…', 24)`.as("snippet"),
          ])
          .where(sql<boolean>`entries_fts match ${match}`)
          .where("e.kind", "=", kind)
          .orderBy(sql`bm25(entries_fts, 10, 4, 1) * ${boost}`)
          .limit(perPage)
          .offset(offset)
          .execute()
      : await rerankedHits(db, match, offset, perPage, today);
    if (hits.length === 0) return { ...pageOf([], total, page, perPage), kindCounts };
    const rows = await db
      .selectFrom("entries")
      .select([...summaryColumns, "search_id"])
      .where(
        "search_id",
        "in",
        hits.map((h) => h.search_id),
      )
      .execute();
    const byId = new Map(rows.map((r) => [r.search_id, r]));
    const ordered = hits.flatMap((h) => {
      const row = byId.get(h.search_id);
      return row ? [{ ...row, snippet: h.snippet }] : [];
    });
    return { ...pageOf(ordered, total, page, perPage), kindCounts };
  }
  // PostgreSQL: rank the newest matches (at most SEARCH_RANK_WINDOW of them) so that a very common
  // word costs the same as a rare one; job seekers want the recent notices first anyway.
  const tsquery = words.map((w) => `${w.replace(/[^\p{L}\p{N}]/gu, "")}:*`).join(" & ");
  const matches = db
    .selectFrom("entries as e")
    .where(sql<boolean>`search_vector @@ to_tsquery('simple', ${tsquery})`)
    .where(isPublic);
  const perKind = await db
    .selectFrom(
      matches
        .select("e.kind")
        .limit(SEARCH_COUNT_LIMIT + 1)
        .as("m"),
    )
    .select(["m.kind", sql<number>`count(*)`.as("n")])
    .groupBy("m.kind")
    .execute();
  const { kindCounts, total } = counted(perKind);
  const rows = await db
    .selectFrom(
      matches
        .$if(!!kind, (q) => q.where("e.kind", "=", kind!))
        .select([
          ...summaryColumns.map((c) => `e.${c}` as const),
          "e.search_vector" as never,
          "e.search_text",
          sql<number>`${boost}`.as("boost"),
        ])
        .orderBy("e.published_at", "desc")
        .limit(SEARCH_RANK_WINDOW)
        .as("m"),
    )
    .select(summaryColumns)
    .select(
      sql<string>`ts_headline('simple', title || ' — ' || left(search_text, 2000), to_tsquery('simple', ${tsquery}), 'StartSel=' || chr(1) || ', StopSel=' || chr(2) || ', MaxWords=30, MinWords=10')`.as(
        "snippet",
      ),
    )
    .orderBy(sql`ts_rank(search_vector, to_tsquery('simple', ${tsquery})) * boost`, "desc")
    .orderBy("published_at", "desc")
    .limit(perPage)
    .offset(offset)
    .execute();
  return { ...pageOf(rows, total, page, perPage), kindCounts };
}

/**
 * SQLite: the best matches by plain relevance, re-ranked with the open-job boost. Joining every
 * match to its row to boost it cost 28 ms for a word in 6,000 entries; ranking in the index alone
 * and boosting the first page plus this many costs 8 ms. A match beyond the window would need
 * more than twice the relevance gap to climb into the page: rare, and never past a better one.
 */
const RERANK_WINDOW = 200;

async function rerankedHits(
  db: DB,
  match: string,
  offset: number,
  perPage: number,
  today: string,
): Promise<{ search_id: number; snippet: string }[]> {
  const fts = sql<{ rowid: number }>`entries_fts`.as("entries_fts");
  const candidates = await db
    .selectFrom(fts)
    .select([
      sql<number>`rowid`.as("search_id"),
      sql<number>`bm25(entries_fts, 10, 4, 1)`.as("score"),
    ])
    .where(sql<boolean>`entries_fts match ${match}`)
    .orderBy(sql`bm25(entries_fts, 10, 4, 1)`)
    .limit(Math.min(SEARCH_COUNT_LIMIT, offset + perPage + RERANK_WINDOW))
    .execute();
  if (candidates.length === 0) return [];
  const rows = await db
    .selectFrom("entries")
    .select(["search_id", "kind", "last_date"])
    .where(
      "search_id",
      "in",
      candidates.map((c) => c.search_id),
    )
    .execute();
  const open = new Set(
    rows
      .filter((r) => r.kind === "job" && (r.last_date === null || r.last_date >= today))
      .map((r) => r.search_id),
  );
  // bm25 is negative, better is lower: the boost multiplies it like the SQL ranking does.
  const page = candidates
    .map((c) => ({ id: c.search_id, rank: c.score * (open.has(c.search_id) ? OPEN_JOB_BOOST : 1) }))
    .sort((a, b) => a.rank - b.rank || a.id - b.id)
    .slice(offset, offset + perPage)
    .map((c) => c.id);
  if (page.length === 0) return [];
  const snippets = await db
    .selectFrom(fts)
    .select([
      sql<number>`rowid`.as("search_id"),
      sql<string>`snippet(entries_fts, -1, char(1), char(2), '…', 24)`.as("snippet"),
    ])
    .where(sql<boolean>`entries_fts match ${match}`)
    .where(sql<boolean>`rowid in (${sql.join(page)})`)
    .execute();
  const byId = new Map(snippets.map((h) => [h.search_id, h.snippet]));
  return page.map((id) => ({ search_id: id, snippet: byId.get(id) ?? "" }));
}

const SEARCH_RANK_WINDOW = 300;
export const SEARCH_COUNT_LIMIT = 1000;

function pageOf(
  rows: (Omit<EntryRow, "data" | "search_text" | "search_id"> & { snippet: string })[],
  counted: number,
  page: number,
  perPage: number,
): Page<SearchHit> {
  const totalCapped = counted > SEARCH_COUNT_LIMIT;
  const total = Math.min(counted, SEARCH_COUNT_LIMIT);
  return {
    items: rows.map((r) => ({ ...toSummary(r), snippet: r.snippet })),
    total,
    totalCapped,
    page,
    perPage,
    pages: Math.max(1, Math.ceil(total / perPage)),
  };
}

/** Scheduled entries whose time has come become published. Returns how many changed. */

export async function countEntries(db: DB): Promise<number> {
  const { n } = await db
    .selectFrom("entries")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n);
}

// ---------------------------------------------------------------------------------------------
// Public pages: sitemaps and feeds.

export interface SitemapEntry {
  slug: string;
  updatedAt: string;
}

/**
 * URLs per sitemap file. sitemaps.org allows 50,000; files of 10,000 (about 1.6 MB) are quick to
 * build and to fetch, and the sitemap index lists as many as a kind needs.
 */
export const SITEMAP_PAGE_SIZE = 10_000;

/** One sitemap file of a kind's public entries, newest first (page 1 is the newest). */
export async function sitemapEntries(
  db: DB,
  kind: Kind,
  { page = 1, perPage = SITEMAP_PAGE_SIZE } = {},
): Promise<SitemapEntry[]> {
  const size = Math.min(perPage, SITEMAP_PAGE_SIZE);
  const rows = await db
    .selectFrom("entries")
    .select(["slug", "updated_at"])
    .where("kind", "=", kind)
    .where(isPublic)
    .orderBy("published_at", "desc")
    .orderBy("id", "desc")
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  return rows.map((r) => ({ slug: r.slug, updatedAt: r.updated_at }));
}

export interface FeedItem {
  id: string;
  slug: string;
  title: string;
  organization: string;
  publishedAt: string;
  summary: string;
}

/** The newest published entries of a kind with their short information, for the RSS feed. */
export async function feedItems(
  db: DB,
  kind: Kind,
  limit = 50,
  filters: ListFilters = {},
): Promise<FeedItem[]> {
  const rows = await publicOfKind(db, kind, filters)
    .select(["id", "slug", "title", "organization", "published_at", "updated_at", "data"])
    .orderBy("published_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => {
    let summary = "";
    try {
      const data = JSON.parse(r.data) as EntryData;
      summary = typeof data.summary === "string" ? data.summary : "";
    } catch {
      // A damaged row still belongs in the feed, just without its summary.
    }
    return {
      id: r.id,
      slug: r.slug,
      title: r.title,
      organization: r.organization,
      publishedAt: r.published_at ?? r.updated_at,
      summary,
    };
  });
}

/** When each kind's published content last changed: the lastmod of its list page. */
export interface KindStats {
  /** When a public entry of the kind last changed. */
  last?: string;
  /** How many public entries it has. */
  count: number;
}

/** Per kind: its public entries' newest change and their number (the sitemaps need both). */
export async function publicKindStats(db: DB): Promise<Partial<Record<Kind, KindStats>>> {
  const rows = await db
    .selectFrom("entries")
    .select((eb) => ["kind", eb.fn.max("updated_at").as("last"), eb.fn.countAll().as("n")])
    .where(isPublic)
    .groupBy("kind")
    .execute();
  const out: Partial<Record<Kind, KindStats>> = {};
  for (const r of rows)
    out[r.kind as Kind] = { last: r.last ? String(r.last) : undefined, count: Number(r.n) };
  return out;
}

export interface PublicChange {
  id: string;
  entryId: string;
  headline: string;
  detail: string;
  createdAt: string;
}

const toChange = (r: {
  id: string;
  entry_id: string;
  headline: string;
  detail: string;
  created_at: string;
}): PublicChange => ({
  id: r.id,
  entryId: r.entry_id,
  headline: r.headline,
  detail: r.detail,
  createdAt: r.created_at,
});

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
    .selectAll()
    .where("entry_id", "=", entryId)
    .orderBy("created_at", "desc")
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
  const rows = await db
    .selectFrom("entry_changes as c")
    .innerJoin("entries", "entries.id", "c.entry_id")
    .select(summaryColumns.map((col) => `entries.${col}` as const))
    .select([
      "c.id as change_id",
      "c.entry_id",
      "c.headline",
      "c.detail",
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
    .orderBy("c.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.change_id,
    entryId: r.entry_id,
    headline: r.headline,
    detail: r.detail,
    createdAt: r.changed_at,
    entry: toSummary(r),
  }));
}
