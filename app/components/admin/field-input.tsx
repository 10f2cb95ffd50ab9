import { useRef, useState, type ReactNode } from "react";
import type { ScalarField } from "~/content/fields.ts";
import { inputId } from "~/content/form-data.ts";
import type { FormReply } from "~/lib/form-contract.ts";
import { formErrorOf } from "~/lib/form-reply.ts";
import { FieldConflict } from "./edit-conflicts.tsx";
import { formatSize } from "./format.ts";
import { SuggestionMark } from "./suggestion-mark.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";

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
  idPrefix = "",
  children,
}: {
  name: string;
  label: ReactNode;
  required?: boolean;
  help?: ReactNode;
  error?: string;
  className?: string;
  /** Two forms on one page with the same field names: each its own ids (`fake-f-source`). */
  idPrefix?: string;
  children: ReactNode;
}) {
  const id = idPrefix + inputId(name);
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
      <SuggestionMark name={name} />
      <FieldNotes id={id} help={help} error={error} />
      <FieldConflict name={name} />
    </div>
  );
}

/** A field's help and its error, under it; `describedBy` points the input at them. */
function FieldNotes({ id, help, error }: { id: string; help?: ReactNode; error?: string }) {
  return (
    <>
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
    </>
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
export function describedBy(
  name: string,
  { help, error, idPrefix = "" }: { help?: unknown; error?: unknown; idPrefix?: string },
) {
  const id = idPrefix + inputId(name);
  const ids = [error ? `${id}-error` : "", help ? `${id}-help` : ""].filter(Boolean);
  return {
    id,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": ids.length ? ids.join(" ") : undefined,
  };
}

/** What an input holds: text, or the ticked values of a group of boxes. */
export type ControlValue = string | readonly string[];

const listOf = (value: ControlValue | undefined) =>
  Array.isArray(value)
    ? (value as readonly string[])
    : typeof value === "string" && value
      ? [value]
      : [];

/**
 * A "choices" field's boxes, one per option. A ticked box sends `name[i]` (i: the option's place),
 * so the form's parser reads a list whatever is ticked. Compact (in a table row): the boxes fold
 * under a summary of what is ticked, so a row stays one line until it is opened.
 */
export function ChoicesControl({
  field,
  name,
  value,
  error,
  compact = false,
}: {
  field: ScalarField;
  name: string;
  value: ControlValue;
  error?: string;
  compact?: boolean;
}) {
  const options = field.options ?? [];
  const [chosen, setChosen] = useState<readonly string[]>(() => listOf(value));
  const id = inputId(name);
  const boxes = (
    <div
      className={
        compact
          ? "mt-1 grid grid-cols-[repeat(auto-fill,minmax(12rem,1fr))] gap-1 rounded-app border border-stone-300 bg-white p-2"
          : "mt-1 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2"
      }
    >
      {options.map((option, i) => (
        <label key={option.value} className="flex items-center gap-2 text-sm text-ink">
          <input
            type="checkbox"
            name={`${name}[${i}]`}
            value={option.value}
            defaultChecked={chosen.includes(option.value)}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              setChosen((was) =>
                on ? [...was, option.value] : was.filter((v) => v !== option.value),
              );
            }}
            className="h-4 w-4 shrink-0"
          />
          {option.label}
        </label>
      ))}
    </div>
  );
  if (!compact) return boxes;
  const labels = options.filter((o) => chosen.includes(o.value)).map((o) => o.label);
  return (
    <details id={id} data-choices={name}>
      <summary
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${inputBase} mt-1 cursor-pointer truncate`}
      >
        <span className="sr-only">{field.label}: </span>
        {labels.length ? labels.join(", ") : "—"}
      </summary>
      <fieldset>
        <legend className="sr-only">{field.label}</legend>
        {boxes}
      </fieldset>
    </details>
  );
}

/** What a whole field of the editor is drawn from. */
interface FieldInputProps {
  field: ScalarField;
  name: string;
  value: ControlValue;
  error?: string;
}

/** A "choices" field on its own: its legend, the boxes, its help and error. */
function ChoicesFieldInput({ field, name, value, error }: FieldInputProps) {
  // The boxes carry their own names; the group is what the error summary's link focuses.
  const { name: _, ...aria } = describedBy(name, { help: field.help, error });
  return (
    <fieldset {...aria} tabIndex={-1} data-field={name} className="sm:col-span-2">
      <legend className="text-sm font-semibold text-ink">{field.label}</legend>
      <ChoicesControl field={field} name={name} value={value} error={error} />
      <FieldNotes id={aria.id} help={field.help} error={error} />
    </fieldset>
  );
}

/** The input a registry field asks for: text, textarea, url, date, number, select or choices. */
export function ScalarControl({
  field,
  name,
  value,
  error,
  compact = false,
  lang,
}: {
  field: ScalarField;
  name: string;
  value: ControlValue;
  error?: string;
  /** Inside a row: fewer lines for text areas, no help text. */
  compact?: boolean;
  /** "hi" for the Hindi twin of a field (spell check and fonts follow it). */
  lang?: string;
}) {
  if (field.type === "choices") {
    return <ChoicesControl field={field} name={name} value={value} error={error} compact />;
  }
  const aria = describedBy(name, { help: !compact && field.help, error });
  const common = {
    ...aria,
    defaultValue: typeof value === "string" ? value : "",
    required: field.required,
    lang,
    className: inputClass,
  };
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
export function ScalarFieldInput({ field, name, value, error }: FieldInputProps) {
  if (field.type === "choices") {
    return <ChoicesFieldInput field={field} name={name} value={value} error={error} />;
  }
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
      {field.upload ? <UploadControl name={name} accept={field.upload} /> : null}
    </FieldShell>
  );
}

/**
 * Beside a url field that may hold a file kept on this site (`field.upload`): choose a file,
 * upload it to /admin/files, and the field gets its address (`/files/<sha256>.pdf`) as if typed,
 * so the form knows it changed. The server's refusal is shown as it words it. Needs JavaScript;
 * without it the editor pastes an address as before.
 */
function UploadControl({ name, accept }: { name: string; accept: "pdf" }) {
  const hydrated = useHydrated();
  const fileRef = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<{ busy?: boolean; error?: string; done?: string }>({});
  if (!hydrated) return null;
  const id = `${inputId(name)}-upload`;

  async function upload() {
    const file = fileRef.current?.files?.[0];
    if (!file) return setState({ error: "Choose a PDF file first." });
    setState({ busy: true });
    const body = new FormData();
    body.set("file", file);
    body.set("accept", accept);
    try {
      const res = await fetch("/admin/files", { method: "POST", body, redirect: "manual" });
      // The guard sends a visitor whose session has ended to the sign-in page.
      if (res.type === "opaqueredirect") {
        return setState({
          error: "You are no longer signed in as an admin. Sign in again, then upload.",
        });
      }
      // The stored file, or the one form reply with the refusal's message.
      const answer = (await res.json().catch(() => ({}))) as FormReply & {
        url?: string;
        name?: string;
        size?: number;
      };
      if (!res.ok || !answer.url) {
        return setState({
          error: formErrorOf(answer) ?? `The upload failed (HTTP ${res.status}).`,
        });
      }
      const target = document.getElementById(inputId(name));
      if (target instanceof HTMLInputElement) {
        // React tracks the value it last saw: set it past React so the change event counts.
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(
          target,
          answer.url,
        );
        target.dispatchEvent(new Event("input", { bubbles: true }));
        target.dispatchEvent(new Event("change", { bubbles: true }));
        // Re-check the field (the form checks on blur) without moving the focus.
        target.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
      }
      if (fileRef.current) fileRef.current.value = "";
      setState({ done: `Uploaded ${answer.name ?? file.name} (${formatSize(answer.size ?? 0)}).` });
    } catch {
      setState({
        error: "The upload did not reach the server. Check the connection and try again.",
      });
    }
  }

  return (
    <div className="mt-2 rounded-app border border-dashed border-stone-300 p-2">
      <label htmlFor={id} className="block text-xs font-semibold text-ink">
        Or upload the PDF
      </label>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <input
          ref={fileRef}
          id={id}
          type="file"
          accept={accept === "pdf" ? "application/pdf,.pdf" : undefined}
          aria-describedby={`${id}-status`}
          onChange={() => setState({})}
          className="min-w-0 flex-1 text-sm"
        />
        <button
          type="button"
          onClick={upload}
          disabled={state.busy}
          className="rounded-app border-2 border-secondary px-3 py-1 text-sm font-semibold text-secondary disabled:opacity-60"
        >
          {state.busy ? "Uploading…" : "Upload"}
        </button>
      </div>
      <p id={`${id}-status`} aria-live="polite" className="mt-1 text-xs">
        {state.error ? (
          <strong className="text-red-700" role="alert">
            {state.error}
          </strong>
        ) : state.done ? (
          <span className="text-green-800">{state.done}</span>
        ) : (
          <span className="text-muted">
            The address above then points at the copy kept on this site, public once the entry is
            published.
          </span>
        )}
      </p>
    </div>
  );
}
