import { inputId } from "~/content/form-data.ts";
import type { Kind } from "~/content/kinds.ts";
import type { NoticeView, Suggestion } from "~/notice-import/suggest.ts";
import { buttonClass } from "./banner.tsx";
import { inputLabel } from "./entry-form/labels.ts";
import { quote } from "./suggestion-mark.tsx";

/**
 * "Start from the notification PDF" on an add form (issue 32): the upload card, the panel listing
 * what was read and from which line, and the mark each suggested field carries in the form
 * (suggestion-mark.tsx). Nothing here saves anything.
 */

function shown(value: Suggestion["value"]): string {
  if (!Array.isArray(value)) return value;
  return `${value.length} ${value.length === 1 ? "row" : "rows"}`;
}

/** The card above a new entry's form: upload a PDF, then what it suggested. */
export function NoticeStart({
  kind,
  notice,
  uploadError,
  checkFields,
}: {
  kind: Kind;
  notice: NoticeView | null;
  uploadError: string | null;
  /** The fields an editor should find filled (the kind's dates, for a job its tables too). */
  checkFields: readonly string[];
}) {
  const reading = notice?.reading;
  const found = new Set(reading?.suggestions.map((s) => s.name));
  const missing = checkFields.filter((name) => !found.has(name));
  return (
    <section
      aria-labelledby="notice-start-title"
      className="mb-4 rounded-app border border-amber-300 bg-white p-4 sm:p-5"
    >
      <h2 id="notice-start-title" className="text-base font-semibold">
        {reading ? `Suggestions from ${notice?.fileName}` : "Start from the notification PDF"}
      </h2>
      {uploadError || notice?.error ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
          {uploadError ?? notice?.error}
        </p>
      ) : null}
      {reading?.scanned ? (
        <p role="status" className="mt-2 text-sm font-semibold text-amber-900">
          This PDF is a scan: it has no text to read, so nothing was filled in. Type the details
          from the PDF below.
        </p>
      ) : null}
      {reading && !reading.scanned ? (
        <>
          <p className="mt-1 text-sm text-muted">
            Read {reading.pages} {reading.pages === 1 ? "page" : "pages"}. Each field filled from
            the PDF is marked <strong>Suggested from the PDF</strong> with the line it came from.
            Check each one against the PDF: nothing is saved until you save.
          </p>
          <ul className="mt-3 divide-y divide-stone-200 rounded-app border border-stone-200 text-sm">
            {reading.suggestions.map((s) => (
              <li key={s.name} className="grid gap-1 px-3 py-2 sm:grid-cols-[14rem_1fr]">
                <a
                  href={`#${Array.isArray(s.value) ? `${inputId(s.name)}-label` : inputId(s.name)}`}
                  className="font-semibold text-accent underline"
                >
                  {inputLabel(kind, s.name)}
                </a>
                <span>
                  <span className="font-semibold">{shown(s.value)}</span>{" "}
                  <span className="text-muted">
                    {s.source ? `(${quote(s.source)})` : "(the uploaded PDF)"}
                  </span>
                </span>
              </li>
            ))}
          </ul>
          {missing.length ? (
            <p className="mt-2 text-sm">
              <strong>Not found in the PDF, left empty:</strong>{" "}
              {missing.map((name) => inputLabel(kind, name)).join(", ")}.
            </p>
          ) : null}
        </>
      ) : null}
      <form
        method="post"
        action={`/admin/notice-import?kind=${kind}`}
        encType="multipart/form-data"
        className="mt-3 flex flex-wrap items-center gap-2"
      >
        <label htmlFor="notice-file" className="text-sm font-semibold">
          {reading ? "Another PDF file" : "PDF file"}
        </label>
        <input
          id="notice-file"
          name="file"
          type="file"
          accept="application/pdf,.pdf"
          required
          className="min-w-0 flex-1 text-sm"
        />
        <button type="submit" className={buttonClass.secondary}>
          Read the PDF
        </button>
      </form>
    </section>
  );
}
