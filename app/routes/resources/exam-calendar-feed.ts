import { calendarFile, calendarResponse } from "~/my-exams/calendar.server.ts";
import {
  examCalendarFilters,
  filterExamDates,
  upcomingExamDates,
} from "~/my-exams/exam-calendar.server.ts";
import { upcoming } from "~/my-exams/windows.ts";
import { upcomingWhat } from "~/my-exams/words.ts";
import { catalog, requestLocale } from "~/i18n/catalog.server.ts";
import { fmt, LOCALE_TAG, localePath } from "~/lib/locale.ts";
import { todayInIndia } from "~/lib/india-date.ts";
import { env } from "~/platform/env.server.ts";
import { publicSettings } from "~/entries/public-data.server.ts";
import { canonicalUrl } from "~/seo/seo.server.ts";
import { rssXml } from "~/seo/seo-files.server.ts";
import type { RouteHandle } from "~/page-cache/index.ts";
import { EXAM_CALENDAR_PARAMS } from "~/my-exams/exam-calendar-params.ts";
import type { Route } from "./+types/exam-calendar-feed";

/** Every entry write may add or move a date: the feeds' scope, like the other feeds. */
export const handle = {
  queryParams: EXAM_CALENDAR_PARAMS,
  cacheScope: ["feeds"],
} satisfies RouteHandle;

/**
 * `/exam-calendar/calendar.ics` and `/exam-calendar/feed.xml` (and `/hi/…`), with the page's
 * filters: the exam calendar (issue 28) as a calendar feed and as RSS.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filters = examCalendarFilters(url);
  if (!filters)
    return new Response("Filters are at most 200 characters.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const locale = requestLocale(request);
  const t = catalog(locale).myExams;
  const today = todayInIndia();
  const dates = filterExamDates(await upcomingExamDates(today), filters);
  const baseUrl = env().BASE_URL;
  const site = (await publicSettings()).siteName;
  const name = fmt(t.examCalendar.feedName, { site });
  if (url.pathname.endsWith(".ics"))
    return calendarResponse(
      calendarFile(
        dates.map((d) => ({ ...d.entry, windows: [d.window] })),
        { baseUrl, locale, name },
      ),
      { cacheControl: "public, max-age=3600, s-maxage=600" },
    );
  const page = localePath(locale, "/exam-calendar");
  const xml = rssXml({
    title: name,
    language: LOCALE_TAG[locale],
    link: canonicalUrl(baseUrl, page),
    selfLink: canonicalUrl(baseUrl, localePath(locale, "/exam-calendar/feed.xml")),
    description: t.examCalendar.description,
    items: dates.slice(0, 100).map((d) => {
      const link = canonicalUrl(baseUrl, localePath(locale, d.entry.path));
      const u = upcoming([d.window], today)[0];
      const title = (locale === "hi" && d.entry.hiTitle) || d.entry.title;
      return {
        title: `${title}: ${u ? upcomingWhat(u, t, locale) : d.on}`,
        link,
        guid: `${link}#${d.window.field}-${d.window.end}`,
        pubDate: d.entry.updatedAt,
        description: d.entry.organization,
      };
    }),
  });
  return new Response(xml, {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": "public, max-age=600",
    },
  });
}
