import type { RouteHandle } from "~/page-cache/index.ts";
import { exportSubscription } from "~/alerts/subscription-export.server.ts";
import { verifyLink } from "~/alerts/subscription-links.server.ts";
import { env } from "~/platform/env.server.ts";
import { db } from "~/platform/services.server.ts";
import type { Route } from "./+types/alerts-export";

/** The page cache renders from the declared query only: the token must be kept. */
export const handle = { queryParams: ["token"] } satisfies RouteHandle;

/** Everything kept for a subscriber, as a JSON download (the manage page's signed link). */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const id = verifyLink(env().AUTH_SECRET, "manage", token);
  const stored = id ? await exportSubscription(await db(), id) : undefined;
  if (!stored) {
    return new Response("This link is not valid, or nothing is kept for it any more.\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(JSON.stringify(stored, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="job-alerts.json"',
      "Cache-Control": "no-store",
    },
  });
}
