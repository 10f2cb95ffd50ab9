import { Link, data } from "react-router";
import { buttonClass } from "~/components/admin/banner.tsx";
import { requireStaff } from "~/users/guard.server.ts";
import type { Route } from "./+types/not-found";

export async function loader({ request }: Route.LoaderArgs) {
  // Guarded like every admin screen: an unknown /admin address tells outsiders nothing.
  await requireStaff(request);
  return data({ path: new URL(request.url).pathname }, { status: 404 });
}

export async function action({ request }: Route.ActionArgs) {
  await requireStaff(request);
  return data({ path: new URL(request.url).pathname }, { status: 404 });
}

export default function AdminNotFound({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl rounded-app border border-stone-200 bg-white p-6">
      <h1 className="text-xl font-semibold text-ink">This admin page does not exist</h1>
      <p className="mt-2 text-muted">
        There is nothing at <code className="break-all">{loaderData.path}</code>. The link may be
        old or mistyped; use the menu to find the screen you need.
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to="/admin" className={buttonClass.primary}>
          Go to the dashboard
        </Link>
        <Link to="/admin/seo-tools" className={buttonClass.secondary}>
          SEO tools
        </Link>
      </div>
    </div>
  );
}

export function meta() {
  return [{ title: "Not found | govjobs admin" }];
}
