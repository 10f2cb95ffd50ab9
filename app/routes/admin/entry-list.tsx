import { Link } from "react-router";
import { AdminError } from "~/components/admin/admin-error.tsx";
import { AdminPageHeader, Banner, buttonClass } from "~/components/admin/banner.tsx";
import { formErrorOf } from "~/lib/form-reply.ts";
import { Pagination } from "~/components/pagination.tsx";
import { REGISTRY } from "~/content/registry.ts";
import { can, listedCreator } from "~/content/policy.ts";
import {
  adminListEntries,
  countByKindAndStatus,
  kindFromUrl,
} from "~/entries/admin.repository.server.ts";
import { requireStaff } from "~/users/guard.server.ts";
import { db } from "~/platform/services.server.ts";
import { bulkAction } from "./entry-list/bulk.server.ts";
import { EntryTable } from "./entry-list/entry-table.tsx";
import { ListFilters } from "./entry-list/list-filters.tsx";
import { readListQuery } from "./entry-list/list-query.ts";
import type { Route } from "./+types/entry-list";

/**
 * One kind's list in the back-office: status tabs and search (./entry-list/list-filters.tsx),
 * the rows with their bulk buttons (./entry-list/entry-table.tsx, ./entry-list/bulk.server.ts).
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  const kind = kindFromUrl(url);
  const query = readListQuery(url);
  if (query.sort === "last-date" && kind.kind !== "job") query.sort = "updated";
  const database = await db();
  const createdBy = listedCreator(user);
  const [page, counts] = await Promise.all([
    adminListEntries(database, kind.kind, { ...query, createdBy }),
    countByKindAndStatus(database, { createdBy }),
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

const DONE_WORDS: Record<string, string> = {
  publish: "published",
  archive: "archived",
  draft: "moved to draft",
  trash: "moved to the trash",
  import: "imported as drafts",
};

export async function action({ request, url }: Route.ActionArgs) {
  const user = await requireStaff(request, "publish");
  return bulkAction(request, url, kindFromUrl(url), user);
}

export default function EntryList({ loaderData, actionData }: Route.ComponentProps) {
  const def = REGISTRY[loaderData.kind];
  const { query, page, counts } = loaderData;
  const base = `/admin/${def.adminSegment}`;
  const plural = def.plural.toLowerCase();
  const listParams = {
    q: query.q || undefined,
    status: query.status,
    sort: query.sort === "updated" ? undefined : query.sort,
  };

  return (
    <div className="mx-auto max-w-6xl">
      <AdminPageHeader title={def.plural}>
        {/* The list as it shows (search, status, sort) with every field; a file, not a page. */}
        <a href={`${base}/export${csvQuery(listParams)}`} className={buttonClass.quiet} download>
          Export CSV
        </a>
        {loaderData.canPublish ? (
          <Link to={`${base}/import`} className={buttonClass.secondary}>
            Import CSV
          </Link>
        ) : null}
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
      {formErrorOf(actionData) ? <Banner tone="error">{formErrorOf(actionData)}</Banner> : null}

      <ListFilters kind={loaderData.kind} query={query} counts={counts} />

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

/** The list's filters as the export's query. */
function csvQuery(params: Record<string, string | undefined>): string {
  const query = new URLSearchParams(
    Object.entries(params).filter((e): e is [string, string] => Boolean(e[1])),
  ).toString();
  return query ? `?${query}` : "";
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `${loaderData ? REGISTRY[loaderData.kind].plural : "Entries"} | govjobs admin` },
  ];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
