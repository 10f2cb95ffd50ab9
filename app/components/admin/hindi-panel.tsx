import type { ReactNode } from "react";
import { HINDI, type RowsField, type ScalarField, type Section } from "~/content/fields.ts";
import { inputId, type FieldErrors, type FormTree } from "~/content/form-data.ts";
import type { TranslationState } from "~/content/translation.ts";
import { FieldConflict } from "./edit-conflicts.tsx";
import { FieldShell, ScalarControl } from "./field-input.tsx";
import { formatDateTime } from "~/lib/format.ts";

/** What the admin says about an entry's (or page's) Hindi, in English. */
export interface TranslationSummary {
  state: TranslationState;
  /** How many English texts have no Hindi yet (partial). */
  left?: number;
  /** When the English last changed (changed). */
  changedAt?: string | null;
}

export function translationLabel(t: TranslationSummary): string {
  switch (t.state) {
    case "complete":
      return "Hindi: complete";
    case "missing":
      return "Hindi: missing";
    case "partial":
      return `Hindi: partial (${t.left ?? 0} ${t.left === 1 ? "text" : "texts"} left)`;
    case "changed":
      return `Hindi: older than the English${t.changedAt ? ` (changed since ${formatDateTime(t.changedAt)})` : " (changed since)"}`;
  }
}

const TONE: Record<TranslationState, string> = {
  complete: "border-green-300 bg-green-50 text-green-900",
  partial: "border-amber-300 bg-amber-50 text-amber-900",
  missing: "border-stone-300 bg-stone-100 text-stone-700",
  changed: "border-red-300 bg-red-50 text-red-900",
};

