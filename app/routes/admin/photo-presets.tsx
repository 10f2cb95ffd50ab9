import { Link } from "react-router";
import { AdminError } from "~/components/admin/admin-error.tsx";
import { AdminPageHeader, Banner, buttonClass } from "~/components/admin/banner.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { listPresets } from "~/photo-kit/presets.server.ts";
import { effectiveRules } from "~/photo-kit/rules.ts";
import { photo as words } from "~/i18n/catalog/en/photo.ts";
import { formatDate } from "~/lib/format.ts";
import { requireStaff } from "~/users/guard.server.ts";
import { db } from "~/platform/services.server.ts";
import type { Route } from "./+types/photo-presets";

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "publish");
  const presets = await listPresets(await db());
  return {
    saved: new URL(request.url).searchParams.get("saved"),
    presets: presets.map((p) => ({
      key: p.key,
      name: p.name,
      sourceTitle: p.sourceTitle,
      sourceUrl: p.sourceUrl,
      checkedOn: p.checkedOn,
      updatedAt: p.updatedAt,
      images: effectiveRules(p.rules, []).map((r) =>
        r.mode === "live" ? `${words.slots[r.slot]} (live)` : (r.label ?? words.slots[r.slot]),
      ),
    })),
  };
}

export default function PhotoPresets({ loaderData }: Route.ComponentProps) {
  const saved = loaderData.presets.find((p) => p.key === loaderData.saved);
  return (
    <div className="mx-auto max-w-5xl">
      <AdminPageHeader title="Photo presets">
        <Link to="/admin/photo-presets/new" className={buttonClass.primary}>
          Add a preset
        </Link>
      </AdminPageHeader>
      <p className="mb-4 text-sm text-muted">
        A recruiter's usual photo and signature rules, with the notification they come from. A job
        names one in its form; its own rules win image by image. Changing a preset changes every job
        page that names it, so check it against the latest notification and move the date.
      </p>
      {saved ? <Banner tone="success">Saved {saved.name}.</Banner> : null}
      <div className="overflow-x-auto rounded-app border border-stone-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-stone-50 text-xs text-muted uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                Preset
              </th>
              <th scope="col" className="px-3 py-2">
                Images
              </th>
              <th scope="col" className="px-3 py-2">
                Source
              </th>
              <th scope="col" className="px-3 py-2">
                Checked on
              </th>
              <th scope="col" className="px-3 py-2">
                Changed
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {loaderData.presets.map((p) => (
              <tr key={p.key}>
                <td className="px-3 py-2">
                  <Link
                    to={`/admin/photo-presets/edit/${p.key}`}
                    className="font-semibold text-accent underline"
                  >
                    {p.name}
                  </Link>
                  <span className="block text-xs text-muted">{p.key}</span>
                </td>
                <td className="px-3 py-2">{p.images.join(", ")}</td>
                <td className="px-3 py-2">
                  <a
                    href={p.sourceUrl}
                    rel="noopener"
                    target="_blank"
                    className="text-accent underline"
                  >
                    {p.sourceTitle}
                  </a>
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{formatDate(p.checkedOn)}</td>
                <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(p.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export function meta() {
  return [{ title: "Photo presets | govjobs admin" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
