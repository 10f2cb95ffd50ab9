import { data, Form, Link } from "react-router";
import { z } from "zod";
import { Breadcrumbs } from "~/components/breadcrumbs.tsx";
import { EntryListItem } from "~/components/entry-list-item.tsx";
import { JsonLd } from "~/components/json-ld.tsx";
import { PageError, errorMeta } from "~/components/page-error.tsx";
import { pageHref, Pagination } from "~/components/pagination.tsx";
import { kindByUrlPrefix } from "~/content/registry.ts";
import { countPublished, filterValues, listPublished } from "~/server/entries.server.ts";
import { env } from "~/server/env.server.ts";
import { dateInIndia } from "~/server/format.ts";
import { breadcrumbJsonLd, pageMeta, serializeJsonLd } from "~/server/seo.server.ts";
import { db } from "~/server/services.server.ts";
import { perGeneration, publicSettings } from "~/server/public-data.server.ts";
import type { Route } from "./+types/kind-list";

const PER_PAGE = 20;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // One module serves all five lists: the first path segment says which kind this is.
  const kind = kindByUrlPrefix(`/${url.pathname.split("/")[1]}`);
  if (!kind) throw data(null, { status: 404 });
  const parsed = ListQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) {
    throw data({ message: parsed.error.issues[0].message }, { status: 400 });
  }
  const { page, ...requested } = parsed.data;
  const filterNames = FILTERS.filter(
    (f) => f.name === "organization" || kind.listColumns.includes(f.name),
  );
  const filters = Object.fromEntries(
    filterNames.map((f) => [f.name, requested[f.name]]),
  ) as Partial<Record<FilterName, string>>;

  const conn = await db();
  // Counts and filter menus change only with the content: kept per content generation.
  const total = await perGeneration(`count:${kind.kind}:${JSON.stringify(filters)}`, (d) =>
    countPublished(d, kind.kind, filters),
  );
  const [settings, list, options] = await Promise.all([
    publicSettings(),
    listPublished(conn, kind.kind, { page, perPage: PER_PAGE, filters, total }),
    Promise.all(
      filterNames.map((f) =>
        perGeneration(`filter:${kind.kind}:${f.name}`, (d) => filterValues(d, kind.kind, f.name)),
      ),
    ),
  ]);
  if (page > list.pages) throw data(null, { status: 404 });

  const baseUrl = env().BASE_URL;
  const path = kind.urlPrefix;
  const now = new Date();
  const crumbs = [
    { name: "Home", path: "/" },
    { name: kind.plural, path },
  ];
  const filtered = Object.values(filters).some(Boolean);
  return {
    kind: { kind: kind.kind, plural: kind.plural, urlPrefix: kind.urlPrefix },
    isJob: kind.listColumns.includes("last_date"),
    items: list.items.map((e) => ({
      id: e.id,
      slug: e.slug,
      title: e.title,
      organization: e.organization,
      publishedAt: e.publishedAt,
      lastDate: e.lastDate,
    })),
    page: list.page,
    pages: list.pages,
    total: list.total,
    filters,
    filterMenus: filterNames.map((f, i) => ({ ...f, values: options[i] })),
    filtered,
    crumbs,
    now: now.toISOString(),
    today: dateInIndia(now),
    jsonLd: [serializeJsonLd(breadcrumbJsonLd(crumbs, baseUrl))],
    meta: pageMeta({
      baseUrl,
      settings,
      title: page > 1 ? `${kind.plural}: page ${page}` : LIST_TITLES[kind.kind],
      description: LIST_DESCRIPTIONS[kind.kind],
      path,
      page,
      feed: { title: `${kind.plural}: ${settings.siteName}`, href: `/feeds${path}.xml` },
      prev: page > 1 ? pageHref(path, filters, page - 1) : undefined,
      next: page < list.pages ? pageHref(path, filters, page + 1) : undefined,
    }),
  };
}

type FilterName = "organization" | "state" | "qualification";
const FILTERS: { name: FilterName; label: string; any: string }[] = [
  { name: "organization", label: "Organization", any: "All organizations" },
  { name: "state", label: "State", any: "All states" },
  { name: "qualification", label: "Qualification", any: "All qualifications" },
];

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
});

export default function KindList({ loaderData }: Route.ComponentProps) {
  const { kind, items, page, pages, total, filters, filterMenus, filtered } = loaderData;
  return (
    <main>
      <JsonLd blocks={loaderData.jsonLd} />
      <Breadcrumbs crumbs={loaderData.crumbs} />
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold text-ink">{LIST_TITLES[kind.kind]}</h1>
        <a href={`/feeds${kind.urlPrefix}.xml`} className="text-sm text-accent hover:underline">
          RSS feed
        </a>
      </div>

      <Form
        method="get"
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
        <div className="flex items-center gap-3">
          <button
            type="submit"
            className="rounded-app bg-primary px-4 py-2 font-semibold text-white hover:bg-primary-dark"
          >
            Filter
          </button>
          {filtered && (
            <Link to={kind.urlPrefix} className="text-sm text-accent hover:underline">
              Clear filters
            </Link>
          )}
        </div>
      </Form>

      <p className="mb-2 text-sm text-muted" aria-live="polite">
        {total === 0
          ? "Nothing matches these filters."
          : `${total} ${total === 1 ? "entry" : "entries"}${pages > 1 ? `, page ${page} of ${pages}` : ""}`}
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

      <Pagination path={kind.urlPrefix} params={filters} page={page} pages={pages} />
    </main>
  );
}

export function meta({ loaderData, error }: Route.MetaArgs) {
  return loaderData?.meta ?? errorMeta(error);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}
