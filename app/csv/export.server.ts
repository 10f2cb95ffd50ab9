import type { Kind } from "~/content/kinds.ts";
import {
  adminListEntries,
  listTrash,
  type AdminListQuery,
} from "~/entries/admin.repository.server.ts";
import type { DB } from "~/platform/db/db.server.ts";
import { toEntry } from "~/entries/entry-row.server.ts";
import { BOM, csvColumns, csvLine, entryCells } from "./format.ts";

/**
 * CSV out (issue 32): an admin list as it shows (its search, status and sort; every page of it),
 * each entry with all its fields, streamed a page at a time.
 */

const PAGE = 500;

/** The rows a list shows, with everything they hold, in the list's order. */
async function fullEntries(db: DB, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("entries")
    .selectAll()
    .where("id", "in", [...ids])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, toEntry(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function* exportEntries(
  db: DB,
  kind: Kind,
  query: Omit<AdminListQuery, "page" | "perPage">,
): AsyncGenerator<string> {
  const columns = csvColumns(kind);
  yield BOM + csvLine(columns.map((c) => c.name));
  for (let page = 1; ; page++) {
    const list = await adminListEntries(db, kind, { ...query, page, perPage: PAGE });
    // Past the last page the list answers its last page again.
    if (list.page < page) return;
    const entries = await fullEntries(
      db,
      list.items.map((e) => e.id),
    );
    yield entries.map((entry) => csvLine(entryCells(columns, entry))).join("");
    if (page >= list.pages) return;
  }
}

/** The trash's columns: entries of every kind, so each entry's fields are one JSON cell. */
const TRASH_COLUMNS = [
  "kind",
  "id",
  "status",
  "title",
  "slug",
  "organization",
  "job_id",
  "published_at",
  "created_at",
  "updated_at",
  "deleted_at",
  "data",
];

/** The trash as it shows (every kind, most recently trashed first), every field. */
export async function* exportTrash(db: DB): AsyncGenerator<string> {
  yield BOM + csvLine(TRASH_COLUMNS);
  for (let page = 1; ; page++) {
    const list = await listTrash(db, { page, perPage: PAGE });
    if (list.page < page) return;
    const entries = await fullEntries(
      db,
      list.items.map((e) => e.id),
    );
    yield entries
      .map((e) =>
        csvLine([
          e.kind,
          e.id,
          e.status,
          e.title,
          e.slug,
          e.organization,
          e.jobId ?? "",
          e.publishedAt ?? "",
          e.createdAt,
          e.updatedAt,
          e.deletedAt ?? "",
          JSON.stringify(e.data),
        ]),
      )
      .join("");
    if (page >= list.pages) return;
  }
}

/** "jobs-2027-01-15.csv" */
export function exportFileName(plural: string, at = new Date()): string {
  return `${plural.toLowerCase().replace(/[^a-z]+/g, "-")}-${at.toISOString().slice(0, 10)}.csv`;
}
