import { sql } from "kysely";
import { data } from "react-router";
import { kindByAdminSegment, type KindDefinition } from "~/content/registry.ts";
import { KINDS, type Kind } from "~/content/kinds.ts";
import { STATUSES, type Status } from "~/content/kinds/schema.ts";
import type { DB } from "../platform/db/db.server.ts";
import { now } from "../platform/db/dialect.ts";
import { summaryColumns, toEntry, toSummary, type Page } from "./entry-row.server.ts";
import type { Entry, EntrySummary } from "../content/entry.ts";
import type { Author } from "./entries.repository.server.ts";
import { dropFileLinks } from "../files/file-references.repository.server.ts";

/**
 * The back-office's view of the entries: every status, the trash, bulk changes. The public side
 * reads through entries.server.ts, which never sees a draft or a trashed row.
 */

/**
 * The kind an admin URL is about (/admin/manage-jobs/… → job); an unknown segment is a 404.
 * Takes the loader's normalized `url`, not `request.url`, which may end in React Router's `.data`.
 */
export function kindFromUrl(url: URL): KindDefinition {
  const segment = url.pathname.split("/")[2] ?? "";
  const kind = kindByAdminSegment(segment);
  if (!kind) throw data(null, { status: 404 });
  return kind;
}

/** One entry of the given kind, trashed or not; another kind's id is as good as missing. */
export async function getAdminEntry(db: DB, kind: Kind, id: string): Promise<Entry | undefined> {
  const row = await db
    .selectFrom("entries")
    .selectAll()
    .where("id", "=", id)
    .where("kind", "=", kind)
    .executeTakeFirst();
  return row ? toEntry(row) : undefined;
}

export type AdminSort = "updated" | "title" | "published" | "last-date";
export const ADMIN_PER_PAGE = 25;

export interface AdminListQuery {
  /** Part of the title or organization, any case. */
  q?: string;
  status?: Status;
  sort?: AdminSort;
  page?: number;
  perPage?: number;
  /** Only the entries this user created (an author's list: `listedCreator`). */
  createdBy?: string;
}

/** `%` and `_` typed by the editor are meant literally, not as LIKE wildcards. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The admin list of one kind: search, status filter, sort and page; trashed rows excluded. */
export async function adminListEntries(
  db: DB,
  kind: Kind,
  {
    q,
    status,
    sort = "updated",
    page = 1,
    perPage = ADMIN_PER_PAGE,
    createdBy,
  }: AdminListQuery = {},
): Promise<Page<EntrySummary>> {
  let query = db.selectFrom("entries").where("kind", "=", kind).where("deleted_at", "is", null);
  if (createdBy !== undefined) query = query.where("created_by", "=", createdBy);
  const text = q?.trim().slice(0, 200);
  if (text) {
    const pattern = likePattern(text);
    // lower() on both sides: SQLite's LIKE ignores ASCII case only, PostgreSQL's not at all.
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`lower(title) like lower(${pattern}) escape '\\'`,
        sql<boolean>`lower(organization) like lower(${pattern}) escape '\\'`,
      ]),
    );
  }
  if (status) query = query.where("status", "=", status);
  const { total } = await query
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const pages = Math.max(1, Math.ceil(Number(total) / perPage));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  let rows = query.select(summaryColumns);
  // Empty values go last on both databases (SQLite puts NULL first, PostgreSQL last).
  const nullsLast = (column: "published_at" | "last_date") =>
    sql`case when ${sql.ref(column)} is null then 1 else 0 end`;
  switch (sort) {
    case "title":
      rows = rows.orderBy(sql`lower(title)`).orderBy("title");
      break;
    case "published":
      rows = rows.orderBy(nullsLast("published_at")).orderBy("published_at", "desc");
      break;
    case "last-date":
      rows = rows.orderBy(nullsLast("last_date")).orderBy("last_date", "asc");
      break;
    default:
      rows = rows.orderBy("updated_at", "desc");
  }
  const items = await rows
    .orderBy("id", "desc")
    .limit(perPage)
    .offset((current - 1) * perPage)
    .execute();
  return { items: items.map(toSummary), total: Number(total), page: current, perPage, pages };
}

export type StatusCounts = Record<Status | "trash", number>;

