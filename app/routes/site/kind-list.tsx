import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { Breadcrumbs } from "~/components/breadcrumbs.tsx";
import { EntryListItem } from "~/components/entry-list-item.tsx";
import { JsonLd } from "~/components/json-ld.tsx";
import { PageError, errorMeta } from "~/components/page-error.tsx";
import { pageHref, Pagination } from "~/components/pagination.tsx";
import { kindByUrlPrefix } from "~/content/registry.ts";
import { clock, todayInIndia } from "~/india-date.ts";
import {
  isLandingFacet,
  LANDING_FACETS,
  landingFeedPath,
  landingPath,
  landingSlug,
  landingTitle,
  landingValue,
} from "~/content/landing.ts";
import {
  countPublished,
  filterValues,
  lastKeyChanges,
  listPublished,
  type ListFilters,
  type ListSort,
} from "~/server/entries/public-reads.server.ts";
import { env } from "~/server/env.server.ts";
import { listedEntry } from "~/server/list-rows.server.ts";
import { breadcrumbJsonLd, pageMeta, serializeJsonLd } from "~/server/seo.server.ts";
import { pagePath } from "~/server/redirect-middleware.server.ts";
import { db } from "~/server/services.server.ts";
import { perGeneration, publicSettings } from "~/server/public-data.server.ts";
import type { RouteHandle } from "~/route-handle.ts";
import type { Route } from "./+types/kind-list";

const PER_PAGE = 20;

