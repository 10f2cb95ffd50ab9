import { data } from "react-router";
import { nameIn } from "~/content/options.ts";
import { Breadcrumbs } from "~/components/breadcrumbs.tsx";
import { EntryListItem } from "~/components/entry-list-item.tsx";
import { JsonLd } from "~/components/json-ld.tsx";
import { PageError, errorMeta } from "~/components/page-error.tsx";
import { ORGANIZATION_KINDS } from "~/content/kinds.ts";
import { REGISTRY } from "~/content/registry.ts";
import { clock, todayInIndia } from "~/lib/india-date.ts";
import { catalog, requestLocale, packedStrings, stringsFor } from "~/i18n/catalog.server.ts";
import { useLocalePath } from "~/i18n/context.tsx";
import { fmt, localePath } from "~/lib/locale.ts";
import { lastKeyChanges, listPublished } from "~/entries/public.repository.server.ts";
import { env } from "~/platform/env.server.ts";
import { listedEntry } from "~/entries/list-rows.presenter.server.ts";
import { recordNotFound } from "~/redirects/not-found-log.repository.server.ts";
import { getOrganizationBySlug } from "~/organizations/organizations.repository.server.ts";
import { pagePath } from "~/lib/page-path.ts";
import { breadcrumbJsonLd, pageMeta, structuredData } from "~/seo/seo.server.ts";
import { db } from "~/platform/services.server.ts";
import { publicOrganizationNames, publicSettings } from "~/entries/public-data.server.ts";
import type { Route } from "./+types/organization";
import type { RouteHandle } from "~/page-cache/index.ts";
import { unpack } from "~/lib/packed.ts";

/** What a job seeker follows an organization for, in this order (the kind catalogue's). */
const SECTIONS = ORGANIZATION_KINDS.map((k) => k.key);
const PER_SECTION = 10;

export const handle = {
  cacheScope: ["organization"],
} satisfies RouteHandle;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const conn = await db();
  const organization = await getOrganizationBySlug(conn, params.slug);
  if (!organization) {
    recordNotFound(conn, pagePath(request), request.headers.get("referer"));
    throw data(null, { status: 404 });
  }
  const locale = requestLocale(request);
  const strings = stringsFor(locale, "organization");
  const t = strings.organization;
  const names = catalog(locale).list.landing.names;
  const now = clock();
  const today = todayInIndia(now);
  // Its name in the page's language (issue 29): the Hindi one on a Hindi page, when written.
  const name = (locale === "hi" && organization.hiName) || organization.name;
  const [settings, organizations, lists] = await Promise.all([
    publicSettings(),
    publicOrganizationNames(),
    Promise.all(
      SECTIONS.map((kind) =>
        listPublished(conn, kind, {
          perPage: PER_SECTION,
          filters: {
            organization: organization.name,
            ...(kind === "job" ? { openOn: today } : {}),
          },
        }),
      ),
    ),
  ]);
  const updated = await lastKeyChanges(
    conn,
    lists.flatMap((l) => l.items.map((e) => e.id)),
  );
  const baseUrl = env().BASE_URL;
  const path = `/organizations/${organization.slug}`;
  const crumbs = [
    { name: catalog(locale).shell.nav.home, path: localePath(locale, "/") },
    { name, path: localePath(locale, path) },
  ];
  const feedHref = `/feeds/organization-${organization.slug}.xml`;
  return {
    strings: packedStrings(locale, "organization"),
    organization: {
      name,
      shortName: organization.shortName,
      state: organization.state && nameIn(names, organization.state),
      domains: organization.domains,
    },
    sections: SECTIONS.map((kind, i) => ({
      kind,
      title: t.sections[kind]!,
      urlPrefix: REGISTRY[kind].urlPrefix,
      total: lists[i].total,
      // The full list of this organization's entries of the kind, on the kind's own list.
      viewAll: `${REGISTRY[kind].urlPrefix}?organization=${encodeURIComponent(organization.name)}`,
      items: lists[i].items.map((e) =>
        listedEntry(e, today, updated.get(e.id), locale, organizations),
      ),
    })),
    feedHref,
    now: now.toISOString(),
    today,
    crumbs,
    jsonLd: structuredData(context, [breadcrumbJsonLd(crumbs, baseUrl)]),
    meta: pageMeta({
      baseUrl,
      settings,
      title: fmt(t.metaTitle, {
        name,
        short: organization.shortName ? ` (${organization.shortName})` : "",
      }),
      description: fmt(t.description, { name }),
      path,
      locale,
      feed: {
        title: fmt(t.feedTitle, { name, site: settings.siteName }),
        href: feedHref,
      },
    }),
  };
}

export default function OrganizationPage({ loaderData }: Route.ComponentProps) {
  const { organization, sections } = loaderData;
  const t = unpack(loaderData.strings).organization;
  const to = useLocalePath();
  return (
    <main className="mx-auto max-w-4xl space-y-5">
      <JsonLd count={loaderData.jsonLd} />
      <Breadcrumbs crumbs={loaderData.crumbs} />
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold wrap-anywhere text-ink">
          {organization.name}
          {organization.shortName && (
            <span className="text-muted"> ({organization.shortName})</span>
          )}
        </h1>
        {organization.state && <p className="text-muted">{organization.state}</p>}
        {organization.domains.length > 0 && (
          <p className="text-sm">
            {organization.domains.length > 1 ? t.officialWebsites : t.officialWebsite}:{" "}
            {organization.domains.map((d, i) => (
              <span key={d}>
                {i > 0 && ", "}
                <a
                  href={`https://${d}/`}
                  target="_blank"
                  rel="nofollow noopener"
                  className="font-semibold text-accent underline"
                >
                  {d}
                </a>
              </span>
            ))}{" "}
            <span className="text-muted">· {t.officialNote}</span>
          </p>
        )}
        <p>
          <a
            href={to(loaderData.feedHref)}
            className="inline-block py-1 text-sm text-accent hover:underline"
          >
            {t.rss}
          </a>
        </p>
      </header>
      {sections.map((section) => (
        <section
          key={section.kind}
          aria-labelledby={`org-${section.kind}`}
          className="overflow-hidden rounded-app border border-stone-200 bg-white"
        >
          <h2
            id={`org-${section.kind}`}
            className="border-l-4 border-primary bg-primary-light px-4 py-2 text-lg font-semibold text-primary-dark"
          >
            {section.title}{" "}
            <span className="text-sm font-normal text-muted">({section.total})</span>
          </h2>
          {section.items.length === 0 ? (
            <p className="px-4 py-3 text-sm text-muted">
              {section.kind === "job" ? t.noOpenJobs : t.noneYet}
            </p>
          ) : (
            <ul aria-label={section.title} className="divide-y divide-stone-100">
              {section.items.map((item) => (
                <EntryListItem
                  key={item.id}
                  entry={item}
                  href={to(`${section.urlPrefix}/${item.slug}`)}
                  now={loaderData.now}
                  today={loaderData.today}
                  showLastDate={section.kind === "job"}
                />
              ))}
            </ul>
          )}
          {section.total > section.items.length && (
            <a
              href={to(section.viewAll)}
              className="block border-t border-stone-200 px-4 py-2 text-right text-sm font-semibold text-accent hover:underline"
            >
              {fmt(t.viewAll, { n: section.total })} ›
            </a>
          )}
        </section>
      ))}
    </main>
  );
}

export function meta({ loaderData, error, matches }: Route.MetaArgs) {
  return loaderData?.meta ?? errorMeta(error, matches);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}
