import { data, Form, Link, redirect } from "react-router";
import { nameIn } from "~/content/options.ts";
import { rejectQuery } from "~/platform/forms.server.ts";
import { z } from "zod";
import { Breadcrumbs } from "~/components/breadcrumbs.tsx";
import { EntryListItem } from "~/components/entry-list-item.tsx";
import { JsonLd } from "~/components/json-ld.tsx";
import { PageError, errorMeta } from "~/components/page-error.tsx";
import { pageHref, Pagination } from "~/components/pagination.tsx";
import { filterColumns } from "~/content/field-roles.ts";
import { FILTER_COLUMNS, type FilterColumn } from "~/content/columns.ts";
import { kindLine } from "~/content/kinds.ts";
import { kindByUrlPrefix } from "~/content/registry.ts";
import { catalog, requestLocale, packedStrings, stringsFor } from "~/i18n/catalog.server.ts";
import type { Catalog } from "~/i18n/catalog/types.ts";
import { useLocalePath } from "~/i18n/context.tsx";
import { fmt, localePath, stripLocale } from "~/lib/locale.ts";
import { organizationIn } from "~/lib/title.ts";
import { clock, todayInIndia } from "~/lib/india-date.ts";
import {
  isLandingFacet,
  LANDING_FACETS,
  landingFeedPath,
  landingPath,
  landingKey,
  landingValue,
} from "~/content/landing.ts";
import { landingTitle } from "~/i18n/landing-words.ts";
import {
  countPublished,
  filterValues,
  lastKeyChanges,
  listPublished,
  type ListFilters,
  type ListSort,
} from "~/entries/public.repository.server.ts";
import { env } from "~/platform/env.server.ts";
import { listedEntry, menuValues } from "~/entries/list-rows.presenter.server.ts";
import { breadcrumbJsonLd, pageMeta, structuredData } from "~/seo/seo.server.ts";
import { pagePath } from "~/lib/page-path.ts";
import { db } from "~/platform/services.server.ts";
import { perGeneration } from "~/page-cache/index.ts";
import { publicOrganizationNames, publicSettings } from "~/entries/public-data.server.ts";
import type { RouteHandle } from "~/page-cache/index.ts";
import type { Route } from "./+types/kind-list";
import { alertsBoxHtml } from "~/alerts/box.server.ts";
import { unpack } from "~/lib/packed.ts";
import { useFilterForm } from "~/lib/filter-form.ts";

