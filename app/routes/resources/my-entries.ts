import { parseIdsParam, savedEntriesData } from "~/my-exams/lists.server.ts";
import { db } from "~/platform/services.server.ts";
import type { RouteHandle } from "~/page-cache/index.ts";
import type { Route } from "./+types/my-entries";

/**
 * The same for every reader who saved the same entries, and changed by any write to them or to
 * their jobs' entries: it declares no scope, so every content write drops it (one copy per
 * content generation and set of ids).
 */
export const handle = { queryParams: ["ids"] } satisfies RouteHandle;

/**
 * `/my/entries.json?ids=a,b`: the public facts of saved entries for /my and the job page's clash
 * check (issue 28). The ids are all the server learns; nothing is kept of them.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const ids = parseIdsParam(new URL(request.url).searchParams.get("ids"));
  if (!ids)
    return Response.json(
      { error: "ids: up to 100 entry ids, comma-separated" },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  const entries = await savedEntriesData(await db(), ids);
  return Response.json(
    { entries },
    // A browser asks again each time (an ETag makes it cheap): /my must show a moved date at once.
    { headers: { "Cache-Control": "public, max-age=0, must-revalidate, s-maxage=60" } },
  );
}
