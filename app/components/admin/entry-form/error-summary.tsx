import type { Ref } from "react";
import { inputId, type FieldErrors } from "~/content/form-data.ts";
import type { Kind } from "~/content/kinds.ts";
import { inputLabel } from "./labels.ts";

/** "N fields need your attention": each a link that shows its tab and focuses its input. */
export function ErrorSummary({
  kind,
  errors,
  summaryRef,
  showTab,
}: {
  kind: Kind;
  errors: FieldErrors;
  summaryRef: Ref<HTMLDivElement>;
  showTab: (name: string) => void;
}) {
  const errorCount = Object.keys(errors).length;
  if (errorCount === 0) return null;
  return (
    <div
      ref={summaryRef}
      tabIndex={-1}
      role="alert"
      aria-labelledby="error-summary-title"
      className="mb-4 rounded-app border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900"
    >
      <h2 id="error-summary-title" className="font-semibold">
        {errorCount === 1 ? "1 field needs" : `${errorCount} fields need`} your attention. Nothing
        was saved.
      </h2>
      <ul className="mt-1 list-disc pl-5">
        {Object.entries(errors).map(([name, message]) => (
          <li key={name}>
            <a
              href={`#${inputId(name)}`}
              className="underline"
              onClick={(event) => {
                event.preventDefault();
                showTab(name);
              }}
            >
              {inputLabel(kind, name)}
            </a>
            : {message}
          </li>
        ))}
      </ul>
    </div>
  );
}
