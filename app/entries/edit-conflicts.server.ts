// Two people saving one entry (issue 26): a save against an older version is refused (409) and
// the form comes back with what only the other person changed taken in, and each field both
// changed marked with both values. The next save must carry the newer version and a choice for
// each such field: a blind resubmit (the old version) or a save with a field left undecided is
// refused again, without JavaScript too.
import { choiceName, mergeEdits, valueAt, withValue, type Choice } from "~/content/entry-merge.ts";
import { entryToFormTree, type FormTree } from "~/content/form-data.ts";
import type { DB } from "../platform/db/db.server.ts";
import { revisionsAt } from "../writes/revisions.repository.server.ts";
import type { Entry } from "../content/entry.ts";

/** A field both people changed: its key and the two values (as the form holds them). */
export interface ConflictMark {
  key: string;
  mine: FormTree[string] | undefined;
  theirs: FormTree[string] | undefined;
}

/** A field only the other person changed, now theirs in the form: what the form held before. */
export interface AdoptedField {
  key: string;
  was: FormTree[string] | undefined;
}

/** The choices a form sent ("decide:data.examDate" = "theirs" | "mine"). */
export function choicesOf(form: FormData): Record<string, Choice> {
  const out: Record<string, Choice> = {};
  for (const [name, value] of form) {
    if (!name.startsWith(choiceName("")) || (value !== "mine" && value !== "theirs")) continue;
    const key = name.slice(choiceName("").length);
    if (key.length <= 200) out[key] = value;
  }
  return out;
}

const marks = (keys: readonly string[], mine: FormTree, theirs: FormTree): ConflictMark[] =>
  keys.map((key) => ({ key, mine: valueAt(mine, key), theirs: valueAt(theirs, key) }));

/**
 * A save sent from a form that a refusal re-drew at `version` from the common version `base`:
 * each field both changed must have been decided; "theirs" takes their value. Returns the values
 * to save and the fields still undecided (then nothing may be saved).
 */
export async function settleChoices(
  db: DB,
  entryId: string,
  { base, version }: { base: string; version: string },
  mine: FormTree,
  choices: Record<string, Choice>,
): Promise<{ value: FormTree; undecided: ConflictMark[]; by: string | null }> {
  const revisions = await revisionsAt<Entry>(db, "entry", entryId, [base, version]);
  const theirs = revisions.get(version)?.snapshot;
  if (!theirs) return { value: mine, undecided: [], by: null };
  const theirsTree = entryToFormTree(theirs);
  const baseSnapshot = revisions.get(base)?.snapshot;
  const { conflicts } = mergeEdits(
    baseSnapshot ? entryToFormTree(baseSnapshot) : null,
    mine,
    theirsTree,
  );
  let value = mine;
  for (const key of conflicts)
    if (choices[key] === "theirs") value = withValue(value, key, valueAt(theirsTree, key));
  return {
    value,
    by: revisions.get(version)?.authorName ?? null,
    undecided: marks(
      conflicts.filter((key) => !choices[key]),
      mine,
      theirsTree,
    ),
  };
}

/**
 * The form a refused save comes back with: mine, with every field only they changed since
 * `loaded` taken from `current`, and the fields both changed (mine kept, to be decided).
 */
export function staleForm(loaded: Entry | null, mine: FormTree, current: Entry) {
  const theirs = entryToFormTree(current);
  const { merged, conflicts, adopted } = mergeEdits(
    loaded ? entryToFormTree(loaded) : null,
    mine,
    theirs,
  );
  return {
    values: merged,
    conflicts: marks(conflicts, mine, theirs),
    adopted: adopted.map((key): AdoptedField => ({ key, was: valueAt(mine, key) })),
  };
}

/**
 * Who put the entry into its present status, and when (an author's entry published under them):
 * the oldest saved revision of the latest run of revisions in that status.
 */
export async function enteredStatus(
  db: DB,
  entryId: string,
  status: string,
): Promise<{ by: string | null; at: string } | null> {
  const rows = await db
    .selectFrom("revisions")
    .select(["snapshot", "author_name", "created_at"])
    .where("subject_type", "=", "entry")
    .where("subject_id", "=", entryId)
    .where("state", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(50)
    .execute();
  let found: { by: string | null; at: string } | null = null;
  for (const row of rows) {
    if ((JSON.parse(row.snapshot) as { status?: string }).status !== status) break;
    found = { by: row.author_name, at: row.created_at };
  }
  return found;
}