/** How many entries of each kind are in each status, and in the trash. */
export async function countByKindAndStatus(
  db: DB,
  { createdBy }: { createdBy?: string } = {},
): Promise<Record<Kind, StatusCounts>> {
  let query = db.selectFrom("entries");
  if (createdBy !== undefined) query = query.where("created_by", "=", createdBy);
  const rows = await query
    .select((eb) => [
      "kind",
      "status",
      sql<number>`case when deleted_at is null then 0 else 1 end`.as("trashed"),
      eb.fn.countAll<number>().as("n"),
    ])
    .groupBy(["kind", "status", sql`case when deleted_at is null then 0 else 1 end`])
    .execute();
  const zero = () => Object.fromEntries([...STATUSES, "trash"].map((s) => [s, 0])) as StatusCounts;
  const out = Object.fromEntries(KINDS.map((k) => [k, zero()])) as Record<Kind, StatusCounts>;
  for (const r of rows) {
    const counts = out[r.kind as Kind];
    if (!counts) continue;
    const key = Number(r.trashed) ? "trash" : (r.status as Status);
    counts[key] += Number(r.n);
  }
  return out;
}

export type BulkStatus = "published" | "archived" | "draft";

/**
 * Put several entries of a kind into one status, in the caller's transaction (the entries service
 * records a revision of each). Publishing an entry that was never public (or only scheduled)
 * dates it now. With `from`, only entries in that status change, read and written on that
 * condition: of two writes racing (two editors approving one submission), one changes it.
 * Returns the entries that changed, each with the status it had and the time of the change.
 */
export async function setStatusManyIn(
  trx: DB,
  kind: Kind,
  ids: readonly string[],
  status: BulkStatus,
  author: Author,
  { from }: { from?: Status } = {},
): Promise<{ was: Status; entry: Entry; at: string }[]> {
  if (ids.length === 0) return [];
  let query = trx
    .selectFrom("entries")
    .selectAll()
    .where("kind", "=", kind)
    .where("id", "in", [...ids])
    .where("deleted_at", "is", null)
    .where("status", "!=", status);
  if (from) query = query.where("status", "=", from);
  const rows = await query.execute();
  const at = now();
  const changed: { was: Status; entry: Entry; at: string }[] = [];
  for (const row of rows) {
    const changes = {
      status,
      published_at:
        status === "published" && (!row.published_at || row.published_at > at)
          ? at
          : row.published_at,
      updated_at: at,
      updated_by: author.id,
    };
    let update = trx.updateTable("entries").set(changes).where("id", "=", row.id);
    // PostgreSQL checks this again once a racing write's lock is gone: that write won.
    if (from) update = update.where("status", "=", from);
    if (Number((await update.executeTakeFirst()).numUpdatedRows) !== 1) continue;
    changed.push({ was: row.status as Status, entry: toEntry({ ...row, ...changes }), at });
  }
  return changed;
}

/**
 * Take entries off the site without losing them: they wait in the trash. In the caller's
 * transaction (app/writes/).
 */
export const moveToTrashIn = (trx: DB, kind: Kind, ids: readonly string[]) =>
  setTrashed(trx, ids, true, kind);

/** Bring entries back from the trash, in the status they had, in the caller's transaction. */
export const restoreFromTrashIn = (trx: DB, ids: readonly string[]) => setTrashed(trx, ids, false);

/** Move those of `ids` not yet there into the trash (or those in it out), as they were before. */
async function setTrashed(
  trx: DB,
  ids: readonly string[],
  trashed: boolean,
  kind?: Kind,
): Promise<EntrySummary[]> {
  if (ids.length === 0) return [];
  let query = trx
    .selectFrom("entries")
    .select(summaryColumns)
    .where("id", "in", [...ids])
    .where("deleted_at", trashed ? "is" : "is not", null);
  if (kind) query = query.where("kind", "=", kind);
  const rows = await query.execute();
  if (rows.length === 0) return [];
  const at = trashed ? now() : null;
  await trx
    .updateTable("entries")
    .set({ deleted_at: at })
    .where(
      "id",
      "in",
      rows.map((r) => r.id),
    )
    .execute();
  return rows.map((r) => toSummary({ ...r, deleted_at: at }));
}

