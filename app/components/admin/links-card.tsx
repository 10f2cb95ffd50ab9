import { Link } from "react-router";
import type { AdminListedLink } from "~/link-monitor/admin-links.ts";
import { LINK_GROUPS, type LinkGroup } from "~/link-monitor/rules.ts";
import type { LinkState } from "~/content/link-states.ts";
import { buttonClass } from "./banner.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { LINK_GROUP_LABELS, LinkStateBadge } from "./link-findings.tsx";

/** The groups the dashboard counts, each a link to the Links screen's tab. */
const COUNTED: LinkGroup[] = ["broken", "off-official", "moved", "unreachable", "unchecked"];

/**
 * The dashboard's card of the link monitor (issue 30): how many links of open entries are in
 * each group, and the notice of links of open jobs that broke and nobody has marked checked.
 */
export function LinksCard({
  links,
  className,
  headingClass,
}: {
  links: {
    counts: Partial<Record<LinkState, number>>;
    lastCheckedAt: string | null;
    newlyBroken: AdminListedLink[];
    unreviewed: number;
  };
  className: string;
  headingClass: string;
}) {
  const countOf = (group: LinkGroup) =>
    LINK_GROUPS[group].reduce((n, state) => n + (links.counts[state] ?? 0), 0);
  return (
    <section className={className} aria-labelledby="links-title">
      <h2 id="links-title" className={headingClass}>
        Official links
        <Link to="/admin/links" className="text-sm font-normal text-accent underline">
          Links screen
        </Link>
      </h2>
      {links.unreviewed > 0 ? (
        <div role="status" className="mb-3 rounded-app border border-red-300 bg-red-50 p-3 text-sm">
          <p className="font-semibold text-red-800">
            {links.unreviewed === 1
              ? "1 link of an open job stopped working"
              : `${links.unreviewed} links of open jobs stopped working`}
          </p>
          <ul className="mt-1 space-y-1">
            {links.newlyBroken.map((l) => (
              <li key={l.id} className="flex flex-wrap items-baseline gap-x-2">
                <LinkStateBadge state={l.state} />
                <Link to={l.entry.editHref} className="font-semibold underline">
                  {l.entry.title}
                </Link>
                <span className="text-muted">
                  {l.place} · since {formatDateTime(l.brokenSince)}
                </span>
              </li>
            ))}
          </ul>
          <Link to="/admin/links" className={`${buttonClass.secondary} mt-2`}>
            Look at them
          </Link>
        </div>
      ) : null}
      <ul className="flex flex-wrap gap-2 text-sm">
        {COUNTED.map((group) => (
          <li key={group}>
            <Link
              to={`/admin/links?group=${group}`}
              className="inline-block rounded-full border border-stone-300 px-3 py-1 no-underline hover:bg-stone-50"
            >
              {LINK_GROUP_LABELS[group]}:{" "}
              <span className="font-semibold tabular-nums">{countOf(group)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-muted">
        {links.lastCheckedAt
          ? `Last check ${formatDateTime(links.lastCheckedAt)}.`
          : "No link has been checked yet."}{" "}
        Working: {links.counts.ok ?? 0}.
      </p>
    </section>
  );
}