export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // One module serves all five lists and the job landing pages (/jobs/state/bihar): the path
  // says which kind, and which landing page, this is.
  const [, prefix, facetSegment] = pagePath(request).split("/");
  const kind = kindByUrlPrefix(`/${prefix}`);
  if (!kind) throw data(null, { status: 404 });
  const facet = isLandingFacet(facetSegment) ? facetSegment : undefined;
  const landing = facet ? landingValue(facet, params.value ?? "") : undefined;
  if (facet && !landing) throw data(null, { status: 404 });
  const parsed = ListQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) {
    throw data({ message: parsed.error.issues[0].message }, { status: 400 });
  }
  const { page, closed, sort, ...requested } = parsed.data;
  const isJob = kind.listColumns.includes("last_date");
  // ?state=Bihar on the job list is the landing page /jobs/state/bihar: one address per page.
  if (isJob && !facet) {
    // Only a value that has a landing page moves; anything else filters to nothing, here.
    const to = LANDING_FACETS.find(
      (f) => requested[f] && landingValue(f, landingSlug(requested[f])) === requested[f],
    );
    if (to) {
      const rest = {
        ...requested,
        [to]: undefined,
        closed,
        sort,
        page: page > 1 ? page : undefined,
      };
      throw redirect(pageHref(landingPath(to, requested[to]!), withoutDefaults(rest), 1), 301);
    }
  }
  if (facet) requested[facet] = landing;
  const filterNames = FILTERS.filter(
    (f) => f.name === "organization" || kind.listColumns.includes(f.name),
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
  const [settings, list, options] = await Promise.all([
    publicSettings(),
    listPublished(conn, kind.kind, { page, perPage: PER_PAGE, filters: query, total, sort: order }),
    Promise.all(
      filterNames.map((f) =>
        perGeneration(`filter:${kind.kind}:${f.name}`, (d) => filterValues(d, kind.kind, f.name)),
      ),
    ),
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
  const title = facet ? landingTitle(facet, landing!) : LIST_TITLES[kind.kind];
  const feedHref = facet ? landingFeedPath(facet, landing!) : `/feeds${kind.urlPrefix}.xml`;
  const crumbs = [
    { name: "Home", path: "/" },
    { name: kind.plural, path: kind.urlPrefix },
    ...(facet ? [{ name: landing!, path }] : []),
  ];
  const filtered = Object.values(filters).some(Boolean);
  return {
    kind: { kind: kind.kind, plural: kind.plural, urlPrefix: kind.urlPrefix },
    path,
    title,
    feedHref,
    isJob,
    includeClosed,
    sort: order,
    view,
    items: list.items.map((e) => listedEntry(e, today, updated.get(e.id))),
    page: list.page,
    pages: list.pages,
    total: list.total,
    filters,
    filterMenus: filterNames.map((f, i) => ({ ...f, values: options[i] })),
    filtered,
    crumbs,
    now: now.toISOString(),
    today,
    jsonLd: [serializeJsonLd(breadcrumbJsonLd(crumbs, baseUrl))],
    meta: pageMeta({
      baseUrl,
      settings,
      title: page > 1 ? `${title}: page ${page}` : title,
      description: facet
        ? `${title}: open government job notifications with vacancies, eligibility, fees, last dates and the official apply online links.`
        : LIST_DESCRIPTIONS[kind.kind],
      path,
      page,
      feed: { title: `${title}: ${settings.siteName}`, href: feedHref },
      prev: page > 1 ? pageHref(path, view, page - 1) : undefined,
      next: page < list.pages ? pageHref(path, view, page + 1) : undefined,
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

type FilterName = "organization" | "state" | "qualification";
const FILTERS: { name: FilterName; label: string; any: string }[] = [
  { name: "organization", label: "Organization", any: "All organizations" },
  { name: "state", label: "State", any: "All states" },
  { name: "qualification", label: "Qualification", any: "All qualifications" },
];

export const handle = {
  queryParams: ["page", "closed", "sort", ...FILTERS.map((f) => f.name)],
} satisfies RouteHandle;

const LIST_TITLES: Record<string, string> = {
  job: "Latest Government Jobs",
  result: "Latest Exam Results",
  "admit-card": "Latest Admit Cards",
  syllabus: "Exam Syllabus and Pattern",
  "answer-key": "Latest Answer Keys",
};

const LIST_DESCRIPTIONS: Record<string, string> = {
  job: "Latest government job notifications in India with vacancies, eligibility, fees, important dates and the official apply online links.",
  result:
    "Latest government exam results with cut-off marks, merit lists and the official links to check your result.",
  "admit-card":
    "Latest admit cards and hall tickets for government exams, with exam dates and the official download links.",
  syllabus:
    "Syllabus and exam pattern of government recruitment exams: papers, marks, duration and topics.",
  "answer-key":
    "Latest answer keys of government exams, with objection dates and the official download links.",
};

const filterValue = (label: string) =>
  z
    .string()
    .trim()
    .max(200, `${label} must be at most 200 characters`)
    .optional()
    .transform((v) => v || undefined);

const ListQuerySchema = z.object({
  page: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce
      .number({ message: "The page number must be a whole number, such as ?page=2" })
      .int("The page number must be a whole number, such as ?page=2")
      .min(1, "The page number must be 1 or more")
      .max(10_000, "The page number must be at most 10000")
      .default(1),
  ),
  organization: filterValue("Organization"),
  state: filterValue("State"),
  qualification: filterValue("Qualification"),
  closed: z
    .enum(["", "0", "1"], { message: "closed must be 1 (include closed jobs) or left out" })
    .optional(),
  sort: z
    .enum(["", "newest", "last-date"], { message: "sort must be newest or last-date" })
    .optional(),
});

export default function KindList({ loaderData }: Route.ComponentProps) {
  const { kind, items, page, pages, total, filters, filterMenus, filtered, isJob } = loaderData;
  const { includeClosed, sort, view } = loaderData;
  return (
    <main>
      <JsonLd blocks={loaderData.jsonLd} />
      <Breadcrumbs crumbs={loaderData.crumbs} />
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold text-ink">{loaderData.title}</h1>
        <a href={loaderData.feedHref} className="text-sm text-accent hover:underline">
          RSS feed
        </a>
      </div>

      <Form
        method="get"
        action={kind.urlPrefix}
        className="mb-4 grid grid-cols-2 items-end gap-3 rounded-app border border-stone-200 bg-white p-3 sm:p-4 lg:grid-cols-4"
        aria-label={`Filter ${kind.plural.toLowerCase()}`}
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
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </select>
          </div>
        ))}
        {isJob && (
          <>
            <div className="flex min-w-0 flex-col gap-1">
              <label htmlFor="list-sort" className="text-sm font-semibold">
                Sort by
              </label>
              <select
                id="list-sort"
                name="sort"
                defaultValue={sort}
                className="w-full min-w-0 rounded-app border border-stone-300 bg-white px-2 py-2 text-sm"
              >
                <option value="newest">Newest first</option>
                <option value="last-date">Last date (soonest first)</option>
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
              Include closed
            </label>
          </>
        )}
        <div className="flex items-center gap-3">
          <button
            type="submit"
            className="rounded-app bg-primary px-4 py-2 font-semibold text-white hover:bg-primary-dark"
          >
            Filter
          </button>
          {(filtered || includeClosed || sort !== "newest") && (
            <Link to={kind.urlPrefix} className="text-sm text-accent hover:underline">
              Clear filters
            </Link>
          )}
        </div>
      </Form>

      <p className="mb-2 text-sm text-muted" aria-live="polite">
        {total === 0
          ? isJob && !includeClosed
            ? "No open jobs match these filters. Tick “Include closed” to see past ones."
            : "Nothing matches these filters."
          : `${total} ${isJob && !includeClosed ? "open " : ""}${isJob ? (total === 1 ? "job" : "jobs") : total === 1 ? "entry" : "entries"}${pages > 1 ? `, page ${page} of ${pages}` : ""}`}
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
              href={`${kind.urlPrefix}/${item.slug}`}
              now={loaderData.now}
              today={loaderData.today}
              showLastDate={loaderData.isJob}
            />
          ))}
        </ul>
      )}

      <Pagination path={loaderData.path} params={view} page={page} pages={pages} />
    </main>
  );
}

export function meta({ loaderData, error, matches }: Route.MetaArgs) {
  return loaderData?.meta ?? errorMeta(error, matches);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}
