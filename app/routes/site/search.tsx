import { Form } from "react-router";
import { rejectQuery } from "~/platform/forms.server.ts";
import { z } from "zod";
import { RowTitle } from "~/components/english-only.tsx";
import { JsonLd } from "~/components/json-ld.tsx";
import { PageError, errorMeta } from "~/components/page-error.tsx";
import { Pagination } from "~/components/pagination.tsx";
import { lastDateFact } from "~/i18n/glance-words.ts";
import { REGISTRY } from "~/content/registry.ts";
import { KINDS, type Kind } from "~/content/kinds.ts";
import { todayInIndia } from "~/lib/india-date.ts";
import { catalog, requestLocale, packedStrings, stringsFor } from "~/i18n/catalog.server.ts";
import type { Catalog } from "~/i18n/catalog/types.ts";
import { useLocale, useLocalePath } from "~/i18n/context.tsx";
import { fmt, localePath } from "~/lib/locale.ts";
import { organizationIn, titleIn } from "~/lib/title.ts";
import { searchPublished } from "~/entries/search.repository.server.ts";
import { env } from "~/platform/env.server.ts";
import { formatDate } from "~/lib/format.ts";
import { batchedRateLimit, clientIp } from "~/platform/rate-limit.server.ts";
import { breadcrumbJsonLd, pageMeta, structuredData } from "~/seo/seo.server.ts";
import { db } from "~/platform/services.server.ts";
import { publicOrganizationNames, publicSettings } from "~/entries/public-data.server.ts";
import type { RouteHandle } from "~/page-cache/index.ts";
import type { Route } from "./+types/search";
import { unpack } from "~/lib/packed.ts";

const PER_PAGE = 20;
const MAX_QUERY = 100;
/** Counted in memory and written once a second: a search does not wait for a disk write. */
const searchLimit = batchedRateLimit(db);

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = requestLocale(request);
  const strings = stringsFor(locale, "search");
  const t = strings.search;
  const words = catalog(locale);
  const parsed = searchQuerySchema(t).safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) rejectQuery(parsed.error);
  const { q, page, type } = parsed.data;
  const conn = await db();
  const today = todayInIndia();
  if (q) {
    // Searches the page cache has not seen reach the database: a scraper gets a limit per address.
    const rule = env().SEARCH_RATE_LIMIT;
    const verdict = searchLimit.hit(`search:${clientIp(request)}`, rule);
    if (!verdict.allowed) {
      rejectQuery(fmt(t.errors.tooMany, { seconds: verdict.retryAfterSeconds }), {
        status: 429,
        headers: { "Retry-After": String(verdict.retryAfterSeconds) },
      });
    }
  }
  const [settings, organizations, results] = await Promise.all([
    publicSettings(),
    publicOrganizationNames(),
    q ? searchPublished(conn, q, { page, perPage: PER_PAGE, kind: type, today }) : null,
  ]);
  const baseUrl = env().BASE_URL;
  const crumbs = [
    { name: words.shell.nav.home, path: localePath(locale, "/") },
    { name: t.title, path: localePath(locale, "/search") },
  ];
  const counts = results?.kindCounts ?? {};
  return {
    strings: packedStrings(locale, "search"),
    q,
    page,
    type: type ?? null,
    pages: results?.pages ?? 1,
    total: results?.total ?? 0,
    // Type chips: every kind that matched, with its count (capped like the total).
    chips: KINDS.filter((k) => counts[k] || k === type).map((k) => ({
      kind: k,
      label: words.list.kinds[k].plural,
      count: counts[k] ?? 0,
    })),
    allCount: Object.values(counts).reduce((a, b) => a + b, 0),
    capped: results?.totalCapped ?? false,
    hits: (results?.items ?? []).map((hit) => ({
      id: hit.id,
      // One title, in the page's language where the entry has it (the snippet is as indexed).
      ...titleIn(hit, locale),
      organization: organizationIn(hit.organization, organizations, locale),
      kindLabel: words.list.kinds[hit.kind].label,
      href: localePath(locale, `${REGISTRY[hit.kind].urlPrefix}/${hit.slug}`),
      publishedAt: hit.publishedAt,
      // A job's hit says at once whether one can still apply.
      lastDate:
        hit.kind === "job" && hit.lastDate
          ? lastDateFact(hit.lastDate, today, words.list.facts, locale)
          : null,
      snippet: hit.snippet,
    })),
    jsonLd: structuredData(context, [breadcrumbJsonLd(crumbs, baseUrl)]),
    meta: pageMeta({
      baseUrl,
      settings,
      title: q ? fmt(t.resultsFor, { q }) : t.title,
      description: fmt(t.description, { site: settings.siteName }),
      path: "/search",
      locale,
      // Result pages are endless near-duplicates: search engines should follow, not index, them.
      noindex: true,
    }),
  };
}

