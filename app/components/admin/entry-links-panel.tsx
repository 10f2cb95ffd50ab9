import { Link } from "react-router";
import type { AdminLink } from "~/link-monitor/admin-links.ts";
import { LinkFindings, LinkStateBadge } from "./link-findings.tsx";

/**
 * An entry's links as the link monitor last found them (issue 30), above its form. Published
 * entries' links are checked daily and when they change; a draft's when it is published.
 */
export function EntryLinksPanel({ links, published }: { links: AdminLink[]; published: boolean }) {
  if (links.length === 0) return null;
  const needing = links.filter((l) => l.needsReview).length;
  return (
    <details
      open={needing > 0}
      className={`mb-4 rounded-app border bg-white p-3 text-sm ${needing > 0 ? "border-red-300" : "border-stone-200"}`}
    >
      <summary className="cursor-pointer font-semibold">
        Links: {links.filter((l) => l.state === "ok" || l.state === "moved").length} of{" "}
        {links.length} working
        {needing > 0 ? `, ${needing} stopped working` : ""}
        {published ? "" : " (checked once it is published)"}
      </summary>
      <ul className="mt-2 divide-y divide-stone-100">
        {links.map((link) => (
          <li key={link.id} className="py-2">
            <div className="flex flex-wrap items-baseline gap-x-2">
              <LinkStateBadge state={link.state} />
              <span className="font-semibold">{link.place}</span>
            </div>
            <LinkFindings link={link} />
          </li>
        ))}
      </ul>
      <Link to="/admin/links" className="mt-1 inline-block text-accent underline">
        All links on the Links screen
      </Link>
    </details>
  );
}
