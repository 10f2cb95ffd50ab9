import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { AdminError } from "~/components/admin/admin-error.tsx";
import { AdminPageHeader, Banner, buttonClass } from "~/components/admin/banner.tsx";
import {
  Pager,
  formatDateTime,
  pageParam,
  useFocusFirstError,
} from "~/components/admin/backoffice-ui.tsx";
import { AdminTable } from "~/components/admin/admin-table.tsx";
import { ConfirmButton } from "~/components/admin/confirm-button.tsx";
import { formErrorOf } from "~/components/admin/form.tsx";
import { REGISTRY, type Kind } from "~/content/registry.ts";
import { can } from "~/content/roles.ts";
import {
  alertChannels,
  alertsOverview,
  listOutboxRows,
  type TopicFacet,
} from "~/server/alerts/admin.server.ts";
import {
  OUTBOX_CHANNELS,
  OUTBOX_STATUSES,
  OUTBOX_VIEWS,
  type OutboxView,
} from "~/server/alerts/outbox-views.ts";
import { parseForm, refuse, refuseWrite } from "~/server/form.server.ts";
import { actorOf, requireStaff } from "~/server/guard.server.ts";
import { db } from "~/server/services.server.ts";
import {
  discardAllDead,
  discardOutboxMessage,
  retryAllFailed,
  retryOutboxMessage,
  setSendingPaused,
} from "~/server/write/alerts.server.ts";
import type { Route } from "./+types/alerts";

const PAGE_SIZE = 25;

/** Editors see the screen; only an admin pauses, retries or discards (the action's guard). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, "alerts");
  const url = new URL(request.url);
  const view = OUTBOX_VIEWS.find((v) => v === url.searchParams.get("view")) ?? "failed";
  const conn = await db();
  const [overview, list] = await Promise.all([
    alertsOverview(conn),
    listOutboxRows(conn, {
      view,
      page: pageParam(url.searchParams.get("page")),
      pageSize: PAGE_SIZE,
    }),
  ]);
  const done = DoneParams.safeParse({
    done: url.searchParams.get("done"),
    n: url.searchParams.get("n") ?? undefined,
  });
  return {
    channels: alertChannels(conn),
    overview,
    view,
    list,
    done: done.success ? done.data : null,
    canChange: can(user.role, "administer"),
  };
}

const DONE = {
  retried: "Message queued again: it is sent as soon as a worker is free.",
  "retried-all": "Failed messages queued again: {n}.",
  discarded: "Message discarded: it will not be sent.",
  "discarded-dead": "Dead messages discarded: {n}.",
  paused: "Sending paused. Messages keep being queued; none are sent until you resume.",
  resumed: "Sending resumed.",
} as const;
const DoneParams = z.object({
  done: z.enum(Object.keys(DONE) as [keyof typeof DONE]),
  n: z.coerce.number().int().min(0).optional(),
});

/** A row's buttons come back to the list and page they were pressed on. */
const OnRow = z.object({
  id: z.string().trim().min(1, "Choose a message").max(200),
  view: z.enum(OUTBOX_VIEWS).catch("failed"),
  page: z.number().int().min(1).max(100_000).catch(1),
});
const AlertsForm = z.discriminatedUnion("intent", [
  OnRow.extend({ intent: z.literal("retry") }),
  OnRow.extend({ intent: z.literal("discard") }),
  z.object({ intent: z.literal("retry-failed") }),
  z.object({ intent: z.literal("discard-dead") }),
  z.object({ intent: z.literal("pause") }),
  z.object({ intent: z.literal("resume") }),
]);

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, "administer");
  const submission = parseForm(await request.formData(), AlertsForm);
  if (submission.status !== "success") {
    const error = submission.error ?? {};
    return refuse(submission, { formError: error.intent ? undefined : error.id?.[0] });
  }
  const form = submission.value;
  const conn = await db();
  const actor = actorOf(user);
  const result =
    form.intent === "retry"
      ? await retryOutboxMessage(conn, { id: form.id, actor })
      : form.intent === "discard"
        ? await discardOutboxMessage(conn, { id: form.id, actor })
        : form.intent === "retry-failed"
          ? await retryAllFailed(conn, { actor })
          : form.intent === "discard-dead"
            ? await discardAllDead(conn, { actor })
            : await setSendingPaused(conn, { paused: form.intent === "pause", actor });
  // Already sent, discarded, paused by someone else: said as it is, nothing was written.
  if (!result.ok) return refuseWrite(submission, result);
  const done = {
    retry: "retried",
    discard: "discarded",
    "retry-failed": "retried-all",
    "discard-dead": "discarded-dead",
    pause: "paused",
    resume: "resumed",
  }[form.intent];
  const back = new URLSearchParams({ done, n: String(result.count) });
  if ("view" in form) {
    back.set("view", form.view);
    if (form.page > 1) back.set("page", String(form.page));
  }
  return redirect(`/admin/alerts?${back}`);
}

