import { Form, Link, data, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { AdminError } from "~/components/admin/admin-error.tsx";
import { AdminPageHeader, Banner, buttonClass } from "~/components/admin/banner.tsx";
import { formErrorOf } from "~/lib/form-reply.ts";
import {
  RICH_TEXT_CLASS,
  SectionCard,
  useFocusFirstError,
} from "~/components/admin/backoffice-ui.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { AdminTable } from "~/components/admin/admin-table.tsx";
import { SITE_PAGE_SLUGS, type SitePageSlug } from "~/content/site-pages.ts";
import { refuse } from "~/platform/forms.server.ts";
import { parseForm } from "~/lib/form-parse.ts";
import { actorOf, requireStaff } from "~/users/guard.server.ts";
import { restorePage } from "~/site-pages/site-pages.service.server.ts";
import { sanitizeRichText } from "~/platform/sanitize.server.ts";
import { db } from "~/platform/services.server.ts";
import {
  diffLines,
  getSitePage,
  getSitePageRevision,
  htmlToLines,
  listSitePageRevisions,
} from "~/site-pages/site-pages.repository.server.ts";
import type { Route } from "./+types/site-page-history";

function knownSlug(slug: string | undefined): SitePageSlug {
  if (!slug || !(SITE_PAGE_SLUGS as readonly string[]).includes(slug))
    throw data(null, { status: 404 });
  return slug as SitePageSlug;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, "site-pages");
  const slug = knownSlug(params.slug);
  const url = new URL(request.url);
  const conn = await db();
  const [current, revisions] = await Promise.all([
    getSitePage(conn, slug),
    listSitePageRevisions(conn, slug),
  ]);
  const viewId = url.searchParams.get("view");
  const compareId = url.searchParams.get("compare");
  const pickedId = viewId ?? compareId;
  const picked = pickedId
    ? await getSitePageRevision(conn, slug, pickedId.slice(0, 100))
    : undefined;
  const currentBody = current?.body ?? "";
  return {
    slug,
    title: current?.title ?? slug,
    revisions: revisions.map((r, i) => ({
      id: r.id,
      title: r.title,
      authorName: r.authorName,
      createdAt: r.createdAt,
      isCurrent: i === 0,
    })),
    missing: !!pickedId && !picked,
    view: viewId && picked ? { ...picked, body: sanitizeRichText(picked.body) } : null,
    compare:
      compareId && picked
        ? {
            id: picked.id,
            createdAt: picked.createdAt,
            authorName: picked.authorName,
            title: { before: picked.title, after: current?.title ?? "" },
            description: { before: picked.description, after: current?.description ?? "" },
            body: diffLines(htmlToLines(picked.body), htmlToLines(currentBody)),
          }
        : null,
    done: url.searchParams.get("done") === "restored",
  };
}

const RestoreSchema = z.object({
  intent: z.literal("restore"),
  revisionId: z.string().trim().min(1).max(100),
});

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request, "site-pages");
  const slug = knownSlug(params.slug);
  const submission = parseForm(await request.formData(), RestoreSchema);
  if (submission.status !== "success")
    return refuse(submission, { formError: "Choose a revision to restore." });
  const conn = await db();
  const restored = await restorePage(conn, slug, submission.value.revisionId, actorOf(user));
  if (!restored)
    return refuse(submission, {
      status: 404,
      formError: "That revision no longer exists for this page; reload the history.",
    });
  return redirect(`/admin/manage-site-pages/history/${slug}?done=restored`);
}

