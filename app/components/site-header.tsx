import { useEffect, useRef, useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { useLocalePath, useT } from "~/i18n/context.tsx";
import { Bell } from "./bell.tsx";
import { CloseIcon } from "./close-icon.tsx";
import { useNavLinks } from "./destinations.ts";
import { LanguageSwitch } from "./language-switch.tsx";
import { NavDrawer } from "./nav-drawer.tsx";
import { MyExamsLink } from "~/my-exams/header-link.tsx";

/** On the search page, the query it shows (every search box shows it); elsewhere "". */
function useSearchQuery(): string {
  const to = useLocalePath();
  const { pathname, search } = useLocation();
  return pathname === to("/search") ? (new URLSearchParams(search).get("q")?.trim() ?? "") : "";
}

export function SearchIcon({ className = "size-5" }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}

/**
 * The header's search. From 640 px a field beside the site's name; on a phone, where such a field
 * would be too narrow to read ("Searc…" at 360 px), an icon that opens the field over the whole
 * row (issue 29). Without JavaScript the icon is a link to the search page and its own field.
 */
function HeaderSearch() {
  const t = useT("shell");
  const to = useLocalePath();
  const q = useSearchQuery();
  const [open, setOpen] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (open) field.current?.focus();
  }, [open]);
  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };
  return (
    <>
      <a
        ref={opener}
        href={to("/search")}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
        aria-label={t.searchOpen}
        className="ml-auto grid size-11 shrink-0 place-items-center rounded-app hover:bg-white/15 sm:hidden"
      >
        <SearchIcon className="size-6" />
      </a>
      <Form
        action={to("/search")}
        method="get"
        role="search"
        onKeyDown={(event) => event.key === "Escape" && open && close()}
        // The search page shows the field of its own.
        onSubmit={() => setOpen(false)}
        className={`${open ? "absolute inset-0 z-10 flex gap-1 bg-primary px-2" : "hidden"} items-center sm:static sm:ml-auto sm:flex sm:min-w-0 sm:flex-1 sm:justify-end sm:gap-0 sm:bg-transparent sm:px-0`}
      >
        <label htmlFor="site-search" className="sr-only">
          {t.searchLabel}
        </label>
        <input
          // A new query (a client-side navigation) draws the box again with it.
          key={q}
          ref={field}
          id="site-search"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={100}
          placeholder={t.searchPlaceholder}
          className="h-11 w-full min-w-0 flex-1 rounded-l-app border-0 bg-white px-3 text-base text-ink placeholder:text-stone-500 sm:max-w-sm sm:text-sm"
        />
        <button
          type="submit"
          className="grid size-11 shrink-0 place-items-center rounded-r-app bg-primary-dark hover:bg-black/30"
          aria-label={t.searchButton}
        >
          <SearchIcon />
        </button>
        {open && (
          <button
            type="button"
            onClick={close}
            aria-label={t.searchClose}
            className="grid size-11 shrink-0 place-items-center rounded-app hover:bg-white/15 sm:hidden"
          >
            <CloseIcon />
          </button>
        )}
      </Form>
    </>
  );
}

/**
 * The sticky header of every public page: site name, search, language, bell; the lists in a strip
 * below from 768 px, in the drawer (with every other destination) under that.
 */
export function SiteHeader({ siteName, bellStamps }: { siteName: string; bellStamps: string[] }) {
  const t = useT("shell");
  const to = useLocalePath();
  const links = useNavLinks();
  return (
    <header className="sticky top-0 z-30 bg-primary text-white shadow-md">
      <div className="relative mx-auto flex max-w-6xl items-center gap-1 px-2 py-1.5 sm:gap-3 sm:px-4">
        <NavDrawer siteName={siteName} />
        <Link
          to={to("/")}
          className="flex h-11 max-w-[40vw] shrink-0 items-center truncate px-1 text-xl font-semibold tracking-tight no-underline sm:max-w-none"
        >
          {siteName}
        </Link>
        <HeaderSearch />
        <LanguageSwitch className="grid h-11 min-w-11 shrink-0 place-items-center rounded-app px-2 text-sm font-semibold no-underline hover:bg-white/15" />
        <MyExamsLink />
        <Bell stamps={bellStamps} />
      </div>
      <nav aria-label={t.mainNav} className="hidden bg-primary-dark md:block">
        <ul className="mx-auto flex max-w-6xl gap-1 px-2 sm:px-4">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.to === to("/")}
                className={({ isActive }) =>
                  `block border-b-4 px-3 py-2.5 text-sm font-semibold no-underline hover:bg-white/10 ${
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
