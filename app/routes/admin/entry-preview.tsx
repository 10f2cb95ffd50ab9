import { data, Link } from "react-router";
import { AdminError } from "~/components/admin/admin-error.tsx";
import { buttonClass } from "~/components/admin/banner.tsx";
import { STATUS_LABELS } from "~/components/admin/status-badge.tsx";
import { EntryDetail } from "~/components/entry-detail.tsx";
import type { RelatedEntry } from "~/content/entry-shapes.ts";
import { REGISTRY } from "~/content/registry.ts";
import { packedStrings } from "~/i18n/catalog.server.ts";
import { Strings } from "~/i18n/context.tsx";
import { todayInIndia } from "~/lib/india-date.ts";
import { choicesInWords, entryPresentation } from "~/entries/entry-page.presenter.server.ts";
import { getAdminEntry, kindFromUrl } from "~/entries/admin.repository.server.ts";
import { entriesOfJob, getPublishedSummaryById } from "~/entries/public.repository.server.ts";
import type { EntrySummary } from "~/content/entry.ts";
import { requireEntryAccess, requireStaff } from "~/users/guard.server.ts";
import { db } from "~/platform/services.server.ts";
import { UPLOADS_SECTION, withoutUploadFields } from "~/content/photo-fields.ts";
import { photoSectionHtml } from "~/photo-kit/job-section.server.tsx";
import type { Route } from "./+types/entry-preview";

export async function loader({ request, url, params }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  const kind = kindFromUrl(url);
  const database = await db();
  const entry = await getAdminEntry(database, kind.kind, params.id);
  if (!entry) throw data(null, { status: 404 });
  requireEntryAccess(user, entry, "read");
  const pick = (e: EntrySummary): RelatedEntry => ({
    id: e.id,
    title: e.title,
    href: `${REGISTRY[e.kind].urlPrefix}/${e.slug}`,
    kindLabel: REGISTRY[e.kind].label,
  });
  let related: RelatedEntry[] = [];
  if (entry.kind === "job") related = (await entriesOfJob(database, entry.id)).map(pick);
  else if (entry.jobId) {
    const [job, siblings] = await Promise.all([
      getPublishedSummaryById(database, entry.jobId),
      entriesOfJob(database, entry.jobId),
    ]);
    related = [...(job ? [job] : []), ...siblings.filter((s) => s.id !== entry.id)].map(pick);
  }
  const today = todayInIndia();
  return {
    ...(await entryPresentation(database, entry, today)),
    entry: {
      id: entry.id,
      kind: entry.kind,
      slug: entry.slug,
      title: entry.title,
      organization: entry.organization,
      // A draft has no publication date yet: preview it as if it went out today.
      publishedAt: entry.publishedAt ?? entry.updatedAt,
      updatedAt: entry.updatedAt,
      lastDate: entry.lastDate,
      data: choicesInWords(REGISTRY[entry.kind].sections, entry.data),
    },
    // The page's body is the public page's: it reads its words from the English `detail` strings.
    strings: packedStrings("en", "detail", "linkStatus"),
    status: entry.status,
    trashed: entry.deletedAt !== null,
    related,
    today,
    sectionHtml:
      entry.kind === "job"
        ? { [UPLOADS_SECTION]: await photoSectionHtml(database, entry, "en") }
        : undefined,
  };
}

export default function EntryPreview({ loaderData }: Route.ComponentProps) {
  const { entry, status, trashed } = loaderData;
  const def = REGISTRY[entry.kind];
  const isPublic = status === "published" && !trashed;
  return (
    <div className="mx-auto max-w-4xl">
      <div
        role="status"
        className={`mb-4 flex flex-wrap items-center justify-between gap-2 rounded-app border px-4 py-3 text-sm ${isPublic ? "border-secondary/40 bg-secondary-light text-secondary" : "border-amber-300 bg-amber-50 text-amber-900"}`}
      >
        <p className="font-semibold">
          {isPublic
            ? "Preview — this is public."
            : `Preview — not public (${trashed ? "in the trash" : STATUS_LABELS[status].toLowerCase()}).`}
        </p>
        <span className="flex flex-wrap gap-2">
          <Link
            to={`/admin/${def.adminSegment}/edit/${entry.id}`}
            className={buttonClass.secondary}
          >
            Back to the editor
          </Link>
          {isPublic ? (
            <a href={`${def.urlPrefix}/${entry.slug}`} className={buttonClass.secondary}>
              Open the public page
            </a>
          ) : null}
        </span>
      </div>
      <div className="rounded-app bg-stone-50 p-2 sm:p-4">
        <Strings areas={loaderData.strings}>
          <EntryDetail
            entry={entry}
            definition={withoutUploadFields(def)}
            related={loaderData.related}
            today={loaderData.today}
            glance={loaderData.glance}
            trusts={loaderData.trusts}
            organizationHref={loaderData.organizationHref}
            links={loaderData.links}
            sectionHtml={loaderData.sectionHtml}
          />
        </Strings>
      </div>
    </div>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Preview: ${loaderData?.entry.title ?? "entry"} | govjobs admin` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
