import { requireStaff } from "~/users/guard.server.ts";
import { searchJobsForPicker } from "~/entries/job-picker.server.ts";
import { PRIVATE_CACHE_CONTROL } from "~/page-cache/index.ts";
import { db } from "~/platform/services.server.ts";
import type { Route } from "./+types/job-search";

/**
 * `/admin/job-search?q=…`: the job picker's suggestions as JSON, `{ jobs: [{ id, title, status,
 * organization }] }`, at most 20. Admins only, like every admin loader: anyone else is sent to
 * the sign-in page (or home) and never sees a job that is not public.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const jobs = await searchJobsForPicker(await db(), q);
  return Response.json({ jobs }, { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } });
}

/** Nothing to post here; the guard still comes first, so a refusal looks like every other one. */
export async function action({ request }: Route.ActionArgs) {
  await requireStaff(request);
  return Response.json(
    { error: "Search with GET /admin/job-search?q=…" },
    { status: 405, headers: { Allow: "GET" } },
  );
}