export function TranslationBadge({
  t,
  className = "",
}: {
  t: TranslationSummary;
  className?: string;
}) {
  return (
    <span
      data-translation={t.state}
      className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold ${TONE[t.state]} ${className}`}
    >
      {translationLabel(t)}
    </span>
  );
}

const isWords = (f: { type: string; code?: true }) =>
  (f.type === "text" || f.type === "textarea") && !f.code;
const str = (v: unknown) => (typeof v === "string" ? v : "");

/** The English a Hindi input translates, read-only, right above it. */
function English({ text }: { text: string }) {
  return (
    <p className="mt-1 rounded-app border border-stone-200 bg-stone-50 px-2 py-1 text-xs whitespace-pre-line text-muted">
      <span className="font-semibold">English: </span>
      {text || <em>(empty)</em>}
    </p>
  );
}

/**
 * The Hindi twin of every text an editor writes (the title, each text field, each table's text
 * columns row by row), each with the English it translates. Part of the entry form: one save.
 */
export function HindiFields({
  sections,
  values,
  errors,
  card,
}: {
  sections: readonly Section[];
  values: FormTree;
  errors: FieldErrors;
  card: string;
}) {
  const data = (values.data ?? {}) as FormTree;
  const titleName = `data.${HINDI}title`;
  const titleField: ScalarField = {
    name: `${HINDI}title`,
    label: "Title (Hindi)",
    type: "text",
    max: 300,
  };
  return (
    <div className="space-y-4">
      <section className={card} aria-labelledby="hindi-basics">
        <h3
          id="hindi-basics"
          className="mb-3 border-l-4 border-primary pl-2 text-base font-semibold"
        >
          Title
        </h3>
        <HindiScalar
          field={titleField}
          name={titleName}
          english={str(values.title)}
          value={str(data[`${HINDI}title`])}
          error={errors[titleName]}
        />
        <p className="mt-2 text-xs text-muted">
          Without a Hindi title the Hindi page shows the English text. The slug stays as it is.
        </p>
      </section>
      {sections.map((section) => {
        const fields = section.fields.filter((f) =>
          f.type === "rows" ? f.columns.some(isWords) : isWords(f),
        );
        if (!fields.length) return null;
        return (
          <section
            key={section.id}
            className={card}
            aria-labelledby={`hindi-section-${section.id}`}
          >
            <h3
              id={`hindi-section-${section.id}`}
              className="mb-3 border-l-4 border-primary pl-2 text-base font-semibold"
            >
              {section.title} <span lang="hi">(हिन्दी)</span>
            </h3>
            <div className="grid gap-4">
              {fields.map((field) =>
                field.type === "rows" ? (
                  <HindiRows
                    key={field.name}
                    field={field}
                    english={
                      Array.isArray(data[field.name]) ? (data[field.name] as FormTree[]) : []
                    }
                    hindi={
                      Array.isArray(data[`${HINDI}${field.name}`])
                        ? (data[`${HINDI}${field.name}`] as FormTree[])
                        : []
                    }
                    errors={errors}
                  />
                ) : (
                  <HindiScalar
                    key={field.name}
                    field={{ ...field, required: false, help: undefined }}
                    name={`data.${HINDI}${field.name}`}
                    english={str(data[field.name])}
                    value={str(data[`${HINDI}${field.name}`])}
                    error={errors[`data.${HINDI}${field.name}`]}
                  />
                ),
              )}
            </div>
          </section>
        );
      })}
    </div>
  );
}

function HindiScalar({
  field,
  name,
  english,
  value,
  error,
}: {
  field: ScalarField;
  name: string;
  english: string;
  value: string;
  error?: string;
}) {
  return (
    <FieldShell name={name} label={hindiLabel(field.label)} error={error}>
      <English text={english} />
      <ScalarControl field={{ ...field, name }} name={name} value={value} error={error} lang="hi" />
    </FieldShell>
  );
}

/** "Short information" → "Short information (Hindi)"; a label that says Hindi already stays. */
export function hindiLabel(label: string): string {
  return /hindi/i.test(label) ? label : `${label} (Hindi)`;
}

function HindiRows({
  field,
  english,
  hindi,
  errors,
}: {
  field: RowsField;
  english: readonly FormTree[];
  hindi: readonly FormTree[];
  errors: FieldErrors;
}) {
  const name = `data.${HINDI}${field.name}`;
  const columns = field.columns.filter(isWords);
  const count = Math.max(
    english.length,
    hindi.filter((r) => Object.values(r).some((v) => str(v).trim())).length,
  );
  const labelId = `${inputId(name)}-label`;
  let body: ReactNode;
  if (count === 0) {
    body = (
      <p className="mt-1 text-xs text-muted">
        No rows in English yet: add them on the English tab and save.
      </p>
    );
  } else {
    body = (
      <ol className="mt-2 space-y-2">
        {Array.from({ length: count }, (_, i) => (
          <li
            key={i}
            role="group"
            aria-label={`${hindiLabel(field.label)}, row ${i + 1}`}
            className="rounded-app border border-stone-200 bg-stone-50 p-3"
          >
            <span className="text-xs font-semibold text-muted">Row {i + 1}</span>
            <div className="mt-1 grid gap-3 sm:grid-cols-2">
              {columns.map((column) => {
                const inputName = `${name}[${i}].${column.name}`;
                const error = errors[inputName];
                return (
                  <div key={column.name} data-field={inputName} className="min-w-0">
                    <label htmlFor={inputId(inputName)} className="text-xs font-semibold">
                      {hindiLabel(column.label)}
                    </label>
                    <English text={str(english[i]?.[column.name])} />
                    <ScalarControl
                      field={{ ...column, required: false }}
                      name={inputName}
                      value={str(hindi[i]?.[column.name])}
                      error={error}
                      compact
                      lang="hi"
                    />
                    {error ? (
                      <p
                        id={`${inputId(inputName)}-error`}
                        className="mt-1 text-xs font-semibold text-red-700"
                      >
                        {error}
                      </p>
                    ) : null}
                  </div>
                );
              })}
            </div>
          </li>
        ))}
      </ol>
    );
  }
  return (
    <fieldset aria-labelledby={labelId} data-field={name}>
      <legend id={labelId} className="text-sm font-semibold text-ink">
        {hindiLabel(field.label)}
      </legend>
      {errors[name] ? (
        <p className="mt-1 text-sm font-semibold text-red-700">{errors[name]}</p>
      ) : null}
      <FieldConflict name={name} />
      {body}
    </fieldset>
  );
}
