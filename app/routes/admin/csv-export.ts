import { exportEntries, exportFileName } from "~/csv/export.server.ts";
import { kindFromUrl } from "~/server/admin-entries.server.ts";
import { requireStaff } from "~/server/guard.server.ts";
import { db } from "~/server/services.server.ts";
import { readListQuery } from "./entry-list/list-query.ts";
import type { Route } from "./+types/csv-export";

/**
 * `GET /admin/manage-<kind>/export?q=&status=&sort=`: the list as it shows, with its filters, as
 * CSV (UTF-8 with BOM) with every field (app/csv/format.ts). Any member of the back-office may
 * export what the list shows them; the file streams a page of rows at a time.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireStaff(request);
  const kind = kindFromUrl(url);
  const { q, status, sort } = readListQuery(url);
  const database = await db();
  const encoder = new TextEncoder();
  const rows = exportEntries(database, kind.kind, {
    q,
    status,
    sort: sort === "last-date" && kind.kind !== "job" ? "updated" : sort,
  });
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await rows.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await rows.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(kind.plural)}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
