import { keyChanges } from "~/content/change-log.ts";
import { withOptionKeys, type EntryData } from "~/content/fields.ts";
import {
  entryAccess,
  maySetStatus,
  saveAuditAction,
  statusAuditAction,
  type Role,
} from "~/content/policy.ts";
import { REGISTRY } from "~/content/registry.ts";
import type { Kind } from "~/content/kinds.ts";
import type { Status } from "~/content/kinds/schema.ts";
import { refused, type Refused, type WriteResult } from "~/lib/write-result.ts";
import { checkLinksSoon, scheduleLinkChecks } from "~/link-monitor/entry-links.server.ts";
import {
  deleteForeverIn,
  moveToTrashIn,
  restoreFromTrashIn,
  setStatusManyIn,
  type BulkStatus,
} from "./admin.repository.server.ts";
import { onEntryChange, type EntryChangeOptions } from "../alerts/entry-change.server.ts";
import { enqueueSavedEntryNotices } from "~/my-exams/reminders.server.ts";
import type { DB } from "../platform/db/db.server.ts";
import { now, nowAfter } from "../platform/db/dialect.ts";
import { inEnglish, recordDayChanges } from "./change-log.server.ts";
import { dueScheduled, publishIfUnchanged } from "./scheduled.server.ts";
import { toEntry } from "./entry-row.server.ts";
import type { Entry, EntrySummary } from "../content/entry.ts";
import {
  EntryConflictError,
  EntryNotFoundError,
  insertEntryRow,
  readEntryRow,
  StaleEntryError,
  updateEntryRow,
  type EntryRow,
  type EntryWrite,
} from "./entries.repository.server.ts";
import { recordFileLinks } from "../files/file-references.repository.server.ts";
import { ensureOrganization } from "../organizations/organizations.repository.server.ts";
import { recordRevision, revisionsAt } from "../writes/revisions.repository.server.ts";
import { entryScopes, type TouchedEntry } from "./cache-scopes.server.ts";
import { authorOf, inWrite, SCHEDULER, type Actor } from "../writes/transaction.server.ts";

// The entries service (issue 27): every write of an entry runs here, in one transaction (inWrite):
// the policy (app/content/policy.ts) with the row as this transaction reads it, the row (SQL in
// ../entries/writes.server.ts and ../admin-entries.server.ts), its revision, the public change
// log, its organization and file links, one call into alerts for the outbox, the link monitor's
// checks, the audit row and the cache scopes.

export type EntrySaveResult = WriteResult<
  { entry: Entry },
  /** A field the database refused (a slug in use, a missing job): shown at the field. */
  | Refused<"conflict", { field: string; message: string }>
  /** Someone saved after this form was loaded: nothing was written. */
  | Refused<"stale", { current: Entry; by: string; loaded: Entry | null }>
  | Refused<"not-found">
  /** The policy refused it with the entry as stored now (an editor took an author's entry). */
  | Refused<"forbidden">
>;

/**
 * Create (no `id`) or update an entry: the row, its revision, the audit row and the content
 * generation in one transaction. `expectedVersion` is the `updatedAt` the editor's form was
 * loaded at; a newer stored version refuses the save with who saved it and what they saved.
 */
export async function saveEntry(
  db: DB,
  {
    kind,
    id,
    input,
    expectedVersion,
    actor,
    user,
    action,
    notify,
    within,
  }: {
    kind: Kind;
    id?: string;
    input: EntryWrite;
    expectedVersion?: string;
    actor: Actor;
    /** The signed-in user, for the policy: omitted by the scheduler, the demo seed and tests. */
    user?: { id: string; role: Role };
    /** The audit action, when the policy's (create, update, submit, approve) is not it. */
    action?: string;
    /** Alert subscribers of a publication or key change (issue 15); default true. */
    notify?: boolean;
    /** More of the same write, in its transaction (a suggestion marked applied); throw to undo. */
    within?: (trx: DB) => Promise<void>;
  },
): Promise<EntrySaveResult> {
  // States and qualifications are stored as keys (issue 27), whoever sends the English name.
  input = { ...input, data: withOptionKeys(REGISTRY[kind].sections, input.data) };
  try {
    // The entry as it was: its old slug, organization and job pages change too.
    let before: TouchedEntry | undefined;
    const entry = await inWrite(
      db,
      actor,
      async (trx, audit) => {
        const row = id ? await readEntryRow(trx, id) : undefined;
        if (id && !row) throw new EntryNotFoundError(id);
        if (row) before = { ...toEntry(row), jobId: row.job_id };
        if (user && !mayWrite(user, row, input.status)) throw new Forbidden();
        const saved = row
          ? await changeEntryIn(trx, row, input, actor, { expectedVersion, notify })
          : await createEntryIn(trx, kind, input, actor, { notify });
        await audit(
          action ?? saveAuditAction(row?.status, saved.status),
          `${kind}:${saved.title}`,
          `id ${saved.id}; status ${saved.status}`,
        );
        await within?.(trx);
        return saved;
      },
      (saved, trx) => entryScopes(trx, [before, saved]),
    );
    return { ok: true, entry };
  } catch (err) {
    if (err instanceof Forbidden) return refused("forbidden");
    if (err instanceof EntryConflictError) {
      return refused("conflict", { field: err.field, message: err.message });
    }
    if (err instanceof EntryNotFoundError) return refused("not-found");
    if (err instanceof StaleEntryError && expectedVersion) {
      return refused("stale", await whoSaved(db, err.current, expectedVersion));
    }
    throw err;
  }
}

