// The public change log as each day's net change (issue 26): a save of a published entry
// rewrites that India day's lines from the version the public saw when the day began (or when the
// entry went public that day) to the version saved now. Nine restores flipping the last date back
// and forth say at most one line; a change undone within the day says nothing.
import { changeRank, keyChanges, type ChangeFact } from "~/content/change-log.ts";
import type { EntryData } from "~/content/fields.ts";
import type { Kind } from "~/content/kinds.ts";
import { describeChange, type KeyChange } from "~/i18n/change-words.ts";
import { catalog } from "~/i18n/catalog.server.ts";
import { dateInIndia, IST_OFFSET_MS } from "~/lib/india-date.ts";
import type { DB } from "../platform/db/db.server.ts";
import { newId } from "../platform/db/dialect.ts";

/** Key changes in English words (the alerts', the bell's and the stored sentence's language). */
export function inEnglish(facts: readonly ChangeFact[]): (ChangeFact & KeyChange)[] {
  const words = catalog("en").detail.changes;
  return facts.map((f) => ({ ...f, ...describeChange(f, words, "en") }));
}

/** Midnight in India, as a stored instant, of the day `at` falls on. */
export function indiaDayStart(at: string): string {
  const day = dateInIndia(Date.parse(at));
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - IST_OFFSET_MS).toISOString();
}

interface Snapshot {
  status: string;
  data: EntryData;
}

/**
 * The entry's data as the public saw it when the day began; if it was not public then, as it was
 * when it went public that day; `fallback` when the history has neither (older data).
 */
async function dayBaseline(
  trx: DB,
  entryId: string,
  dayStart: string,
  fallback: EntryData,
): Promise<EntryData> {
  const history = trx
    .selectFrom("revisions")
    .select("snapshot")
    .where("subject_type", "=", "entry")
    .where("subject_id", "=", entryId)
    .where("state", "is", null);
  const before = await history
    .where("created_at", "<", dayStart)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  const parsed = before && (JSON.parse(before.snapshot) as Snapshot);
  if (parsed?.status === "published") return parsed.data;
  const today = await history
    .where("created_at", ">=", dayStart)
    .orderBy("created_at")
    .orderBy("id")
    .limit(100)
    .execute();
  for (const row of today) {
    const snap = JSON.parse(row.snapshot) as Snapshot;
    if (snap.status === "published") return snap.data;
  }
  return fallback;
}

/**
 * Rewrite the day's change log of a published entry saved at `at` (its revision already written).
 * When the day's net change is what it was, nothing moves (a typo fixed later says nothing and
 * keeps the lines' time); otherwise the day's lines are replaced, all at `at`: one time per day,
 * the lines of a day in order of importance, so the first is the day's headline.
 */
export async function recordDayChanges(
  trx: DB,
  kind: Kind,
  entryId: string,
  before: EntryData,
  after: EntryData,
  at: string,
): Promise<void> {
  const start = indiaDayStart(at);
  const baseline = await dayBaseline(trx, entryId, start, before);
  const lines = inEnglish(keyChanges(kind, baseline, after));
  const factsOf = (f: ChangeFact) =>
    JSON.stringify({ field: f.field, code: f.code, from: f.from, to: f.to });
  const existing = await trx
    .selectFrom("entry_changes")
    .select(["id", "facts"])
    .where("entry_id", "=", entryId)
    .where("created_at", ">=", start)
    .execute();
  const same = (a: readonly (string | null)[], b: readonly (string | null)[]) =>
    JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());
  if (
    same(
      existing.map((r) => r.facts),
      lines.map(factsOf),
    )
  )
    return;
  if (existing.length)
    await trx
      .deleteFrom("entry_changes")
      .where(
        "id",
        "in",
        existing.map((r) => r.id),
      )
      .execute();
  if (lines.length)
    await trx
      .insertInto("entry_changes")
      .values(
        lines.map((l) => ({
          id: newId(),
          entry_id: entryId,
          headline: l.headline,
          detail: l.detail,
          field: l.field,
          rank: changeRank(kind, l.field),
          facts: factsOf(l),
          created_at: at,
        })),
      )
      .execute();
}
