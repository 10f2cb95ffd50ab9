import { Form, Link } from "react-router";
import { buttonClass } from "~/components/admin/banner.tsx";
import { Pager, SectionCard } from "~/components/admin/backoffice-ui.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { AdminTable } from "~/components/admin/admin-table.tsx";
import { ConfirmButton } from "~/components/admin/confirm-button.tsx";
import { SEO_TOOLS } from "~/components/admin/seo-tools/form-state.ts";
import type { NotFoundEntry } from "~/redirects/not-found-log.repository.server.ts";
import type { loadNotFound } from "./not-found.server.ts";

/** The 404 log section of the SEO tools: paths not found, with a way to redirect or forget each. */
export function NotFoundSection({ data: d }: { data: Awaited<ReturnType<typeof loadNotFound>> }) {
  return (
    <SectionCard
      id="not-found"
      title="404 log"
      description="Paths visitors asked for that do not exist, most requested first. Create a redirect for the ones that deserve a new home."
      actions={
        d.notFoundTotal > 0 ? (
          <Form method="post">
            <ConfirmButton
              label="Clear log"
              question={`Remove all ${d.notFoundTotal} paths from the 404 log? This cannot be undone.`}
              confirmLabel="Yes, clear the log"
              value="not-found-clear"
            />
          </Form>
        ) : null
      }
    >
      <NotFoundTable entries={d.notFound} />
      <Pager
        label="404 log pages"
        page={d.notFoundPage}
        pages={d.notFoundPages}
        hrefFor={(p) => `${SEO_TOOLS}?npage=${p}#not-found`}
      />
    </SectionCard>
  );
}

function NotFoundTable({ entries }: { entries: NotFoundEntry[] }) {
  if (entries.length === 0)
    return <p className="text-sm text-muted">No missing pages recorded. Nothing to fix.</p>;
  return (
    <AdminTable
      caption="Paths not found"
      rows={entries}
      rowKey={(entry) => entry.path}
      columns={[
        {
          key: "path",
          header: "Path",
          cellClass: "font-mono text-xs break-all",
          cell: (entry) => entry.path,
        },
        {
          key: "hits",
          header: "Hits",
          align: "text-right",
          cellClass: "tabular-nums",
          cell: (entry) => entry.hits,
        },
        {
          key: "referrer",
          header: "Last referrer",
          cellClass: "max-w-64 text-xs break-all",
          cell: (entry) => entry.lastReferrer ?? <span className="text-muted">None</span>,
        },
        {
          key: "seen",
          header: "Last seen",
          cellClass: "whitespace-nowrap",
          cell: (entry) => formatDateTime(entry.lastSeenAt),
        },
        {
          key: "actions",
          header: "Actions",
          hidden: true,
          cell: (entry) => (
            <Form method="post" className="flex justify-end gap-2 whitespace-nowrap">
              <input type="hidden" name="path" value={entry.path} />
              <Link
                to={`${SEO_TOOLS}?source=${encodeURIComponent(entry.path)}#redirect-form`}
                className={buttonClass.secondary}
                aria-label={`Create redirect for ${entry.path}`}
              >
                Create redirect
              </Link>
              <button
                type="submit"
                name="intent"
                value="not-found-delete"
                className={buttonClass.secondary}
                aria-label={`Remove ${entry.path} from the log`}
              >
                Remove
              </button>
            </Form>
          ),
        },
      ]}
    />
  );
}