class Forbidden extends Error {}

/**
 * Who hears of an entry going from `before` (null: new) to `after`, in the write's transaction:
 * alerts (subscribers' alerts and the channels' messages: one call) and the My exams lists that
 * saved it or its job (issue 28). Both are below entries and never import it (issue 27).
 */
async function entryChanged(
  trx: DB,
  before: EntrySummary | null,
  after: EntrySummary,
  options: EntryChangeOptions = {},
): Promise<void> {
  await onEntryChange(trx, before, after, options);
  await enqueueSavedEntryNotices(trx, before, after, { notify: options.notify });
}

/** Whether this user may save this status over the entry as stored (undefined: a new entry). */
function mayWrite(user: { id: string; role: Role }, row: EntryRow | undefined, status: Status) {
  if (!maySetStatus(user.role, status)) return false;
  return !row || entryAccess(user, toEntry(row)) === "edit";
}

/**
 * A new entry, in the caller's transaction: its organization, the row, its file links, its first
 * revision, the outbox rows and the link checks. Not audited (the caller says what it was).
 */
export async function createEntryIn(
  trx: DB,
  kind: Kind,
  input: EntryWrite,
  actor: Actor,
  { notify = true }: { notify?: boolean } = {},
): Promise<Entry> {
  const at = now();
  await ensureOrganization(trx, input.organization);
  const { entry, json } = await insertEntryRow(trx, kind, input, authorOf(actor), at);
  await recordFileLinks(trx, "entry", entry.id, json);
  await recordRevision(trx, "entry", entry.id, entry, authorOf(actor), at);
  await entryChanged(trx, null, entry, { notify, at });
  await scheduleLinkChecks(trx, null, entry);
  return entry;
}

/**
 * A stored entry changed, in the caller's transaction, with its revision; readers hear of
 * changes to what they act on once the entry is public and stays so: the page says the day's
 * net change, subscribers hear of this save's (small edits have none).
 */
async function changeEntryIn(
  trx: DB,
  row: EntryRow,
  input: EntryWrite,
  actor: Actor,
  { expectedVersion, notify = true }: { expectedVersion?: string; notify?: boolean },
): Promise<Entry> {
  const at = nowAfter(row.updated_at);
  const kind = row.kind as Kind;
  const was = toEntry(row);
  if (input.organization !== row.organization) await ensureOrganization(trx, input.organization);
  const { entry, json } = await updateEntryRow(
    trx,
    row,
    input,
    authorOf(actor),
    at,
    expectedVersion,
  );
  await recordFileLinks(trx, "entry", entry.id, json);
  await recordRevision(trx, "entry", entry.id, entry, authorOf(actor), at);
  const stillPublic = row.status === "published" && input.status === "published";
  const old = was.data as EntryData;
  if (stillPublic) await recordDayChanges(trx, kind, entry.id, old, input.data, at);
  const changes = stillPublic && notify ? inEnglish(keyChanges(kind, old, input.data)) : [];
  await entryChanged(trx, was, entry, { notify, changes, at });
  await scheduleLinkChecks(trx, was, entry);
  return entry;
}

/** The newer version's author, and the version the editor had loaded (its revision). */
async function whoSaved(db: DB, current: Entry, loadedVersion: string) {
  const revisions = await revisionsAt<Entry>(db, "entry", current.id, [
    loadedVersion,
    current.updatedAt,
  ]);
  return {
    current,
    by: revisions.get(current.updatedAt)?.authorName ?? "another editor",
    loaded: revisions.get(loadedVersion)?.snapshot ?? null,
  };
}

