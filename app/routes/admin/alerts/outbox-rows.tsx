import { Form, Link } from "react-router";
import { AdminTable } from "~/components/admin/admin-table.tsx";
import { Pager } from "~/components/admin/backoffice-ui.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { buttonClass } from "~/components/admin/banner.tsx";
import { OUTBOX_VIEWS, type OutboxView } from "~/alerts/outbox-views.ts";
import type { Totals } from "./outbox-counts.tsx";
import { card, CHANNEL_LABEL, n, STATUS_LABEL, VIEW_LABEL } from "./labels.ts";
import type { Route } from "../+types/alerts";

type Data = Route.ComponentProps["loaderData"];

/** The failed or the waiting messages, a page at a time, each with an admin's buttons. */
export function OutboxRows({
  list,
  view,
  canChange,
  busy,
  totals,
  failedCount,
}: Pick<Data, "list" | "view" | "canChange"> & {
  busy: boolean;
  totals: Totals;
  failedCount: number;
}) {
  const listHref = (v: OutboxView, page = 1) =>
    `/admin/alerts?view=${v}${page > 1 ? `&page=${page}` : ""}#outbox-rows`;
  return (
    <section id="outbox-rows" aria-labelledby="rows-title" className={`${card} mt-4 scroll-mt-4`}>
      <h2 id="rows-title" className="sr-only">
        {VIEW_LABEL[view]} messages
      </h2>
      <nav aria-label="Outbox lists" className="mb-3 flex gap-1 border-b border-stone-200">
        {OUTBOX_VIEWS.map((v) => (
          <Link
            key={v}
            to={listHref(v)}
            aria-current={v === view ? "page" : undefined}
            className={`-mb-px border-b-2 px-3 py-2 text-sm no-underline ${v === view ? "border-primary font-semibold text-primary" : "border-transparent text-muted hover:text-ink"}`}
          >
            {VIEW_LABEL[v]} (
            {n(
              v === view
                ? list.total
                : v === "failed"
                  ? failedCount
                  : totals("pending") + totals("sending"),
            )}
            )
          </Link>
        ))}
      </nav>
      {list.rows.length === 0 ? (
        <p className="text-sm text-muted">
          {view === "failed" ? "No failed messages." : "Nothing is waiting to be sent."}
        </p>
      ) : (
        <AdminTable
          caption={`${VIEW_LABEL[view]} messages`}
          rows={list.rows}
          rowKey={(r) => r.id}
          rowProps={() => ({ "data-testid": "outbox-row" })}
          columns={[
            {
              key: "message",
              header: "Message",
              cellClass: "break-words",
              cell: (r) => (
                <>
                  {r.what}
                  <span className="block text-xs text-muted">
                    {CHANNEL_LABEL[r.channel]} · queued {formatDateTime(r.createdAt)}
                  </span>
                </>
              ),
            },
            { key: "to", header: "To", cellClass: "break-all", cell: (r) => r.to ?? "—" },
            { key: "status", header: "Status", cell: (r) => STATUS_LABEL[r.status] },
            {
              key: "attempts",
              header: "Attempts",
              align: "text-right",
              cellClass: "tabular-nums",
              cell: (r) => r.attempts,
            },
            {
              key: "when",
              header: view === "failed" ? "Last error" : "Next attempt (India time)",
              cellClass: "break-words",
              cell: (r) => (
                <>
                  {view === "failed" ? (
                    <>
                      {r.lastError ?? "—"}
                      {r.status === "failed" ? (
                        <span className="block text-xs text-muted">
                          Next try {formatDateTime(r.nextAttemptAt)}
                        </span>
                      ) : null}
                    </>
                  ) : (
                    <>
                      {formatDateTime(r.nextAttemptAt)}
                      {r.lastError ? (
                        <span className="block text-xs text-muted">{r.lastError}</span>
                      ) : null}
                    </>
                  )}
                </>
              ),
            },
            canChange && {
              key: "actions",
              header: "Actions",
              hidden: true,
              cell: (r) => (
                <Form method="post" className="flex flex-wrap gap-1">
                  <input type="hidden" name="id" value={r.id} />
                  <input type="hidden" name="view" value={view} />
                  <input type="hidden" name="page" value={list.page} />
                  {r.status === "failed" || r.status === "dead" ? (
                    <button
                      type="submit"
                      name="intent"
                      value="retry"
                      disabled={busy}
                      className={buttonClass.secondary}
                    >
                      Retry<span className="sr-only"> {r.what}</span>
                    </button>
                  ) : null}
                  {r.status !== "sending" ? (
                    <button
                      type="submit"
                      name="intent"
                      value="discard"
                      disabled={busy}
                      className={buttonClass.quiet}
                    >
                      Discard<span className="sr-only"> {r.what}</span>
                    </button>
                  ) : null}
                </Form>
              ),
            },
          ]}
        />
      )}
      <Pager
        label="Outbox pages"
        page={list.page}
        pages={list.pageCount}
        hrefFor={(p) => listHref(view, p)}
      />
    </section>
  );
}
