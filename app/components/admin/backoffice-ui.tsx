import { useEffect, type ReactNode } from "react";
import { Link } from "react-router";
import { FieldShell, describedBy, inputClass } from "./field-input.tsx";

/**
 * Pieces shared by the back-office screens other than entry management (SEO tools, settings,
 * site pages, messages, users). Fields reuse the entry editor's FieldShell so every admin form
 * looks and reads alike.
 */

/** "22 Nov 2026, 18:05" in Indian time: one formatter for every admin screen. */

/** Styles for sanitized rich text (site pages), without a typography plugin. */
export const RICH_TEXT_CLASS =
  "text-sm leading-relaxed text-ink [&_a]:text-accent [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-stone-300 [&_blockquote]:pl-3 [&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:mb-1 [&_h3]:font-semibold [&_li]:my-1 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6";

export function TextField({
  name,
  label,
  defaultValue,
  error,
  help,
  type = "text",
  required,
  maxLength,
  autoComplete,
  inputMode,
  min,
  max,
  step,
  className,
  lang,
  idPrefix,
}: {
  name: string;
  label: ReactNode;
  defaultValue?: string | number;
  error?: string;
  help?: ReactNode;
  type?: "text" | "email" | "url" | "number" | "password" | "tel";
  required?: boolean;
  maxLength?: number;
  autoComplete?: string;
  inputMode?: "numeric" | "email" | "url" | "tel" | "text";
  min?: number;
  max?: number;
  step?: number;
  className?: string;
  /** "hi" for a Hindi text. */
  lang?: string;
  /** A second form on the page with the same field names (FieldShell's `idPrefix`). */
  idPrefix?: string;
}) {
  return (
    <FieldShell
      name={name}
      label={label}
      required={required}
      help={help}
      error={error}
      className={className}
      idPrefix={idPrefix}
    >
      <input
        {...describedBy(name, { help, error, idPrefix })}
        type={type}
        defaultValue={defaultValue}
        maxLength={maxLength}
        autoComplete={autoComplete}
        inputMode={inputMode}
        min={min}
        max={max}
        step={step}
        lang={lang}
        className={inputClass}
      />
    </FieldShell>
  );
}

export function TextAreaField({
  name,
  label,
  defaultValue,
  error,
  help,
  rows = 4,
  required,
  maxLength,
  monospace,
  className,
  lang,
}: {
  name: string;
  label: ReactNode;
  defaultValue?: string;
  /** Not used by a text area; here so a form's FieldProps can be spread onto either field. */
  min?: number;
  max?: number;
  error?: string;
  help?: ReactNode;
  rows?: number;
  required?: boolean;
  maxLength?: number;
  monospace?: boolean;
  className?: string;
  lang?: string;
}) {
  return (
    <FieldShell
      name={name}
      label={label}
      required={required}
      help={help}
      error={error}
      className={className}
    >
      <textarea
        {...describedBy(name, { help, error })}
        rows={rows}
        defaultValue={defaultValue}
        maxLength={maxLength}
        lang={lang}
        className={`${inputClass} ${monospace ? "font-mono text-xs" : ""}`}
      />
    </FieldShell>
  );
}

/**
 * A table that may be wider than the screen (issue 29: the Users table was cut off at 360 px with
 * nothing to say so): it scrolls sideways, with a shadow on the side that has more and, on a
 * phone, a line that says so.
 */
export function ScrollTable({
  children,
  className = "",
}: {
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <>
      <p className="mb-1 text-xs text-muted sm:hidden">
        Swipe the table sideways for every column →
      </p>
      <div className={`scroll-cue relative ${className}`}>{children}</div>
    </>
  );
}

/** A titled block of an admin screen; `id` makes it a jump target for in-page links. */
export function SectionCard({
  id,
  title,
  description,
  children,
  actions,
}: {
  id?: string;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="mb-6 scroll-mt-4 rounded-app border border-stone-200 bg-white p-4 shadow-xs md:p-5"
    >
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold text-ink">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

/** Previous / next links for a list that shares its screen with others (own query parameter). */
export function Pager({
  page,
  pages,
  hrefFor,
  label,
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
  label: string;
}) {
  if (pages <= 1) return null;
  const link =
    "rounded-app border border-stone-300 bg-white px-3 py-1.5 text-sm text-accent no-underline hover:bg-stone-100";
  return (
    <nav aria-label={label} className="mt-3 flex flex-wrap items-center gap-3 text-sm">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className={link}>
          ‹ Previous
        </Link>
      ) : null}
      <span className="text-muted">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} rel="next" className={link}>
          Next ›
        </Link>
      ) : null}
    </nav>
  );
}

/** The 1-based page number in a query parameter; anything odd is page 1. */
export function pageParam(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n < 100_000 ? n : 1;
}

/**
 * After a refused save, move focus to the first field marked invalid: the page does not scroll on
 * its own, and a screen-reader user hears the field and its message straight away.
 */
export function useFocusFirstError(result: unknown) {
  useEffect(() => {
    if (!result) return;
    // A form held by Conform (useAdminForm) marks its fields in the render after the reply:
    // look once that render is on the page, or the banner would be taken for the first error.
    const frame = requestAnimationFrame(() => {
      const field =
        document.querySelector<HTMLElement>("main [aria-invalid=true]:not([hidden])") ??
        document.querySelector<HTMLElement>("main [role=alert]");
      if (!field) return;
      if (field.getAttribute("role") === "alert" && !field.hasAttribute("tabindex"))
        field.setAttribute("tabindex", "-1");
      field.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [result]);
}
