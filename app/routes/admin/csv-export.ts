import { exportEntries, exportFileName } from "~/csv/export.server.ts";
import { csvResponse } from "~/csv/response.server.ts";
import { kindFromUrl } from "~/entries/admin.repository.server.ts";
import { listedCreator } from "~/content/policy.ts";
import { requireStaff, wrongMethod } from "~/users/guard.server.ts";
import { db } from "~/platform/services.server.ts";
import { readListQuery } from "./entry-list/list-query.ts";
import type { Route } from "./+types/csv-export";

/**
 * `GET /admin/manage-<kind>/export?q=&status=&sort=`: the list as it shows, with its filters, as
 * CSV (UTF-8 with BOM) with every field (app/csv/format.ts). Any member of the back-office may
 * export what the list shows them (an author: their own entries); the file streams a page of rows
 * at a time.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  const kind = kindFromUrl(url);
  const { q, status, sort } = readListQuery(url);
  const database = await db();
  const rows = exportEntries(database, kind.kind, {
    q,
    status,
    sort: sort === "last-date" && kind.kind !== "job" ? "updated" : sort,
    createdBy: listedCreator(user),
  });
  return csvResponse(rows, exportFileName(kind.plural));
}

/** Nothing to post here: the file is a GET (after the guard, as everywhere in the back-office). */
export const action = ({ request }: Route.ActionArgs) => wrongMethod(request, "GET");
