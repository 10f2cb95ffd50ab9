import { Link, redirect, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { diffEntries } from "~/components/admin/entry-diff.ts";
import { z } from "zod";
import { formErrorOf } from "~/lib/form-reply.ts";
import { refuse, refuseWrite } from "~/platform/forms.server.ts";
import { parseForm } from "~/lib/form-parse.ts";
import { AdminError } from "~/components/admin/admin-error.tsx";
import { AdminPageHeader, Banner, buttonClass } from "~/components/admin/banner.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { UploadUsage } from "~/components/admin/upload-usage.tsx";
import { KIND_LIST, REGISTRY } from "~/content/registry.ts";
import { KINDS } from "~/content/kinds.ts";
import { todayInIndia } from "~/lib/india-date.ts";
import { can, listedCreator } from "~/content/policy.ts";
import { countByKindAndStatus, jobTitles, reviewQueue } from "~/entries/admin.repository.server.ts";
import type { DB } from "~/platform/db/db.server.ts";
import { getEntryById } from "~/entries/entry-row.server.ts";
import { listSuggestions, type Suggestion } from "~/entries/suggestions.repository.server.ts";
import {
  applySuggestion,
  declineSuggestion,
  suggestionOutcome,
} from "~/entries/suggestions.service.server.ts";
import { latestAudit } from "~/writes/audit.repository.server.ts";
import { jobsClosingSoon } from "~/entries/public.repository.server.ts";
import { uploadUsage } from "~/files/files.service.server.ts";
import { actorOf, requireStaff } from "~/users/guard.server.ts";
import { approveEntry } from "~/entries/entries.service.server.ts";
import { LinksCard } from "~/components/admin/links-card.tsx";
import { packedStrings } from "~/i18n/catalog.server.ts";
import { Strings } from "~/i18n/context.tsx";
import { linksNotice } from "~/link-monitor/admin.server.ts";
import { listMessages } from "~/messages/messages.repository.server.ts";
import { db } from "~/platform/services.server.ts";
import { ClosingJobs, LatestChanges, NewestMessages } from "./dashboard/activity.tsx";
import { card, h2 } from "./dashboard/card.ts";
import { ContentCounts } from "./dashboard/content-counts.tsx";
import { ReviewQueue } from "./dashboard/review-queue.tsx";
import type { Route } from "./+types/dashboard";

const Id = z.string().min(1).max(100);

/** The review queue's buttons: approve a submission, apply or decline a suggested change. */
const QueueAction = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), kind: z.enum(KINDS), id: Id }),
  // The version whose outcome the editor was shown: a newer one is refused (looked at again).
  z.object({ intent: z.literal("apply"), suggestion: Id, version: z.string().min(1).max(40) }),
  z.object({ intent: z.literal("decline"), suggestion: Id }),
]);

