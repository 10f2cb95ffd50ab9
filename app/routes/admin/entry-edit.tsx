import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { AdminPageHeader, Banner, buttonClass } from "~/components/admin/banner.tsx";
import { AdminError } from "~/components/admin/admin-error.tsx";
import { EntryForm, withKindWords } from "~/components/admin/entry-form.tsx";
import { fieldErrorsOf } from "~/components/admin/form.tsx";
import { formatDateTime } from "~/components/admin/format.ts";
import { StatusBadge } from "~/components/admin/status-badge.tsx";
import { defaultData, HINDI, TEXT_CHANGED_AT, type EntryData } from "~/content/fields.ts";
import { translationState } from "~/content/translation.ts";
import {
  alignHindiRows,
  entryToFormTree,
  fieldErrorsFromIssues,
  indiaLocalToIso,
  parseEntryForm,
  type FieldErrors,
  type FormTree,
} from "~/content/form-data.ts";
import { entryInputSchema, REGISTRY } from "~/content/registry.ts";
import { getAdminEntry, kindFromUrl } from "~/server/admin-entries.server.ts";
import { countRecipients } from "~/server/alerts/triggers.server.ts";
import { AUTHOR_STATUSES, can, type Role } from "~/content/roles.ts";
import { formConstraint, refuseValues } from "~/server/form.server.ts";
import { actorOf, forbidden, requireStaff } from "~/server/guard.server.ts";
import { getJobOption, resolveJobPick, withJobPickText } from "~/server/job-picker.server.ts";
import { restoreEntries, saveEntry, trashEntries } from "~/server/write/entries.server.ts";
import { DiffTable } from "~/components/admin/diff-table.tsx";
import { diffEntries, type DiffLine } from "~/components/admin/entry-diff.ts";
import { db } from "~/server/services.server.ts";
import { listOrganizations } from "~/server/organizations.server.ts";
import { touchPresence } from "~/server/presence.server.ts";
import { EditingNow } from "~/components/admin/editing-now.tsx";
import { EntryLinksPanel } from "~/components/admin/entry-links-panel.tsx";
import { packedStrings } from "~/i18n/catalog.server.ts";
import { Strings } from "~/i18n/context.tsx";
import { entryLinksForEditor } from "~/link-monitor/admin.server.ts";
import type { Route } from "./+types/entry-edit";

export async function loader({ request, url, params }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  const kind = kindFromUrl(url);
  const id = (params as { id?: string }).id;
  const database = await db();
  const entry = id ? await getAdminEntry(database, kind.kind, id) : undefined;
  if (id && !entry) throw data(null, { status: 404 });
  if (entry && !mayEdit(user, entry)) throw forbidden(user.role, "edit this entry");
  // Only the linked job, for its title: the picker searches the rest as the editor types.
  const [linkedJob, organizations, editingNow] = await Promise.all([
    kind.linksToJob && entry?.jobId
      ? getJobOption(database, entry.jobId, { includeTrashed: true })
      : undefined,
    listOrganizations(database),
    entry
      ? touchPresence(database, `entry:${entry.id}`, { id: user.id, name: user.name || user.email })
      : [],
  ]);
  // "This will notify N subscribers": counted for the entry as stored (a new entry has no count
  // yet); what the form changes before saving (state, qualification) is not counted.
  const publisher = can(user.role, "publish");
  const notify =
    publisher && !entry?.deletedAt
      ? {
          recipients: entry
            ? await countRecipients(database, { ...entry, jobId: entry.jobId })
            : null,
        }
      : null;
  // What the link monitor last found of its links (issue 30).
  const links = entry ? await entryLinksForEditor(database, entry) : [];
  const values: FormTree = entry
    ? entryToFormTree(entry)
    : entryToFormTree({
        title: "",
        slug: "",
        organization: "",
        // An author's new entry starts as a draft; an editor's as published.
        status: can(user.role, "publish") ? "published" : "draft",
        publishAt: null,
        jobId: null,
        data: defaultData(kind.sections),
      });
  return {
    kind: kind.kind,
    entry: entry
      ? {
          id: entry.id,
          slug: entry.slug,
          title: entry.title,
          status: entry.status,
          publishAt: entry.publishAt,
          updatedAt: entry.updatedAt,
          deletedAt: entry.deletedAt,
        }
      : null,
    values,
    translation: entry ? translationSummary(kind.sections, entry) : null,
    jobChoices: linkedJob ? [linkedJob] : [],
    organizationNames: organizations.map((o) => o.name),
    saved: url.searchParams.get("saved"),
    editingNow,
    canPublish: publisher,
    notify,
    constraint: formConstraint(entryInputSchema(kind.kind)),
    links,
    linkStrings: packedStrings("en", "linkStates"),
  };
}

