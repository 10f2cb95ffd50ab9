import { calendarFile, calendarResponse } from "~/my-exams/calendar.server.ts";
import { hashSecret, savedEntriesData } from "~/my-exams/lists.server.ts";
import { findListBySecretHash, listEntryIds } from "~/my-exams/repository.server.ts";
import { catalog } from "~/i18n/catalog.server.ts";
import { fmt } from "~/lib/locale.ts";
import { env } from "~/platform/env.server.ts";
import { publicSettings } from "~/entries/public-data.server.ts";
import { db } from "~/platform/services.server.ts";
import type { Route } from "./+types/my-calendar-feed";

/**
 * `/my/calendar/<secret>.ics`: a saved list's calendar feed (issue 28), which calendar apps poll.
 * Each saved entry's windows and those of a saved job's admit cards, answer keys and results.
 * Never in a shared cache: the address is the list's only key.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const secret = /^([A-Za-z0-9_-]{43})\.ics$/.exec(params.file)?.[1];
  const conn = await db();
  const list = secret
    ? await findListBySecretHash(conn, "calendar", hashSecret(secret))
    : undefined;
  if (!list)
    return new Response("No such calendar: it was turned off, or the address is mistyped.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  const saved = await savedEntriesData(conn, await listEntryIds(conn, list.id));
  const site = (await publicSettings()).siteName;
  const body = calendarFile(
    saved.flatMap((e) => [e, ...e.related]),
    {
      baseUrl: env().BASE_URL,
      locale: list.language,
      name: fmt(catalog(list.language).myExams.calendarName, { site }),
    },
  );
  return calendarResponse(body, { cacheControl: "private, no-cache" });
}
