import type { ReactNode } from "react";

/**
 * A destructive button that asks once more before it acts. Built on <details>, so the second
 * step works without JavaScript too: the first click only opens the question.
 */
export function ConfirmButton({
  label,
  question,
  confirmLabel,
  name = "intent",
  value,
  form,
  extra,
  className = "",
}: {
  label: string;
  question: ReactNode;
  confirmLabel: string;
  name?: string;
  value: string;
  /** The id of the form the confirming button submits, when it sits outside that form. */
  form?: string;
  /** More fields for the confirming submission (e.g. the id of the row). */
  extra?: ReactNode;
  className?: string;
}) {
  return (
    <details className={`group ${className}`}>
      <summary className="inline-flex cursor-pointer list-none items-center rounded-app border border-red-300 bg-white px-3 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 [&::-webkit-details-marker]:hidden">
        {label}
      </summary>
      <div
        role="group"
        aria-label={label}
        className="mt-2 rounded-app border border-red-200 bg-red-50 p-3 text-sm text-red-900"
      >
        <p>{question}</p>
        {extra}
        <button
          type="submit"
          name={name}
          value={value}
          form={form}
          className="mt-2 rounded-app bg-red-700 px-3 py-2 font-semibold text-white hover:bg-red-800"
        >
          {confirmLabel}
        </button>
      </div>
    </details>
  );
}