/** Entries to the trash, with an audit row each, in one transaction. */
export function trashEntries(db: DB, kind: Kind, ids: readonly string[], actor: Actor) {
  return inWrite(
    db,
    actor,
    async (trx, audit) => {
      const moved = await moveToTrashIn(trx, kind, ids);
      for (const e of moved) {
        await audit("entry.trash", `${e.kind}:${e.title}`, `id ${e.id}`);
        await entryChanged(trx, { ...e, deletedAt: null }, e);
      }
      return moved;
    },
    (moved: EntrySummary[], trx) => entryScopes(trx, moved),
  );
}

/** Entries back from the trash, with an audit row each, in one transaction. */
export function restoreEntries(db: DB, ids: readonly string[], actor: Actor) {
  return inWrite(
    db,
    actor,
    async (trx, audit) => {
      const back = await restoreFromTrashIn(trx, ids);
      for (const e of back) await audit("entry.restore", `${e.kind}:${e.title}`, `id ${e.id}`);
      await checkLinksSoon(
        trx,
        back.map((e) => e.id),
      );
      return back;
    },
    (back: EntrySummary[], trx) => entryScopes(trx, back),
  );
}

/** Several entries of a kind set to one status from the list, with a revision and audit row each. */
export function setStatuses(
  db: DB,
  kind: Kind,
  ids: readonly string[],
  status: BulkStatus,
  actor: Actor,
  /** Where the change was made, for the audit log. */
  where = "from the list",
  /** Only entries still in this status change (read and written in the transaction). */
  from?: Status,
) {
  return inWrite(
    db,
    actor,
    async (trx, audit) => {
      const changed = await setStatusManyIn(trx, kind, ids, status, authorOf(actor), { from });
      const summaries: EntrySummary[] = [];
      for (const { was, entry, at } of changed) {
        await recordRevision(trx, "entry", entry.id, entry, authorOf(actor), at);
        // Publishing a submitted entry approves it: the audit log says who (issue 13).
        await audit(
          statusAuditAction(was, status),
          `${entry.kind}:${entry.title}`,
          `id ${entry.id}; ${where}`,
        );
        if (status === "published") {
          // Only a publish is sure to change what the public sees; see enqueueEntryMessages.
          await entryChanged(trx, { ...entry, status: was }, entry);
          await checkLinksSoon(trx, [entry.id]);
        }
        const { data: _data, ...summary } = entry;
        summaries.push(summary);
      }
      return summaries;
    },
    (changed: EntrySummary[], trx) => entryScopes(trx, changed),
  );
}

export type ApproveResult = WriteResult<{ title: string }, Refused<"stale">>;

/**
 * "Approve and publish" from the review queue: a submitted entry published, if it is still waiting
 * for review when the write's transaction reads it (not trashed, not handled by another editor
 * meanwhile). Of two editors approving at once, one publishes it; the other is answered "stale".
 */
export async function approveEntry(
  db: DB,
  { kind, id, actor }: { kind: Kind; id: string; actor: Actor },
): Promise<ApproveResult> {
  const [approved] = await setStatuses(
    db,
    kind,
    [id],
    "published",
    actor,
    "from the review queue",
    "pending",
  );
  return approved ? { ok: true, title: approved.title } : refused("stale");
}

/** Trashed entries removed for good (with their revisions), an audit row each. */
export function deleteEntries(db: DB, ids: readonly string[], actor: Actor) {
  return inWrite(
    db,
    actor,
    async (trx, audit) => {
      const gone = await deleteForeverIn(trx, ids);
      for (const e of gone) await audit("entry.delete", `${e.kind}:${e.title}`, `id ${e.id}`);
      return gone;
    },
    (gone: EntrySummary[], trx) => entryScopes(trx, gone),
  );
}

/**
 * Scheduled entries whose time has come go public, each with a revision and an audit row
 * attributed to the scheduler, in one transaction. Returns how many went public.
 */
export function publishDue(db: DB, at = new Date().toISOString()): Promise<number> {
  const went: TouchedEntry[] = [];
  return inWrite(
    db,
    SCHEDULER,
    async (trx, audit) => {
      let published = 0;
      for (const row of await dueScheduled(trx, at)) {
        const changes = {
          status: "published" as const,
          published_at: row.publish_at,
          updated_at: at,
        };
        if (!(await publishIfUnchanged(trx, row, changes))) continue;
        const entry = toEntry({ ...row, ...changes });
        went.push(entry);
        await recordRevision(trx, "entry", row.id, entry, authorOf(SCHEDULER), at);
        await audit("entry.publish-scheduled", `${row.kind}:${row.title}`, `id ${row.id}`);
        await entryChanged(trx, toEntry(row), entry, { at });
        await checkLinksSoon(trx, [row.id]);
        published += 1;
      }
      return published;
    },
    (_count, trx) => entryScopes(trx, went),
  );
}
