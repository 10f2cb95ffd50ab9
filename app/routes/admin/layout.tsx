import { Form, NavLink, Outlet, useNavigation } from "react-router";
import { KIND_LIST } from "~/content/registry.ts";
import { requireAdmin } from "~/server/guard.server.ts";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  return { user: { name: user.name, email: user.email } };
}

export function meta() {
  return [{ name: "robots", content: "noindex, nofollow" }];
}

const NAV = [
  { to: "/admin", label: "Dashboard", end: true },
  ...KIND_LIST.map((k) => ({ to: `/admin/${k.adminSegment}`, label: k.plural, end: false })),
  { to: "/admin/manage-site-pages", label: "Site pages", end: false },
  { to: "/admin/organizations", label: "Organizations", end: false },
  { to: "/admin/messages", label: "Messages", end: false },
  { to: "/admin/seo-tools", label: "SEO tools", end: false },
  { to: "/admin/content-settings", label: "Settings", end: false },
  { to: "/admin/users", label: "Users", end: false },
  { to: "/admin/trash", label: "Trash", end: false },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const checking =
    navigation.state === "loading" && navigation.location.pathname.startsWith("/admin");
  return (
    <div className="min-h-screen bg-stone-100 md:flex">
      <aside className="bg-ink text-white md:w-56 md:shrink-0">
        <div className="flex items-center justify-between px-4 py-3">
          <a href="/admin" className="font-semibold no-underline">
            govjobs admin
          </a>
          <a href="/" className="text-xs text-white/80 underline md:hidden">
            View site
          </a>
        </div>
        <nav aria-label="Admin">
          <ul className="flex gap-1 overflow-x-auto px-2 pb-2 md:flex-col md:overflow-visible">
            {NAV.map((item) => (
              <li key={item.to} className="shrink-0">
                <NavLink
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) =>
                    `block rounded-app px-3 py-2 text-sm no-underline ${isActive ? "bg-primary text-white" : "text-white/85 hover:bg-white/10"}`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="min-w-0 flex-1">
        <header className="flex items-center justify-between gap-3 border-b border-stone-200 bg-white px-4 py-2">
          <span className="truncate text-sm text-muted">
            Signed in as <strong className="text-ink">{loaderData.user.email}</strong>
          </span>
          <div className="flex items-center gap-3">
            <a href="/" className="hidden text-sm text-accent underline md:inline">
              View site
            </a>
            <Form method="post" action="/admin/logout">
              <button
                type="submit"
                className="rounded-app border border-stone-300 px-3 py-1 text-sm font-semibold hover:bg-stone-50"
              >
                Sign out
              </button>
            </Form>
          </div>
        </header>
        {checking ? (
          <p role="status" className="bg-accent-light px-4 py-1 text-sm text-accent">
            Verifying access...
          </p>
        ) : null}
        <main className="p-4 md:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
