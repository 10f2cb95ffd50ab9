// What every entries module shares (the domain types are app/content/entry.ts's): what "public"
// means, the row mappers, and the reads of any entry whatever its status. Writes, public
// reads, search, and sitemaps and feeds are the other modules of this folder.
import type { Entry, EntrySummary } from "~/content/entry.ts";
import type { EntryData } from "~/content/fields.ts";
import type { Kind } from "~/content/kinds.ts";
import type { Status } from "~/content/kinds/schema.ts";
import type { DB } from "../platform/db/db.server.ts";
import type { EntryRow } from "../platform/db/schema.ts";

export interface Page<T> {
  items: T[];
  /** How many match; for search, counting stops at SEARCH_COUNT_LIMIT (then `totalCapped`). */
  total: number;
  totalCapped?: boolean;
  page: number;
  perPage: number;
  pages: number;
}

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
  "hi_title",
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
    hiTitle: row.hi_title ?? null,
  };
}

export function toEntry(row: Omit<EntryRow, "search_id">): Entry {
  return { ...toSummary(row), data: JSON.parse(row.data) as EntryData };
}

/** Any entry by its id, whatever its status (drafts and trashed entries too). */
export async function getEntryById(db: DB, id: string): Promise<Entry | undefined> {
  const row = await db.selectFrom("entries").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toEntry(row) : undefined;
}

/** How many entries there are, whatever their status (is the database empty?). */
export async function countEntries(db: DB): Promise<number> {
  const { n } = await db
    .selectFrom("entries")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n);
}
