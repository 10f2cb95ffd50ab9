import { Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { AdminError } from "~/components/admin/admin-error.tsx";
import { AdminPageHeader, Banner, buttonClass } from "~/components/admin/banner.tsx";
import { pageParam, useFocusFirstError } from "~/components/admin/backoffice-ui.tsx";
import { formErrorOf } from "~/lib/form-reply.ts";
import { can } from "~/content/policy.ts";
import { alertChannels, alertsOverview, listOutboxRows } from "~/alerts/admin.server.ts";
import { OUTBOX_CHANNELS, OUTBOX_STATUSES, OUTBOX_VIEWS } from "~/alerts/outbox-views.ts";
import { refuse, refuseWrite } from "~/platform/forms.server.ts";
import { parseForm } from "~/lib/form-parse.ts";
import { actorOf, requireStaff } from "~/users/guard.server.ts";
import { db } from "~/platform/services.server.ts";
import {
  discardAllDead,
  discardOutboxMessage,
  retryAllFailed,
  retryOutboxMessage,
  setSendingPaused,
} from "~/alerts/outbox-admin.service.server.ts";
import { n } from "./alerts/labels.ts";
import { OutboxCounts } from "./alerts/outbox-counts.tsx";
import { OutboxRows } from "./alerts/outbox-rows.tsx";
import { AlertsOverview } from "./alerts/overview.tsx";
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

export default function Alerts({ loaderData, actionData }: Route.ComponentProps) {
  useFocusFirstError(actionData);
  const busy = useNavigation().state === "submitting";
  const { overview, list, view, canChange, channels } = loaderData;
  const totals = (status: (typeof OUTBOX_STATUSES)[number]) =>
    OUTBOX_CHANNELS.reduce((sum, c) => sum + overview.outbox[c][status], 0);
  const failedCount = totals("failed") + totals("dead");
  const done = loaderData.done;
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

      <AlertsOverview overview={overview} channels={channels} />
      <OutboxCounts
        overview={overview}
        canChange={canChange}
        busy={busy}
        totals={totals}
        failedCount={failedCount}
      />
      <OutboxRows
        list={list}
        view={view}
        canChange={canChange}
        busy={busy}
        totals={totals}
        failedCount={failedCount}
      />
    </div>
  );
}

export function meta() {
  return [{ title: "Alerts | govjobs admin" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
