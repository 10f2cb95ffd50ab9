import { Form, NavLink, Outlet, useNavigation } from "react-router";
import { AdminError } from "~/components/admin/admin-error.tsx";
import { KIND_LIST } from "~/content/registry.ts";
import { can, ROLE_LABEL, type Capability } from "~/content/policy.ts";
import { requireStaff } from "~/users/guard.server.ts";
import { countUnreviewedBreakages } from "~/link-monitor/admin.server.ts";
import { countUnreadMessages } from "~/messages/messages.repository.server.ts";
import { db } from "~/platform/services.server.ts";
import { packedStrings } from "~/i18n/catalog.server.ts";
import { Strings } from "~/i18n/context.tsx";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  // The menu's badge: one count on the messages' status index, on every admin page.
  const conn = await db();
  const [unreadMessages, brokenLinks] = await Promise.all([
    can(user.role, "messages") ? countUnreadMessages(conn) : 0,
    // The link monitor's notice (issue 30): official links of open jobs that broke, unseen.
    can(user.role, "links") ? countUnreviewedBreakages(conn) : 0,
  ]);
  const badges: Record<string, { count: number; what: string }> = {
    "/admin/messages": { count: unreadMessages, what: "unread" },
    "/admin/links": { count: brokenLinks, what: "newly broken" },
  };
  // The menu lists what this role may open (the server refuses the rest anyway).
  const nav = NAV.filter((item) => !item.needs || can(user.role, item.needs)).map(
    ({ to, label, end }) => ({ to, label, end, badge: badges[to] }),
  );
  return {
    user: { name: user.name, email: user.email, role: ROLE_LABEL[user.role] },
    nav,
    // The admin is in English; the public components it shows (paging) read these.
    strings: packedStrings("en", "common"),
  };
}

export function meta() {
  return [{ name: "robots", content: "noindex, nofollow" }];
}

const NAV: { to: string; label: string; end: boolean; needs?: Capability }[] = [
  { to: "/admin", label: "Dashboard", end: true },
  ...KIND_LIST.map((k) => ({ to: `/admin/${k.adminSegment}`, label: k.plural, end: false })),
  { to: "/admin/manage-site-pages", label: "Site pages", end: false, needs: "site-pages" },
  { to: "/admin/organizations", label: "Organizations", end: false, needs: "organizations" },
  { to: "/admin/photo-presets", label: "Photo presets", end: false, needs: "publish" },
  { to: "/admin/messages", label: "Messages", end: false, needs: "messages" },
  { to: "/admin/alerts", label: "Alerts", end: false, needs: "alerts" },
  { to: "/admin/links", label: "Links", end: false, needs: "links" },
  { to: "/admin/seo-tools", label: "SEO tools", end: false, needs: "administer" },
  { to: "/admin/content-settings", label: "Settings", end: false, needs: "administer" },
  { to: "/admin/users", label: "Users", end: false, needs: "administer" },
  { to: "/admin/trash", label: "Trash", end: false, needs: "trash" },
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
            {loaderData.nav.map((item) => (
              <li key={item.to} className="shrink-0">
                <NavLink
                  to={item.to}
                  end={item.end}
                  aria-label={
                    item.badge?.count
                      ? `${item.label}, ${item.badge.count} ${item.badge.what}`
                      : undefined
                  }
                  className={({ isActive }) =>
                    `block rounded-app px-3 py-2 text-sm no-underline ${isActive ? "bg-primary text-white" : "text-white/85 hover:bg-white/10"}`
                  }
                >
                  {item.label}
                  {item.badge?.count ? (
                    // The link is read "Messages, 3 unread" (aria-label); the pill shows the number.
                    // The space keeps what is seen ("Messages 3") inside the name read (axe:
                    // label-content-name-mismatch).
                    <>
                      {" "}
                      <span
                        aria-hidden="true"
                        className="ml-2 inline-block min-w-5 rounded-full bg-amber-300 px-1.5 text-center text-xs font-semibold text-ink tabular-nums"
                      >
                        {item.badge.count > 99 ? "99+" : item.badge.count}
                      </span>
                    </>
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="min-w-0 flex-1">
        <header className="flex items-center justify-between gap-3 border-b border-stone-200 bg-white px-4 py-2">
          <span className="truncate text-sm text-muted">
            Signed in as <strong className="text-ink">{loaderData.user.email}</strong> (
            {loaderData.user.role})
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
          <Strings locale="en" areas={loaderData.strings}>
            <Outlet />
          </Strings>
        </main>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
