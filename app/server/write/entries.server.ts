import { sql } from "kysely";
import { refused, type Refused, type WriteResult } from "~/lib/write-result.ts";
import { REGISTRY, type Kind, type Status } from "~/content/registry.ts";
import { withOptionKeys } from "~/content/fields.ts";
import {
  deleteForeverIn,
  moveToTrashIn,
  restoreFromTrashIn,
  setStatusManyIn,
  type BulkStatus,
} from "../admin-entries.server.ts";
import type { DB } from "../db/db.server.ts";
import { toEntry, type Entry, type EntrySummary } from "../entries/shared.server.ts";
import {
  changeEntry,
  EntryConflictError,
  EntryNotFoundError,
  insertEntry,
  StaleEntryError,
  type EntryWrite,
} from "../entries/writes.server.ts";
import { enqueueEntryMessages } from "../alerts/channels/entry-messages.server.ts";
import { enqueueEntryAlerts } from "../alerts/triggers.server.ts";
import { checkLinksSoon } from "~/link-monitor/entry-links.server.ts";
import { recordRevision, revisionsAt } from "../revisions.server.ts";
import { entryScopes, type TouchedEntry } from "./entry-scopes.server.ts";
import { authorOf, inWrite, SCHEDULER, type Actor } from "./transaction.server.ts";

export type EntrySaveResult = WriteResult<
  { entry: Entry },
  /** A field the database refused (a slug in use, a missing job): shown at the field. */
  | Refused<"conflict", { field: string; message: string }>
  /** Someone saved after this form was loaded: nothing was written. */
  | Refused<"stale", { current: Entry; by: string; loaded: Entry | null }>
  | Refused<"not-found">
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
    action,
    notify,
    within,
  }: {
    kind: Kind;
    id?: string;
    input: EntryWrite;
    expectedVersion?: string;
    actor: Actor;
    /** The audit action, when it is not a plain create or update. */
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
        if (id) before = await touchedEntry(trx, id);
        const saved = id
          ? await changeEntry(trx, id, input, authorOf(actor), expectedVersion, { notify })
          : await insertEntry(trx, kind, input, authorOf(actor), { notify });
        await audit(
          action ?? (id ? "entry.update" : "entry.create"),
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

/** What the cache must know of a stored entry before a write changes it. */
async function touchedEntry(trx: DB, id: string): Promise<TouchedEntry | undefined> {
  const row = await trx
    .selectFrom("entries")
    .select(["id", "kind", "slug", "organization", "state", "qualification", "job_id"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row && { ...row, kind: row.kind as Kind, jobId: row.job_id };
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
        await enqueueEntryMessages(trx, { ...e, deletedAt: null }, e);
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

const VERB: Record<BulkStatus, string> = {
  published: "publish",
  archived: "archive",
  draft: "draft",
};

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
      // Publishing a submitted entry approves it: the audit log says who (issue 13).
      const submitted = new Set(
        status === "published" && ids.length
          ? (
              await trx
                .selectFrom("entries")
                .select("id")
                .where("id", "in", [...ids])
                .where("status", "=", "pending")
                .execute()
            ).map((r) => r.id)
          : [],
      );
      const changed = await setStatusManyIn(trx, kind, ids, status, authorOf(actor), { from });
      for (const e of changed) {
        const verb = submitted.has(e.id) ? "approve" : VERB[status];
        await audit(`entry.${verb}`, `${e.kind}:${e.title}`, `id ${e.id}; ${where}`);
        if (status === "published") {
          await enqueueEntryAlerts(trx, e.id, "published");
          // Only a publish is sure to change what the public sees; see enqueueEntryMessages.
          await enqueueEntryMessages(trx, { ...e, status: "draft" }, e);
          await checkLinksSoon(trx, [e.id]);
        }
      }
      return changed;
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
      const due = await trx
        .selectFrom("entries")
        .selectAll()
        // A literal, not a parameter: the partial index entries_scheduled serves only this.
        .where(sql<boolean>`status = 'scheduled'`)
        .where("publish_at", "<=", at)
        .execute();
      let published = 0;
      for (const row of due) {
        const changes = { status: "published", published_at: row.publish_at, updated_at: at };
        // The same guard as an editor's save: a row changed since it was read is left for the
        // next round rather than overwritten.
        const result = await trx
          .updateTable("entries")
          .set(changes)
          .where("id", "=", row.id)
          .where("updated_at", "=", row.updated_at)
          // Another sweep (a cluster worker, an instance) may have published it since the read:
          // the row count decides which one writes the revision and the audit row.
          .where(sql<boolean>`status = 'scheduled'`)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) continue;
        const entry = toEntry({ ...row, ...changes });
        went.push(entry);
        await recordRevision(trx, "entry", row.id, entry, authorOf(SCHEDULER), at);
        await audit("entry.publish-scheduled", `${row.kind}:${row.title}`, `id ${row.id}`);
        await enqueueEntryAlerts(trx, row.id, "published", at);
        await enqueueEntryMessages(trx, toEntry(row), entry);
        await checkLinksSoon(trx, [row.id]);
        published += 1;
      }
      return published;
    },
    (_count, trx) => entryScopes(trx, went),
  );
}