const CHANNEL_LABEL = {
  email: "E-mail",
  push: "Web push",
  indexing: "Indexing API",
  telegram: "Telegram",
};
const STATUS_LABEL = {
  pending: "Waiting",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed (will retry)",
  dead: "Dead (gave up)",
};
const FACETS: { facet: TopicFacet; title: string; all: string }[] = [
  { facet: "states", title: "States", all: "Any state" },
  { facet: "qualifications", title: "Qualifications", all: "Any qualification" },
  { facet: "organizations", title: "Organizations", all: "Any organization" },
  { facet: "kinds", title: "Kinds", all: "Everything" },
];
const VIEW_LABEL: Record<OutboxView, string> = { failed: "Failed and dead", pending: "Waiting" };

const kindLabel = (value: string) => REGISTRY[value as Kind]?.plural ?? value;
const n = (value: number) => value.toLocaleString("en-IN");

export default function Alerts({ loaderData, actionData }: Route.ComponentProps) {
  useFocusFirstError(actionData);
  const busy = useNavigation().state === "submitting";
  const { overview, list, view, canChange, channels } = loaderData;
  const totals = (status: (typeof OUTBOX_STATUSES)[number]) =>
    OUTBOX_CHANNELS.reduce((sum, c) => sum + overview.outbox[c][status], 0);
  const failedCount = totals("failed") + totals("dead");
  const listHref = (v: OutboxView, page = 1) =>
    `/admin/alerts?view=${v}${page > 1 ? `&page=${page}` : ""}#outbox-rows`;
  const done = loaderData.done;
  const card = "rounded-app border border-stone-200 bg-white p-4";
  return (
    <div className="mx-auto max-w-6xl">
      <AdminPageHeader title="Alerts">
        {canChange ? (
          <Form method="post">
            <button
              type="submit"
              name="intent"
              value={overview.paused ? "resume" : "pause"}
              disabled={busy}
              className={overview.paused ? buttonClass.primary : buttonClass.secondary}
            >
              {overview.paused ? "Resume sending" : "Pause all sending"}
            </button>
          </Form>
        ) : null}
      </AdminPageHeader>
      {done && !actionData ? (
        <Banner tone="success">{DONE[done.done].replace("{n}", n(done.n ?? 0))}</Banner>
      ) : null}
      {formErrorOf(actionData) ? <Banner tone="error">{formErrorOf(actionData)}</Banner> : null}
      {overview.paused ? (
        <Banner tone="warning">
          Sending is paused: alerts, Indexing API calls and Telegram posts are queued but not sent
          until an admin resumes.
        </Banner>
      ) : null}
      {!canChange ? (
        <p className="mb-4 text-sm text-muted">
          You can see the subscribers and the outbox; an admin pauses, retries or discards.
        </p>
      ) : null}

      <section aria-labelledby="channels-title" className={`${card} mb-4`}>
        <h2 id="channels-title" className="mb-2 text-base font-semibold">
          Channels
        </h2>
        <ul className="divide-y divide-stone-100 text-sm">
          {OUTBOX_CHANNELS.map((c) => (
            <li key={c} className="py-2 sm:grid sm:grid-cols-[11rem_1fr] sm:gap-3">
              <p className="flex items-center gap-2">
                <span className="font-semibold">{CHANNEL_LABEL[c]}</span>
                <span
                  className={`rounded-app px-2 py-0.5 text-xs font-semibold ${channels[c].on ? "bg-secondary-light text-secondary" : "bg-stone-100 text-muted"}`}
                >
                  {channels[c].on ? "On" : "Off"}
                </span>
              </p>
              <p className="mt-1 break-words sm:mt-0">{channels[c].detail}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <section aria-labelledby="subscribers-title" className={card}>
          <h2 id="subscribers-title" className="mb-2 text-base font-semibold">
            Subscribers
          </h2>
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
            <dt>E-mail, confirmed</dt>
            <dd className="text-right tabular-nums" data-testid="email-active">
              {n(overview.subscribers.emailActive)}
            </dd>
            <dt>E-mail, not yet confirmed</dt>
            <dd className="text-right tabular-nums">{n(overview.subscribers.emailPending)}</dd>
            <dt>Web push</dt>
            <dd className="text-right tabular-nums">{n(overview.subscribers.push)}</dd>
          </dl>
        </section>
        <section aria-labelledby="topics-title" className={card}>
          <h2 id="topics-title" className="mb-2 text-base font-semibold">
            What confirmed subscribers follow
          </h2>
          <div className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
            {FACETS.map(({ facet, title, all }) => (
              <div key={facet}>
                <h3 className="font-semibold">{title}</h3>
                <ul>
                  <li className="flex justify-between gap-2 text-muted">
                    <span>{all}</span>
                    <span className="tabular-nums">{n(overview.topics[facet].all)}</span>
                  </li>
                  {overview.topics[facet].top.map((t) => (
                    <li key={t.value} className="flex justify-between gap-2">
                      <span className="truncate">
                        {facet === "kinds" ? kindLabel(t.value) : t.value}
                      </span>
                      <span className="tabular-nums">{n(t.count)}</span>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </section>
      </div>

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
    </div>
  );
}

export function meta() {
  return [{ title: "Alerts | govjobs admin" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