export const handle = {
  queryParams: ["q", "page", "type"],
  cacheScope: ["search"],
} satisfies RouteHandle;

/** The search's query, its messages in the page's language (a bad address is answered 400). */
function searchQuerySchema(t: Catalog["search"]) {
  return z.object({
    q: z
      .string()
      .trim()
      .max(MAX_QUERY, fmt(t.errors.tooLong, { max: MAX_QUERY }))
      .default(""),
    page: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.coerce
        .number({ message: t.errors.pageWhole })
        .int(t.errors.pageWhole)
        .min(1, t.errors.pageMin)
        .max(10_000, t.errors.pageMax)
        .default(1),
    ),
    type: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.enum(KINDS, { message: fmt(t.errors.type, { types: KINDS.join(", ") }) }).optional(),
    ),
  });
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, hits, page, pages, total, type, chips, allCount, capped } = loaderData;
  const t = unpack(loaderData.strings).search;
  const to = useLocalePath();
  const locale = useLocale();
  return (
    <main className="mx-auto max-w-3xl">
      <JsonLd count={loaderData.jsonLd} />
      <h1 className="mb-4 text-2xl font-semibold text-ink">
        {q ? fmt(t.resultsFor, { q }) : t.title}
      </h1>
      <Form method="get" action={to("/search")} role="search" className="mb-4 flex gap-2">
        <label htmlFor="search-q" className="sr-only">
          {t.wordsLabel}
        </label>
        <input
          // A new query (a client-side navigation) draws the box again with it.
          key={q}
          id="search-q"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={MAX_QUERY}
          placeholder={t.placeholder}
          className="min-w-0 flex-1 rounded-app border border-stone-300 bg-white px-3 py-2"
        />
        <button
          type="submit"
          className="rounded-app bg-primary px-4 py-2 font-semibold text-white hover:bg-primary-dark"
        >
          {t.button}
        </button>
      </Form>

      {!q && <p className="text-muted">{t.hint}</p>}
      {q && hits.length === 0 && (
        <p className="rounded-app border border-stone-200 bg-white px-4 py-6 text-center">
          {page > 1 ? t.noMore : fmt(t.noResults, { q })}
        </p>
      )}
      {q && chips.length > 0 && (
        <nav aria-label={t.byType} className="mb-3 flex flex-wrap gap-2">
          <TypeChip
            q={q}
            kind={null}
            label={t.all}
            count={allCount}
            capped={capped}
            active={!type}
          />
          {chips.map((chip) => (
            <TypeChip
              key={chip.kind}
              q={q}
              kind={chip.kind}
              label={chip.label}
              count={chip.count}
              capped={capped}
              active={type === chip.kind}
            />
          ))}
        </nav>
      )}
      {hits.length > 0 && (
        <>
          <p className="mb-2 text-sm text-muted">
            {fmt(total === 1 ? t.result : t.results, {
              n: `${total}${capped ? "+" : ""}`,
            })}
            {pages > 1 ? fmt(t.pageOf, { page, pages }) : ""}
          </p>
          <ol
            aria-label={t.resultsLabel}
            className="divide-y divide-stone-100 rounded-app border border-stone-200 bg-white"
          >
            {hits.map((hit) => (
              <li key={hit.id} className="px-4 py-3">
                {/* The title runs on beside its type, not onto a line of its own (long Hindi titles). */}
                {/* The title is a 44 px target (issue 29); it runs on beside its type. */}
                <a href={hit.href} className="group -mt-3 block py-3 wrap-anywhere no-underline">
                  <span className="mr-2 inline-block rounded-app bg-secondary-light px-1.5 py-0.5 text-xs font-semibold text-secondary">
                    {hit.kindLabel}
                  </span>
                  <RowTitle
                    title={hit.title}
                    lang={hit.lang}
                    className="font-semibold text-accent"
                  />
                </a>
                {hit.lastDate && (
                  <p
                    className={`text-sm font-semibold ${hit.lastDate.tone === "closed" ? "text-red-800" : "text-ink"}`}
                  >
                    {hit.lastDate.tone === "closed"
                      ? hit.lastDate.value
                      : fmt(t.lastDate, { value: hit.lastDate.value })}
                  </p>
                )}
                <p className="mt-1 text-xs wrap-anywhere text-muted">
                  {hit.organization}
                  {hit.publishedAt && (
                    <>
                      {" · "}
                      <time dateTime={hit.publishedAt} className="whitespace-nowrap">
                        {formatDate(hit.publishedAt, locale)}
                      </time>
                    </>
                  )}
                </p>
                <p className="mt-1 text-sm break-words">
                  <Snippet text={hit.snippet} />
                </p>
              </li>
            ))}
          </ol>
          <Pagination
            path={to("/search")}
            params={type ? { q, type } : { q }}
            page={page}
            pages={pages}
          />
        </>
      )}
    </main>
  );
}

