// What the entry editor says above its form: a save refused by an edit conflict or because an
// editor took the entry, an author's suggested changes, and what a save did.
import { useContext } from "react";
import { Link } from "react-router";
import { Banner, Refusal } from "~/components/admin/banner.tsx";
import { DiffTable } from "~/components/admin/diff-table.tsx";
import { conflictAnchor, EditConflictsContext } from "~/components/admin/edit-conflicts.tsx";
import { inputLabel } from "~/components/admin/entry-form/labels.ts";
import { formatDateTime } from "~/lib/format.ts";
import { REGISTRY } from "~/content/registry.ts";
import type { Rejection } from "./rejection.ts";

/**
 * Someone saved while this editor was editing: said where the editor is (the focus comes here),
 * with the fields both changed, each marked in place below, and those taken into the form.
 */
export function StaleNotice({
  stale,
  kind,
}: {
  stale: NonNullable<Rejection["stale"]>;
  kind: Parameters<typeof inputLabel>[0];
}) {
  const conflicts = useContext(EditConflictsContext);
  const label = REGISTRY[kind].label.toLowerCase();
  const link = (key: string) => (
    <a
      href={`#${conflictAnchor(key)}`}
      className="font-semibold underline"
      onClick={(event) => {
        if (!conflicts) return;
        event.preventDefault();
        conflicts.reveal(key);
      }}
    >
      {inputLabel(kind, key)}
    </a>
  );
  const n = stale.conflicts.length;
  return (
    <Refusal>
      <p className="font-semibold">
        {stale.again
          ? "Not saved yet: choose “use theirs” or “keep mine” for each marked field."
          : `Not saved: ${stale.by} saved this ${label} at ${formatDateTime(stale.at)} (India time), after you opened it. Nothing was overwritten.`}
      </p>
      {n > 0 ? (
        <div>
          <p>
            {n === 1 ? "One field" : `${n} fields`} changed by both of you {n === 1 ? "is" : "are"}{" "}
            marked where {n === 1 ? "it is" : "they are"}, with both values. Choose for each, then
            save:
          </p>
          <ul className="mt-1 list-disc pl-5">
            {stale.conflicts.map((c) => (
              <li key={c.key}>{link(c.key)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {stale.adopted.length > 0 ? (
        <p>
          What only {stale.by} changed is now in the form:{" "}
          {stale.adopted.map((a, i) => (
            <span key={a.key}>
              {i > 0 ? ", " : ""}
              {link(a.key)}
            </span>
          ))}
          .
        </p>
      ) : null}
      {!stale.again ? (
        <p>
          Everything else you typed is still in the form.{" "}
          {n > 0
            ? "Once you have chosen, saving keeps their changes and yours."
            : "Saving now keeps their changes and yours."}
        </p>
      ) : null}
      {stale.changes.length > 0 ? (
        <details>
          <summary className="cursor-pointer font-semibold">Everything {stale.by} changed</summary>
          <div className="mt-2">
            <DiffTable
              lines={stale.changes}
              beforeTitle="When you opened it"
              afterTitle="Saved now"
            />
          </div>
        </details>
      ) : null}
    </Refusal>
  );
}

const STATUS_VERB: Record<string, string> = {
  published: "published",
  scheduled: "scheduled",
  archived: "archived",
};

/** "admin published this job at 26 Nov 2026, 19:43" (who and when, as far as the history says). */
export function whoTook(
  taken: { by: string | null; at: string | null } | null,
  status: string,
  label: string,
) {
  const verb = STATUS_VERB[status] ?? "changed";
  const who = taken?.by ? taken.by.charAt(0).toUpperCase() + taken.by.slice(1) : "An editor";
  return `${who} ${verb} this ${label}${taken?.at ? ` at ${formatDateTime(taken.at)} (India time)` : ""}`;
}

/** An author's save of an entry an editor has published since: what happened, what to do. */
export function TakenNotice({
  taken,
  label,
}: {
  taken: NonNullable<Rejection["taken"]>;
  label: string;
}) {
  return (
    <Refusal>
      <p className="font-semibold">
        Not saved: {whoTook(taken, taken.status, label)}, after you opened it. You can no longer
        change it yourself.
      </p>
      <p>
        Everything you typed is still in the form below. Press{" "}
        <strong>Send as a suggested change</strong> to send it to the editors: they see exactly what
        you changed, and apply it or decline it.
      </p>
    </Refusal>
  );
}

export interface SuggestionSummary {
  id: string;
  state: string;
  createdAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
  authorName: string | null;
}

/** What became of an author's suggested changes of this entry. */
export function SuggestionsList({ suggestions }: { suggestions: SuggestionSummary[] }) {
  if (suggestions.length === 0) return null;
  return (
    <div className="mt-2">
      <span className="font-semibold">Your suggested changes:</span>
      <ul className="mt-1 list-disc pl-5">
        {suggestions.map((x) => (
          <li key={x.id}>
            Sent {formatDateTime(x.createdAt)}:{" "}
            {x.state === "suggested"
              ? "waiting for an editor."
              : `${x.state} by ${x.decidedBy ?? "an editor"}${x.decidedAt ? ` on ${formatDateTime(x.decidedAt)}` : ""}.`}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** For an editor: suggested changes of this entry wait in the review queue. */
export function WaitingSuggestions({ suggestions }: { suggestions: SuggestionSummary[] }) {
  if (suggestions.length === 0) return null;
  return (
    <Banner tone="info">
      {suggestions.length === 1
        ? `${suggestions[0].authorName ?? "An author"} suggested a change to this entry.`
        : `${suggestions.length} suggested changes to this entry are waiting.`}{" "}
      <Link to="/admin" className="font-semibold underline">
        Review them on the dashboard
      </Link>
    </Banner>
  );
}

export function SavedBanner({
  saved,
  status,
  publicHref,
  publishAt,
  label,
}: {
  saved: string;
  status: string;
  publicHref: string;
  publishAt: string | null;
  label: string;
}) {
  if (saved === "restored") {
    return <Banner tone="success">Restored from the trash.</Banner>;
  }
  if (saved === "duplicated") {
    return (
      <Banner tone="success">
        This is a new draft copy. Change what differs (the title, dates, links), then publish it.
      </Banner>
    );
  }
  return (
    <Banner tone="success">
      {status === "published" ? (
        <>
          Saved and published.{" "}
          <a href={publicHref} className="font-semibold underline">
            View the {label.toLowerCase()} on the site
          </a>
        </>
      ) : status === "scheduled" ? (
        <>
          Saved. It goes public on{" "}
          {publishAt ? `${formatDateTime(publishAt)} (India time)` : "its publish time"}.
        </>
      ) : status === "draft" ? (
        "Draft saved. It is not on the site."
      ) : status === "pending" ? (
        "Submitted for review. An editor will publish it; until then it is not on the site."
      ) : (
        "Saved as archived. It is not on the site."
      )}
    </Banner>
  );
}
