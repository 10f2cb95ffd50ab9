import { useEffect, useRef } from "react";
import { useBlocker } from "react-router";

/**
 * Warn before unsaved changes are lost: the browser's own prompt when the tab is closed or
 * reloaded, and a dialog for links inside the app. Submitting the form itself is not leaving.
 */
export function useUnsavedChanges(dirty: boolean) {
  const submitting = useRef(false);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (submitting.current) return;
      event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !submitting.current && currentLocation.pathname !== nextLocation.pathname,
  );
  return {
    blocker,
    /** Call when the form is submitted, so its own navigation is not held up. */
    markSubmitting(on = true) {
      submitting.current = on;
    },
  };
}

export function LeaveDialog({ blocker }: { blocker: ReturnType<typeof useBlocker> }) {
  const stay = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (blocker.state === "blocked") stay.current?.focus();
  }, [blocker.state]);
  if (blocker.state !== "blocked") return null;
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/40 p-4">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="leave-title"
        aria-describedby="leave-text"
        className="w-full max-w-sm rounded-app bg-white p-5 shadow-lg"
      >
        <h2 id="leave-title" className="text-lg font-semibold">
          Leave without saving?
        </h2>
        <p id="leave-text" className="mt-2 text-sm text-muted">
          You have changes that are not saved. If you leave now, they are lost.
        </p>
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <button
            ref={stay}
            type="button"
            onClick={() => blocker.reset?.()}
            className="rounded-app bg-primary px-4 py-2 text-sm font-semibold text-white"
          >
            Stay on this page
          </button>
          <button
            type="button"
            onClick={() => blocker.proceed?.()}
            className="rounded-app border border-red-300 px-4 py-2 text-sm font-semibold text-red-700"
          >
            Leave without saving
          </button>
        </div>
      </div>
    </div>
  );
}