function translationSummary(
  sections: Parameters<typeof translationState>[0],
  entry: { title: string; data: EntryData },
) {
  const { state, untranslated } = translationState(sections, entry.title, entry.data);
  const at = entry.data[TEXT_CHANGED_AT];
  return { state, left: untranslated.length, changedAt: typeof at === "string" ? at : null };
}

/** Editors and admins edit any entry; an author only their own draft or submission. */
function mayEdit(
  user: { id: string; role: Role },
  entry: { createdBy: string | null; status: string },
): boolean {
  if (can(user.role, "publish")) return true;
  return (
    entry.createdBy === user.id && (AUTHOR_STATUSES as readonly string[]).includes(entry.status)
  );
}

const INTENTS = ["save", "draft", "submit", "publish", "trash", "restore", "duplicate"] as const;

/**
 * The "Notify subscribers" box: a form that showed it says so (`notifyAsked`), and an unticked
 * box sends nothing. A form without the box (an author's, an old tab) notifies as before.
 */
const NotifyChoice = z.object({
  notifyAsked: z.literal("1").nullable(),
  notify: z.literal("on", "Tick the box or leave it empty.").nullable(),
});

export async function action({ request, url, params }: Route.ActionArgs) {
  const user = await requireStaff(request);
  const kind = kindFromUrl(url);
  const id = (params as { id?: string }).id;
  const database = await db();
  const existing = id ? await getAdminEntry(database, kind.kind, id) : undefined;
  if (id && !existing) throw data(null, { status: 404 });
  const form = await request.formData();
  const intent = INTENTS.find((i) => i === form.get("intent")) ?? "save";
  const actor = actorOf(user);
  const base = `/admin/${kind.adminSegment}`;
  // Authors work on their own drafts only, and never publish, schedule or trash: refused here,
  // on the server, whatever the form offered.
  if (existing && !mayEdit(user, existing)) throw forbidden(user.role, "edit this entry");
  const publisher = can(user.role, "publish");
  if (!publisher && (intent === "publish" || intent === "trash" || intent === "restore")) {
    throw forbidden(user.role, intent === "publish" ? "publish" : "move entries to the trash");
  }

  if (intent === "duplicate") {
    if (!existing) throw data(null, { status: 404 });
    // A near-identical notification: a draft copy with its own slug and no history of its own.
    const copy = await saveEntry(database, {
      kind: kind.kind,
      input: {
        title: `${existing.title} (copy)`,
        organization: existing.organization,
        status: "draft",
        ...(existing.jobId ? { jobId: existing.jobId } : {}),
        data: existing.data,
      },
      actor,
      action: "entry.duplicate",
    });
    if (!copy.ok) throw data(null, { status: 409 });
    return redirect(`${base}/edit/${copy.entry.id}?saved=duplicated`);
  }

  if (intent === "trash" || intent === "restore") {
    if (!existing) throw data(null, { status: 404 });
    if (intent === "trash") await trashEntries(database, kind.kind, [existing.id], actor);
    else await restoreEntries(database, [existing.id], actor);
    return redirect(
      intent === "trash"
        ? `${base}?trashed=${encodeURIComponent(existing.title)}`
        : `${base}/edit/${existing.id}?saved=restored`,
    );
  }

  const { value } = alignHindiRows(parseEntryForm(form));
  // The two shortcut buttons decide the status themselves, whatever the select says.
  if (intent === "draft") value.status = "draft";
  if (intent === "submit") value.status = "pending";
  if (intent === "publish") value.status = "published";
  // The job picker's text (a title or id typed without JavaScript) becomes the job's id.
  const picked = await resolveJobPick(database, value);
  if (picked?.ok) value.jobId = picked.jobId;
  const parsed = entryInputSchema(kind.kind).safeParse(value);
  // A nonce per rejection: the browser redraws the form from exactly what the server saw.
  // The version goes back as it came: a rejected form must not adopt a newer save unseen.
  const sentVersion = typeof form.get("version") === "string" ? String(form.get("version")) : "";
  const choice = NotifyChoice.safeParse({
    notifyAsked: form.get("notifyAsked"),
    notify: form.get("notify"),
  });
  const notify = choice.success && (!choice.data.notifyAsked || choice.data.notify === "on");
  const reject = (errors: FieldErrors, status = 400, extra: Partial<Rejection> = {}) =>
    refuseValues<Rejection>(value, {
      schema: withJobPickText(entryInputSchema(kind.kind)),
      fieldErrors: errors,
      status,
      detail: {
        nonce: crypto.randomUUID(),
        version: sentVersion,
        // The box comes back as it was sent: a refused save must not tick it again.
        notify,
        ...extra,
      },
    });
  if (!choice.success)
    return reject({ notify: choice.error.issues[0]?.message ?? "Tick the box or leave it empty." });
  if (!parsed.success || picked?.ok === false) {
    return reject({
      ...(parsed.success
        ? {}
        : withKindWords(kind.kind, fieldErrorsFromIssues(parsed.error.issues))),
      ...(picked?.ok === false ? { jobId: picked.error } : {}),
    });
  }
  if (!publisher && !(AUTHOR_STATUSES as readonly string[]).includes(parsed.data.status)) {
    return reject(
      { status: "Authors save drafts or submit them for review; an editor publishes." },
      403,
    );
  }

  const result = await saveEntry(database, {
    kind: kind.kind,
    id: existing?.id,
    input: {
      ...parsed.data,
      publishAt: indiaLocalToIso(parsed.data.publishAt),
      data: withoutEmptyHindi(parsed.data.data as EntryData),
    },
    // Forms carry the version they were loaded at; a form without one (an old tab) is not checked.
    expectedVersion: existing && sentVersion ? sentVersion : undefined,
    actor,
    notify,
    // An editor publishing a submitted entry approves it: the audit log says who.
    ...(existing?.status === "pending" && parsed.data.status === "published"
      ? { action: "entry.approve" }
      : existing?.status !== "pending" && parsed.data.status === "pending"
        ? { action: "entry.submit" }
        : {}),
  });
  if (result.ok) return redirect(`${base}/edit/${result.entry.id}?saved=1`);
  if (result.reason === "not-found") throw data(null, { status: 404 });
  if (result.reason === "conflict") return reject({ [result.field]: result.message });
  // Someone saved first: nothing is overwritten, the editor keeps every value typed, sees who
  // saved and what changed, and the form now carries the new version (saving again is a choice).
  const { current, by, loaded } = result;
  return reject({}, 409, {
    version: current.updatedAt,
    stale: {
      by,
      at: current.updatedAt,
      changes: loaded ? diffEntries(kind.kind, loaded, current).filter((l) => l.changed) : [],
    },
  });
}

