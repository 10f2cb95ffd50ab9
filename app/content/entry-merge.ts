/**
 * Two people's edits of one entry, field by field (issue 26): what each changed from the version
 * they both started from, what one of them can take from the other unasked, and where they
 * disagree. Pure and browser-safe; it works on the form's values (FormTree: strings all the way
 * down), so a stored version is compared through `entryToFormTree`.
 *
 * A field is a core value (title, slug, …) or one of `data`'s fields, a table as a whole.
 */
import { HINDI_CHANGED_AT, TEXT_CHANGED_AT } from "./fields.ts";
import { ROW_GAP, type FormTree } from "./form-data.ts";

/** The core values of an entry's form that people edit; the rest are `data.<field>`. */
const CORE = ["title", "slug", "organization", "status", "publishAt", "jobId"] as const;
/** Written by the server, never typed: not anyone's edit. */
const STAMPS = new Set([TEXT_CHANGED_AT, HINDI_CHANGED_AT]);

type Value = FormTree[string] | undefined;

/** A value as people mean it: blanks, spaces, a Hindi table's place-holders and key order aside. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) {
    const rows = value.map((row) => canonical(row) ?? null);
    while (rows.length && rows[rows.length - 1] === null) rows.pop();
    return rows.length ? rows : undefined;
  }
  if (value && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([key]) => key !== ROW_GAP)
      .map(([key, v]) => [key, canonical(v)] as const)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b));
    return entries.length ? Object.fromEntries(entries) : undefined;
  }
  if (value === null || value === undefined) return undefined;
  const text = String(value).trim();
  return text === "" ? undefined : text;
}

/** Whether two values of a field say the same thing. */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

/** A field's value in a form tree: `title`, `data.lastDate`. */
export function valueAt(tree: FormTree | null | undefined, key: string): Value {
  if (!tree) return undefined;
  if (!key.startsWith("data.")) return tree[key];
  const data = tree.data;
  return data && typeof data === "object" && !Array.isArray(data)
    ? (data as FormTree)[key.slice(5)]
    : undefined;
}

/** A copy of `tree` with one field set (or removed, for undefined). */
export function withValue(tree: FormTree, key: string, value: Value): FormTree {
  if (!key.startsWith("data.")) {
    const out = { ...tree };
    if (value === undefined) delete out[key];
    else out[key] = value;
    return out;
  }
  const data = { ...((tree.data as FormTree | undefined) ?? {}) };
  if (value === undefined) delete data[key.slice(5)];
  else data[key.slice(5)] = value;
  return { ...tree, data };
}

/** Every field any of the versions has, core ones first. */
function fieldKeys(...trees: (FormTree | null)[]): string[] {
  const data = new Set<string>();
  for (const tree of trees) {
    const d = tree?.data;
    if (d && typeof d === "object" && !Array.isArray(d))
      for (const key of Object.keys(d)) if (!STAMPS.has(key)) data.add(`data.${key}`);
  }
  return [...CORE, ...data];
}

export interface Merge {
  /** Mine, with every field only they changed taken from theirs; where both did, mine. */
  merged: FormTree;
  /** Fields both changed, to different values: someone must choose. */
  conflicts: string[];
  /** Fields only they changed, now theirs in `merged`. */
  adopted: string[];
}

/**
 * Mine and theirs, both edited from `base`. Without a base (its revision is gone) every field
 * that differs is a conflict.
 */
export function mergeEdits(base: FormTree | null, mine: FormTree, theirs: FormTree): Merge {
  let merged = mine;
  const conflicts: string[] = [];
  const adopted: string[] = [];
  for (const key of fieldKeys(base, mine, theirs)) {
    const [b, m, t] = [valueAt(base, key), valueAt(mine, key), valueAt(theirs, key)];
    if (sameValue(m, t)) continue;
    if (base && sameValue(t, b)) continue;
    if (base && sameValue(m, b)) {
      merged = withValue(merged, key, t);
      adopted.push(key);
    } else conflicts.push(key);
  }
  return { merged, conflicts, adopted };
}

/** Which value a person chose for a field both changed. */
export type Choice = "mine" | "theirs";

/** The form field that carries a choice: outside the entry's names, so the parser ignores it. */
export const choiceName = (key: string) => `decide:${key}`;
