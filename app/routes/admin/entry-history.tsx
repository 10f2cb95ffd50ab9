import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { AdminError } from "~/components/admin/admin-error.tsx";
import { AdminPageHeader, Banner, buttonClass } from "~/components/admin/banner.tsx";
import { DiffTable } from "~/components/admin/diff-table.tsx";
import { diffEntries } from "~/components/admin/entry-diff.ts";
import { inputLabel } from "~/components/admin/entry-form.tsx";
import { formErrorOf } from "~/components/admin/form.tsx";
import { formatDateTime } from "~/components/admin/format.ts";
import { STATUS_LABELS } from "~/components/admin/status-badge.tsx";
import type { EntryData } from "~/content/fields.ts";
import { fieldErrorsFromIssues } from "~/content/form-data.ts";
import { entryInputSchema, REGISTRY } from "~/content/registry.ts";
import { getAdminEntry, jobTitles, kindFromUrl } from "~/server/admin-entries.server.ts";
import type { Entry } from "~/server/entries/shared.server.ts";
import { parseForm, refuse } from "~/server/form.server.ts";
import {
  actorOf,
  requireEntryAccess,
  requireStaff,
  type StaffUser,
} from "~/server/guard.server.ts";
import { saveEntry } from "~/server/write/entries.server.ts";
import { listRevisions } from "~/server/revisions.server.ts";
import { db } from "~/server/services.server.ts";
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
  return {
    kind: kind.kind,
    entry: { id: entry.id, title: entry.title, status: entry.status },
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
          isCurrent: selected === revisions[0],
          createdAt: selected.createdAt,
          authorName: selected.authorName,
          lines: diffEntries(kind.kind, selected.snapshot, entry, titles),
        }
      : null,
    restored: url.searchParams.get("restored") === "1",
    showAll: url.searchParams.get("all") === "1",
  };
}

const RestoreSchema = z.object({
  intent: z.literal("restore", { message: "Unknown action." }),
  revisionId: z.string().min(1).max(64),
});

export async function action({ request, url, params }: Route.ActionArgs) {
  const user = await requireStaff(request, "publish");
  const { kind, database, entry, revisions } = await load(user, url, params.id);
  const submission = parseForm(await request.formData(), RestoreSchema);
  if (submission.status !== "success")
    return refuse(submission, { formError: "Choose a revision to restore." });
  const revision = revisions.find((r) => r.id === submission.value.revisionId);
  if (!revision) throw data(null, { status: 404 });
  const snap = revision.snapshot;
  // The content comes back; the status stays as it is now, so restoring never unpublishes.
  const input = entryInputSchema(kind.kind).safeParse({
    title: snap.title,
    slug: snap.slug,
    organization: snap.organization,
    status: entry.status,
    publishAt: entry.publishAt ?? "",
    jobId: snap.jobId ?? "",
    data: snap.data,
  });
  if (!input.success) {
    const problems = Object.entries(fieldErrorsFromIssues(input.error.issues)).map(
      ([name, message]) => `${inputLabel(kind.kind, name)}: ${message}`,
    );
    return refuse(submission, {
      formError: `This revision does not pass today's checks, so it was not restored. ${problems.join("; ")}`,
    });
  }
  const saved = await saveEntry(database, {
    kind: kind.kind,
    id: entry.id,
    input: { ...input.data, data: input.data.data as EntryData },
    actor: actorOf(user),
    action: "entry.revision-restore",
  });
  if (!saved.ok) {
    const why = saved.reason === "conflict" ? saved.message : "the entry changed or is gone";
    return refuse(submission, { formError: `This revision could not be restored: ${why}.` });
  }
  return redirect(`/admin/${kind.adminSegment}/history/${entry.id}?restored=1`);
}

export default function EntryHistory({ loaderData, actionData }: Route.ComponentProps) {
  const def = REGISTRY[loaderData.kind];
  const { entry, revisions, selected } = loaderData;
  const base = `/admin/${def.adminSegment}`;
  const busy = useNavigation().state === "submitting";
  const changedCount = selected?.lines.filter((l) => l.changed).length ?? 0;
  // Unchanged fields only get in the way, unless asked for (or there is nothing else to show).
  const showAll = loaderData.showAll || changedCount === 0;
  const lines = selected ? selected.lines.filter((l) => showAll || l.changed) : [];
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
      {loaderData.restored ? (
        <Banner tone="success">
          The revision was restored and saved as a new revision. The status stayed{" "}
          {STATUS_LABELS[entry.status].toLowerCase()}.
        </Banner>
      ) : null}
      {formErrorOf(actionData) ? <Banner tone="error">{formErrorOf(actionData)}</Banner> : null}

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
              {!selected.isCurrent ? (
                <Form method="post">
                  <input type="hidden" name="revisionId" value={selected.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="restore"
                    disabled={busy}
                    className={buttonClass.primary}
                  >
                    Restore this revision
                  </button>
                </Form>
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
