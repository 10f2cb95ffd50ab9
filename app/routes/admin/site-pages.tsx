import { Link } from "react-router";
import { AdminError } from "~/components/admin/admin-error.tsx";
import { AdminPageHeader, buttonClass } from "~/components/admin/banner.tsx";
import {
  formatDateTime,
  tableClass,
  tdClass,
  thClass,
  ScrollTable,
} from "~/components/admin/backoffice-ui.tsx";
import { SITE_PAGE_SLUGS } from "~/content/site-pages.ts";
import { requireStaff } from "~/server/guard.server.ts";
import { db } from "~/server/services.server.ts";
import { listSitePages, sitePageTranslation } from "~/server/site-pages.server.ts";
import { TranslationBadge } from "~/components/admin/hindi-panel.tsx";
import type { Route } from "./+types/site-pages";

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "site-pages");
  const rows = await listSitePages(await db());
  const bySlug = new Map(rows.map((p) => [p.slug, p]));
  // Every page the spec names is listed, even one nobody has written yet.
  return {
    pages: SITE_PAGE_SLUGS.map((slug) => {
      const page = bySlug.get(slug);
      return {
        slug,
        title: page?.title ?? null,
        updatedAt: page?.updatedAt ?? null,
        translation: {
          state: page ? sitePageTranslation(page) : ("missing" as const),
          changedAt: page?.textChangedAt ?? null,
        },
      };
    }),
  };
}

export default function SitePages({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl">
      <AdminPageHeader title="Site pages" />
      <p className="mb-4 text-sm text-muted">
        The fixed pages of the public site. Each save keeps a revision you can compare and restore.
      </p>
      <ScrollTable className="rounded-app border border-stone-200 bg-white">
        <table className={tableClass}>
          <caption className="sr-only">Site pages</caption>
          <thead>
            <tr>
              <th scope="col" className={thClass}>
                Title
              </th>
              <th scope="col" className={thClass}>
                Slug
              </th>
              <th scope="col" className={thClass}>
                Updated
              </th>
              <th scope="col" className={thClass}>
                Hindi
              </th>
              <th scope="col" className={thClass}>
                Public page
              </th>
              <th scope="col" className={thClass}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {loaderData.pages.map((page) => (
              <tr key={page.slug}>
                <td className={`${tdClass} font-semibold`}>
                  {page.title ?? <span className="font-normal text-muted">Not written yet</span>}
                </td>
                <td className={`${tdClass} font-mono text-xs`}>{page.slug}</td>
                <td className={`${tdClass} whitespace-nowrap`}>
                  {page.updatedAt ? formatDateTime(page.updatedAt) : "—"}
                </td>
                <td className={tdClass}>
                  <TranslationBadge t={page.translation} />
                </td>
                <td className={tdClass}>
                  <a href={`/${page.slug}`} className="text-accent underline">
                    /{page.slug}
                  </a>
                </td>
                <td className={tdClass}>
                  <div className="flex flex-wrap justify-end gap-2">
                    <Link
                      to={`/admin/manage-site-pages/edit/${page.slug}`}
                      className={buttonClass.primary}
                      aria-label={`Edit ${page.title ?? page.slug}`}
                    >
                      Edit
                    </Link>
                    <Link
                      to={`/admin/manage-site-pages/history/${page.slug}`}
                      className={buttonClass.secondary}
                      aria-label={`History of ${page.title ?? page.slug}`}
                    >
                      History
                    </Link>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </div>
  );
}

export function meta() {
  return [{ title: "Site pages | govjobs admin" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
