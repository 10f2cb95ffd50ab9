import { useT } from "~/i18n/context.tsx";
import type { AdminLink } from "~/link-monitor/admin-links.ts";
import type { LinkGroup } from "~/link-monitor/rules.ts";
import type { LinkState } from "~/content/link-states.ts";
import { formatDateTime } from "~/lib/format.ts";

/** The Links screen's groups (app/link-monitor/rules.ts LINK_GROUPS), as its tabs say them. */
export const LINK_GROUP_LABELS: Record<LinkGroup, string> = {
  problems: "Needs a look",
  broken: "Broken",
  "off-official": "Off the official hosts",
  moved: "Moved",
  unreachable: "No answer",
  unchecked: "Not checked yet",
  all: "All",
};

const TONE: Record<LinkState, string> = {
  unchecked: "bg-stone-200 text-stone-800",
  ok: "bg-secondary-light text-secondary",
  moved: "bg-accent-light text-accent",
  broken: "bg-red-100 text-red-800",
  "soft-404": "bg-red-100 text-red-800",
  "off-official": "bg-red-100 text-red-800",
  "known-fake": "bg-red-700 text-white",
  unreachable: "bg-amber-100 text-amber-900",
  refused: "bg-amber-100 text-amber-900",
};

/** A link's state as a coloured label (the words from the `linkStatus` strings). */
export function LinkStateBadge({ state }: { state: LinkState }) {
  const t = useT("linkStates");
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${TONE[state]}`}
    >
      {t.states[state]}
    </span>
  );
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** What the last check found of a link, and when; the address itself, whole. */
export function LinkFindings({ link }: { link: AdminLink }) {
  const t = useT("linkStates");
  const answer =
    link.status !== null
      ? `answered ${link.status}${link.contentType ? ` (${link.contentType})` : ""}`
      : link.reason
        ? (t.reasons[link.reason] ?? link.reason)
        : null;
  const ends = link.finalUrl && link.finalUrl !== link.url ? link.finalUrl : null;
  return (
    <div className="mt-1 space-y-0.5 text-sm">
      <p className="break-all text-ink">{link.url}</p>
      {link.chain.length > 0 || ends ? (
        <p className="break-all text-muted">
          {link.chain.length > 0
            ? `${link.chain.map((h) => `${hostOf(h.url)} (${h.status})`).join(" → ")} → `
            : "→ "}
          <span
            className={
              link.state === "off-official" || link.state === "known-fake"
                ? "font-semibold text-red-800"
                : "text-ink"
            }
          >
            {ends ?? link.url}
          </span>
        </p>
      ) : null}
      <p className="text-xs text-muted">
        {link.checkedAt ? (
          <>
            Checked {formatDateTime(link.checkedAt)}
            {answer ? `: ${answer}` : ""}
          </>
        ) : (
          "Not checked yet"
        )}
        {link.lastOkAt && link.state !== "ok" && link.state !== "moved"
          ? ` · last working ${formatDateTime(link.lastOkAt)}`
          : ""}
        {link.brokenSince ? ` · not working since ${formatDateTime(link.brokenSince)}` : ""}
        {link.reviewedAt && !link.needsReview
          ? ` · marked checked by ${link.reviewedBy ?? "an editor"} ${formatDateTime(link.reviewedAt)}`
          : ""}
      </p>
    </div>
  );
}
