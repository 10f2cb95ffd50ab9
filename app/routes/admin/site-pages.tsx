import { Link } from "react-router";
import { AdminError } from "~/components/admin/admin-error.tsx";
import { AdminPageHeader, buttonClass } from "~/components/admin/banner.tsx";
import { AdminTable } from "~/components/admin/admin-table.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { SITE_PAGE_SLUGS } from "~/content/site-pages.ts";
import { requireStaff } from "~/users/guard.server.ts";
import { db } from "~/platform/services.server.ts";
import { listSitePages, sitePageTranslation } from "~/site-pages/site-pages.repository.server.ts";
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
      <AdminTable
        caption="Site pages"
        frameClass="rounded-app border border-stone-200 bg-white"
        rows={loaderData.pages}
        rowKey={(page) => page.slug}
        columns={[
          {
            key: "title",
            header: "Title",
            cellClass: "font-semibold",
            cell: (page) =>
              page.title ?? <span className="font-normal text-muted">Not written yet</span>,
          },
          {
            key: "slug",
            header: "Slug",
            cellClass: "font-mono text-xs",
            cell: (page) => page.slug,
          },
          {
            key: "updated",
            header: "Updated",
            cellClass: "whitespace-nowrap",
            cell: (page) => (page.updatedAt ? formatDateTime(page.updatedAt) : "—"),
          },
          {
            key: "hindi",
            header: "Hindi",
            cell: (page) => <TranslationBadge t={page.translation} />,
          },
          {
            key: "public",
            header: "Public page",
            cell: (page) => (
              <a href={`/${page.slug}`} className="text-accent underline">
                /{page.slug}
              </a>
            ),
          },
          {
            key: "actions",
            header: "Actions",
            hidden: true,
            cell: (page) => (
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
            ),
          },
        ]}
      />
    </div>
  );
}

export function meta() {
  return [{ title: "Site pages | govjobs admin" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
