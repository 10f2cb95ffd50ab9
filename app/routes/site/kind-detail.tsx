import { data, redirect, useActionData } from "react-router";
import { AmIEligibleIsland } from "~/components/am-i-eligible-island.tsx";
import type { AgeCheckResult } from "~/components/am-i-eligible.tsx";
import { Breadcrumbs } from "~/components/breadcrumbs.tsx";
import { EntryDetail, type RelatedEntry } from "~/components/entry-detail.tsx";
import { JsonLd } from "~/components/json-ld.tsx";
import { PageError, errorMeta } from "~/components/page-error.tsx";
import { jobPostRules, quickAnswers } from "~/content/job-eligibility.ts";
import { kindByUrlPrefix, REGISTRY } from "~/content/registry.ts";
import {
  entriesOfJob,
  findPublishedBySlug,
  listEntryChanges,
  getPublishedSummaryById,
} from "~/server/entries/public-reads.server.ts";
import type { Entry, EntrySummary } from "~/server/entries/shared.server.ts";
import { todayInIndia } from "~/india-date.ts";
import { env } from "~/server/env.server.ts";
import { recordNotFound } from "~/server/not-found-log.server.ts";
import { entryPresentation } from "~/server/entry-page.server.ts";
import {
  breadcrumbJsonLd,
  canonicalUrl,
  entryFaqs,
  faqPageJsonLd,
  jobPostingJsonLd,
  pageMeta,
  serializeJsonLd,
  webPageJsonLd,
} from "~/server/seo.server.ts";
import { pagePath } from "~/server/redirect-middleware.server.ts";
import { db } from "~/server/services.server.ts";
import { publicSettings } from "~/server/public-data.server.ts";
import type { Route } from "./+types/kind-detail";

export async function loader({ request, params }: Route.LoaderArgs) {
  // One module serves all five kinds: the first path segment says which kind this is.
  const kind = kindByUrlPrefix(`/${pagePath(request).split("/")[1]}`);
  if (!kind) throw data(null, { status: 404 });
  const conn = await db();
  const lookup = await findPublishedBySlug(conn, kind.kind, params.slug);
  if (lookup.found === "moved") {
    // The slug changed: send people and search engines to the new address for good.
    throw redirect(`${kind.urlPrefix}/${lookup.slug}`, 301);
  }
  if (lookup.found === "none") {
    await recordNotFound(conn, pagePath(request), request.headers.get("referer"));
    throw data(null, { status: 404 });
  }
  const entry = lookup.entry;
  const today = todayInIndia();
  const [settings, related, changes, presentation] = await Promise.all([
    publicSettings(),
    relatedTo(conn, entry),
    listEntryChanges(conn, entry.id),
    entryPresentation(conn, entry, today),
  ]);

  const baseUrl = env().BASE_URL;
  const path = `${kind.urlPrefix}/${entry.slug}`;
  const crumbs = [
    { name: "Home", path: "/" },
    { name: kind.plural, path: kind.urlPrefix },
    { name: entry.title, path },
  ];
  const jobPosting = jobPostingJsonLd(entry, { baseUrl, today });
  const faqPage = faqPageJsonLd(entryFaqs(entry.data));
  const summary = String(entry.data.summary ?? "");
  return {
    entry: {
      id: entry.id,
      kind: entry.kind,
      slug: entry.slug,
      title: entry.title,
      organization: entry.organization,
      publishedAt: entry.publishedAt,
      updatedAt: entry.updatedAt,
      lastDate: entry.lastDate,
      data: entry.data,
    },
    definition: { label: kind.label, sections: kind.sections },
    related,
    changes: changes.map((c) => ({ id: c.id, detail: c.detail, createdAt: c.createdAt })),
    ...presentation,
    // "Am I eligible?": the rules of each post of an open job, for the browser to apply.
    eligibilityPosts:
      entry.kind === "job" && entry.lastDate && entry.lastDate >= today
        ? jobPostRules(entry.data)
        : null,
    today,
    crumbs,
    jsonLd: [
      breadcrumbJsonLd(crumbs, baseUrl),
      webPageJsonLd({
        url: canonicalUrl(baseUrl, path),
        name: entry.title,
        datePublished: entry.publishedAt,
        dateModified: entry.updatedAt,
      }),
      jobPosting,
      faqPage,
    ]
      .filter((b) => b !== null)
      .map(serializeJsonLd),
    meta: pageMeta({
      baseUrl,
      settings,
      title: entry.title,
      description: summary.includes(entry.organization)
        ? summary
        : `${entry.organization}: ${summary}`,
      path,
      type: "article",
    }),
  };
}

/**
 * "Am I eligible?" posted without JavaScript: the date of birth and category answered for each
 * post with the same function the browser runs. Nothing is kept, and no cache keeps the answer.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const kind = kindByUrlPrefix(`/${pagePath(request).split("/")[1]}`);
  if (kind?.kind !== "job") throw data(null, { status: 405 });
  const lookup = await findPublishedBySlug(await db(), kind.kind, params.slug);
  if (lookup.found !== "entry") throw data(null, { status: 404 });
  const form = await request.formData();
  const values: Record<string, string> = {};
  for (const name of ["dobDay", "dobMonth", "dobYear", "category"]) {
    const value = form.get(name);
    if (typeof value === "string") values[name] = value.slice(0, 10);
  }
  const answer = quickAnswers(values, jobPostRules(lookup.entry.data), todayInIndia());
  return data({ ...answer, values } satisfies AgeCheckResult, {
    status: answer.ok ? 200 : 400,
    headers: { "Cache-Control": "no-store" },
  });
}

/** The answer to a POST carries a birth date: no cache may keep it. */
export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.get("Cache-Control") ? actionHeaders : loaderHeaders;
}

/** A job's own result, admit card and the like; for those, the job and its other entries. */
async function relatedTo(
  conn: Awaited<ReturnType<typeof db>>,
  entry: Entry,
): Promise<RelatedEntry[]> {
  const pick = (e: EntrySummary): RelatedEntry => ({
    id: e.id,
    title: e.title,
    href: `${REGISTRY[e.kind].urlPrefix}/${e.slug}`,
    kindLabel: REGISTRY[e.kind].label,
  });
  if (entry.kind === "job") return (await entriesOfJob(conn, entry.id)).map(pick);
  if (!entry.jobId) return [];
  const [job, siblings] = await Promise.all([
    getPublishedSummaryById(conn, entry.jobId),
    entriesOfJob(conn, entry.jobId),
  ]);
  return [...(job ? [job] : []), ...siblings.filter((s) => s.id !== entry.id)].map(pick);
}

export default function KindDetail({ loaderData }: Route.ComponentProps) {
  const posted = useActionData<AgeCheckResult>();
  return (
    <main className="mx-auto max-w-4xl">
      <JsonLd blocks={loaderData.jsonLd} />
      <Breadcrumbs crumbs={loaderData.crumbs} />
      <EntryDetail
        entry={loaderData.entry}
        definition={loaderData.definition}
        related={loaderData.related}
        today={loaderData.today}
        changes={loaderData.changes}
        glance={loaderData.glance}
        officialDomains={loaderData.officialDomains}
        organizationHref={loaderData.organizationHref}
        afterGlance={
          loaderData.eligibilityPosts && (
            <AmIEligibleIsland
              posts={loaderData.eligibilityPosts}
              today={loaderData.today}
              posted={posted}
            />
          )
        }
      />
    </main>
  );
}

export function meta({ loaderData, error, matches }: Route.MetaArgs) {
  return loaderData?.meta ?? errorMeta(error, matches);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}
