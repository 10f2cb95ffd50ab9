import { Form } from "react-router";
import { AdminTable } from "~/components/admin/admin-table.tsx";
import { buttonClass } from "~/components/admin/banner.tsx";
import { ConfirmButton } from "~/components/admin/confirm-button.tsx";
import { OUTBOX_CHANNELS, OUTBOX_STATUSES } from "~/alerts/outbox-views.ts";
import { card, CHANNEL_LABEL, n, STATUS_LABEL } from "./labels.ts";
import type { Route } from "../+types/alerts";

type Data = Route.ComponentProps["loaderData"];

/** How many messages of all channels are in a status. */
export type Totals = (status: (typeof OUTBOX_STATUSES)[number]) => number;

/** The outbox by channel and status, with an admin's "retry all failed" and "discard all dead". */
export function OutboxCounts({
  overview,
  canChange,
  busy,
  totals,
  failedCount,
}: Pick<Data, "overview" | "canChange"> & { busy: boolean; totals: Totals; failedCount: number }) {
  return (
    <section aria-labelledby="outbox-title" className={`${card} mt-4`}>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id="outbox-title" className="text-base font-semibold">
          Outbox
        </h2>
        {canChange ? (
          <Form method="post" className="flex flex-wrap items-start gap-2">
            <button
              type="submit"
              name="intent"
              value="retry-failed"
              disabled={busy || failedCount === 0}
              className={buttonClass.secondary}
            >
              Retry all failed ({n(failedCount)})
            </button>
            {totals("dead") > 0 ? (
              <ConfirmButton
                label={`Discard all dead (${n(totals("dead"))})`}
                question="Discard every dead message? They will not be sent."
                confirmLabel="Yes, discard them"
                value="discard-dead"
              />
            ) : null}
          </Form>
        ) : null}
      </div>
      <AdminTable
        caption="Outbox messages by channel and status"
        rows={OUTBOX_CHANNELS}
        rowKey={(c) => c}
        columns={[
          {
            key: "channel",
            header: "Channel",
            rowHeader: true,
            cellClass: "font-semibold",
            cell: (c) => CHANNEL_LABEL[c],
          },
          ...OUTBOX_STATUSES.map((s) => ({
            key: s,
            header: STATUS_LABEL[s],
            align: "text-right",
            cellClass: "tabular-nums",
            cell: (c: (typeof OUTBOX_CHANNELS)[number]) => n(overview.outbox[c][s]),
          })),
        ]}
      />
      <p className="mt-1 text-xs text-muted">Sent messages are kept for 30 days.</p>
    </section>
  );
}
