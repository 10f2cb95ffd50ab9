import { parse } from "@conform-to/react";
import { data, redirect } from "react-router";
import { z } from "zod";
import {
  checkEntry,
  readEntryForm,
  type EntryValue,
} from "~/components/admin/entry-form/checks.ts";
import { diffEntries } from "~/components/admin/entry-diff.ts";
import { HINDI, type EntryData } from "~/content/fields.ts";
import {
  indiaLocalToIso,
  readableForm,
  type FieldErrors,
  type FormTree,
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
import { refuse, refuseWrite } from "~/platform/forms.server.ts";
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
const NOTIFY_CHOICE = "Tick the box or leave it empty.";
const NotifyChoice = z.object({
  notifyAsked: z.literal("1").nullable(),
  notify: z.literal("on", NOTIFY_CHOICE).nullable(),
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

  // The version the form was loaded at (sent back as it came after a refusal), and after a 409
  // the version both people started from: then each field both changed needs a choice.
  const sentVersion = typeof form.get("version") === "string" ? String(form.get("version")) : "";
  const common = typeof form.get("base") === "string" ? String(form.get("base")).slice(0, 40) : "";
  const choice = NotifyChoice.safeParse({
    notifyAsked: form.get("notifyAsked"),
    notify: form.get("notify"),
  });
  const notify = choice.success && (!choice.data.notifyAsked || choice.data.notify === "on");
  // What the reading found beside Conform's answer: the form as read (a refusal echoes it, cut at
  // the schema's limits) and the fields both people changed that are still undecided.
  const read = {
    value: {} as FormTree,
    undecided: [] as ConflictMark[],
    by: null as string | null,
  };
  // Conform's submission, read by the editor's own reader (rows may have gaps) and checked by
  // the kind's schema, in the order the refusals below answer: nothing is checked while a field
  // both people changed is undecided, nor in an entry that is no longer theirs to save.
  const submission = await parse<EntryValue, string[]>(readableForm(form), {
    async resolve() {
      const { value } = readEntryForm(form);
      read.value = value;
      // The two shortcut buttons decide the status themselves, whatever the select says.
      if (intent === "draft") value.status = "draft";
      if (intent === "submit") value.status = "pending";
      if (intent === "publish") value.status = "published";
      if (existing && common && sentVersion && common !== sentVersion) {
        const settled = await settleChoices(
          database,
          existing.id,
          { base: common, version: sentVersion },
          value,
          choicesOf(form),
        );
        Object.assign(read, { value: settled.value, undecided: settled.undecided, by: settled.by });
      }
      // The job picker's text (a title or id typed without JavaScript) becomes the job's id.
      const picked = await resolveJobPick(database, read.value);
      if (picked?.ok) read.value.jobId = picked.jobId;
      if (read.undecided.length || (existing && access === "none")) return { error: {} };
      if (existing && access === "read") {
        // The form shows the stored status; a suggestion never changes it.
        read.value.status = existing.status;
        return intent === "suggest" ? checkEntry(kind.kind, read.value) : { error: {} };
      }
      if (!choice.success)
        return { error: { notify: [choice.error.issues[0]?.message ?? NOTIFY_CHOICE] } };
      const checked = checkEntry(kind.kind, read.value);
      return picked?.ok === false
        ? { error: { ...checked.error, jobId: [picked.error] } }
        : checked;
    },
  });
  const value = read.value;
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
  /** A refusal with the submission's own errors and `fieldErrors`, echoing the form as read. */
  const reject = (status = 400, extra: Partial<Rejection> = {}, fieldErrors?: FieldErrors) =>
    refuse<Rejection>(submission, {
      schema,
      values: value,
      fieldErrors,
      status,
      detail: rejection(extra),
    });
  // Nothing is saved while a field both people changed is undecided (checked before the rest).
  if (read.undecided.length)
    return reject(409, {
      stale: {
        by: read.by ?? "another editor",
        at: sentVersion,
        changes: [],
        conflicts: read.undecided,
        adopted: [],
        again: true,
      },
    });
  /** The entry is no longer the author's to change: nothing is saved, nothing typed is lost. */
  const notEditable = async (access: EntryAccess, existing: Entry | undefined) => {
    if (access === "none" || !existing)
      return reject(403, {
        gone: `Not saved: this ${kind.label.toLowerCase()} is no longer yours to edit (it was moved to the trash or given to someone else). What you typed is still below: copy what you need.`,
      });
    const taken = await enteredStatus(database, existing.id, existing.status);
    const takenInfo = { status: existing.status, by: taken?.by ?? null, at: taken?.at ?? null };
    // The form shows the stored status; a suggestion never changes it.
    value.status = existing.status;
    if (intent !== "suggest") return reject(409, { taken: takenInfo });
    // Sent as a suggested change: checked as a save would be, kept for an editor to apply.
    if (submission.status !== "success") return reject(400, { taken: takenInfo });
    const suggestion = submission.value;
    await suggestChange(database, {
      entry: existing,
      snapshot: {
        title: suggestion.title,
        slug: suggestion.slug ?? existing.slug,
        organization: suggestion.organization,
        status: existing.status,
        publishAt: existing.publishAt,
        jobId: suggestion.jobId ?? null,
        data: withoutEmptyHindi(suggestion.data as EntryData),
      },
      baseVersion: sentVersion || existing.updatedAt,
      actor,
    });
    return redirect(`${base}/edit/${existing.id}?suggested=1`);
  };
  if (existing && access !== "edit") return notEditable(access, existing);
  // The submission's own errors: the notify box, the schema's, the job the picker could not find.
  if (submission.status !== "success") return reject();
  const parsed = submission.value;
  const presetProblem = await photoPresetProblem(database, parsed.data as EntryData);
  if (presetProblem) return reject(400, {}, { "data.photoPreset": presetProblem });
  const statusRefused = () =>
    reject(
      403,
      {},
      { status: "Authors save drafts or submit them for review; an editor publishes." },
    );
  if (!maySetStatus(user.role, parsed.status)) return statusRefused();

  const result = await saveEntry(database, {
    kind: kind.kind,
    id: existing?.id,
    input: {
      ...parsed,
      publishAt: indiaLocalToIso(parsed.publishAt),
      data: withoutEmptyHindi(parsed.data as EntryData),
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
    if (!maySetStatus(user.role, parsed.status)) return statusRefused();
    const current = existing && (await getAdminEntry(database, kind.kind, existing.id));
    return notEditable(current ? entryAccess(user, current) : "none", current);
  }
  if (result.reason !== "stale")
    return refuseWrite<Rejection>(submission, result, {
      schema,
      values: value,
      detail: rejection(),
      // A slug in use, a missing job: said at that field.
      messageAt: result.reason === "conflict" ? result.field : undefined,
    });
  // Someone saved first: nothing is overwritten, the editor keeps every value typed, what only
  // they changed comes into the form, each field both changed is marked to be decided, and the
  // form now carries the new version and the version both started from.
  const { current, by, loaded } = result;
  const merge = staleForm(loaded, value, current);
  return refuseWrite<Rejection>(submission, result, {
    schema,
    values: merge.values,
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
