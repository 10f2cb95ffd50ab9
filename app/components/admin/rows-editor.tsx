import { useEffect, useRef, useState } from "react";
import type { RowsField, ScalarField } from "~/content/fields.ts";
import { inputId, type FieldErrors, type FormTree } from "~/content/form-data.ts";
import { RequiredMark, ScalarControl } from "./field-input.tsx";
import { SuggestionMark } from "./suggestion-mark.tsx";
import { FieldConflict } from "./edit-conflicts.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";

// A row is laid out for the width its form has: wide (36rem and more, the `rows-wide` variant in
// admin.css), twelve columns, six numbers to a line; on a phone, numbers three to a line and
// everything else the whole line. Groups of boxes (a post's subjects) go on a line of their own.
// (The container query's one-line layout for 68rem went with it: no form is that wide, the job
// form's rows at most 806 px and the photo preset's 862 px, measured from 360 to 1920 px.)
type LineType = Exclude<ScalarField["type"], "choices">;
const SPAN: Record<LineType, string> = {
  number: "col-span-2",
  // The whole line on a phone: half of it cut "mm/dd/yyyy" at 360 px.
  date: "col-span-6 rows-wide:col-span-4",
  select: "col-span-6 rows-wide:col-span-4",
  text: "col-span-6 rows-wide:col-span-4",
  url: "col-span-6",
  textarea: "col-span-6 rows-wide:col-span-12",
};

/** In a row laid out in lines (six columns wide): numbers narrow, words wider, long text whole. */
const LINE_SPAN: Record<ScalarField["type"], string | undefined> = {
  number: undefined,
  choices: "col-span-2 rows-wide:col-span-6",
  date: "col-span-2",
  select: "col-span-2",
  text: "col-span-2",
  url: "col-span-2",
  textarea: "col-span-2 rows-wide:col-span-6",
};

/** Blank rows offered below the filled ones; without JavaScript they are the only way to add. */
export const SPARE_ROWS = 2;

/**
 * A repeatable group of inputs (vacancy rows, fees, links, FAQs). Each row keeps the index it was
 * drawn with, so removing one leaves a gap in the names; the form parser closes such gaps.
 */
