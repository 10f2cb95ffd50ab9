import { Form, Link } from "react-router";
import { nameIn } from "~/content/options.ts";
import { rejectQuery } from "~/platform/forms.server.ts";
import { Breadcrumbs } from "~/components/breadcrumbs.tsx";
import { JsonLd } from "~/components/json-ld.tsx";
import { PageError, errorMeta } from "~/components/page-error.tsx";
import { catalog, packedStrings, requestLocale } from "~/i18n/catalog.server.ts";
import { Strings, useLocalePath } from "~/i18n/context.tsx";
import { fmt, localePath, type Locale } from "~/lib/locale.ts";
import { todayInIndia } from "~/lib/india-date.ts";
import {
  examCalendarFilters,
  filterExamDates,
  filterMenus,
  upcomingExamDates,
} from "~/my-exams/exam-calendar.server.ts";
import { upcoming } from "~/my-exams/windows.ts";
import { upcomingLine } from "~/my-exams/words.ts";
import { env } from "~/platform/env.server.ts";
import { publicSettings } from "~/entries/public-data.server.ts";
import { breadcrumbJsonLd, pageMeta, structuredData } from "~/seo/seo.server.ts";
import { unpack } from "~/lib/packed.ts";
import type { RouteHandle } from "~/page-cache/index.ts";
import { EXAM_CALENDAR_PARAMS } from "~/my-exams/exam-calendar-params.ts";
import type { Route } from "./+types/exam-calendar";
import { useFilterForm } from "~/lib/filter-form.ts";

/** Every entry write may add or move a date: drawn again like the feeds (stale for a moment). */
export const handle = {
  queryParams: EXAM_CALENDAR_PARAMS,
  cacheScope: ["feeds"],
} satisfies RouteHandle;

/** Dates shown at most (a page of months); the feeds carry the same list. */
const SHOWN = 300;

/**
 * `/exam-calendar` (issue 28): upcoming exam dates, admit-card dates and objection windows of
 * published entries, by month, filterable by state, organization and qualification. Drawn on the
 * server in the page's language; no script of its own.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filters = examCalendarFilters(url);
  if (!filters) rejectQuery("Filters are at most 200 characters.");
  const locale = requestLocale(request);
  const t = catalog(locale).myExams;
  const today = todayInIndia();
  const all = await upcomingExamDates(today);
  const dates = filterExamDates(all, filters);
  const own = (p: string) => localePath(locale, p);
  const settings = await publicSettings();
  const baseUrl = env().BASE_URL;
  const crumbs = [
    { name: catalog(locale).shell.nav.home, path: own("/") },
    { name: t.examCalendar.title, path: own("/exam-calendar") },
  ];
  const query = new URLSearchParams(
    Object.entries(filters).filter((e): e is [string, string] => !!e[1]),
  ).toString();
  return {
    strings: packedStrings(locale, "myExams"),
    filters,
    menus: filterMenus(all),
    /** States and qualifications are keys: their names in the page's language. */
    names: catalog(locale).list.landing.names,
    total: dates.length,
    months: byMonth(
      dates.slice(0, SHOWN).map((d) => ({
        id: `${d.entry.id}-${d.window.field}`,
        on: d.on,
        code: d.window.code,
        href: own(d.entry.path),
        title: (locale === "hi" && d.entry.hiTitle) || d.entry.title,
        lang: locale === "hi" && !d.entry.hiTitle ? ("en" as const) : undefined,
        organization: d.entry.organization,
        line: upcomingLine(upcoming([d.window], today)[0], t, locale, today),
      })),
      locale,
    ),
    feeds: {
      rss: own(`/exam-calendar/feed.xml${query ? `?${query}` : ""}`),
      ics: own(`/exam-calendar/calendar.ics${query ? `?${query}` : ""}`),
    },
    crumbs,
    jsonLd: structuredData(context, [breadcrumbJsonLd(crumbs, baseUrl)]),
    meta: pageMeta({
      baseUrl,
      settings,
      title: t.examCalendar.title,
      description: t.examCalendar.description,
      path: "/exam-calendar",
      locale,
      // A filtered calendar is the same page narrowed: only the whole one is for search engines.
      noindex: !!query,
      feed: {
        title: fmt(t.examCalendar.feedName, { site: settings.siteName }),
        href: "/exam-calendar/feed.xml",
      },
    }),
  };
}

