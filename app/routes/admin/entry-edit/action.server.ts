import { data, redirect } from "react-router";
import { z } from "zod";
import { withKindWords } from "~/components/admin/entry-form/checks.ts";
import { diffEntries } from "~/components/admin/entry-diff.ts";
import { HINDI, type EntryData } from "~/content/fields.ts";
import {
  alignHindiRows,
  fieldErrorsFromIssues,
  indiaLocalToIso,
  parseEntryForm,
  type FieldErrors,
} from "~/content/form-data.ts";
import {
  entryAccess,
  intentRefusal,
  maySetStatus,
  type EntryAccess,
  type EntryIntent,
} from "~/content/policy.ts";
import { entryInputSchema } from "~/content/registry.ts";
import { photoPresetProblem } from "~/photo-kit/job-section.server.tsx";
import { getAdminEntry, kindFromUrl } from "~/entries/admin.repository.server.ts";
import type { Entry } from "~/content/entry.ts";
import {
  choicesOf,
  enteredStatus,
  settleChoices,
  staleForm,
  type ConflictMark,
} from "~/entries/edit-conflicts.server.ts";
import { refuseValues, refuseWrite } from "~/platform/forms.server.ts";
import { actorOf, forbidden, requireStaff } from "~/users/guard.server.ts";
import { resolveJobPick, withJobPickText } from "~/entries/job-picker.server.ts";
import { db } from "~/platform/services.server.ts";
import { restoreEntries, saveEntry, trashEntries } from "~/entries/entries.service.server.ts";
import { suggestChange } from "~/entries/suggestions.service.server.ts";
import type { Route } from "../+types/entry-edit";
import type { Rejection } from "./rejection.ts";

const INTENTS: readonly EntryIntent[] = [
  "save",
  "draft",
  "submit",
  "publish",
  "trash",
  "restore",
  "duplicate",
  "suggest",
];

/**
 * The "Notify subscribers" box: a form that showed it says so (`notifyAsked`), and an unticked
 * box sends nothing. A form without the box (an author's, an old tab) notifies as before.
 */
const NotifyChoice = z.object({
  notifyAsked: z.literal("1").nullable(),
  notify: z.literal("on", "Tick the box or leave it empty.").nullable(),
});

/**
 * The entry editor's buttons (the route module re-exports this): save, the two shortcut saves,
 * publish, trash and restore, duplicate, and an author's suggested change. Edit conflicts (409)
 * come back with what the other person changed, each field both changed marked to be decided.
 */
export async function entryEditAction({ request, url, params }: Route.ActionArgs) {
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
  // Refused here, on the server, whatever the form offered (app/content/policy.ts says what).
  const access = existing ? entryAccess(user, existing) : "edit";
  const refusal = intentRefusal(user.role, access, intent);
  if (refusal) throw forbidden(user.role, refusal);

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
  /** The entry is no longer the author's to change: nothing is saved, nothing typed is lost. */
  const notEditable = async (access: EntryAccess, existing: Entry | undefined) => {
    if (access === "none" || !existing)
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
  };
  if (existing && access !== "edit") return notEditable(access, existing);
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
  const statusRefused = () =>
    reject({ status: "Authors save drafts or submit them for review; an editor publishes." }, 403);
  if (!maySetStatus(user.role, parsed.data.status)) return statusRefused();

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
    // The service asks the policy again with the entry as its transaction reads it.
    user,
    notify,
  });
  if (result.ok) return redirect(`${base}/edit/${result.entry.id}?saved=1`);
  if (result.reason === "forbidden") {
    // An editor took the entry (or trashed it) after this request read it above.
    if (!maySetStatus(user.role, parsed.data.status)) return statusRefused();
    const current = existing && (await getAdminEntry(database, kind.kind, existing.id));
    return notEditable(current ? entryAccess(user, current) : "none", current);
  }
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
