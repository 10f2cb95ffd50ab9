import { useContext } from "react";
import { data, Form, Link, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { z } from "zod";
import { AdminPageHeader, Banner, buttonClass, Refusal } from "~/components/admin/banner.tsx";
import { AdminError } from "~/components/admin/admin-error.tsx";
import { conflictAnchor, EditConflictsContext } from "~/components/admin/edit-conflicts.tsx";
import { EntryForm, inputLabel, withKindWords } from "~/components/admin/entry-form.tsx";
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
import {
  choicesOf,
  enteredStatus,
  settleChoices,
  staleForm,
  type AdoptedField,
  type ConflictMark,
} from "~/server/entries/edit-conflicts.server.ts";
import { AUTHOR_STATUSES, can, entryAccess } from "~/content/roles.ts";
import { formConstraint, refuseValues, refuseWrite } from "~/server/form.server.ts";
import { actorOf, forbidden, requireEntryAccess, requireStaff } from "~/server/guard.server.ts";
import { getJobOption, resolveJobPick, withJobPickText } from "~/server/job-picker.server.ts";
import { restoreEntries, saveEntry, trashEntries } from "~/server/write/entries.server.ts";
import { suggestChange } from "~/server/write/suggestions.server.ts";
import { listSuggestions } from "~/server/entries/suggestions.server.ts";
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
import { NoticeStart } from "~/components/admin/notice-suggestions.tsx";
import { SuggestionsProvider } from "~/components/admin/suggestion-mark.tsx";
import {
  noticeChecklist,
  noticeFromUrl,
  offersNotice,
  PDF_ERROR,
  PDF_ERRORS,
  startingValues,
} from "~/notice-import/notice-import.server.ts";
import { photoPresetProblem } from "~/photo-kit/job-section.server.tsx";
import { presetChoices } from "~/photo-kit/presets.server.ts";
import type { Route } from "./+types/entry-edit";

export async function loader({ request, url, params }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  const kind = kindFromUrl(url);
  const id = (params as { id?: string }).id;
  const database = await db();
  const entry = id ? await getAdminEntry(database, kind.kind, id) : undefined;
  if (id && !entry) throw data(null, { status: 404 });
  // An author may open their entry once an editor has published it: to read, and to suggest.
  const access = entry ? requireEntryAccess(user, entry, "read") : "edit";
  // Only the linked job, for its title: the picker searches the rest as the editor types.
  const [linkedJob, organizations, editingNow, taken, suggestions] = await Promise.all([
    kind.linksToJob && entry?.jobId
      ? getJobOption(database, entry.jobId, { includeTrashed: true })
      : undefined,
    listOrganizations(database),
    entry
      ? touchPresence(database, `entry:${entry.id}`, { id: user.id, name: user.name || user.email })
      : [],
    entry && access === "read" ? enteredStatus(database, entry.id, entry.status) : null,
    // An author sees what became of their suggestions; an editor, those waiting.
    entry
      ? listSuggestions(database, {
          entryId: entry.id,
          ...(can(user.role, "publish") ? {} : { authorId: user.id }),
          limit: 10,
        })
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
  // A new entry may start from a notification PDF's suggestions (issue 32).
  const notice = entry ? null : await noticeFromUrl(database, kind.kind, url);
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
    values: startingValues(values, notice),
    translation: entry ? translationSummary(kind.sections, entry) : null,
    jobChoices: linkedJob ? [linkedJob] : [],
    organizationNames: organizations.map((o) => o.name),
    saved: url.searchParams.get("saved"),
    suggested: url.searchParams.get("suggested") === "1",
    access,
    taken,
    suggestions: suggestions
      .filter((x) => (can(user.role, "publish") ? x.state === "suggested" : true))
      .map((x) => ({
        id: x.id,
        state: x.state,
        authorName: x.authorName,
        createdAt: x.createdAt,
        decidedBy: x.decidedBy,
        decidedAt: x.decidedAt,
      })),
    editingNow,
    canPublish: publisher,
    notify,
    constraint: formConstraint(entryInputSchema(kind.kind)),
    links,
    linkStrings: packedStrings("en", "linkStates"),
    notice:
      !entry && offersNotice(kind.kind)
        ? {
            view: notice,
            uploadError: PDF_ERRORS[url.searchParams.get(PDF_ERROR) ?? ""] ?? null,
            checkFields: noticeChecklist(kind.kind),
          }
        : null,
    photoPresets: kind.kind === "job" ? await presetChoices(database) : [],
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

const INTENTS = [
  "save",
  "draft",
  "submit",
  "publish",
  "trash",
  "restore",
  "duplicate",
  "suggest",
] as const;

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
  // on the server, whatever the form offered. Their entry published under them may be
  // duplicated, or changed by a suggestion (below); a save of it keeps what they typed.
  const access = existing ? entryAccess(user, existing) : "edit";
  const saving = intent === "save" || intent === "draft" || intent === "submit";
  if (access === "none" && !saving) throw forbidden(user.role, "edit this entry");
  if (access === "read" && !saving && intent !== "suggest" && intent !== "duplicate")
    throw forbidden(user.role, "edit this entry");
  if (intent === "suggest" && access !== "read")
    throw forbidden(user.role, "suggest changes to an entry it may edit");
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

  let { value } = alignHindiRows(parseEntryForm(form));
  // The two shortcut buttons decide the status themselves, whatever the select says.
  if (intent === "draft") value.status = "draft";
  if (intent === "submit") value.status = "pending";
  if (intent === "publish") value.status = "published";
  // The version the form was loaded at (sent back as it came after a refusal), and after a 409
  // the version both people started from: then each field both changed needs a choice.
  const sentVersion = typeof form.get("version") === "string" ? String(form.get("version")) : "";
  const common = typeof form.get("base") === "string" ? String(form.get("base")).slice(0, 40) : "";
  let undecided: ConflictMark[] = [];
  let undecidedBy: string | null = null;
  if (existing && common && sentVersion && common !== sentVersion) {
    const settled = await settleChoices(
      database,
      existing.id,
      { base: common, version: sentVersion },
      value,
      choicesOf(form),
    );
    value = settled.value;
    undecided = settled.undecided;
    undecidedBy = settled.by;
  }
  // The job picker's text (a title or id typed without JavaScript) becomes the job's id.
  const picked = await resolveJobPick(database, value);
  if (picked?.ok) value.jobId = picked.jobId;
  const parsed = entryInputSchema(kind.kind).safeParse(value);
  const choice = NotifyChoice.safeParse({
    notifyAsked: form.get("notifyAsked"),
    notify: form.get("notify"),
  });
  const notify = choice.success && (!choice.data.notifyAsked || choice.data.notify === "on");
  // A nonce per rejection: the browser redraws the form from exactly what the server saw.
  // The version goes back as it came: a rejected form must not adopt a newer save unseen.
  const schema = withJobPickText(entryInputSchema(kind.kind));
  const rejection = (extra: Partial<Rejection> = {}): Rejection => ({
    nonce: crypto.randomUUID(),
    version: sentVersion,
    base: common,
    // The box comes back as it was sent: a refused save must not tick it again.
    notify,
    ...extra,
  });
  const reject = (errors: FieldErrors, status = 400, extra: Partial<Rejection> = {}) =>
    refuseValues<Rejection>(value, {
      schema,
      fieldErrors: errors,
      status,
      detail: rejection(extra),
    });
  // Nothing is saved while a field both people changed is undecided (checked before the rest).
  if (undecided.length)
    return reject({}, 409, {
      stale: {
        by: undecidedBy ?? "another editor",
        at: sentVersion,
        changes: [],
        conflicts: undecided,
        adopted: [],
        again: true,
      },
    });
  if (existing && access !== "edit") {
    // The entry is no longer the author's to change: nothing is saved, nothing typed is lost.
    if (access === "none")
      return reject({}, 403, {
        gone: `Not saved: this ${kind.label.toLowerCase()} is no longer yours to edit (it was moved to the trash or given to someone else). What you typed is still below: copy what you need.`,
      });
    const taken = await enteredStatus(database, existing.id, existing.status);
    const takenInfo = { status: existing.status, by: taken?.by ?? null, at: taken?.at ?? null };
    // The form shows the stored status; a suggestion never changes it.
    value.status = existing.status;
    if (intent !== "suggest") return reject({}, 409, { taken: takenInfo });
    // Sent as a suggested change: checked as a save would be, kept for an editor to apply.
    const suggestion = entryInputSchema(kind.kind).safeParse(value);
    if (!suggestion.success)
      return reject(withKindWords(kind.kind, fieldErrorsFromIssues(suggestion.error.issues)), 400, {
        taken: takenInfo,
      });
    await suggestChange(database, {
      entry: existing,
      snapshot: {
        title: suggestion.data.title,
        slug: suggestion.data.slug ?? existing.slug,
        organization: suggestion.data.organization,
        status: existing.status,
        publishAt: existing.publishAt,
        jobId: suggestion.data.jobId ?? null,
        data: withoutEmptyHindi(suggestion.data.data as EntryData),
      },
      baseVersion: sentVersion || existing.updatedAt,
      actor,
    });
    return redirect(`${base}/edit/${existing.id}?suggested=1`);
  }
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
  const presetProblem = await photoPresetProblem(database, parsed.data.data as EntryData);
  if (presetProblem) return reject({ "data.photoPreset": presetProblem });
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
  if (result.reason !== "stale")
    return refuseWrite<Rejection>({ values: value, schema }, result, {
      detail: rejection(),
      // A slug in use, a missing job: said at that field.
      messageAt: result.reason === "conflict" ? result.field : undefined,
    });
  // Someone saved first: nothing is overwritten, the editor keeps every value typed, what only
  // they changed comes into the form, each field both changed is marked to be decided, and the
  // form now carries the new version and the version both started from.
  const { current, by, loaded } = result;
  const merge = staleForm(loaded, value, current);
  return refuseWrite<Rejection>({ values: merge.values, schema }, result, {
    detail: rejection({
      version: current.updatedAt,
      base: sentVersion,
      stale: {
        by,
        at: current.updatedAt,
        changes: loaded ? diffEntries(kind.kind, loaded, current).filter((l) => l.changed) : [],
        conflicts: merge.conflicts,
        adopted: merge.adopted,
      },
    }),
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
  /** After a 409: the version both people started from (the form's choices are checked on it). */
  base: string;
  /** Whether the "Notify subscribers" box was ticked. */
  notify: boolean;
  /** An author's save refused because an editor published (or scheduled, archived) the entry. */
  taken?: { status: string; by: string | null; at: string | null };
  /** An author's save refused because the entry is no longer theirs at all. */
  gone?: string;
  stale?: {
    by: string;
    at: string;
    /** Everything they changed since this form was loaded. */
    changes: DiffLine[];
    /** The fields both changed, to be decided in place. */
    conflicts: ConflictMark[];
    /** The fields only they changed, taken into the form. */
    adopted: AdoptedField[];
    /** Refused again: a choice is still missing. */
    again?: boolean;
  };
}

/**
 * Someone saved while this editor was editing: said where the editor is (the focus comes here),
 * with the fields both changed, each marked in place below, and those taken into the form.
 */
function StaleNotice({
  stale,
  kind,
}: {
  stale: NonNullable<Rejection["stale"]>;
  kind: Parameters<typeof inputLabel>[0];
}) {
  const conflicts = useContext(EditConflictsContext);
  const label = REGISTRY[kind].label.toLowerCase();
  const link = (key: string) => (
    <a
      href={`#${conflictAnchor(key)}`}
      className="font-semibold underline"
      onClick={(event) => {
        if (!conflicts) return;
        event.preventDefault();
        conflicts.reveal(key);
      }}
    >
      {inputLabel(kind, key)}
    </a>
  );
  const n = stale.conflicts.length;
  return (
    <Refusal>
      <p className="font-semibold">
        {stale.again
          ? "Not saved yet: choose “use theirs” or “keep mine” for each marked field."
          : `Not saved: ${stale.by} saved this ${label} at ${formatDateTime(stale.at)} (India time), after you opened it. Nothing was overwritten.`}
      </p>
      {n > 0 ? (
        <div>
          <p>
            {n === 1 ? "One field" : `${n} fields`} changed by both of you {n === 1 ? "is" : "are"}{" "}
            marked where {n === 1 ? "it is" : "they are"}, with both values. Choose for each, then
            save:
          </p>
          <ul className="mt-1 list-disc pl-5">
            {stale.conflicts.map((c) => (
              <li key={c.key}>{link(c.key)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {stale.adopted.length > 0 ? (
        <p>
          What only {stale.by} changed is now in the form:{" "}
          {stale.adopted.map((a, i) => (
            <span key={a.key}>
              {i > 0 ? ", " : ""}
              {link(a.key)}
            </span>
          ))}
          .
        </p>
      ) : null}
      {!stale.again ? (
        <p>
          Everything else you typed is still in the form.{" "}
          {n > 0
            ? "Once you have chosen, saving keeps their changes and yours."
            : "Saving now keeps their changes and yours."}
        </p>
      ) : null}
      {stale.changes.length > 0 ? (
        <details>
          <summary className="cursor-pointer font-semibold">Everything {stale.by} changed</summary>
          <div className="mt-2">
            <DiffTable
              lines={stale.changes}
              beforeTitle="When you opened it"
              afterTitle="Saved now"
            />
          </div>
        </details>
      ) : null}
    </Refusal>
  );
}

const STATUS_VERB: Record<string, string> = {
  published: "published",
  scheduled: "scheduled",
  archived: "archived",
};

/** "admin published this job at 26 Nov 2026, 19:43" (who and when, as far as the history says). */
function whoTook(
  taken: { by: string | null; at: string | null } | null,
  status: string,
  label: string,
) {
  const verb = STATUS_VERB[status] ?? "changed";
  const who = taken?.by ? taken.by.charAt(0).toUpperCase() + taken.by.slice(1) : "An editor";
  return `${who} ${verb} this ${label}${taken?.at ? ` at ${formatDateTime(taken.at)} (India time)` : ""}`;
}

/** An author's save of an entry an editor has published since: what happened, what to do. */
function TakenNotice({ taken, label }: { taken: NonNullable<Rejection["taken"]>; label: string }) {
  return (
    <Refusal>
      <p className="font-semibold">
        Not saved: {whoTook(taken, taken.status, label)}, after you opened it. You can no longer
        change it yourself.
      </p>
      <p>
        Everything you typed is still in the form below. Press{" "}
        <strong>Send as a suggested change</strong> to send it to the editors: they see exactly what
        you changed, and apply it or decline it.
      </p>
    </Refusal>
  );
}

interface SuggestionSummary {
  id: string;
  state: string;
  createdAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
  authorName: string | null;
}

/** What became of an author's suggested changes of this entry. */
function SuggestionsList({ suggestions }: { suggestions: SuggestionSummary[] }) {
  if (suggestions.length === 0) return null;
  return (
    <div className="mt-2">
      <span className="font-semibold">Your suggested changes:</span>
      <ul className="mt-1 list-disc pl-5">
        {suggestions.map((x) => (
          <li key={x.id}>
            Sent {formatDateTime(x.createdAt)}:{" "}
            {x.state === "suggested"
              ? "waiting for an editor."
              : `${x.state} by ${x.decidedBy ?? "an editor"}${x.decidedAt ? ` on ${formatDateTime(x.decidedAt)}` : ""}.`}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** For an editor: suggested changes of this entry wait in the review queue. */
function WaitingSuggestions({ suggestions }: { suggestions: SuggestionSummary[] }) {
  if (suggestions.length === 0) return null;
  return (
    <Banner tone="info">
      {suggestions.length === 1
        ? `${suggestions[0].authorName ?? "An author"} suggested a change to this entry.`
        : `${suggestions.length} suggested changes to this entry are waiting.`}{" "}
      <Link to="/admin" className="font-semibold underline">
        Review them on the dashboard
      </Link>
    </Banner>
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

/**
 * A refused save because the entry changed under the editor (409) reads it again, so the page's
 * status, badge and version say what is stored now; the form keeps what was typed.
 */
export function shouldRevalidate({
  actionStatus,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

/** A form started from a notification PDF marks each suggested field (issue 32). */
export default function EntryEditPage(props: Route.ComponentProps) {
  return (
    <SuggestionsProvider notice={props.loaderData.notice?.view ?? null}>
      <EntryEdit {...props} />
    </SuggestionsProvider>
  );
}

function EntryEdit({ loaderData, actionData }: Route.ComponentProps) {
  const def = REGISTRY[loaderData.kind];
  const { entry } = loaderData;
  const base = `/admin/${def.adminSegment}`;
  const publicHref = entry ? `${def.urlPrefix}/${entry.slug}` : "";
  const rejected = actionData?.detail ? { ...actionData.detail, reply: actionData } : null;
  // A refusal draws the form anew once; reading the entry again after it (a 409) does not.
  const formKey = `${entry?.id ?? "new"}-${rejected?.nonce ?? entry?.updatedAt ?? ""}`;
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
              {loaderData.access === "read" ? "Your" : "Edit"} {def.label.toLowerCase()}{" "}
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

      {loaderData.suggested && !rejected ? (
        <Banner tone="success">
          Sent to the editors as a suggested change. They apply it or decline it; this page says
          which.
        </Banner>
      ) : null}
      {entry && loaderData.access === "read" && !rejected?.taken ? (
        <Banner tone="info">
          {whoTook(loaderData.taken, entry.status, def.label.toLowerCase())}. It is no longer yours
          to change directly: what you wrote is below. To change something, edit it here and press{" "}
          <strong>Send as a suggested change</strong>; an editor applies it or declines it.
          <SuggestionsList suggestions={loaderData.suggestions} />
        </Banner>
      ) : null}
      {rejected?.gone ? <Banner tone="error">{rejected.gone}</Banner> : null}
      {loaderData.canPublish ? (
        <WaitingSuggestions suggestions={loaderData.suggestions} />
      ) : loaderData.access !== "read" ? (
        <SuggestionsList suggestions={loaderData.suggestions} />
      ) : null}
      {entry ? <EditingNow subject={`entry:${entry.id}`} initial={loaderData.editingNow} /> : null}
      <Strings areas={loaderData.linkStrings}>
        <EntryLinksPanel
          links={loaderData.links}
          published={entry?.status === "published" && !entry.deletedAt}
        />
      </Strings>
      {loaderData.notice ? (
        <NoticeStart
          kind={loaderData.kind}
          notice={loaderData.notice.view}
          uploadError={loaderData.notice.uploadError}
          checkFields={loaderData.notice.checkFields}
        />
      ) : null}
      <EntryForm
        key={formKey}
        notice={
          rejected?.stale ? (
            <StaleNotice stale={rejected.stale} kind={loaderData.kind} />
          ) : rejected?.taken ? (
            <TakenNotice taken={rejected.taken} label={def.label.toLowerCase()} />
          ) : null
        }
        suggestOnly={loaderData.access === "read" || !!rejected?.taken}
        conflicts={
          rejected?.stale
            ? {
                by: rejected.stale.by,
                at: rejected.stale.at,
                marks: rejected.stale.conflicts,
                adopted: rejected.stale.adopted,
              }
            : null
        }
        base={rejected?.base ?? ""}
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
        photoPresets={loaderData.photoPresets}
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