/** Dates grouped under their month's name ("February 2027", "फ़रवरी 2027"). */
function byMonth<T extends { on: string }>(items: T[], locale: Locale) {
  const name = new Intl.DateTimeFormat(locale === "hi" ? "hi-IN" : "en-IN", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
    numberingSystem: "latn",
  });
  const months: { key: string; name: string; items: T[] }[] = [];
  for (const item of items) {
    const key = item.on.slice(0, 7);
    let month = months.at(-1);
    if (month?.key !== key) {
      month = { key, name: name.format(new Date(`${key}-01T00:00:00Z`)), items: [] };
      months.push(month);
    }
    month.items.push(item);
  }
  return months;
}

const FILTERS = EXAM_CALENDAR_PARAMS;

export default function ExamCalendar({ loaderData }: Route.ComponentProps) {
  const t = unpack(loaderData.strings).myExams.examCalendar;
  const to = useLocalePath();
  const filterForm = useFilterForm();
  const { filters, menus, names, months } = loaderData;
  const filtered = FILTERS.some((f) => filters[f]);
  return (
    <Strings areas={loaderData.strings}>
      <main>
        <JsonLd count={loaderData.jsonLd} />
        <Breadcrumbs crumbs={loaderData.crumbs} />
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
          <h1 className="text-2xl font-semibold text-ink">{t.title}</h1>
          <p className="flex gap-4 text-sm">
            <a href={loaderData.feeds.ics} className="text-accent hover:underline">
              {t.ics}
            </a>
            <a href={loaderData.feeds.rss} className="text-accent hover:underline">
              {t.rss}
            </a>
          </p>
        </div>
        <p className="mb-4 text-muted">{t.description}</p>
        <Form
          {...filterForm}
          method="get"
          action={to("/exam-calendar")}
          className="mb-4 grid grid-cols-2 items-end gap-3 rounded-app border border-stone-200 bg-white p-3 sm:p-4 lg:grid-cols-4"
        >
          {FILTERS.map((name) => (
            <div
              key={name}
              className={`flex min-w-0 flex-col gap-1 ${name === "organization" ? "col-span-2 lg:col-span-1" : ""}`}
            >
              <label htmlFor={`calendar-${name}`} className="text-sm font-semibold">
                {t.filters[name].label}
              </label>
              <select
                id={`calendar-${name}`}
                name={name}
                defaultValue={filters[name] ?? ""}
                className="w-full min-w-0 rounded-app border border-stone-300 bg-white px-2 py-2 text-sm"
              >
                <option value="">{t.filters[name].any}</option>
                {menus[name].map((v) => (
                  <option key={v} value={v}>
                    {nameIn(names, v)}
                  </option>
                ))}
              </select>
            </div>
          ))}
          <div className="flex items-center gap-3">
            <button
              type="submit"
              className="rounded-app bg-primary px-4 py-2 font-semibold text-white hover:bg-primary-dark"
            >
              {t.show}
            </button>
            {filtered && (
              <Link to={to("/exam-calendar")} className="text-sm text-accent hover:underline">
                {t.clear}
              </Link>
            )}
          </div>
        </Form>
        <p className="mb-2 text-sm text-muted" aria-live="polite">
          {loaderData.total === 0 ? t.none : fmt(t.count, { n: loaderData.total })}
        </p>
        <div className="space-y-4">
          {months.map((month) => (
            <section
              key={month.key}
              aria-labelledby={`month-${month.key}`}
              className="overflow-hidden rounded-app border border-stone-200 bg-white"
            >
              <h2
                id={`month-${month.key}`}
                className="border-l-4 border-primary bg-primary-light px-4 py-2 text-lg font-semibold text-primary-dark"
              >
                {month.name}
              </h2>
              <ul className="divide-y divide-stone-100">
                {month.items.map((d) => (
                  <li key={d.id} className="px-4 py-3" data-code={d.code}>
                    <p className="font-semibold text-ink">{d.line}</p>
                    <p className="text-sm">
                      <span className="mr-2 rounded-app bg-stone-100 px-2 py-0.5 text-xs font-semibold text-muted">
                        {t.kinds[d.code]}
                      </span>
                      <a href={d.href} lang={d.lang} className="text-accent hover:underline">
                        {d.title}
                      </a>
                      <span className="text-muted"> · {d.organization}</span>
                    </p>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </main>
    </Strings>
  );
}

export function meta({ loaderData, error, matches }: Route.MetaArgs) {
  return loaderData?.meta ?? errorMeta(error, matches);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}
