import type { ReactNode } from "react";
import type { ScalarField } from "~/content/fields.ts";
import { inputId } from "~/content/form-data.ts";

/** An input's look without its top margin (for inputs inside a group, like the slug's). */
export const inputBase =
  "block w-full min-w-0 rounded-app border border-stone-300 bg-white px-3 py-2 text-sm text-ink shadow-xs focus:border-accent aria-[invalid=true]:border-red-600 aria-[invalid=true]:bg-red-50/40";
export const inputClass = `mt-1 ${inputBase}`;

/** A label, the control, its help and its error: the one layout every field of the editor uses. */
export function FieldShell({
  name,
  label,
  required,
  help,
  error,
  className = "",
  children,
}: {
  name: string;
  label: ReactNode;
  required?: boolean;
  help?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  const id = inputId(name);
  return (
    <div className={className} data-field={name}>
      {/* The star sits outside the label: the input's name stays the label's words alone. */}
      <div className="flex items-baseline gap-1 text-sm">
        <label htmlFor={id} className="font-semibold text-ink">
          {label}
        </label>
        {required ? <RequiredMark /> : null}
      </div>
      {children}
      {help ? (
        <p id={`${id}-help`} className="mt-1 text-xs text-muted">
          {help}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The red star of a required field; the input itself carries `required` for assistive tech. */
export function RequiredMark() {
  return (
    <span className="text-red-700" aria-hidden="true">
      *
    </span>
  );
}

/** The aria attributes that tie an input to its help and error text. */
export function describedBy(name: string, { help, error }: { help?: unknown; error?: unknown }) {
  const id = inputId(name);
  const ids = [error ? `${id}-error` : "", help ? `${id}-help` : ""].filter(Boolean);
  return {
    id,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": ids.length ? ids.join(" ") : undefined,
  };
}

/** The input a registry field asks for: text, textarea, url, date, number or select. */
export function ScalarControl({
  field,
  name,
  value,
  error,
  compact = false,
}: {
  field: ScalarField;
  name: string;
  value: string;
  error?: string;
  /** Inside a row: fewer lines for text areas, no help text. */
  compact?: boolean;
}) {
  const aria = describedBy(name, { help: !compact && field.help, error });
  const common = { ...aria, defaultValue: value, required: field.required, className: inputClass };
  switch (field.type) {
    case "textarea":
      return (
        <textarea
          {...common}
          rows={compact ? 2 : field.name === "summary" ? 4 : 3}
          maxLength={field.max}
        />
      );
    case "number":
      return (
        <input {...common} type="number" inputMode="numeric" min={0} step={1} max={field.max} />
      );
    case "date":
      return <input {...common} type="date" />;
    case "url":
      return <input {...common} type="url" inputMode="url" placeholder="https://" />;
    case "select":
      return (
        <select {...common}>
          <option value="">{field.required ? "Choose…" : "—"}</option>
          {(field.options ?? []).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
    default:
      return <input {...common} type="text" maxLength={field.max} />;
  }
}

/** A whole scalar field: label, control, help and error. */
export function ScalarFieldInput({
  field,
  name,
  value,
  error,
}: {
  field: ScalarField;
  name: string;
  value: string;
  error?: string;
}) {
  return (
    <FieldShell
      name={name}
      label={field.label}
      required={field.required}
      help={field.help}
      error={error}
      className={field.type === "textarea" ? "sm:col-span-2" : ""}
    >
      <ScalarControl field={field} name={name} value={value} error={error} />
    </FieldShell>
  );
}
