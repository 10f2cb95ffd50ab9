import { Form, Link, NavLink } from "react-router";
import { Bell } from "./bell.tsx";
import { NavDrawer } from "./nav-drawer.tsx";

/** Spec §2: the header's links, in this order, with these words. */
export const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/jobs", label: "Latest Jobs" },
  { to: "/results", label: "Results" },
  { to: "/admit-cards", label: "Admit Cards" },
  { to: "/syllabus", label: "Syllabus" },
  { to: "/answer-key", label: "Answer Key" },
] as const;

/**
 * The sticky header of every public page: site name, search, bell; the main links in a strip
 * below from 768 px, in the drawer under that.
 */
export function SiteHeader({ siteName, bellStamps }: { siteName: string; bellStamps: string[] }) {
  return (
    <header className="sticky top-0 z-30 bg-primary text-white shadow-md">
      <div className="mx-auto flex max-w-6xl items-center gap-1 px-2 py-2 sm:gap-3 sm:px-4">
        <NavDrawer siteName={siteName} links={NAV_LINKS} />
        <Link
          to="/"
          className="max-w-[40vw] shrink-0 truncate px-1 text-xl font-semibold tracking-tight no-underline sm:max-w-none"
        >
          {siteName}
        </Link>
        <Form
          action="/search"
          method="get"
          role="search"
          className="ml-auto flex min-w-0 flex-1 items-center justify-end"
        >
          <label htmlFor="site-search" className="sr-only">
            Search jobs, results and admit cards
          </label>
          <input
            id="site-search"
            type="search"
            name="q"
            maxLength={100}
            placeholder="Search…"
            className="h-10 w-full min-w-0 max-w-sm rounded-l-app border-0 bg-white px-3 text-sm text-ink placeholder:text-stone-500"
          />
          <button
            type="submit"
            className="grid h-10 w-10 shrink-0 place-items-center rounded-r-app bg-primary-dark hover:bg-black/30"
            aria-label="Search"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              <circle cx="11" cy="11" r="7" />
              <path d="m20 20-3.5-3.5" />
            </svg>
          </button>
        </Form>
        <Bell stamps={bellStamps} />
      </div>
      <nav aria-label="Main" className="hidden bg-primary-dark md:block">
        <ul className="mx-auto flex max-w-6xl gap-1 px-2 sm:px-4">
          {NAV_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.to === "/"}
                className={({ isActive }) =>
                  `block border-b-4 px-3 py-2 text-sm font-semibold no-underline hover:bg-white/10 ${
                    isActive ? "border-white" : "border-transparent"
                  }`
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