export default function SitePageHistory({ loaderData, actionData }: Route.ComponentProps) {
  useFocusFirstError(actionData);
  const busy = useNavigation().state === "submitting";
  const d = loaderData;
  const base = `/admin/manage-site-pages/history/${d.slug}`;
  return (
    <div className="mx-auto max-w-5xl">
      <AdminPageHeader
        title={`History: ${d.title}`}
        crumbs={
          <Link to="/admin/manage-site-pages" className="text-accent underline">
            Site pages
          </Link>
        }
      >
        <Link to={`/admin/manage-site-pages/edit/${d.slug}`} className={buttonClass.secondary}>
          Edit page
        </Link>
      </AdminPageHeader>
      {d.done && !actionData ? (
        <Banner tone="success">
          Revision restored. It is now the current page, saved as a new revision.
        </Banner>
      ) : null}
      {formErrorOf(actionData) ? <Banner tone="error">{formErrorOf(actionData)}</Banner> : null}
      {d.missing ? (
        <Banner tone="warning">That revision does not exist for this page.</Banner>
      ) : null}

      {d.view ? (
        <SectionCard
          id="revision"
          title={`Revision of ${formatDateTime(d.view.createdAt)}`}
          description={`By ${d.view.authorName ?? "unknown"}. Title: ${d.view.title}`}
          actions={
            <Link to={base} className={buttonClass.secondary}>
              Close
            </Link>
          }
        >
          {d.view.description ? (
            <p className="mb-2 text-sm text-muted">{d.view.description}</p>
          ) : null}
          <div
            className={`rounded-app border border-stone-200 p-3 ${RICH_TEXT_CLASS}`}
            dangerouslySetInnerHTML={{ __html: d.view.body }}
          />
        </SectionCard>
      ) : null}

      {d.compare ? (
        <SectionCard
          id="compare"
          title={`Compare ${formatDateTime(d.compare.createdAt)} with the current page`}
          description="Removed lines are what the revision had; added lines are what the page has now."
          actions={
            <Link to={base} className={buttonClass.secondary}>
              Close
            </Link>
          }
        >
          <dl className="mb-3 grid gap-2 text-sm sm:grid-cols-[8rem_1fr]">
            {(["title", "description"] as const).map((field) => {
              const pair = d.compare![field];
              const same = pair.before === pair.after;
              return (
                <div key={field} className="contents">
                  <dt className="font-semibold capitalize">{field}</dt>
                  <dd>
                    {same ? (
                      <span>
                        {pair.after || "(empty)"} <span className="text-muted">(unchanged)</span>
                      </span>
                    ) : (
                      <>
                        <del className="block bg-red-50 text-red-900">
                          {pair.before || "(empty)"}
                        </del>
                        <ins className="block bg-secondary-light text-secondary no-underline">
                          {pair.after || "(empty)"}
                        </ins>
                      </>
                    )}
                  </dd>
                </div>
              );
            })}
          </dl>
          <h3 className="mb-1 text-sm font-semibold">Text</h3>
          <ol className="relative overflow-x-auto rounded-app border border-stone-200 font-mono text-xs">
            {d.compare.body.map((line, i) => (
              <li
                key={i}
                className={`px-2 py-0.5 whitespace-pre-wrap ${line.kind === "added" ? "bg-secondary-light text-secondary" : line.kind === "removed" ? "bg-red-50 text-red-900" : ""}`}
              >
                <span aria-hidden="true">
                  {line.kind === "added" ? "+ " : line.kind === "removed" ? "− " : "  "}
                </span>
                <span className="sr-only">
                  {line.kind === "added" ? "Added: " : line.kind === "removed" ? "Removed: " : ""}
                </span>
                {line.text}
              </li>
            ))}
          </ol>
        </SectionCard>
      ) : null}

      {d.revisions.length === 0 ? (
        <p className="rounded-app border border-stone-200 bg-white p-4 text-sm text-muted">
          No revisions yet: the page has never been saved.
        </p>
      ) : (
        <AdminTable
          caption="Revisions, newest first"
          frameClass="rounded-app border border-stone-200 bg-white"
          rows={d.revisions}
          rowKey={(r) => r.id}
          columns={[
            {
              key: "saved",
              header: "Saved",
              cellClass: "whitespace-nowrap",
              cell: (r) => (
                <>
                  {formatDateTime(r.createdAt)}
                  {r.isCurrent ? (
                    <span className="ml-2 rounded-full bg-secondary-light px-2 py-0.5 text-xs font-semibold text-secondary">
                      Current
                    </span>
                  ) : null}
                </>
              ),
            },
            { key: "by", header: "By", cell: (r) => r.authorName ?? "Unknown" },
            { key: "title", header: "Title", cell: (r) => r.title },
            {
              key: "actions",
              header: "Actions",
              hidden: true,
              cell: (r) => (
                <Form method="post" className="flex flex-wrap justify-end gap-2">
                  <input type="hidden" name="revisionId" value={r.id} />
                  <Link to={`${base}?view=${r.id}#revision`} className={buttonClass.secondary}>
                    View
                  </Link>
                  {r.isCurrent ? null : (
                    <>
                      <Link
                        to={`${base}?compare=${r.id}#compare`}
                        className={buttonClass.secondary}
                      >
                        Compare with current
                      </Link>
                      <button
                        type="submit"
                        name="intent"
                        value="restore"
                        disabled={busy}
                        className={buttonClass.primary}
                      >
                        Restore
                      </button>
                    </>
                  )}
                </Form>
              ),
            },
          ]}
        />
      )}
    </div>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `History of ${loaderData?.title ?? "page"} | govjobs admin` }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} backTo="/admin/manage-site-pages" />;
}
