import { inputClass } from "~/components/admin/field-input.tsx";

/**
 * The rows of a home page FAQ, English (`homeFaq.N.question`) or Hindi (`hindi.homeFaq.N.…`):
 * the list's own error, then each row's question, answer and "remove" box.
 */
export function FaqList({
  prefix,
  rows,
  error,
  maxLength,
  hindi = false,
  className = "",
}: {
  prefix: "homeFaq" | "hindi.homeFaq";
  rows: readonly { question: string; answer: string }[];
  /** The form's first error at a field (useAdminForm). */
  error: (name: string) => string | undefined;
  maxLength: (column: "question" | "answer") => number | undefined;
  hindi?: boolean;
  className?: string;
}) {
  const lang = hindi ? "hi" : undefined;
  const say = (word: string) => (hindi ? `${word} (Hindi)` : word);
  return (
    <>
      {error(prefix) ? (
        <p className="mb-2 text-sm font-semibold text-red-700">{error(prefix)}</p>
      ) : null}
      <ol className={`${className} space-y-4`.trim()}>
        {rows.map((row, i) => (
          <li key={i} className="rounded-app border border-stone-200 bg-stone-50 p-3">
            <fieldset>
              <legend className="text-sm font-semibold text-muted">
                {hindi ? "Hindi question" : "Question"} {i + 1}
              </legend>
              <FaqInput
                name={`${prefix}.${i}.question`}
                label={say("Question")}
                value={row.question}
                error={error(`${prefix}.${i}.question`)}
                maxLength={maxLength("question")}
                lang={lang}
              />
              <FaqInput
                name={`${prefix}.${i}.answer`}
                label={say("Answer")}
                value={row.answer}
                error={error(`${prefix}.${i}.answer`)}
                maxLength={maxLength("answer")}
                multiline
                lang={lang}
              />
              {row.question || row.answer ? (
                <label className="mt-2 inline-flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name={`${prefix}.${i}.remove`}
                    className="size-4 accent-primary"
                  />
                  Remove this question when saving
                </label>
              ) : null}
            </fieldset>
          </li>
        ))}
      </ol>
    </>
  );
}

function FaqInput({
  name,
  label,
  value,
  error,
  maxLength,
  multiline,
  lang,
}: {
  name: string;
  label: string;
  value: string;
  error?: string;
  maxLength: number | undefined;
  multiline?: boolean;
  lang?: string;
}) {
  const id = `f-${name.replace(/\./g, "-")}`;
  const common = {
    id,
    name,
    lang,
    defaultValue: value,
    maxLength,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
    className: inputClass,
  };
  return (
    <div className="mt-2">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      {multiline ? <textarea rows={3} {...common} /> : <input type="text" {...common} />}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
