import { NavLink } from "react-router";

export const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/jobs", label: "Latest Jobs" },
  { to: "/results", label: "Results" },
  { to: "/admit-cards", label: "Admit Cards" },
  { to: "/syllabus", label: "Syllabus" },
  { to: "/answer-key", label: "Answer Key" },
] as const;

export function SiteHeader({ siteName }: { siteName: string }) {
  return (
    <header className="sticky top-0 z-30 bg-primary text-white shadow">
      <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-3">
        <a href="/" className="text-xl font-semibold tracking-tight no-underline">
          {siteName}
        </a>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.to === "/"}
                  className={({ isActive }) =>
                    `rounded-app px-3 py-2 text-sm font-semibold no-underline hover:bg-white/15 ${isActive ? "bg-white/20" : ""}`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
