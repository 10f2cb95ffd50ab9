import { createContext, useContext } from "react";
import { choiceName, type Choice } from "~/content/entry-merge.ts";
import { inputId, type FormTree } from "~/content/form-data.ts";
import type { Kind } from "~/content/kinds.ts";
import { formValueText } from "./entry-diff.ts";
import { formatDateTime } from "~/lib/format.ts";

/**
 * A refused save's marks (issue 26), where each field is: a field both people changed shows both
 * values and "use theirs / keep mine" (radio buttons, so a choice is sent without JavaScript
 * too); a field only the other person changed says it was taken into the form.
 */

type Value = FormTree[string] | undefined;

export interface ConflictMarkData {
  key: string;
  mine: Value;
  theirs: Value;
}

export interface EditConflicts {
  kind: Kind;
  /** Who saved in between, and when. */
  by: string;
  at: string;
  marks: Readonly<Record<string, ConflictMarkData>>;
  /** Fields only they changed: what the form held before taking theirs. */
  adopted: Readonly<Record<string, Value>>;
  choices: Readonly<Record<string, Choice>>;
  choose(key: string, choice: Choice): void;
  /** Bring a field into view (its tab), and focus it. */
  reveal(key: string): void;
}

export const EditConflictsContext = createContext<EditConflicts | null>(null);

/** The anchor of a field's mark. */
export const conflictAnchor = (key: string) => `conflict-${inputId(key)}`;

function Value({ kind, name, value }: { kind: Kind; name: string; value: Value }) {
  const text = formValueText(kind, name, value);
  return text ? (
    <span className="block break-words whitespace-pre-line">{text}</span>
  ) : (
    <span className="block text-muted">(empty)</span>
  );
}

/** Under a field: its mark, if the refused save has one for it. */
export function FieldConflict({ name }: { name: string }) {
  const conflicts = useContext(EditConflictsContext);
  if (!conflicts) return null;
  const { kind, by, at } = conflicts;
  const mark = conflicts.marks[name];
  if (!mark) {
    if (!(name in conflicts.adopted)) return null;
    return (
      <p data-adopted={name} className="mt-1 text-xs font-semibold text-amber-900">
        Now {by}&rsquo;s value, saved {formatDateTime(at)} while you were editing. You had:{" "}
        <span className="font-normal">
          {formValueText(kind, name, conflicts.adopted[name]) || "(empty)"}
        </span>
      </p>
    );
  }
  const id = conflictAnchor(name);
  const chosen = conflicts.choices[name];
  const table = typeof mark.theirs === "object" || typeof mark.mine === "object";
  const option = (choice: Choice, title: string, value: Value) => (
    <label
      className={`flex min-w-0 cursor-pointer gap-2 rounded-app border bg-white p-2 ${chosen === choice ? "border-primary ring-1 ring-primary" : "border-stone-300"}`}
    >
      <input
        type="radio"
        name={choiceName(name)}
        value={choice}
        checked={chosen === choice}
        onChange={() => conflicts.choose(name, choice)}
        className="mt-1"
      />
      <span className="min-w-0">
        <span className="block text-xs font-semibold">{title}</span>
        <Value kind={kind} name={name} value={value} />
      </span>
    </label>
  );
  return (
    <div
      id={id}
      tabIndex={-1}
      data-conflict={name}
      role="group"
      aria-labelledby={`${id}-title`}
      className="mt-2 rounded-app border-2 border-amber-500 bg-amber-50 p-2 text-sm text-amber-950"
    >
      <p id={`${id}-title`} className="font-semibold">
        You and {by} ({formatDateTime(at)}) both changed this. Choose one before saving:
      </p>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {option("theirs", "Use theirs", mark.theirs)}
        {option("mine", "Keep mine", mark.mine)}
      </div>
      {table ? (
        <p className="mt-1 text-xs">
          A table is saved whole: the rows of the one you choose replace the other&rsquo;s.
        </p>
      ) : null}
    </div>
  );
}
