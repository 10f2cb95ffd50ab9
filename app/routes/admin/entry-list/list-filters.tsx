import { Form, Link } from "react-router";
import { buttonClass } from "~/components/admin/banner.tsx";
import { inputClass } from "~/components/admin/field-input.tsx";
import { STATUS_LABELS } from "~/components/admin/status-badge.tsx";
import { REGISTRY } from "~/content/registry.ts";
import { STATUSES } from "~/content/kinds/schema.ts";
import type { Kind } from "~/content/kinds.ts";
import { ADMIN_SORTS, SORT_LABELS, type ListQuery } from "./list-query.ts";

/** The status tabs (with their counts) and the search and sort form above the list. */
export function ListFilters({
  kind,
  query,
  counts,
}: {
  kind: Kind;
  query: ListQuery;
  counts: Record<(typeof STATUSES)[number], number>;
}) {
  const def = REGISTRY[kind];
  const base = `/admin/${def.adminSegment}`;
  const isJob = kind === "job";
  const plural = def.plural.toLowerCase();
  const total = STATUSES.reduce((n, s) => n + counts[s], 0);
  const tabs = [
    { status: undefined, label: "All", count: total },
    ...STATUSES.map((s) => ({ status: s, label: STATUS_LABELS[s], count: counts[s] })),
  ];
  return (
    <>
      <nav aria-label="Filter by status" className="mb-3 overflow-x-auto">
        <ul className="flex gap-1 border-b border-stone-200">
          {tabs.map((tab) => {
            const active = query.status === tab.status;
            const href = `${base}${tab.status ? `?status=${tab.status}` : ""}`;
            return (
              <li key={tab.label} className="shrink-0">
                <Link
                  to={href}
                  aria-current={active ? "page" : undefined}
                  className={`-mb-px block border-b-2 px-3 py-2 text-sm no-underline ${active ? "border-primary font-semibold text-primary-dark" : "border-transparent text-muted hover:text-ink"}`}
                >
                  {tab.label} <span className="text-xs">({tab.count})</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <Form method="get" role="search" className="mb-4 flex flex-wrap items-end gap-2">
        {query.status ? <input type="hidden" name="status" value={query.status} /> : null}
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor="list-q" className="block text-xs font-semibold text-muted">
            Search title or organization
          </label>
          <input
            id="list-q"
            name="q"
            type="search"
            defaultValue={query.q}
            placeholder={`Search ${plural}`}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="list-sort" className="block text-xs font-semibold text-muted">
            Sort by
          </label>
          <select id="list-sort" name="sort" defaultValue={query.sort} className={inputClass}>
            {ADMIN_SORTS.filter((s) => isJob || s !== "last-date").map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass.secondary}>
          Search
        </button>
        {query.q ? (
          <Link
            to={`${base}${query.status ? `?status=${query.status}` : ""}`}
            className={buttonClass.quiet}
          >
            Clear
          </Link>
        ) : null}
      </Form>
    </>
  );
}