/**
 * The review queue's actions. "Approve and publish": an editor publishes a submitted entry in one
 * step; only an entry still waiting for review is published (a second editor's click finds it
 * handled). A suggested change is applied through the normal write path or declined; one decided
 * already, or an entry saved since the editor looked, is refused.
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, "publish");
  const submission = parseForm(await request.formData(), QueueAction);
  if (submission.status !== "success")
    return refuse(submission, {
      formError: "That request was not one of the review queue's buttons.",
    });
  const database = await db();
  const actor = actorOf(user);
  const asked = submission.value;
  if (asked.intent === "apply" || asked.intent === "decline") {
    const result =
      asked.intent === "apply"
        ? await applySuggestion(database, { id: asked.suggestion, version: asked.version, actor })
        : await declineSuggestion(database, { id: asked.suggestion, actor });
    if (result.ok) {
      const done = asked.intent === "apply" ? "applied" : "declined";
      return redirect(`/admin?${done}=${encodeURIComponent(result.entry.title)}`);
    }
    return refuseWrite(submission, result, {
      formError:
        result.reason === "invalid"
          ? `Not applied: ${result.message}`
          : result.reason === "stale"
            ? `Not applied: “${result.entry.title}” was saved at ${formatDateTime(result.entry.updatedAt)}, after you looked at the change. What applying it changes now is shown again below.`
            : "This suggested change is no longer waiting: someone has already applied or declined it, or its entry is gone.",
    });
  }
  const approved = await approveEntry(database, { kind: asked.kind, id: asked.id, actor });
  if (!approved.ok) {
    return refuseWrite(submission, approved, {
      formError: "This entry is no longer waiting for review: someone has already handled it.",
    });
  }
  return redirect(`/admin?approved=${encodeURIComponent(approved.title)}`);
}

/** After a refused click (409) the queue is read again: it changed under the editor. */
export function shouldRevalidate({
  actionStatus,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

/** A waiting suggestion as the queue shows it: what applying it would change, now. */
async function suggestionItem(database: DB, suggestion: Suggestion) {
  const entry = await getEntryById(database, suggestion.entryId);
  if (!entry || entry.deletedAt) return null;
  const outcome = await suggestionOutcome(database, suggestion, entry);
  const titles = outcome.ok
    ? await jobTitles(database, [entry.jobId ?? "", outcome.merged.jobId ?? ""])
    : {};
  return {
    id: suggestion.id,
    title: entry.title,
    kindLabel: REGISTRY[entry.kind].label,
    href: `/admin/${REGISTRY[entry.kind].adminSegment}/edit/${entry.id}`,
    authorName: suggestion.authorName,
    createdAt: suggestion.createdAt,
    version: entry.updatedAt,
    problem: outcome.ok ? null : outcome.problem,
    lines: outcome.ok
      ? diffEntries(entry.kind, entry, outcome.merged, titles).filter((l) => l.changed)
      : [],
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  const database = await db();
  const publisher = can(user.role, "publish");
  const [counts, closing, messages, audit, queue, uploads, links, suggestions] = await Promise.all([
    countByKindAndStatus(database, { createdBy: listedCreator(user) }),
    jobsClosingSoon(database, 7, 10),
    // Contact messages hold readers' personal details: only for the roles that answer them.
    can(user.role, "messages") ? listMessages(database, { limit: 5 }) : [],
    publisher ? latestAudit(database, 15) : [],
    // Editors review what authors submitted; an author sees their own drafts and submissions.
    reviewQueue(database, { createdBy: listedCreator(user) }),
    uploadUsage(database, user.id),
    // The link monitor's findings and its notice (issue 30), for the roles that see Links.
    can(user.role, "links") ? linksNotice(database) : null,
    // Editors: the suggested changes waiting; an author: what became of theirs.
    listSuggestions(database, publisher ? { limit: 20 } : { authorId: user.id, limit: 10 }),
  ]);
  const url = new URL(request.url);
  return {
    publisher,
    canAdminister: can(user.role, "administer"),
    uploads,
    canReadMessages: can(user.role, "messages"),
    approved: url.searchParams.get("approved"),
    applied: url.searchParams.get("applied"),
    declined: url.searchParams.get("declined"),
    suggestions: publisher
      ? (await Promise.all(suggestions.map((x) => suggestionItem(database, x)))).filter(
          (x) => x !== null,
        )
      : [],
    // An author's entries each say if a suggestion of theirs waits.
    waiting: publisher
      ? []
      : suggestions.filter((x) => x.state === "suggested").map((x) => x.entryId),
    queue: queue.map((e) => ({
      id: e.id,
      kind: e.kind,
      title: e.title,
      status: e.status,
      updatedAt: e.updatedAt,
      href: `/admin/${REGISTRY[e.kind].adminSegment}/edit/${e.id}`,
      kindLabel: REGISTRY[e.kind].label,
    })),
    counts,
    closing: closing.map((j) => ({
      id: j.id,
      title: j.title,
      organization: j.organization,
      lastDate: j.lastDate,
    })),
    messages: messages.map((m) => ({
      id: m.id,
      name: m.name,
      status: m.status,
      excerpt: m.message.length > 120 ? `${m.message.slice(0, 117)}…` : m.message,
      createdAt: m.createdAt,
    })),
    audit,
    today: todayInIndia(),
    links,
    linkStrings: packedStrings("en", "linkStates"),
  };
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { counts, closing, messages, audit, today, queue, publisher, canReadMessages } = loaderData;
  const busy = ["approve", "apply", "decline"].includes(
    String(useNavigation().formData?.get("intent") ?? ""),
  );
  const { suggestions, waiting } = loaderData;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <AdminPageHeader title="Dashboard" />
      {loaderData.approved ? (
        <Banner tone="success">Approved and published: {loaderData.approved}</Banner>
      ) : null}
      {loaderData.applied ? (
        <Banner tone="success">Suggested change applied: {loaderData.applied}</Banner>
      ) : null}
      {loaderData.declined ? (
        <Banner tone="success">
          Suggested change declined: {loaderData.declined}. The entry stays as it was; its author
          sees that it was declined.
        </Banner>
      ) : null}
      {formErrorOf(actionData) ? <Banner tone="error">{formErrorOf(actionData)}</Banner> : null}

      <section aria-label="Add content" className="flex flex-wrap gap-2">
        {KIND_LIST.map((k) => (
          <Link key={k.kind} to={`/admin/${k.adminSegment}/add`} className={buttonClass.primary}>
            + Add {k.label.toLowerCase()}
          </Link>
        ))}
      </section>

      <ReviewQueue
        queue={queue}
        suggestions={suggestions}
        waiting={waiting}
        publisher={publisher}
        busy={busy}
      />
      <ContentCounts counts={counts} own={!publisher} />

      {loaderData.links ? (
        <Strings areas={loaderData.linkStrings}>
          <LinksCard links={loaderData.links} className={card} headingClass={h2} />
        </Strings>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <ClosingJobs closing={closing} today={today} />
        {canReadMessages ? <NewestMessages messages={messages} /> : null}

        <section className={card} aria-labelledby="uploads-title">
          <h2 id="uploads-title" className={h2}>
            Uploaded files
            {loaderData.canAdminister ? (
              <Link
                to="/admin/content-settings#uploads"
                className="text-sm font-normal text-accent underline"
              >
                Limits
              </Link>
            ) : null}
          </h2>
          <UploadUsage usage={loaderData.uploads} />
        </section>
      </div>
      {publisher ? <LatestChanges audit={audit} /> : null}
    </div>
  );
}

export function meta() {
  return [{ title: "Dashboard | govjobs admin" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
