import type { RouteHandle } from "~/page-cache/index.ts";
import { redirect } from "react-router";
import { deleteSubscription } from "~/alerts/subscriptions.server.ts";
import { verifyLink } from "~/alerts/subscription-links.server.ts";
import { env } from "~/platform/env.server.ts";
import { db } from "~/platform/services.server.ts";
import type { Route } from "./+types/alerts-one-click";

/** The page cache renders from the declared query only: the token must be kept. */
export const handle = { queryParams: ["token"] } satisfies RouteHandle;

/**
 * RFC 8058 one-click unsubscribe, the List-Unsubscribe header's address: the mail provider POSTs
 * `List-Unsubscribe=One-Click` here without cookies, from its own servers (http/app.ts lets
 * this path alone through its cross-site check). The signed token is the authority.
 */
export async function action({ request }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const id = verifyLink(env().AUTH_SECRET, "unsubscribe", token);
  const headers = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };
  if (request.method !== "POST")
    return new Response("Method not allowed\n", { status: 405, headers });
  if (!id) {
    return new Response(
      "This unsubscribe link is not valid (it may have been copied incompletely). Nothing was changed.\n",
      { status: 400, headers },
    );
  }
  await deleteSubscription(await db(), id);
  return new Response("Unsubscribed: no more alerts will be sent to this address.\n", { headers });
}

/** A mail client that opens the address instead of posting to it gets the page with a button. */
export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return redirect(`/alerts/unsubscribe?token=${encodeURIComponent(token)}`, 303);
}