/**
 * The Hindi boxes left empty are no Hindi at all: not stored as empty keys (an empty box must not
 * count as the Hindi changing, or "older than the English" would never show).
 */
function withoutEmptyHindi(data: EntryData): EntryData {
  const out: EntryData = {};
  for (const [key, value] of Object.entries(data)) {
    if (key.startsWith(HINDI) && (value === undefined || (Array.isArray(value) && !value.length)))
      continue;
    out[key] = value;
  }
  return out;
}

/** What a refused save carries beside its values and errors (the admin forms' reply shape). */
interface Rejection {
  /** A new one per refusal: the browser redraws the form from exactly what the server saw. */
  nonce: string;
  /** The version the re-drawn form carries. */
  version: string;
  /** Whether the "Notify subscribers" box was ticked. */
  notify: boolean;
  stale?: { by: string; at: string; changes: DiffLine[] };
}

/** Someone saved while this editor was editing: what they changed, and what to do now. */
function StaleBanner({ stale, label }: { stale: NonNullable<Rejection["stale"]>; label: string }) {
  return (
    <div
      role="alert"
      className="mb-4 space-y-3 rounded-app border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-950"
    >
      <p className="font-semibold">
        Not saved: {stale.by} saved this {label.toLowerCase()} at {formatDateTime(stale.at)} (India
        time), after you opened it. Nothing was overwritten.
      </p>
      <p>
        Everything you typed is still in the form below. Their changes are listed here: copy any you
        want to keep into the form, then save again. Saving again replaces the stored version with
        the form as it is.
      </p>
      {stale.changes.length > 0 ? (
        <DiffTable lines={stale.changes} beforeTitle="When you opened it" afterTitle="Saved now" />
      ) : (
        <p>The earlier version is not in the history, so the changes cannot be listed.</p>
      )}
    </div>
  );
}

