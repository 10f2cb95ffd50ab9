import {
  Form,
  Link,
  redirect,
  useNavigation,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { DiffTable } from "~/components/admin/diff-table.tsx";
import { diffEntries } from "~/components/admin/entry-diff.ts";
import { z } from "zod";
import { formErrorOf } from "~/components/admin/form.tsx";
import { parseForm, refuse, refuseWrite } from "~/server/form.server.ts";
import { AdminError } from "~/components/admin/admin-error.tsx";
import { auditLine } from "~/components/admin/audit-words.ts";
import { AdminPageHeader, Banner, buttonClass } from "~/components/admin/banner.tsx";
import { formatDateTime } from "~/components/admin/format.ts";
import { STATUS_LABELS } from "~/components/admin/status-badge.tsx";
import { UploadUsage } from "~/components/admin/upload-usage.tsx";
import { KIND_LIST, KINDS, REGISTRY, STATUSES } from "~/content/registry.ts";
import { todayInIndia } from "~/lib/india-date.ts";
import { can } from "~/content/roles.ts";
import { countByKindAndStatus, jobTitles, reviewQueue } from "~/server/admin-entries.server.ts";
import type { DB } from "~/server/db/db.server.ts";
import { getEntryById } from "~/server/entries/shared.server.ts";
import { listSuggestions, type Suggestion } from "~/server/entries/suggestions.server.ts";
import {
  applySuggestion,
  declineSuggestion,
  suggestionOutcome,
} from "~/server/write/suggestions.server.ts";
import { latestAudit } from "~/server/audit.server.ts";
import { jobsClosingSoon } from "~/server/entries/public-reads.server.ts";
import { uploadUsage } from "~/server/files.server.ts";
import { formatDate } from "~/lib/format.ts";
import { actorOf, requireStaff } from "~/server/guard.server.ts";
import { approveEntry } from "~/server/write/entries.server.ts";
import { LinksCard } from "~/components/admin/links-card.tsx";
import { packedStrings } from "~/i18n/catalog.server.ts";
import { Strings } from "~/i18n/context.tsx";
import { linksNotice } from "~/link-monitor/admin.server.ts";
import { listMessages } from "~/server/messages.server.ts";
import { db } from "~/server/services.server.ts";
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
    countByKindAndStatus(database),
    jobsClosingSoon(database, 7, 10),
    // Contact messages hold readers' personal details: only for the roles that answer them.
    can(user.role, "messages") ? listMessages(database, { limit: 5 }) : [],
    publisher ? latestAudit(database, 15) : [],
    // Editors review what authors submitted; an author sees their own drafts and submissions.
    reviewQueue(database, publisher ? {} : { createdBy: user.id }),
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

function daysLeft(lastDate: string | null, today: string): string {
  if (!lastDate) return "";
  const days = Math.round((Date.parse(lastDate) - Date.parse(today)) / 86_400_000);
  return days <= 0 ? "closes today" : days === 1 ? "1 day left" : `${days} days left`;
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { counts, closing, messages, audit, today, queue, publisher, canReadMessages } = loaderData;
  const busy = ["approve", "apply", "decline"].includes(
    String(useNavigation().formData?.get("intent") ?? ""),
  );
  const { suggestions, waiting } = loaderData;
  const card = "rounded-app border border-stone-200 bg-white p-4";
  const h2 = "mb-3 flex items-center justify-between gap-2 text-base font-semibold";
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

      <section className={card} aria-labelledby="queue-title">
        <h2 id="queue-title" className={h2}>
          {publisher ? `Pending review (${queue.length})` : "Your entries"}
        </h2>
        {queue.length === 0 ? (
          <p className="text-sm text-muted">
            {publisher
              ? "No entry is waiting for review."
              : "Nothing yet: add an entry, save it as a draft, then submit it for review."}
          </p>
        ) : (
          <ul className="divide-y divide-stone-100 text-sm">
            {queue.map((e) => (
              <li key={e.id} className="flex flex-wrap items-baseline gap-x-2 py-2">
                <Link to={e.href} className="font-semibold underline decoration-stone-300">
                  {e.title}
                </Link>
                <span className="text-xs text-muted">
                  {e.kindLabel} · {STATUS_LABELS[e.status]} · {formatDateTime(e.updatedAt)}
                  {!publisher && !["draft", "pending"].includes(e.status)
                    ? " · read only: send changes as a suggestion"
                    : ""}
                  {waiting.includes(e.id) ? " · your suggested change is waiting" : ""}
                </span>
                {publisher && e.status === "pending" ? (
                  <Form method="post" className="ml-auto">
                    <input type="hidden" name="intent" value="approve" />
                    <input type="hidden" name="kind" value={e.kind} />
                    <input type="hidden" name="id" value={e.id} />
                    <button
                      type="submit"
                      disabled={busy}
                      aria-label={`Approve and publish ${e.title}`}
                      className={buttonClass.secondary}
                    >
                      Approve and publish
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {publisher ? (
          <>
            <h3 className="mt-4 mb-2 text-sm font-semibold">
              Suggested changes ({suggestions.length})
            </h3>
            {suggestions.length === 0 ? (
              <p className="text-sm text-muted">
                No suggested change is waiting. (Authors send one when they edit an entry an editor
                has published.)
              </p>
            ) : (
              <ul className="space-y-4 text-sm">
                {suggestions.map((x) => (
                  <li
                    key={x.id}
                    data-suggestion={x.id}
                    className="rounded-app border border-stone-200 p-3"
                  >
                    <p className="flex flex-wrap items-baseline gap-x-2">
                      <Link to={x.href} className="font-semibold underline decoration-stone-300">
                        {x.title}
                      </Link>
                      <span className="text-xs text-muted">
                        {x.kindLabel} · suggested by {x.authorName ?? "an author"} ·{" "}
                        {formatDateTime(x.createdAt)}
                      </span>
                    </p>
                    <div className="mt-2">
                      {x.problem ? (
                        <p className="text-red-800">{x.problem}</p>
                      ) : x.lines.length === 0 ? (
                        <p className="text-muted">
                          Applying it changes nothing any more: the entry already says the same.
                        </p>
                      ) : (
                        <DiffTable lines={x.lines} beforeTitle="Now" afterTitle="After applying" />
                      )}
                    </div>
                    <div className="mt-2 flex flex-wrap gap-2">
                      {!x.problem ? (
                        <Form method="post">
                          <input type="hidden" name="intent" value="apply" />
                          <input type="hidden" name="suggestion" value={x.id} />
                          <input type="hidden" name="version" value={x.version} />
                          <button
                            type="submit"
                            disabled={busy}
                            aria-label={`Apply the suggested change to ${x.title}`}
                            className={buttonClass.primary}
                          >
                            Apply
                          </button>
                        </Form>
                      ) : null}
                      <Form method="post">
                        <input type="hidden" name="intent" value="decline" />
                        <input type="hidden" name="suggestion" value={x.id} />
                        <button
                          type="submit"
                          disabled={busy}
                          aria-label={`Decline the suggested change to ${x.title}`}
                          className={buttonClass.secondary}
                        >
                          Decline
                        </button>
                      </Form>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : null}
      </section>

      <section className={card} aria-labelledby="counts-title">
        <h2 id="counts-title" className={h2}>
          Content
        </h2>
        {/* Narrow screens: one line per kind, published first; wider ones get the full table. */}
        <ul className="divide-y divide-stone-100 text-sm sm:hidden">
          {KIND_LIST.map((k) => (
            <li key={k.kind} className="py-2">
              <Link to={`/admin/${k.adminSegment}`} className="font-semibold text-accent underline">
                {k.plural}
              </Link>
              <span className="block text-muted">
                {(["published", "draft", "scheduled", "archived"] as const)
                  .filter((s) => counts[k.kind][s] > 0)
                  .map((s) => `${counts[k.kind][s]} ${STATUS_LABELS[s].toLowerCase()}`)
                  .join(" · ") || "none yet"}
                {counts[k.kind].trash > 0 ? ` · ${counts[k.kind].trash} in trash` : ""}
              </span>
            </li>
          ))}
        </ul>
        <div className="hidden sm:block">
          <table className="w-full text-left text-sm">
            <thead className="text-xs tracking-wide text-muted uppercase">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Kind
                </th>
                {STATUSES.map((s) => (
                  <th key={s} scope="col" className="px-2 py-2 text-right">
                    {STATUS_LABELS[s]}
                  </th>
                ))}
                <th scope="col" className="py-2 pl-2 text-right">
                  Trash
                </th>
              </tr>
            </thead>
            <tbody>
              {KIND_LIST.map((k) => (
                <tr key={k.kind} className="border-t border-stone-100">
                  <th scope="row" className="py-2 pr-3 font-semibold">
                    <Link to={`/admin/${k.adminSegment}`} className="text-accent underline">
                      {k.plural}
                    </Link>
                  </th>
                  {STATUSES.map((s) => (
                    <td key={s} className="px-2 py-2 text-right tabular-nums">
                      {counts[k.kind][s] > 0 ? (
                        <Link
                          to={`/admin/${k.adminSegment}?status=${s}`}
                          className="underline decoration-stone-300"
                          aria-label={`${counts[k.kind][s]} ${STATUS_LABELS[s].toLowerCase()} ${k.plural.toLowerCase()}`}
                        >
                          {counts[k.kind][s]}
                        </Link>
                      ) : (
                        <span className="text-stone-400">0</span>
                      )}
                    </td>
                  ))}
                  <td className="py-2 pl-2 text-right tabular-nums">
                    {counts[k.kind].trash > 0 ? (
                      <Link to="/admin/trash" className="underline decoration-stone-300">
                        {counts[k.kind].trash}
                      </Link>
                    ) : (
                      <span className="text-stone-400">0</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      {loaderData.links ? (
        <Strings areas={loaderData.linkStrings}>
          <LinksCard links={loaderData.links} className={card} headingClass={h2} />
        </Strings>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <section className={card} aria-labelledby="closing-title">
          <h2 id="closing-title" className={h2}>
            Jobs closing in the next 7 days
          </h2>
          {closing.length === 0 ? (
            <p className="text-sm text-muted">No published job closes in the next 7 days.</p>
          ) : (
            <ul className="divide-y divide-stone-100 text-sm">
              {closing.map((j) => (
                <li key={j.id} className="py-2">
                  <Link
                    to={`/admin/${REGISTRY.job.adminSegment}/edit/${j.id}`}
                    className="font-semibold underline decoration-stone-300"
                  >
                    {j.title}
                  </Link>
                  <span className="block text-xs text-muted">
                    {formatDate(j.lastDate)} · {daysLeft(j.lastDate, today)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>

        {canReadMessages ? (
          <section className={card} aria-labelledby="messages-title">
            <h2 id="messages-title" className={h2}>
              Newest messages
              <Link to="/admin/messages" className="text-sm font-normal text-accent underline">
                All messages
              </Link>
            </h2>
            {messages.length === 0 ? (
              <p className="text-sm text-muted">No messages yet.</p>
            ) : (
              <ul className="divide-y divide-stone-100 text-sm">
                {messages.map((m) => (
                  <li key={m.id} className="py-2">
                    <p className="flex flex-wrap justify-between gap-x-3">
                      <span className="font-semibold">
                        {m.name}
                        {m.status === "unread" ? (
                          <span className="ml-2 rounded-full bg-primary-light px-2 text-xs text-primary-dark">
                            new
                          </span>
                        ) : null}
                      </span>
                      <span className="text-xs text-muted">{formatDateTime(m.createdAt)}</span>
                    </p>
                    <p className="mt-0.5 break-words text-muted">{m.excerpt}</p>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}

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

      {publisher ? (
        <section className={card} aria-labelledby="audit-title">
          <h2 id="audit-title" className={h2}>
            Latest changes
          </h2>
          {audit.length === 0 ? (
            <p className="text-sm text-muted">Nothing has been changed yet.</p>
          ) : (
            <ol className="divide-y divide-stone-100 text-sm">
              {audit.map((a) => (
                <li key={a.id} className="flex flex-wrap justify-between gap-x-3 py-2">
                  <span className="min-w-0 break-words">
                    <strong className="font-semibold">{a.actorEmail ?? "Someone"}</strong>{" "}
                    {auditLine(a.action, a.subject)}
                  </span>
                  <time dateTime={a.createdAt} className="text-xs whitespace-nowrap text-muted">
                    {formatDateTime(a.createdAt)}
                  </time>
                </li>
              ))}
            </ol>
          )}
        </section>
      ) : null}
    </div>
  );
}

export function meta() {
  return [{ title: "Dashboard | govjobs admin" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
