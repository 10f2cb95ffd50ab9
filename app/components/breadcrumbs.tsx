import { Link } from "react-router";
import { useT } from "~/i18n/context.tsx";

export interface Crumb {
  name: string;
  path: string;
}

/** Home › Jobs › This job. The last crumb is the current page and is not a link. */
export function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  const t = useT("common");
  return (
    <nav aria-label={t.breadcrumb} className="mb-4 text-sm text-muted">
      <ol className="flex flex-wrap items-center gap-x-1">
        {crumbs.map((crumb, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li
              key={crumb.path}
              // The current page (its title is the heading just below) shares the line and is cut
              // short rather than taking a line of its own: a phone's first screen has no room
              // for it (issue 29).
              className={`flex min-w-0 items-center gap-x-1 ${last ? "flex-1 basis-0" : ""}`}
            >
              {last ? (
                <span aria-current="page" className="truncate font-semibold text-ink">
                  {crumb.name}
                </span>
              ) : (
                <>
                  <Link
                    to={crumb.path}
                    className="inline-block min-w-6 py-1 text-accent hover:underline"
                  >
                    {crumb.name}
                  </Link>
                  <span aria-hidden="true">›</span>
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
