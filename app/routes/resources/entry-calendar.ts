import { calendarFile, calendarResponse } from "~/my-exams/calendar.server.ts";
import { savedEntriesData } from "~/my-exams/lists.server.ts";
import { requestLocale } from "~/i18n/catalog.server.ts";
import { env } from "~/platform/env.server.ts";
import { db } from "~/platform/services.server.ts";
import type { RouteHandle } from "~/page-cache/index.ts";
import type { Route } from "./+types/entry-calendar";

/** A write to the entry (or one of its job's) drops it: it declares no narrower scope. */
export const handle = {} satisfies RouteHandle;

/**
 * `/calendar/<entry id>.ics` (and `/hi/…`): "Add to calendar" on an entry's page (issue 28), its
 * dates as all-day events with reminders; a job's file has its published admit card's and answer
 * key's dates too.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const id = /^([0-9a-f-]{36})\.ics$/.exec(params.file)?.[1];
  const [entry] = id ? await savedEntriesData(await db(), [id]) : [];
  const items = entry ? [entry, ...entry.related] : [];
  if (!entry || items.every((x) => x.windows.length === 0))
    return new Response("No such entry, or it has no dates.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const locale = requestLocale(request);
  const body = calendarFile(items, {
    baseUrl: env().BASE_URL,
    locale,
    name: (locale === "hi" && entry.hiTitle) || entry.title,
  });
  return calendarResponse(body, {
    filename: `${entry.path.split("/").pop()}.ics`,
    cacheControl: "public, max-age=0, s-maxage=60, stale-while-revalidate=600",
  });
}
