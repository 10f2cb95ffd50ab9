import { useRef, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { AdminError } from "~/components/admin/admin-error.tsx";
import { AdminPageHeader, Banner, buttonClass } from "~/components/admin/banner.tsx";
import { inputClass } from "~/components/admin/field-input.tsx";
import { formatDateTime } from "~/components/admin/format.ts";
import { STATUS_LABELS, StatusBadge } from "~/components/admin/status-badge.tsx";
import { useHydrated } from "~/components/admin/use-hydrated.ts";
import { Pagination } from "~/components/pagination.tsx";
import { REGISTRY, STATUSES, type Kind } from "~/content/registry.ts";
import {
  adminListEntries,
  countByKindAndStatus,
  kindFromUrl,
  type AdminSort,
} from "~/server/admin-entries.server.ts";
import { formatDate } from "~/server/format.ts";
import { can } from "~/content/roles.ts";
import { actorOf, requireStaff } from "~/server/guard.server.ts";
import { setStatuses, trashEntries } from "~/server/write/entries.server.ts";
import type { EntrySummary, Page } from "~/server/entries/shared.server.ts";
import { db } from "~/server/services.server.ts";
import type { Route } from "./+types/entry-list";

const ADMIN_SORTS = ["updated", "title", "published", "last-date"] as const satisfies AdminSort[];

// A bad query parameter falls back to its default instead of failing the page.
const ListQuery = z.object({
  q: z.string().trim().max(200).catch(""),
  status: z.enum(STATUSES).optional().catch(undefined),
  sort: z.enum(ADMIN_SORTS).catch("updated"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

/** The list's own parameters, re-encoded: the only query a redirect back may carry. */
function listSearch(query: z.infer<typeof ListQuery>, extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.status) params.set("status", query.status);
  if (query.sort !== "updated") params.set("sort", query.sort);
  if (query.page > 1) params.set("page", String(query.page));
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  const s = params.toString();
  return s ? `?${s}` : "";
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  const kind = kindFromUrl(url);
  const query = ListQuery.parse({
    q: url.searchParams.get("q") ?? "",
    status: url.searchParams.get("status") || undefined,
    sort: url.searchParams.get("sort") ?? "updated",
    page: url.searchParams.get("page") ?? "1",
  });
  if (query.sort === "last-date" && kind.kind !== "job") query.sort = "updated";
  const database = await db();
  const [page, counts] = await Promise.all([
    adminListEntries(database, kind.kind, query),
    countByKindAndStatus(database),
  ]);
  const done = url.searchParams.get("done");
  return {
    kind: kind.kind,
    query,
    page,
    counts: counts[kind.kind],
    done: done ? { what: done, count: Number(url.searchParams.get("n") ?? 0) } : null,
    trashed: url.searchParams.get("trashed"),
    canPublish: can(user.role, "publish"),
  };
}

const BulkSchema = z.object({
  intent: z.enum(["publish", "archive", "draft", "trash"], {
    message: "Choose what to do with the selected entries.",
  }),
  ids: z
    .array(z.string().min(1).max(64))
    .min(1, "Select at least one entry with its checkbox first.")
    .max(200, "Select at most 200 entries at a time."),
});

const DONE_WORDS: Record<string, string> = {
  publish: "published",
  archive: "archived",
  draft: "moved to draft",
  trash: "moved to the trash",
};

export async function action({ request, url }: Route.ActionArgs) {
  const user = await requireStaff(request, "publish");
  const kind = kindFromUrl(url);
  const form = await request.formData();
  const parsed = BulkSchema.safeParse({ intent: form.get("intent"), ids: form.getAll("ids") });
  if (!parsed.success) {
    return data(
      { error: parsed.error.issues[0]?.message ?? "Nothing was changed." },
      { status: 400 },
    );
  }
  const { intent, ids } = parsed.data;
  const database = await db();
  const actor = actorOf(user);
  const changed =
    intent === "trash"
      ? await trashEntries(database, kind.kind, ids, actor)
      : await setStatuses(
          database,
          kind.kind,
          ids,
          intent === "publish" ? "published" : intent === "archive" ? "archived" : "draft",
          actor,
        );
  const query = ListQuery.parse({
    q: url.searchParams.get("q") ?? "",
    status: url.searchParams.get("status") || undefined,
    sort: url.searchParams.get("sort") ?? "updated",
    page: url.searchParams.get("page") ?? "1",
  });
  return redirect(
    `/admin/${kind.adminSegment}${listSearch(query, { done: intent, n: String(changed.length) })}`,
  );
}

const SORT_LABELS: Record<(typeof ADMIN_SORTS)[number], string> = {
  updated: "Last changed",
  title: "Title (A–Z)",
  published: "Published date",
  "last-date": "Last date to apply",
};

export default function EntryList({ loaderData, actionData }: Route.ComponentProps) {
  const def = REGISTRY[loaderData.kind];
  const { query, page, counts } = loaderData;
  const base = `/admin/${def.adminSegment}`;
  const isJob = def.kind === "job";
  const total = STATUSES.reduce((n, s) => n + counts[s], 0);
  const tabs = [
    { status: undefined, label: "All", count: total },
    ...STATUSES.map((s) => ({ status: s, label: STATUS_LABELS[s], count: counts[s] })),
  ];
  const plural = def.plural.toLowerCase();
  const listParams = {
    q: query.q || undefined,
    status: query.status,
    sort: query.sort === "updated" ? undefined : query.sort,
  };

  return (
    <div className="mx-auto max-w-6xl">
      <AdminPageHeader title={def.plural}>
        <Link to={`${base}/add`} className={buttonClass.primary}>
          Add {def.label.toLowerCase()}
        </Link>
      </AdminPageHeader>

      {loaderData.done ? (
        <Banner tone="success">
          {loaderData.done.count === 0
            ? "Nothing changed: the selected entries were already like that."
            : `${loaderData.done.count} ${loaderData.done.count === 1 ? def.label.toLowerCase() : plural} ${DONE_WORDS[loaderData.done.what] ?? "changed"}.`}
          {loaderData.done.what === "trash" && loaderData.done.count > 0 ? (
            <>
              {" "}
              <Link to="/admin/trash" className="font-semibold underline">
                Open the trash
              </Link>{" "}
              to restore.
            </>
          ) : null}
        </Banner>
      ) : null}
      {loaderData.trashed ? (
        <Banner tone="success">
          “{loaderData.trashed}” moved to the trash.{" "}
          <Link to="/admin/trash" className="font-semibold underline">
            Open the trash
          </Link>{" "}
          to restore it.
        </Banner>
      ) : null}
      {actionData && "error" in actionData ? (
        <Banner tone="error">{actionData.error}</Banner>
      ) : null}

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

      {page.items.length === 0 ? (
        <div className="rounded-app border border-stone-200 bg-white p-6 text-center text-muted">
          {query.q || query.status ? (
            <p>No {plural} match. Try another search or status.</p>
          ) : (
            <p>
              No {plural} yet.{" "}
              <Link to={`${base}/add`} className="text-accent underline">
                Add the first one
              </Link>
              .
            </p>
          )}
        </div>
      ) : (
        <EntryTable
          key={page.items.map((e) => `${e.id}@${e.updatedAt}`).join(",")}
          kind={loaderData.kind}
          page={page}
          canPublish={loaderData.canPublish}
        />
      )}
      <Pagination path={base} params={listParams} page={page.page} pages={page.pages} />
    </div>
  );
}

/** The rows with their checkboxes; redrawn fresh after every change, so no stale tick remains. */
function EntryTable({
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
              <th scope="col" className="w-10 px-3 py-2">
                {hydrated ? (
                  <input
                    type="checkbox"
                    aria-label="Select all on this page"
                    checked={selectedCount > 0 && selectedCount === page.items.length}
                    onChange={(event) => {
                      for (const box of boxes()) box.checked = event.target.checked;
                    }}
                    className="size-4"
                  />
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
                <td className="px-3 py-3">
                  <input
                    type="checkbox"
                    name="ids"
                    value={entry.id}
                    aria-label={`Select ${entry.title}`}
                    className="size-4"
                  />
                </td>
                <td className="px-3 py-3">
                  <Link
                    to={`${base}/edit/${entry.id}`}
                    className="font-semibold text-ink underline decoration-stone-300 hover:text-primary-dark"
                  >
                    {entry.title}
                  </Link>
                  <span className="block text-xs text-muted md:hidden">{entry.organization}</span>
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

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `${loaderData ? REGISTRY[loaderData.kind].plural : "Entries"} | govjobs admin` },
  ];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