const PER_PAGE = 20;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = requestLocale(request);
  const strings = stringsFor(locale, "list");
  const t = strings.list;
  // One module serves all five lists and the job landing pages (/jobs/state/bihar): the path
  // says which kind, and which landing page, this is.
  const [, prefix, facetSegment] = stripLocale(pagePath(request)).split("/");
  const kind = kindByUrlPrefix(`/${prefix}`);
  if (!kind) throw data(null, { status: 404 });
  const facet = isLandingFacet(facetSegment) ? facetSegment : undefined;
  const landing = facet ? landingValue(facet, params.value ?? "") : undefined;
  if (facet && !landing) throw data(null, { status: 404 });
  const parsed = listQuerySchema(t).safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) rejectQuery(parsed.error);
  const { page, closed, sort, ...requested } = parsed.data;
  // A kind whose entries close (jobs) lists the open ones, by last date if asked.
  const isJob = kindLine(kind.kind).closes;
  // Entries hold keys (issue 27); old links and bookmarks send the English name ("Bihar").
  for (const f of LANDING_FACETS)
    if (requested[f]) requested[f] = landingKey(f, requested[f]) ?? requested[f];
  // ?state=Bihar on the job list is the landing page /jobs/state/bihar: one address per page.
  if (isJob && !facet) {
    // Only a value that has a landing page moves; anything else filters to nothing, here.
    const to = LANDING_FACETS.find((f) => requested[f] && landingKey(f, requested[f]));
    if (to) {
      const rest = {
        ...requested,
        [to]: undefined,
        closed,
        sort,
        page: page > 1 ? page : undefined,
      };
      throw redirect(
        pageHref(localePath(locale, landingPath(to, requested[to]!)), withoutDefaults(rest), 1),
        301,
      );
    }
  }
  if (facet) requested[facet] = landing;
  // Organization, and the columns its fields with the `filter` role fill.
  const kindFilters: readonly string[] = filterColumns(kind.sections);
  const filterNames = FILTERS.filter(
    (f) => f.name === "organization" || kindFilters.includes(f.name),
  );
  const filters = Object.fromEntries(
    filterNames.map((f) => [f.name, requested[f.name]]),
  ) as Partial<Record<FilterName, string>>;
  const now = clock();
  const today = todayInIndia(now);
  // A job list answers "what can I still apply for?": open jobs unless the reader asks for all.
  const includeClosed = isJob && closed === "1";
  const query: ListFilters = isJob && !includeClosed ? { ...filters, openOn: today } : filters;
  const order: ListSort = isJob && sort === "last-date" ? "last-date" : "newest";

  const conn = await db();
  // Counts and filter menus change only with the content (and "open" with the day): kept per
  // content generation.
  const total = await perGeneration(`count:${kind.kind}:${JSON.stringify(query)}`, (d) =>
    countPublished(d, kind.kind, query),
  );
  const [settings, list, options, organizations] = await Promise.all([
    publicSettings(),
    listPublished(conn, kind.kind, { page, perPage: PER_PAGE, filters: query, total, sort: order }),
    Promise.all(
      filterNames.map((f) =>
        perGeneration(`filter:${kind.kind}:${f.name}`, (d) => filterValues(d, kind.kind, f.name)),
      ),
    ),
    publicOrganizationNames(),
  ]);
  if (page > list.pages) throw data(null, { status: 404 });
  const updated = await lastKeyChanges(
    conn,
    list.items.map((e) => e.id),
  );

  const baseUrl = env().BASE_URL;
  const path = facet ? landingPath(facet, landing!) : kind.urlPrefix;
  // The page's own parameters besides the filters, kept by pagination and the filter form; a
  // landing page's own facet is in its path.
  const view = {
    ...filters,
    ...(facet ? { [facet]: undefined } : {}),
    closed: includeClosed ? "1" : undefined,
    sort: order === "last-date" ? "last-date" : undefined,
  };
  const title = facet ? landingTitle(facet, landing!, t.landing) : t.titles[kind.kind];
  const feedHref = facet ? landingFeedPath(facet, landing!) : `/feeds${kind.urlPrefix}.xml`;
  // Addresses on the page are in its language (the canonical `path` stays English for pageMeta).
  const own = (p: string) => localePath(locale, p);
  const plural = t.kinds[kind.kind].plural;
  const crumbs = [
    { name: catalog(locale).shell.nav.home, path: own("/") },
    { name: plural, path: own(kind.urlPrefix) },
    ...(facet ? [{ name: nameIn(t.landing.names, landing!), path: own(path) }] : []),
  ];
  const filtered = Object.values(filters).some(Boolean);
  return {
    strings: packedStrings(locale, "list"),
    kind: { kind: kind.kind, plural, urlPrefix: kind.urlPrefix },
    path: own(path),
    title,
    feedHref,
    isJob,
    includeClosed,
    sort: order,
    view,
    items: list.items.map((e) => listedEntry(e, today, updated.get(e.id), locale, organizations)),
    // Job alerts' compact box as HTML, ticked with this list's facets (issue 15).
    alertsBox: alertsBoxHtml(locale, {
      kind: kind.kind,
      ...filters,
      ...(facet ? { [facet]: landing } : {}),
    }),
    page: list.page,
    pages: list.pages,
    total: list.total,
    filters,
    filterMenus: filterNames.map((f, i) => ({
      ...f,
      ...t.filters[f.name],
      // Stored keys, named per language; the chosen one even when no entry has it now (else the
      // menu shows "All states" on /jobs/state/bihar and the next Filter press drops the choice).
      values: menuValues(options[i], filters[f.name]).map((value) => ({
        value,
        name:
          f.name === "organization"
            ? organizationIn(value, organizations, locale)
            : nameIn(t.landing.names, value),
      })),
    })),
    filtered,
    crumbs,
    now: now.toISOString(),
    today,
    jsonLd: structuredData(context, [breadcrumbJsonLd(crumbs, baseUrl)]),
    meta: pageMeta({
      baseUrl,
      settings,
      title: page > 1 ? fmt(t.titlePage, { title, page }) : title,
      description: facet ? fmt(t.landingDescription, { title }) : t.descriptions[kind.kind],
      path,
      page,
      locale,
      feed: { title: fmt(t.feedTitle, { title, site: settings.siteName }), href: feedHref },
      prev: page > 1 ? pageHref(own(path), view, page - 1) : undefined,
      next: page < list.pages ? pageHref(own(path), view, page + 1) : undefined,
    }),
  };
}

/** Parameters at their default value say nothing: they stay out of addresses. */
function withoutDefaults(params: Record<string, string | number | undefined>) {
  const kept: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === "") continue;
    if ((name === "sort" && value === "newest") || (name === "closed" && value === "0")) continue;
    kept[name] = String(value);
  }
  return kept;
}

type FilterName = "organization" | FilterColumn;
/** Any list's filters, in the form's order (words: `list.filters`); a kind's: its `filter` roles'. */
const FILTERS: { name: FilterName }[] = [
  { name: "organization" },
  ...FILTER_COLUMNS.map((name) => ({ name })),
];

export const handle = {
  queryParams: ["page", "closed", "sort", ...FILTERS.map((f) => f.name)],
  cacheScope: ["list"],
} satisfies RouteHandle;

