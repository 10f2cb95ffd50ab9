import { exportFileName, exportTrash } from "~/csv/export.server.ts";
import { csvResponse } from "~/csv/response.server.ts";
import { requireStaff, wrongMethod } from "~/users/guard.server.ts";
import { db } from "~/platform/services.server.ts";
import type { Route } from "./+types/trash-export";

/** `GET /admin/trash/export`: the trash as it shows, every kind, every field (issue 32). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "trash");
  return csvResponse(exportTrash(await db()), exportFileName("trash"));
}

/** Nothing to post here: the file is a GET (after the guard, as everywhere in the back-office). */
export const action = ({ request }: Route.ActionArgs) => wrongMethod(request, "GET", "trash");
