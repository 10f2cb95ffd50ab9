import { useEffect, useRef } from "react";
import {
  data,
  Form,
  Link,
  redirect,
  useNavigation,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { z } from "zod";
import { AdminError } from "~/components/admin/admin-error.tsx";
import { AdminPageHeader, Banner, buttonClass, Refusal } from "~/components/admin/banner.tsx";
import { DiffTable } from "~/components/admin/diff-table.tsx";
import { diffEntries } from "~/components/admin/entry-diff.ts";
import type { Comparable } from "~/content/entry-shapes.ts";
import { inputLabel } from "~/components/admin/entry-form/labels.ts";
import { formErrorOf } from "~/lib/form-reply.ts";
import { formatDateTime } from "~/lib/format.ts";
import { STATUS_LABELS } from "~/components/admin/status-badge.tsx";
import type { EntryData } from "~/content/fields.ts";
import { fieldErrorsFromIssues } from "~/content/form-data.ts";
import { entryInputSchema, REGISTRY } from "~/content/registry.ts";
import type { EntryInput } from "~/content/kinds/schema.ts";
import type { Kind } from "~/content/kinds.ts";
import { can } from "~/content/policy.ts";
import { getAdminEntry, jobTitles, kindFromUrl } from "~/entries/admin.repository.server.ts";
import type { Entry } from "~/content/entry.ts";
import { REFUSAL_STATUS, refuse, refuseWrite } from "~/platform/forms.server.ts";
import { parseForm } from "~/lib/form-parse.ts";
import { refused } from "~/lib/write-result.ts";
import { actorOf, requireEntryAccess, requireStaff, type StaffUser } from "~/users/guard.server.ts";
import { saveEntry } from "~/entries/entries.service.server.ts";
import { listRevisions } from "~/writes/revisions.repository.server.ts";
import { db } from "~/platform/services.server.ts";
import type { Route } from "./+types/entry-history";

async function load(user: StaffUser, url: URL, id: string) {
  const kind = kindFromUrl(url);
  const database = await db();
  const entry = await getAdminEntry(database, kind.kind, id);
  if (!entry) throw data(null, { status: 404 });
  requireEntryAccess(user, entry, "read");
  const revisions = await listRevisions<Entry>(database, "entry", entry.id);
  return { kind, database, entry, revisions };
}

export async function loader({ request, url, params }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  const { kind, database, entry, revisions } = await load(user, url, params.id);
  // By default compare the version before the current one: that is what the last save changed.
  const selected =
    revisions.find((r) => r.id === url.searchParams.get("rev")) ?? revisions[1] ?? revisions[0];
  const titles = await jobTitles(database, [entry.jobId ?? "", selected?.snapshot.jobId ?? ""]);
  const isCurrent = selected === revisions[0];
  // "Restore this revision…" asks first, showing what the restore would change (issue 26).
  const restoring =
    selected && !isCurrent && url.searchParams.get("restore") === "1" && can(user.role, "publish")
      ? restoreInput(kind.kind, entry, selected.snapshot)
      : null;
  const restoreNumber = (revisionId: string | null) => {
    const at = revisions.findIndex((r) => r.id === revisionId);
    return at < 0 ? null : revisions.length - at;
  };
  return {
    kind: kind.kind,
    entry: { id: entry.id, title: entry.title, status: entry.status },
    canRestore: can(user.role, "publish"),
    revisions: revisions.map((r, i) => ({
      id: r.id,
      number: revisions.length - i,
      authorName: r.authorName,
      createdAt: r.createdAt,
      title: r.snapshot.title,
      status: r.snapshot.status,
    })),
    selected: selected
      ? {
          id: selected.id,
          number: revisions.length - revisions.indexOf(selected),
          isCurrent,
          createdAt: selected.createdAt,
          authorName: selected.authorName,
          lines: diffEntries(kind.kind, selected.snapshot, entry, titles),
        }
      : null,
    confirm: restoring
      ? {
          // The version the question was asked at: the answer is refused if it has changed.
          version: entry.updatedAt,
          problem: restoring.success ? null : restoreProblem(kind.kind, restoring.error.issues),
          lines: restoring.success
            ? diffEntries(kind.kind, entry, asComparable(restoring.data), titles).filter(
                (l) => l.changed,
              )
            : [],
        }
      : null,
    restored: restoreNumber(url.searchParams.get("restored")),
    showAll: url.searchParams.get("all") === "1",
  };
}

/**
 * The revision's content as a save: the status (and publish time) stay as they are now, so
 * restoring never unpublishes; today's checks apply.
 */
function restoreInput(kind: Kind, entry: Entry, snap: Entry) {
  return entryInputSchema(kind).safeParse({
    title: snap.title,
    slug: snap.slug,
    organization: snap.organization,
    status: entry.status,
    publishAt: entry.publishAt ?? "",
    jobId: snap.jobId ?? "",
    data: snap.data,
  });
}

function asComparable(input: EntryInput): Comparable {
  return {
    title: input.title,
    slug: input.slug ?? "",
    organization: input.organization,
    status: input.status,
    publishAt: input.publishAt ?? null,
    jobId: input.jobId ?? null,
    data: input.data as EntryData,
  };
}

function restoreProblem(kind: Kind, issues: Parameters<typeof fieldErrorsFromIssues>[0]): string {
  const problems = Object.entries(fieldErrorsFromIssues(issues)).map(
    ([name, message]) => `${inputLabel(kind, name)}: ${message}`,
  );
  return `This revision does not pass today's checks, so it cannot be restored. ${problems.join("; ")}`;
}

const RestoreSchema = z.object({
  intent: z.literal("restore", { message: "Unknown action." }),
  revisionId: z.string().min(1).max(64),
  version: z.string().min(1, "Look at the differences first.").max(40),
});

export async function action({ request, url, params }: Route.ActionArgs) {
  const user = await requireStaff(request, "publish");
  const { kind, database, entry, revisions } = await load(user, url, params.id);
  const submission = parseForm(await request.formData(), RestoreSchema);
  if (submission.status !== "success")
    return refuse(submission, {
      formError: "Choose a revision, look at what restoring it changes, then confirm.",
    });
  const revision = revisions.find((r) => r.id === submission.value.revisionId);
  if (!revision) throw data(null, { status: 404 });
  const stale = () => {
    const latest = revisions[0];
    return refuse(submission, {
      status: 409,
      formError: `Not restored: ${latest?.authorName ?? "someone"} saved this ${REGISTRY[kind.kind].label.toLowerCase()} at ${formatDateTime(entry.updatedAt)}, after you looked at the differences. Nothing was changed; they are shown again below against what is stored now.`,
    });
  };
  // A second click, another tab or a colleague's save since the question was asked.
  if (submission.value.version !== entry.updatedAt) return stale();
  const input = restoreInput(kind.kind, entry, revision.snapshot);
  if (!input.success)
    return refuse(submission, { formError: restoreProblem(kind.kind, input.error.issues) });
  const saved = await saveEntry(database, {
    kind: kind.kind,
    id: entry.id,
    input: { ...input.data, data: input.data.data as EntryData },
    // The same guard as an editor's save: two answers racing, one restores.
    expectedVersion: submission.value.version,
    actor: actorOf(user),
    user,
    action: "entry.revision-restore",
  });
  if (!saved.ok) {
    if (saved.reason === "stale") return stale();
    const why = saved.reason === "conflict" ? saved.message : "the entry is gone";
    // At the form, not at a field the history page has not got; a vanished entry too (400).
    const message = `This revision could not be restored: ${why}.`;
    return refuseWrite(submission, refused(saved.reason, { message }), {
      status: REFUSAL_STATUS.invalid,
    });
  }
  // The restored revision stays selected: it now matches the current version, so the place of
  // the button holds no button for another revision.
  return redirect(
    `/admin/${kind.adminSegment}/history/${entry.id}?rev=${revision.id}&restored=${revision.id}`,
  );
}

/**
 * A refused restore (409: the entry changed since the question was asked) reads the entry again,
 * so the question is asked against what is stored now; React Router skips that after a 4xx.
 */
export function shouldRevalidate({
  actionStatus,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

export default function EntryHistory({ loaderData, actionData }: Route.ComponentProps) {
  const def = REGISTRY[loaderData.kind];
  const { entry, revisions, selected, confirm } = loaderData;
  const base = `/admin/${def.adminSegment}`;
  const busy = useNavigation().state === "submitting";
  const changedCount = selected?.lines.filter((l) => l.changed).length ?? 0;
  // Unchanged fields only get in the way, unless asked for (or there is nothing else to show).
  const showAll = loaderData.showAll || changedCount === 0;
  const lines = selected ? selected.lines.filter((l) => showAll || l.changed) : [];
  const refusal = formErrorOf(actionData);
  const questionRef = useRef<HTMLElement>(null);
  // The question is where the editor's attention goes (a refused answer takes it first).
  useEffect(() => {
    if (!refusal) questionRef.current?.focus();
  }, [refusal, confirm?.version]);
  return (
    <div className="mx-auto max-w-6xl">
      <AdminPageHeader
        crumbs={
          <>
            <Link to={base} className="text-accent underline">
              {def.plural}
            </Link>{" "}
            ›{" "}
            <Link to={`${base}/edit/${entry.id}`} className="text-accent underline">
              {entry.title}
            </Link>
          </>
        }
        title="History"
      >
        <Link to={`${base}/edit/${entry.id}`} className={buttonClass.secondary}>
          Back to the editor
        </Link>
      </AdminPageHeader>
      {loaderData.restored && !refusal ? (
        <Banner tone="success">
          Revision {loaderData.restored} restored: it is saved as revision {revisions.length}, the
          current one. The status stayed {STATUS_LABELS[entry.status].toLowerCase()}.
        </Banner>
      ) : null}
      {refusal ? <Refusal key={refusal}>{refusal}</Refusal> : null}

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <section aria-labelledby="revisions-title">
          <h2 id="revisions-title" className="mb-2 text-base font-semibold">
            {revisions.length} {revisions.length === 1 ? "revision" : "revisions"}, newest first
          </h2>
          <ol className="divide-y divide-stone-100 rounded-app border border-stone-200 bg-white text-sm">
            {revisions.map((r, i) => {
              const active = selected?.id === r.id;
              return (
                <li key={r.id} data-revision={r.number}>
                  <Link
                    to={`?rev=${r.id}`}
                    aria-current={active ? "true" : undefined}
                    className={`block px-3 py-2 no-underline hover:bg-stone-50 ${active ? "border-l-4 border-primary bg-primary-light/50" : ""}`}
                  >
                    <span className="font-semibold">
                      Revision {r.number}
                      {i === 0 ? " (current)" : ""}
                    </span>
                    <span className="block text-xs text-muted">
                      {formatDateTime(r.createdAt)} by {r.authorName ?? "unknown"}
                    </span>
                    <span className="block truncate text-xs text-muted">
                      {r.title} · {STATUS_LABELS[r.status] ?? r.status}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ol>
        </section>

        {selected ? (
          <section aria-labelledby="compare-title" className="min-w-0">
            {confirm ? (
              <section
                ref={questionRef}
                tabIndex={-1}
                aria-labelledby="restore-question"
                className="mb-4 space-y-3 rounded-app border-2 border-primary bg-white p-4 text-sm"
              >
                <h2 id="restore-question" className="text-base font-semibold">
                  Restore revision {selected.number}?
                </h2>
                {confirm.problem ? (
                  <p className="text-red-800">{confirm.problem}</p>
                ) : confirm.lines.length === 0 ? (
                  <p>Nothing would change: this revision matches the current version.</p>
                ) : (
                  <>
                    <p>
                      {confirm.lines.length === 1
                        ? "This field changes"
                        : `These ${confirm.lines.length} fields change`}{" "}
                      on the {entry.status === "published" ? "live " : ""}
                      {def.label.toLowerCase()}, as a new revision. The status stays{" "}
                      {STATUS_LABELS[entry.status]}.
                    </p>
                    <DiffTable
                      lines={confirm.lines}
                      beforeTitle="Now"
                      afterTitle="After restoring"
                    />
                  </>
                )}
                <div className="flex flex-wrap items-center gap-2">
                  {!confirm.problem && confirm.lines.length > 0 ? (
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="revisionId" value={selected.id} />
                      <input type="hidden" name="version" value={confirm.version} />
                      <button
                        type="submit"
                        name="intent"
                        value="restore"
                        disabled={busy}
                        className={buttonClass.primary}
                      >
                        {busy ? "Restoring…" : `Restore revision ${selected.number}`}
                      </button>
                    </Form>
                  ) : null}
                  <Link
                    to={`?rev=${selected.id}`}
                    className={buttonClass.secondary}
                    preventScrollReset
                  >
                    Cancel
                  </Link>
                </div>
              </section>
            ) : null}
            <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
              <h2 id="compare-title" className="text-base font-semibold">
                Revision {selected.number} compared with the current version
                <span className="block text-xs font-normal text-muted">
                  Saved {formatDateTime(selected.createdAt)} by {selected.authorName ?? "unknown"}.{" "}
                  {selected.isCurrent
                    ? "This is the current version."
                    : changedCount === 0
                      ? "No differences."
                      : `${changedCount} ${changedCount === 1 ? "field differs" : "fields differ"} (highlighted).`}
                </span>
              </h2>
              {/* A link, not a button: it only asks, so a double click cannot write. */}
              {loaderData.canRestore && !selected.isCurrent && changedCount > 0 && !confirm ? (
                <Link
                  to={`?rev=${selected.id}&restore=1`}
                  preventScrollReset
                  className={buttonClass.primary}
                >
                  Restore this revision…
                </Link>
              ) : null}
            </div>
            {changedCount > 0 ? (
              <p className="mb-2 text-sm">
                <Link
                  to={`?rev=${selected.id}${loaderData.showAll ? "" : "&all=1"}`}
                  className="text-accent underline"
                  preventScrollReset
                >
                  {loaderData.showAll ? "Show only the changed fields" : "Show all fields"}
                </Link>
              </p>
            ) : null}
            <DiffTable
              lines={lines}
              beforeTitle={`Revision ${selected.number}`}
              afterTitle="Current"
            />
          </section>
        ) : (
          <p className="text-muted">No revisions yet.</p>
        )}
      </div>
    </div>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `History: ${loaderData?.entry.title ?? "entry"} | govjobs admin` }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