export function RowsEditor({
  field,
  name,
  rows,
  errors,
  onChange,
}: {
  field: RowsField;
  name: string;
  rows: readonly FormTree[];
  errors: FieldErrors;
  onChange?: () => void;
}) {
  const maxRows = field.maxRows ?? 100;
  const initial = rows.length + SPARE_ROWS;
  const [indexes, setIndexes] = useState(() => Array.from({ length: initial }, (_, i) => i));
  const hydrated = useHydrated();
  const focusNext = useRef<number | null>(null);
  // Never reuse an index: a new row must not pick up the values of a removed one.
  const nextIndex = useRef(initial);
  useEffect(() => {
    if (focusNext.current === null) return;
    const first = field.columns[0];
    document.getElementById(inputId(`${name}[${focusNext.current}].${first.name}`))?.focus();
    focusNext.current = null;
  }, [indexes, field.columns, name]);

  const add = () => {
    const next = nextIndex.current++;
    focusNext.current = next;
    setIndexes([...indexes, next]);
    onChange?.();
  };
  const remove = (index: number) => {
    setIndexes(indexes.filter((i) => i !== index));
    onChange?.();
  };
  const labelId = `${inputId(name)}-label`;
  const onLine = field.columns.filter((c) => c.type !== "choices");
  const underLine = field.columns.filter((c) => c.type === "choices");
  const cells = (columns: readonly ScalarField[], index: number, row: FormTree) =>
    columns.map((column) => (
      <Cell
        key={column.name}
        column={column}
        name={`${name}[${index}].${column.name}`}
        value={row[column.name]}
        errors={errors}
        className={column.type === "choices" ? "" : SPAN[column.type]}
      />
    ));
  // A column no line names goes on a line of its own at the end.
  const lines = field.lines
    ? [
        ...field.lines,
        field.columns.map((c) => c.name).filter((n) => !field.lines!.some((l) => l.includes(n))),
      ].filter((line) => field.columns.some((c) => line.includes(c.name)))
    : null;

  return (
    <fieldset className="sm:col-span-2" aria-labelledby={labelId} data-field={name}>
      <legend id={labelId} className="text-sm font-semibold text-ink">
        {field.label}
      </legend>
      {field.help ? <p className="mt-1 text-xs text-muted">{field.help}</p> : null}
      <SuggestionMark name={name} />
      <FieldConflict name={name} />
      {errors[name] ? (
        <p className="mt-1 text-sm font-semibold text-red-700">{errors[name]}</p>
      ) : null}
      <ol className="mt-2 space-y-2">
        {indexes.map((index, position) => {
          const row = rows[index] ?? {};
          return (
            <li
              key={index}
              role="group"
              aria-labelledby={`${labelId}-${index}`}
              className="rounded-app border border-stone-200 bg-stone-50 p-3"
            >
              <div className="flex items-center justify-between gap-2">
                <span id={`${labelId}-${index}`} className="text-xs font-semibold text-muted">
                  {field.label}: row {position + 1}
                </span>
                {hydrated ? (
                  <button
                    type="button"
                    onClick={() => remove(index)}
                    className="rounded-app px-2 py-1 text-xs font-semibold text-red-700 hover:bg-red-50"
                    aria-label={`Remove ${field.label} row ${position + 1}`}
                  >
                    Remove
                  </button>
                ) : null}
              </div>
              {lines ? (
                // Many columns: a few short lines of inputs, as the field groups them.
                lines.map((line) => (
                  <div
                    key={line.join()}
                    className="mt-2 grid grid-cols-2 items-end gap-x-3 gap-y-2 rows-wide:grid-cols-6"
                  >
                    {field.columns
                      .filter((c) => line.includes(c.name))
                      .map((column) => (
                        <Cell
                          key={column.name}
                          column={column}
                          name={`${name}[${index}].${column.name}`}
                          value={row[column.name]}
                          errors={errors}
                          className={LINE_SPAN[column.type]}
                        />
                      ))}
                  </div>
                ))
              ) : (
                <>
                  <div className="mt-1 grid grid-cols-6 gap-x-3 gap-y-2 rows-wide:grid-cols-12">
                    {cells(onLine, index, row)}
                  </div>
                  {underLine.length > 0 && (
                    <div className="mt-2 grid gap-x-3 gap-y-2 rows-wide:grid-cols-2">
                      {cells(underLine, index, row)}
                    </div>
                  )}
                </>
              )}
            </li>
          );
        })}
      </ol>
      {hydrated ? (
        <button
          type="button"
          onClick={add}
          disabled={indexes.length >= maxRows + SPARE_ROWS}
          className="mt-2 rounded-app border border-dashed border-accent px-3 py-1.5 text-sm font-semibold text-accent hover:bg-accent-light disabled:opacity-50"
        >
          Add row
        </button>
      ) : (
        <p className="mt-2 text-xs text-muted">
          Need more rows? Save, and two new blank rows appear.
        </p>
      )}
    </fieldset>
  );
}

/** One column of one row: its label, its input and its error. */
function Cell({
  column,
  name,
  value,
  errors,
  className = "",
}: {
  column: ScalarField;
  name: string;
  value: FormTree[string] | undefined;
  errors: FieldErrors;
  className?: string;
}) {
  const error = errors[name];
  return (
    <div className={className} data-field={name}>
      <div className="flex items-baseline gap-1 text-xs">
        {/* A group of boxes is named by its own summary and legend. */}
        {column.type === "choices" ? (
          <span aria-hidden="true" className="font-semibold">
            {column.label}
          </span>
        ) : (
          <label htmlFor={inputId(name)} className="font-semibold">
            {column.label}
          </label>
        )}
        {column.required ? <RequiredMark /> : null}
      </div>
      <ScalarControl
        field={column}
        name={name}
        value={
          typeof value === "string"
            ? value
            : Array.isArray(value)
              ? value.filter((v): v is string => typeof v === "string")
              : ""
        }
        error={error}
        compact
      />
      {error ? (
        <p id={`${inputId(name)}-error`} className="mt-1 text-xs font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