function SavedBanner({
  saved,
  status,
  publicHref,
  publishAt,
  label,
}: {
  saved: string;
  status: string;
  publicHref: string;
  publishAt: string | null;
  label: string;
}) {
  if (saved === "restored") {
    return <Banner tone="success">Restored from the trash.</Banner>;
  }
  if (saved === "duplicated") {
    return (
      <Banner tone="success">
        This is a new draft copy. Change what differs (the title, dates, links), then publish it.
      </Banner>
    );
  }
  return (
    <Banner tone="success">
      {status === "published" ? (
        <>
          Saved and published.{" "}
          <a href={publicHref} className="font-semibold underline">
            View the {label.toLowerCase()} on the site
          </a>
        </>
      ) : status === "scheduled" ? (
        <>
          Saved. It goes public on{" "}
          {publishAt ? `${formatDateTime(publishAt)} (India time)` : "its publish time"}.
        </>
      ) : status === "draft" ? (
        "Draft saved. It is not on the site."
      ) : status === "pending" ? (
        "Submitted for review. An editor will publish it; until then it is not on the site."
      ) : (
        "Saved as archived. It is not on the site."
      )}
    </Banner>
  );
}

export default function EntryEdit({ loaderData, actionData }: Route.ComponentProps) {
  const def = REGISTRY[loaderData.kind];
  const { entry } = loaderData;
  const base = `/admin/${def.adminSegment}`;
  const publicHref = entry ? `${def.urlPrefix}/${entry.slug}` : "";
  const rejected = actionData?.detail ? { ...actionData.detail, reply: actionData } : null;
  const formKey = `${entry?.id ?? "new"}-${entry?.updatedAt ?? ""}-${rejected?.nonce ?? ""}`;
  return (
    <div className="mx-auto max-w-6xl">
      <AdminPageHeader
        crumbs={
          <Link to={base} className="text-accent underline">
            {def.plural}
          </Link>
        }
        title={
          entry ? (
            <span className="flex flex-wrap items-center gap-2">
              Edit {def.label.toLowerCase()}{" "}
              <StatusBadge status={entry.deletedAt ? "trash" : entry.status} />
            </span>
          ) : (
            `Add ${def.label.toLowerCase()}`
          )
        }
      >
        {entry ? (
          <>
            <Link to={`${base}/history/${entry.id}`} className={buttonClass.quiet}>
              History
            </Link>
            {entry.status === "published" && !entry.deletedAt ? (
              <a href={publicHref} className={buttonClass.quiet}>
                View on site
              </a>
            ) : null}
            <Form method="post">
              <button
                type="submit"
                name="intent"
                value="duplicate"
                className={buttonClass.secondary}
              >
                Duplicate
              </button>
            </Form>
            <Link to={`${base}/add`} className={buttonClass.secondary}>
              Add another
            </Link>
          </>
        ) : null}
      </AdminPageHeader>

      {entry?.deletedAt ? (
        <Banner tone="warning">
          This {def.label.toLowerCase()} is in the trash and not on the site.{" "}
          <button
            type="submit"
            form="trash-form"
            name="intent"
            value="restore"
            className="font-semibold underline"
          >
            Restore it
          </button>
        </Banner>
      ) : null}
      {loaderData.saved && entry && !rejected ? (
        <SavedBanner
          saved={loaderData.saved}
          status={entry.status}
          publicHref={publicHref}
          publishAt={entry.publishAt}
          label={def.label}
        />
      ) : null}

      {entry ? <EditingNow subject={`entry:${entry.id}`} initial={loaderData.editingNow} /> : null}
      <Strings areas={loaderData.linkStrings}>
        <EntryLinksPanel
          links={loaderData.links}
          published={entry?.status === "published" && !entry.deletedAt}
        />
      </Strings>
      {rejected?.stale ? <StaleBanner stale={rejected.stale} label={def.label} /> : null}
      <EntryForm
        key={formKey}
        version={rejected?.version ?? entry?.updatedAt ?? ""}
        canPublish={loaderData.canPublish}
        notify={loaderData.notify && { ...loaderData.notify, checked: rejected?.notify ?? true }}
        kind={loaderData.kind}
        values={(rejected?.reply.initialValue as FormTree | undefined) ?? loaderData.values}
        baseline={rejected ? loaderData.values : undefined}
        errors={fieldErrorsOf(rejected?.reply)}
        constraint={loaderData.constraint}
        translation={loaderData.translation}
        savedStatus={entry?.status ?? null}
        savedSlug={entry?.slug ?? null}
        jobChoices={loaderData.jobChoices}
        organizationNames={loaderData.organizationNames}
        previewHref={entry ? `${base}/preview/${entry.id}` : null}
        trashFormId={entry && !entry.deletedAt && loaderData.canPublish ? "trash-form" : null}
      />
      {entry ? <Form method="post" id="trash-form" /> : null}
    </div>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  const def = loaderData ? REGISTRY[loaderData.kind] : null;
  const what = def ? def.label.toLowerCase() : "entry";
  return [
    {
      title: loaderData?.entry
        ? `Edit ${what}: ${loaderData.entry.title} | govjobs admin`
        : `Add ${what} | govjobs admin`,
    },
  ];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
