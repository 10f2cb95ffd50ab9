import type { Ref } from "react";
import { STATUSES, type Status } from "~/content/kinds/schema.ts";
import { buttonClass } from "../banner.tsx";
import { conflictAnchor } from "../edit-conflicts.tsx";
import { primaryLabel } from "./labels.ts";

/**
 * The bar at the foot of the form: what stops a save (an undecided conflict) or that something is
 * unsaved, the preview link, and the buttons this person may press.
 */
export function SaveBar({
  undecided,
  blocked,
  dirty,
  reveal,
  previewHref,
  suggestOnly,
  canPublish,
  busy,
  savedStatus,
  primaryRef,
}: {
  /** The conflict marks still to decide, in order. */
  undecided: readonly { key: string }[];
  blocked: boolean;
  dirty: boolean;
  reveal: (key: string) => void;
  previewHref: string | null;
  suggestOnly: boolean;
  canPublish: boolean;
  busy: boolean;
  savedStatus: Status | null;
  primaryRef: Ref<HTMLButtonElement>;
}) {
  return (
    <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-end gap-2 border-t border-stone-200 bg-white/95 px-4 py-3 backdrop-blur md:-mx-6 md:px-6 lg:col-span-2">
      {blocked ? (
        <span className="mr-auto text-xs font-semibold text-amber-900" role="status">
          Choose &ldquo;use theirs&rdquo; or &ldquo;keep mine&rdquo; for{" "}
          <a
            href={`#${conflictAnchor(undecided[0].key)}`}
            className="underline"
            onClick={(event) => {
              event.preventDefault();
              reveal(undecided[0].key);
            }}
          >
            {undecided.length === 1 ? "the marked field" : `the ${undecided.length} marked fields`}
          </a>{" "}
          first.
        </span>
      ) : dirty ? (
        <span className="mr-auto text-xs text-muted" role="status">
          Unsaved changes
        </span>
      ) : null}
      {previewHref ? (
        <a href={previewHref} target="_blank" rel="noopener" className={buttonClass.quiet}>
          Preview<span className="sr-only"> (opens in a new tab)</span> ↗
        </a>
      ) : (
        <span className="hidden text-xs text-muted sm:inline">Save once to preview.</span>
      )}
      {suggestOnly ? (
        <button
          type="submit"
          name="intent"
          value="suggest"
          disabled={busy}
          className={buttonClass.primary}
        >
          {busy ? "Sending..." : "Send as a suggested change"}
        </button>
      ) : canPublish ? (
        // One control decides: the Status select. The button says what it will do with the
        // chosen status (admin.css shows the matching label, with or without JavaScript).
        <button
          ref={primaryRef}
          type="submit"
          name="intent"
          value="save"
          disabled={busy || blocked}
          className={`entry-primary ${buttonClass.primary}`}
        >
          {busy
            ? "Saving..."
            : STATUSES.map((s) => (
                <span key={s} className={`when-${s}`}>
                  {primaryLabel(s, savedStatus)}
                </span>
              ))}
        </button>
      ) : (
        // An author's two choices are the two buttons; there is no status to pick.
        <>
          <button
            type="submit"
            name="intent"
            value="draft"
            disabled={busy || blocked}
            className={buttonClass.secondary}
          >
            Save draft
          </button>
          <button
            type="submit"
            name="intent"
            value="submit"
            disabled={busy || blocked}
            className={buttonClass.primary}
          >
            {busy ? "Saving..." : "Submit for review"}
          </button>
        </>
      )}
    </div>
  );
}
