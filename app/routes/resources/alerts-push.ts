import {
  PushUnsubscribeSchema,
  removePushSubscription,
  savePushSubscription,
  siteVapidKeys,
} from "~/alerts/channels/push.server.ts";
import { env } from "~/platform/env.server.ts";
import { clientIp, consumeRateLimit } from "~/platform/rate-limit.server.ts";
import { db } from "~/platform/services.server.ts";
import type { Route } from "./+types/alerts-push";

/**
 * Web-push subscriptions (issue 15): GET gives the VAPID public key the browser subscribes with,
 * POST stores a browser's subscription with the /alerts form's choices, DELETE forgets it. JSON in
 * and out; the site's same-origin check (http/app.ts) refuses writes from other sites.
 */
export function loader() {
  return Response.json(
    { publicKey: siteVapidKeys().publicKey },
    { headers: { "Cache-Control": "public, max-age=3600" } },
  );
}

const NO_STORE = { "Cache-Control": "no-store" };

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST" && request.method !== "DELETE") {
    return Response.json({ error: "POST or DELETE" }, { status: 405, headers: NO_STORE });
  }
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return Response.json({ error: "The body is not JSON." }, { status: 400, headers: NO_STORE });
  }
  const conn = await db();
  const rule = env().ALERTS_RATE_LIMIT;
  const limit = await consumeRateLimit(conn, `alerts:${clientIp(request)}`, rule);
  if (!limit.allowed) {
    return Response.json(
      { error: "Too many requests from this address; try again later." },
      { status: 429, headers: { ...NO_STORE, "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  if (request.method === "DELETE") {
    const parsed = PushUnsubscribeSchema.safeParse(body);
    if (!parsed.success) {
      return Response.json({ error: "endpoint is missing" }, { status: 400, headers: NO_STORE });
    }
    const removed = await removePushSubscription(conn, parsed.data.endpoint);
    return Response.json({ removed }, { headers: NO_STORE });
  }
  const saved = await savePushSubscription(conn, body);
  if (!saved.ok) return Response.json({ error: saved.error }, { status: 400, headers: NO_STORE });
  return Response.json({ subscribed: true }, { status: 201, headers: NO_STORE });
}
