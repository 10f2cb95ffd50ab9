import {
  createCalendarList,
  removeList,
  turnOnReminders,
  updateList,
} from "~/my-exams/lists.server.ts";
import { env } from "~/platform/env.server.ts";
import { clientIp, consumeRateLimit } from "~/platform/rate-limit.server.ts";
import { db } from "~/platform/services.server.ts";
import type { Route } from "./+types/my-lists";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * The server copies of a saved list (issue 28): `/my/reminders` and `/my/calendar`. POST makes
 * one (reminders with the browser's push subscription), or with the list's `secret` gives it the
 * device's ids again; DELETE deletes it. JSON in and out; the site's same-origin check (http/app.ts) refuses writes
 * from other sites, and a new copy counts against the visitor address's limit.
 */
export async function action({ request }: Route.ActionArgs) {
  const purpose = new URL(request.url).pathname.endsWith("/reminders") ? "reminders" : "calendar";
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return Response.json({ error: "The body is not JSON." }, { status: 400, headers: NO_STORE });
  }
  const conn = await db();
  if (request.method === "POST" && hasSecret(body)) {
    const updated = await updateList(conn, purpose, body);
    if (!updated.ok)
      return Response.json({ error: updated.error }, { status: updated.status, headers: NO_STORE });
    return Response.json({ ids: updated.ids }, { headers: NO_STORE });
  }
  if (request.method === "POST") {
    const key = `my-exams:${clientIp(request)}`;
    const limit = await consumeRateLimit(conn, key, env().MY_EXAMS_RATE_LIMIT);
    if (!limit.allowed)
      return Response.json(
        { error: "Too many requests from this address; try again later." },
        { status: 429, headers: { ...NO_STORE, "Retry-After": String(limit.retryAfterSeconds) } },
      );
    const made =
      purpose === "reminders"
        ? await turnOnReminders(conn, body)
        : await createCalendarList(conn, body);
    if (!made.ok)
      return Response.json({ error: made.error }, { status: made.status, headers: NO_STORE });
    return Response.json(
      {
        secret: made.secret,
        ids: made.ids,
        ...(purpose === "calendar" ? feedOf(made.secret) : {}),
      },
      { status: 201, headers: NO_STORE },
    );
  }
  if (request.method === "DELETE") {
    const removed = await removeList(conn, purpose, body);
    if (!removed.ok)
      return Response.json({ error: removed.error }, { status: 400, headers: NO_STORE });
    return Response.json({ removed: removed.removed }, { headers: NO_STORE });
  }
  return Response.json({ error: "POST or DELETE" }, { status: 405, headers: NO_STORE });
}

const hasSecret = (body: unknown) => typeof body === "object" && body !== null && "secret" in body;

/** The feed's address: https for the page, webcal for calendar apps that subscribe by link. */
function feedOf(secret: string) {
  const url = `${env().BASE_URL}/my/calendar/${secret}.ics`;
  return { url, webcal: url.replace(/^https?:/, "webcal:") };
}

export function loader() {
  return Response.json({ error: "POST or DELETE" }, { status: 405, headers: NO_STORE });
}
