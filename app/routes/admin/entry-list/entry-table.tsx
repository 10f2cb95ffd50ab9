import { useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { buttonClass } from "~/components/admin/banner.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { StatusBadge } from "~/components/admin/status-badge.tsx";
import { useHydrated } from "~/lib/use-hydrated.ts";
import { REGISTRY } from "~/content/registry.ts";
import type { Kind } from "~/content/kinds.ts";
import type { Page } from "~/entries/entry-row.server.ts";
import type { EntrySummary } from "~/content/entry.ts";
import { formatDate } from "~/lib/format.ts";

/** The rows with their checkboxes; redrawn fresh after every change, so no stale tick remains. */
export function EntryTable({
  kind,
  page,
  canPublish,
}: {
  kind: Kind;
  page: Page<EntrySummary>;
  /** Authors get the list without the bulk actions (the server refuses them too). */
  canPublish: boolean;
}) {
  const def = REGISTRY[kind];
  const base = `/admin/${def.adminSegment}`;
  const plural = def.plural.toLowerCase();
  const isJob = kind === "job";
  const hydrated = useHydrated();
  const busy = useNavigation().state === "submitting";
  // The checkboxes stay plain form inputs (they must work without JavaScript); this only counts.
  const [selectedCount, setSelectedCount] = useState(0);
  const bulkForm = useRef<HTMLFormElement>(null);
  const boxes = () => [
    ...(bulkForm.current?.querySelectorAll<HTMLInputElement>('input[name="ids"]') ?? []),
  ];
  return (
    <Form
      ref={bulkForm}
      method="post"
      aria-label={`Bulk actions on ${plural}`}
      onChange={() => setSelectedCount(boxes().filter((b) => b.checked).length)}
    >
      {canPublish ? (
        <div className="mb-2 flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted">
            {hydrated && selectedCount > 0 ? `${selectedCount} selected:` : "With the selected:"}
          </span>
          <button
            type="submit"
            name="intent"
            value="publish"
            disabled={busy}
            className={buttonClass.secondary}
          >
            Publish
          </button>
          <button
            type="submit"
            name="intent"
            value="archive"
            disabled={busy}
            className={buttonClass.secondary}
          >
            Archive
          </button>
          <button
            type="submit"
            name="intent"
            value="draft"
            disabled={busy}
            className={buttonClass.secondary}
          >
            Move to draft
          </button>
          <button
            type="submit"
            name="intent"
            value="trash"
            disabled={busy}
            className={`${buttonClass.secondary} border-red-300 text-red-700 hover:bg-red-50`}
          >
            Move to trash
          </button>
        </div>
      ) : null}
      <div className="overflow-hidden rounded-app border border-stone-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            {def.plural}, page {page.page} of {page.pages}
          </caption>
          <thead className="bg-stone-100 text-xs tracking-wide text-muted uppercase">
            <tr>
              <th scope="col" className="w-11 p-0">
                {hydrated ? (
                  // The whole cell is the box's target (issue 29), not the 16 px box alone.
                  <label className="grid min-h-11 min-w-11 cursor-pointer place-items-center">
                    <input
                      type="checkbox"
                      aria-label="Select all on this page"
                      checked={selectedCount > 0 && selectedCount === page.items.length}
                      onChange={(event) => {
                        for (const box of boxes()) box.checked = event.target.checked;
                      }}
                      className="size-4"
                    />
                  </label>
                ) : (
                  <span className="sr-only">Select</span>
                )}
              </th>
              <th scope="col" className="px-3 py-2">
                {def.titleLabel}
              </th>
              <th scope="col" className="hidden px-3 py-2 md:table-cell">
                Organization
              </th>
              <th scope="col" className="px-3 py-2">
                Status
              </th>
              <th
                scope="col"
                className="px-3 py-2"
                title="Hindi title present (details in the editor)"
              >
                Hindi
              </th>
              {isJob ? (
                <th scope="col" className="hidden px-3 py-2 sm:table-cell">
                  Last date
                </th>
              ) : null}
              <th scope="col" className="hidden px-3 py-2 lg:table-cell">
                Updated
              </th>
              <th scope="col" className="hidden px-3 py-2 sm:table-cell">
                <span className="sr-only">On the site</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {page.items.map((entry) => (
              <tr key={entry.id} className="border-t border-stone-100 align-top hover:bg-stone-50">
                <td className="p-0">
                  <label className="flex min-h-11 min-w-11 cursor-pointer justify-center pt-3.5">
                    <input
                      type="checkbox"
                      name="ids"
                      value={entry.id}
                      aria-label={`Select ${entry.title}`}
                      className="size-4"
                    />
                  </label>
                </td>
                <td className="px-3 py-3">
                  <Link
                    to={`${base}/edit/${entry.id}`}
                    className="font-semibold wrap-anywhere text-ink underline decoration-stone-300 hover:text-primary-dark"
                  >
                    {entry.title}
                  </Link>
                  <span className="block text-xs wrap-anywhere text-muted md:hidden">
                    {entry.organization}
                  </span>
                  {isJob && entry.lastDate ? (
                    <span className="block text-xs text-muted sm:hidden">
                      Last date {formatDate(entry.lastDate)}
                    </span>
                  ) : null}
                </td>
                <td className="hidden px-3 py-3 text-muted md:table-cell">{entry.organization}</td>
                <td className="px-3 py-3">
                  <StatusBadge status={entry.status} />
                  {entry.status === "scheduled" && entry.publishAt ? (
                    <span className="mt-1 block text-xs text-muted">
                      {formatDateTime(entry.publishAt)}
                    </span>
                  ) : null}
                </td>
                <td
                  className="px-3 py-3 whitespace-nowrap"
                  data-hindi={entry.hiTitle ? "yes" : "no"}
                >
                  {/* The list reads no entry data: whether the Hindi title is there (the Hindi
                      page exists); the editor's Hindi tab says complete, partial or changed. */}
                  {entry.hiTitle ? (
                    <span className="rounded-full border border-green-300 bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-900">
                      ✓<span className="sr-only"> Hindi title: {entry.hiTitle}</span>
                    </span>
                  ) : (
                    <span className="text-xs text-muted">
                      —<span className="sr-only"> No Hindi</span>
                    </span>
                  )}
                </td>
                {isJob ? (
                  <td className="hidden px-3 py-3 whitespace-nowrap sm:table-cell">
                    {formatDate(entry.lastDate)}
                  </td>
                ) : null}
                <td className="hidden px-3 py-3 whitespace-nowrap text-muted lg:table-cell">
                  {formatDateTime(entry.updatedAt)}
                </td>
                <td className="hidden px-3 py-3 sm:table-cell">
                  {entry.status === "published" ? (
                    <a href={`${def.urlPrefix}/${entry.slug}`} className="text-accent underline">
                      View<span className="sr-only"> {entry.title} on the site</span>
                    </a>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-xs text-muted">
        {page.total} {page.total === 1 ? def.label.toLowerCase() : plural}
        {page.pages > 1 ? `, page ${page.page} of ${page.pages}` : ""}
      </p>
    </Form>
  );
}
