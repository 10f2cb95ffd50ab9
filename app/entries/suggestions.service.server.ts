import { refused, type Refused, type WriteResult } from "~/lib/write-result.ts";
import type { Comparable } from "~/content/entry-shapes.ts";
import { mergeEdits } from "~/content/entry-merge.ts";
import type { EntryData } from "~/content/fields.ts";
import {
  entryToFormTree,
  fieldErrorsFromIssues,
  indiaLocalToIso,
  isoToIndiaLocal,
} from "~/content/form-data.ts";
import { entryInputSchema } from "~/content/registry.ts";
import type { EntryInput } from "~/content/kinds/schema.ts";
import type { DB } from "../platform/db/db.server.ts";
import { now } from "../platform/db/dialect.ts";
import { getEntryById } from "./entry-row.server.ts";
import type { Entry } from "../content/entry.ts";
import {
  decideSuggestion,
  getSuggestion,
  insertSuggestion,
  type Suggestion,
} from "./suggestions.repository.server.ts";
import { revisionsAt } from "../writes/revisions.repository.server.ts";
import { saveEntry } from "./entries.service.server.ts";
import { authorOf, inWrite, type Actor } from "../writes/transaction.server.ts";

/** An author's edit kept as a suggested change of `entry`, made from its version `baseVersion`. */
export function suggestChange(
  db: DB,
  {
    entry,
    snapshot,
    baseVersion,
    actor,
  }: { entry: Entry; snapshot: Comparable; baseVersion: string; actor: Actor },
): Promise<string> {
  return inWrite(
    db,
    actor,
    async (trx, audit) => {
      const id = await insertSuggestion(
        trx,
        entry.id,
        snapshot,
        authorOf(actor),
        baseVersion,
        now(),
      );
      await audit(
        "entry.suggest",
        `${entry.kind}:${entry.title}`,
        `id ${entry.id}; suggestion ${id}`,
      );
      return id;
    },
    // Nothing public changes until an editor applies it.
    () => [],
  );
}

export type SuggestionOutcome =
  { ok: true; input: EntryInput; merged: Comparable } | { ok: false; problem: string };

/**
 * What applying a suggestion would save: the author's changes (what differs from the version they
 * edited) on the entry as it is now; what others changed since stays, the status stays.
 */
export async function suggestionOutcome(
  db: DB,
  suggestion: Suggestion,
  current: Entry,
): Promise<SuggestionOutcome> {
  const base = suggestion.baseVersion
    ? (await revisionsAt<Entry>(db, "entry", current.id, [suggestion.baseVersion])).get(
        suggestion.baseVersion,
      )?.snapshot
    : undefined;
  const { merged } = mergeEdits(
    base ? entryToFormTree(base) : null,
    entryToFormTree(suggestion.snapshot),
    entryToFormTree(current),
  );
  const parsed = entryInputSchema(current.kind).safeParse({
    ...merged,
    status: current.status,
    publishAt: isoToIndiaLocal(current.publishAt),
  });
  if (!parsed.success) {
    const problems = Object.entries(fieldErrorsFromIssues(parsed.error.issues)).map(
      ([name, message]) => `${name}: ${message}`,
    );
    return { ok: false, problem: `It does not pass today's checks: ${problems.join("; ")}` };
  }
  const input = { ...parsed.data, publishAt: indiaLocalToIso(parsed.data.publishAt) };
  return {
    ok: true,
    input,
    merged: {
      title: input.title,
      slug: input.slug ?? current.slug,
      organization: input.organization,
      status: input.status,
      publishAt: input.publishAt ?? null,
      jobId: input.jobId ?? null,
      data: input.data as EntryData,
    },
  };
}

class SuggestionDecided extends Error {}

export type DecisionResult = WriteResult<
  { suggestion: Suggestion; entry: Entry },
  /** Someone decided it first, or its entry is gone or in the trash. */
  | Refused<"gone">
  /** The entry changed since the editor looked at what applying would change. */
  | Refused<"stale", { entry: Entry }>
  | Refused<"invalid", { message: string }>
>;

async function waiting(db: DB, id: string) {
  const suggestion = await getSuggestion(db, id);
  if (!suggestion || suggestion.state !== "suggested") return undefined;
  const entry = await getEntryById(db, suggestion.entryId);
  if (!entry || entry.deletedAt) return undefined;
  return { suggestion, entry };
}

/**
 * Apply a suggestion through the normal write path (revision, change log, alerts, audit, cache),
 * against the version (`version`) whose outcome the editor was shown; the suggestion is marked
 * applied in the same transaction.
 */
export async function applySuggestion(
  db: DB,
  { id, version, actor }: { id: string; version: string; actor: Actor },
): Promise<DecisionResult> {
  const found = await waiting(db, id);
  if (!found) return refused("gone");
  const { suggestion, entry } = found;
  if (entry.updatedAt !== version) return refused("stale", { entry });
  const outcome = await suggestionOutcome(db, suggestion, entry);
  if (!outcome.ok) return refused("invalid", { message: outcome.problem });
  try {
    const saved = await saveEntry(db, {
      kind: entry.kind,
      id: entry.id,
      input: { ...outcome.input, data: outcome.input.data as EntryData },
      expectedVersion: version,
      actor,
      action: "entry.apply-suggestion",
      within: async (trx) => {
        if (!(await decideSuggestion(trx, id, "applied", actor.name, now())))
          throw new SuggestionDecided();
      },
    });
    if (saved.ok) return { ok: true, suggestion, entry: saved.entry };
    if (saved.reason === "stale") return refused("stale", { entry: saved.current });
    if (saved.reason === "conflict") return refused("invalid", { message: saved.message });
    return refused("gone");
  } catch (err) {
    if (err instanceof SuggestionDecided) return refused("gone");
    throw err;
  }
}

/** Decline a suggestion: the entry stays as it is; the author sees it was declined, and by whom. */
export async function declineSuggestion(
  db: DB,
  { id, actor }: { id: string; actor: Actor },
): Promise<DecisionResult> {
  const found = await waiting(db, id);
  if (!found) return refused("gone");
  const { suggestion, entry } = found;
  const decided = await inWrite(
    db,
    actor,
    async (trx, audit) => {
      if (!(await decideSuggestion(trx, id, "declined", actor.name, now()))) return false;
      await audit(
        "entry.decline-suggestion",
        `${entry.kind}:${entry.title}`,
        `id ${entry.id}; suggestion ${id}`,
      );
      return true;
    },
    () => [],
  );
  return decided ? { ok: true, suggestion, entry } : refused("gone");
}
