import { useRef, useState, type ReactNode } from "react";
import type { ScalarField } from "~/content/fields.ts";
import { inputId } from "~/content/form-data.ts";
import { FieldConflict } from "./edit-conflicts.tsx";
import { useHydrated } from "./use-hydrated.ts";

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
      <FieldConflict name={name} />
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
  lang,
}: {
  field: ScalarField;
  name: string;
  value: string;
  error?: string;
  /** Inside a row: fewer lines for text areas, no help text. */
  compact?: boolean;
  /** "hi" for the Hindi twin of a field (spell check and fonts follow it). */
  lang?: string;
}) {
  const aria = describedBy(name, { help: !compact && field.help, error });
  const common = {
    ...aria,
    defaultValue: value,
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
      {field.upload ? <UploadControl name={name} accept={field.upload} /> : null}
    </FieldShell>
  );
}

/** "240 KB", "3.4 MB". */
function formatSize(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
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
      const answer = (await res.json().catch(() => ({}))) as {
        url?: string;
        name?: string;
        size?: number;
        error?: string;
      };
      if (!res.ok || !answer.url) {
        return setState({ error: answer.error ?? `The upload failed (HTTP ${res.status}).` });
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
            The address above then points at the copy kept on this site.
          </span>
        )}
      </p>
    </div>
  );
}
