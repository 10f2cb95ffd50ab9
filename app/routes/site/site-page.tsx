import { data } from "react-router";
import { Breadcrumbs } from "~/components/breadcrumbs.tsx";
import { JsonLd } from "~/components/json-ld.tsx";
import { PageError, errorMeta } from "~/components/page-error.tsx";
import { catalog, packedStrings, requestLocale } from "~/i18n/catalog.server.ts";
import { localePath, stripLocale } from "~/lib/locale.ts";
import { env } from "~/platform/env.server.ts";
import { formatDate } from "~/lib/format.ts";
import { sanitizeRichText } from "~/platform/sanitize.server.ts";
import { breadcrumbJsonLd, pageMeta, structuredData } from "~/seo/seo.server.ts";
import { pagePath } from "~/lib/page-path.ts";
import { db } from "~/platform/services.server.ts";
import { publicSettings } from "~/entries/public-data.server.ts";
import { getSitePage, sitePageIn } from "~/site-pages/site-pages.repository.server.ts";
import type { Route } from "./+types/site-page";
import type { RouteHandle } from "~/page-cache/index.ts";
import { unpack } from "~/lib/packed.ts";

export const handle = {
  cacheScope: ["site-page"],
} satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  // One module serves every site page: the path is the page's slug.
  const slug = stripLocale(pagePath(request)).replace(/^\/+|\/+$/g, "");
  const locale = requestLocale(request);
  const conn = await db();
  const [stored, settings] = await Promise.all([getSitePage(conn, slug), publicSettings()]);
  if (!stored) throw data(null, { status: 404 });
  // The editors' Hindi text when they wrote it; otherwise the English text in the Hindi frame.
  const page = sitePageIn(stored, locale);
  const baseUrl = env().BASE_URL;
  const path = `/${slug}`;
  const crumbs = [
    { name: catalog(locale).shell.nav.home, path: localePath(locale, "/") },
    { name: page.title, path: localePath(locale, path) },
  ];
  return {
    strings: packedStrings(locale, "sitePage"),
    locale,
    translated: page.translated,
    title: page.title,
    // Sanitized again here: a row written by any other path must still render inert.
    body: sanitizeRichText(page.body),
    updatedAt: page.updatedAt,
    securityEmail: slug === "security-policy" ? settings.securityEmail : null,
    crumbs,
    jsonLd: structuredData(context, [breadcrumbJsonLd(crumbs, baseUrl)]),
    meta: pageMeta({
      baseUrl,
      settings,
      title: page.title,
      description: page.description,
      path,
      locale,
      // A page without its Hindi text is the English page: canonical to it, no alternates.
      translated: page.translated,
    }),
  };
}

export default function SitePage({ loaderData }: Route.ComponentProps) {
  const t = unpack(loaderData.strings).sitePage;
  const [before, after = ""] = t.lastUpdated.split("{date}");
  return (
    <main className="mx-auto max-w-3xl">
      <JsonLd count={loaderData.jsonLd} />
      <Breadcrumbs crumbs={loaderData.crumbs} />
      <article className="rounded-app border border-stone-200 bg-white p-4 sm:p-6">
        {!loaderData.translated && t.notTranslated && (
          <p className="mb-4 rounded-app bg-accent-light px-4 py-3 text-sm">{t.notTranslated}</p>
        )}
        <h1
          lang={loaderData.translated ? undefined : "en"}
          className="text-2xl font-semibold text-ink"
        >
          {loaderData.title}
        </h1>
        <div
          lang={loaderData.translated ? undefined : "en"}
          className="mt-4 space-y-3 leading-relaxed [&_a]:text-accent [&_a]:underline [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-4 [&_h3]:font-semibold [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_table]:block [&_table]:overflow-x-auto [&_td]:border [&_td]:px-2 [&_th]:border [&_th]:px-2 [&_ul]:list-disc [&_ul]:pl-6"
          dangerouslySetInnerHTML={{ __html: loaderData.body }}
        />
        {loaderData.securityEmail && (
          <p className="mt-6 rounded-app bg-accent-light px-4 py-3">
            {t.securityContact}{" "}
            <a
              href={`mailto:${loaderData.securityEmail}`}
              className="font-semibold text-accent underline"
            >
              {loaderData.securityEmail}
            </a>
          </p>
        )}
        <p className="mt-6 text-sm text-muted">
          {before}
          <time dateTime={loaderData.updatedAt}>
            {formatDate(loaderData.updatedAt, loaderData.locale)}
          </time>
          {after}
        </p>
      </article>
    </main>
  );
}

export function meta({ loaderData, error, matches }: Route.MetaArgs) {
  return loaderData?.meta ?? errorMeta(error, matches);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}
