import { useEffect, useRef, type ReactNode } from "react";

const TONES = {
  success: "border-secondary/40 bg-secondary-light text-secondary",
  error: "border-red-300 bg-red-50 text-red-800",
  info: "border-accent/30 bg-accent-light text-accent",
  warning: "border-amber-300 bg-amber-50 text-amber-900",
} as const;

/** A message across the top of an admin screen. */
export function Banner({
  tone,
  children,
  id,
}: {
  tone: keyof typeof TONES;
  children: ReactNode;
  id?: string;
}) {
  return (
    <div
      id={id}
      role={tone === "error" ? "alert" : "status"}
      tabIndex={tone === "error" ? -1 : undefined}
      className={`mb-4 rounded-app border px-4 py-3 text-sm ${TONES[tone]}`}
    >
      {children}
    </div>
  );
}

/**
 * A refused action said where the person's attention goes: focused when drawn, so a keyboard or
 * screen reader user is there, and a long form scrolls back to it.
 */
export function Refusal({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="mb-4 space-y-2 rounded-app border-2 border-red-400 bg-red-50 px-4 py-3 text-sm text-red-950"
    >
      {children}
    </div>
  );
}

/** The heading row of an admin screen: title on the left, actions on the right. */
export function AdminPageHeader({
  title,
  children,
  crumbs,
}: {
  title: ReactNode;
  children?: ReactNode;
  crumbs?: ReactNode;
}) {
  return (
    <div className="mb-4">
      {crumbs ? <div className="mb-1 text-sm text-muted">{crumbs}</div> : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-ink sm:text-2xl">{title}</h1>
        {children ? <div className="flex flex-wrap items-center gap-2">{children}</div> : null}
      </div>
    </div>
  );
}

export const buttonClass = {
  primary:
    "inline-flex items-center justify-center rounded-app bg-primary px-4 py-2 text-sm font-semibold text-white no-underline hover:bg-primary-dark disabled:opacity-60",
  secondary:
    "inline-flex items-center justify-center rounded-app border border-stone-300 bg-white px-4 py-2 text-sm font-semibold text-ink no-underline hover:bg-stone-50 disabled:opacity-60",
  quiet:
    "inline-flex items-center justify-center rounded-app px-3 py-2 text-sm font-semibold text-accent underline hover:bg-accent-light",
} as const;