function TypeChip({
  q,
  kind,
  label,
  count,
  capped,
  active,
}: {
  q: string;
  kind: Kind | null;
  label: string;
  count: number;
  capped: boolean;
  active: boolean;
}) {
  const to = useLocalePath();
  const params = new URLSearchParams(kind ? { q, type: kind } : { q });
  return (
    <a
      href={to(`/search?${params}`)}
      aria-current={active ? "page" : undefined}
      className={`rounded-full border px-3 py-1 text-sm font-semibold no-underline ${active ? "border-primary bg-primary text-white" : "border-stone-300 bg-white text-ink hover:border-primary"}`}
    >
      {label}{" "}
      <span className={active ? "text-white" : "text-muted"}>
        ({count}
        {capped && !kind ? "+" : ""})
      </span>
    </a>
  );
}

/**
 * The database marks found words with \u0001…\u0002; they become <mark> here, as text, so nothing
 * an editor typed is ever read as HTML.
 */
function Snippet({ text }: { text: string }) {
  const parts: { text: string; found: boolean }[] = [];
  for (const [i, chunk] of text.split("\u0001").entries()) {
    if (i === 0) {
      parts.push({ text: chunk.replaceAll("\u0002", ""), found: false });
      continue;
    }
    const end = chunk.indexOf("\u0002");
    const found = end === -1 ? chunk : chunk.slice(0, end);
    parts.push({ text: found, found: true });
    if (end !== -1)
      parts.push({ text: chunk.slice(end + 1).replaceAll("\u0002", ""), found: false });
  }
  return (
    <>
      {parts.map((p, i) =>
        p.found ? (
          <mark key={i} className="rounded bg-primary-light px-0.5 text-ink">
            {p.text}
          </mark>
        ) : (
          p.text
        ),
      )}
    </>
  );
}

export function meta({ loaderData, error, matches }: Route.MetaArgs) {
  return loaderData?.meta ?? errorMeta(error, matches);
}

/** A thrown 429 keeps its Retry-After. */
export function headers({ errorHeaders, loaderHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? loaderHeaders;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}
