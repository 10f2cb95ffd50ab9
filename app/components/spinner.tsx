/** A small turning ring. `label` is what a screen reader hears; without it the ring is decoration. */
export function Spinner({ label, className = "" }: { label?: string; className?: string }) {
  return (
    <span
      role={label ? "status" : undefined}
      className={`inline-flex items-center gap-2 ${className}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-5 animate-spin text-primary motion-reduce:animate-none"
      >
        <circle
          cx="12"
          cy="12"
          r="9"
          fill="none"
          stroke="currentColor"
          strokeOpacity="0.25"
          strokeWidth="3"
        />
        <path
          d="M21 12a9 9 0 0 0-9-9"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
        />
      </svg>
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}

/**
 * The loading screen of client-side navigations (spec §2: "Loading..."): a slim bar across the
 * top of the window. The status region is always present so screen readers announce the change.
 */
export function NavigationProgress({ busy, label }: { busy: boolean; label: string }) {
  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 top-0 z-50">
      {busy && (
        <>
          <div
            className="h-1 w-full animate-pulse bg-accent shadow-[0_0_8px_var(--color-accent)]"
            data-testid="navigation-progress"
          />
          <span className="absolute top-2 right-2 rounded-app bg-ink/85 px-2 py-0.5 text-xs font-semibold text-white">
            {label}
          </span>
        </>
      )}
    </div>
  );
}