/** The list's query, its messages in the page's language (a bad address is answered 400). */
function listQuerySchema(t: Catalog["list"]) {
  const filterValue = (name: FilterName) =>
    z
      .string()
      .trim()
      .max(200, fmt(t.errors.filterMax, { label: t.filters[name].label }))
      .optional()
      .transform((v) => v || undefined);
  return z.object({
    page: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.coerce
        .number({ message: t.errors.pageWhole })
        .int(t.errors.pageWhole)
        .min(1, t.errors.pageMin)
        .max(10_000, t.errors.pageMax)
        .default(1),
    ),
    ...(Object.fromEntries(FILTERS.map((f) => [f.name, filterValue(f.name)])) as Record<
      FilterName,
      ReturnType<typeof filterValue>
    >),
    closed: z.enum(["", "0", "1"], { message: t.errors.closed }).optional(),
    sort: z.enum(["", "newest", "last-date"], { message: t.errors.sort }).optional(),
  });
}

export default function KindList({ loaderData }: Route.ComponentProps) {
  const { kind, items, page, pages, total, filters, filterMenus, filtered, isJob } = loaderData;
  const { includeClosed, sort, view } = loaderData;
  const t = unpack(loaderData.strings).list;
  const to = useLocalePath();
  const filterForm = useFilterForm();
  const count = t.count;
  return (
    <main>
      <JsonLd count={loaderData.jsonLd} />
      <Breadcrumbs crumbs={loaderData.crumbs} />
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold text-ink">{loaderData.title}</h1>
        <a
          href={to(loaderData.feedHref)}
          className="inline-block py-1 text-sm text-accent hover:underline"
        >
          {t.rss}
        </a>
      </div>

      <Form
        {...filterForm}
        method="get"
        action={to(kind.urlPrefix)}
        className="mb-4 grid grid-cols-2 items-end gap-3 rounded-app border border-stone-200 bg-white p-3 sm:p-4 lg:grid-cols-4"
        aria-label={t.filterForm[kind.kind]}
      >
        {filterMenus.map((f) => (
          <div
            key={f.name}
            className={`flex min-w-0 flex-col gap-1 ${f.name === "organization" ? "col-span-2 lg:col-span-1" : ""}`}
          >
            <label htmlFor={`filter-${f.name}`} className="text-sm font-semibold">
              {f.label}
            </label>
            <select
              id={`filter-${f.name}`}
              name={f.name}
              defaultValue={filters[f.name] ?? ""}
              className="w-full min-w-0 rounded-app border border-stone-300 bg-white px-2 py-2 text-sm"
            >
              <option value="">{f.any}</option>
              {f.values.map((v) => (
                <option key={v.value} value={v.value}>
                  {v.name}
                </option>
              ))}
            </select>
          </div>
        ))}
        {isJob && (
          <>
            <div className="flex min-w-0 flex-col gap-1">
              <label htmlFor="list-sort" className="text-sm font-semibold">
                {t.sortBy}
              </label>
              <select
                id="list-sort"
                name="sort"
                defaultValue={sort}
                className="w-full min-w-0 rounded-app border border-stone-300 bg-white px-2 py-2 text-sm"
              >
                <option value="newest">{t.newestFirst}</option>
                <option value="last-date">{t.lastDateFirst}</option>
              </select>
            </div>
            <label className="flex items-center gap-2 self-center text-sm font-semibold">
              <input
                type="checkbox"
                name="closed"
                value="1"
                defaultChecked={includeClosed}
                className="size-5 accent-primary"
              />
              {t.includeClosed}
            </label>
          </>
        )}
        <div className="flex items-center gap-3">
          <button
            type="submit"
            className="rounded-app bg-primary px-4 py-2 font-semibold text-white hover:bg-primary-dark"
          >
            {t.filter}
          </button>
          {(filtered || includeClosed || sort !== "newest") && (
            <Link to={to(kind.urlPrefix)} className="text-sm text-accent hover:underline">
              {t.clearFilters}
            </Link>
          )}
        </div>
      </Form>

      <p className="mb-2 text-sm text-muted" aria-live="polite">
        {total === 0
          ? isJob && !includeClosed
            ? t.noOpenJobs
            : t.nothing
          : fmt(
              isJob && !includeClosed
                ? total === 1
                  ? count.openJob
                  : count.openJobs
                : isJob
                  ? total === 1
                    ? count.job
                    : count.jobs
                  : total === 1
                    ? count.entry
                    : count.entries,
              { n: total },
            ) + (pages > 1 ? fmt(count.pageOf, { page, pages }) : "")}
      </p>

      {items.length > 0 && (
        <ul
          aria-label={kind.plural}
          className="divide-y divide-stone-100 rounded-app border border-stone-200 bg-white"
        >
          {items.map((item) => (
            <EntryListItem
              key={item.id}
              entry={item}
              href={to(`${kind.urlPrefix}/${item.slug}`)}
              now={loaderData.now}
              today={loaderData.today}
              showLastDate={loaderData.isJob}
            />
          ))}
        </ul>
      )}

      <Pagination path={loaderData.path} params={view} page={page} pages={pages} />
      <div dangerouslySetInnerHTML={{ __html: loaderData.alertsBox }} />
    </main>
  );
}

export function meta({ loaderData, error, matches }: Route.MetaArgs) {
  return loaderData?.meta ?? errorMeta(error, matches);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}