/**
 * Remove trashed entries for good, with their revisions and old addresses, in the caller's
 * transaction. Only entries already in the trash go: nothing disappears in one step. Entries that
 * pointed at a deleted job lose the link, not themselves.
 */
export async function deleteForeverIn(trx: DB, ids: readonly string[]): Promise<EntrySummary[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom("entries")
    .select(summaryColumns)
    .where("id", "in", [...ids])
    .where("deleted_at", "is not", null)
    .execute();
  const doomed = rows.map((r) => r.id);
  if (doomed.length === 0) return [];
  await trx
    .deleteFrom("revisions")
    .where("subject_type", "=", "entry")
    .where("subject_id", "in", doomed)
    .execute();
  await trx.deleteFrom("entry_slugs").where("entry_id", "in", doomed).execute();
  await trx.deleteFrom("entry_changes").where("entry_id", "in", doomed).execute();
  await trx.updateTable("entries").set({ job_id: null }).where("job_id", "in", doomed).execute();
  await trx.deleteFrom("entries").where("id", "in", doomed).execute();
  await dropFileLinks(trx, "entry", doomed);
  return rows.map(toSummary);
}

export interface JobChoice {
  id: string;
  title: string;
  status: Status;
}

/**
 * The jobs an entry may link to: the newest 300 published or draft jobs, by title, plus the one
 * it links to now (which may be older, archived or trashed).
 */
export async function listJobChoices(db: DB, currentId?: string | null): Promise<JobChoice[]> {
  const rows = await db
    .selectFrom("entries")
    .select(["id", "title", "status"])
    .where("kind", "=", "job")
    .where("status", "in", ["published", "draft"])
    .where("deleted_at", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(300)
    .execute();
  if (currentId && !rows.some((r) => r.id === currentId)) {
    const current = await db
      .selectFrom("entries")
      .select(["id", "title", "status"])
      .where("kind", "=", "job")
      .where("id", "=", currentId)
      .executeTakeFirst();
    if (current) rows.push(current);
  }
  return rows
    .map((r) => ({ id: r.id, title: r.title, status: r.status as Status }))
    .sort((a, b) => a.title.localeCompare(b.title, "en") || a.id.localeCompare(b.id));
}

/** Trashed entries of every kind, most recently trashed first. */
export async function listTrash(
  db: DB,
  { page = 1, perPage = 50 }: { page?: number; perPage?: number } = {},
): Promise<Page<EntrySummary>> {
  const base = db.selectFrom("entries").where("deleted_at", "is not", null);
  const { total } = await base
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const pages = Math.max(1, Math.ceil(Number(total) / perPage));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const rows = await base
    .select(summaryColumns)
    .orderBy("deleted_at", "desc")
    .orderBy("id", "desc")
    .limit(perPage)
    .offset((current - 1) * perPage)
    .execute();
  return { items: rows.map(toSummary), total: Number(total), page: current, perPage, pages };
}

/** Titles of the given jobs, for showing a link by name instead of by id. */
export async function jobTitles(db: DB, ids: readonly string[]): Promise<Record<string, string>> {
  const wanted = [...new Set(ids.filter(Boolean))];
  if (wanted.length === 0) return {};
  const rows = await db
    .selectFrom("entries")
    .select(["id", "title"])
    .where("kind", "=", "job")
    .where("id", "in", wanted)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.id, r.title]));
}

/**
 * The review queue: entries submitted for review, oldest submission first (the longest wait is
 * served first); with `createdBy`, that author's own entries, whatever their status (published
 * ones too, which they may read), newest first.
 */
export async function reviewQueue(
  db: DB,
  { createdBy, limit = 50 }: { createdBy?: string; limit?: number } = {},
): Promise<EntrySummary[]> {
  const rows = await db
    .selectFrom("entries")
    .select(summaryColumns)
    .where("deleted_at", "is", null)
    .$if(createdBy === undefined, (q) => q.where("status", "=", "pending").orderBy("updated_at"))
    .$if(createdBy !== undefined, (q) =>
      q.where("created_by", "=", createdBy!).orderBy("updated_at", "desc"),
    )
    .limit(limit)
    .execute();
  return rows.map(toSummary);
}
