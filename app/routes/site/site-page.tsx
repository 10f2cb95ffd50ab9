import { data } from "react-router";
import { Breadcrumbs } from "~/components/breadcrumbs.tsx";
import { JsonLd } from "~/components/json-ld.tsx";
import { PageError, errorMeta } from "~/components/page-error.tsx";
import { env } from "~/server/env.server.ts";
import { formatDate } from "~/server/format.ts";
import { sanitizeRichText } from "~/server/sanitize.server.ts";
import { breadcrumbJsonLd, pageMeta, serializeJsonLd } from "~/server/seo.server.ts";
import { pagePath } from "~/server/redirect-middleware.server.ts";
import { db } from "~/server/services.server.ts";
import { publicSettings } from "~/server/public-data.server.ts";
import { getSitePage } from "~/server/site-pages.server.ts";
import type { Route } from "./+types/site-page";

export async function loader({ request }: Route.LoaderArgs) {
  // One module serves every site page: the path is the page's slug.
  const slug = pagePath(request).replace(/^\/+|\/+$/g, "");
  const conn = await db();
  const [page, settings] = await Promise.all([getSitePage(conn, slug), publicSettings()]);
  if (!page) throw data(null, { status: 404 });
  const baseUrl = env().BASE_URL;
  const path = `/${slug}`;
  const crumbs = [
    { name: "Home", path: "/" },
    { name: page.title, path },
  ];
  return {
    title: page.title,
    // Sanitized again here: a row written by any other path must still render inert.
    body: sanitizeRichText(page.body),
    updatedAt: page.updatedAt,
    securityEmail: slug === "security-policy" ? settings.securityEmail : null,
    crumbs,
    jsonLd: [serializeJsonLd(breadcrumbJsonLd(crumbs, baseUrl))],
    meta: pageMeta({ baseUrl, settings, title: page.title, description: page.description, path }),
  };
}

export default function SitePage({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-3xl">
      <JsonLd blocks={loaderData.jsonLd} />
      <Breadcrumbs crumbs={loaderData.crumbs} />
      <article className="rounded-app border border-stone-200 bg-white p-4 sm:p-6">
        <h1 className="text-2xl font-semibold text-ink">{loaderData.title}</h1>
        <div
          className="mt-4 space-y-3 leading-relaxed [&_a]:text-accent [&_a]:underline [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-4 [&_h3]:font-semibold [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_table]:block [&_table]:overflow-x-auto [&_td]:border [&_td]:px-2 [&_th]:border [&_th]:px-2 [&_ul]:list-disc [&_ul]:pl-6"
          dangerouslySetInnerHTML={{ __html: loaderData.body }}
        />
        {loaderData.securityEmail && (
          <p className="mt-6 rounded-app bg-accent-light px-4 py-3">
            Security contact:{" "}
            <a
              href={`mailto:${loaderData.securityEmail}`}
              className="font-semibold text-accent underline"
            >
              {loaderData.securityEmail}
            </a>
          </p>
        )}
        <p className="mt-6 text-sm text-muted">
          Last updated on{" "}
          <time dateTime={loaderData.updatedAt}>{formatDate(loaderData.updatedAt)}</time>
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
