import { Form, Link, NavLink, useLocation } from "react-router";
import { useLocale, useLocalePath, useT } from "~/i18n/context.tsx";
import { otherLanguagePath } from "~/i18n/locale.ts";
import { Bell } from "./bell.tsx";
import { NavDrawer } from "./nav-drawer.tsx";
import { MyExamsLink } from "~/my-exams/header-link.tsx";

/** Spec §2: the header's links, in this order (their words are the catalogue's `shell.nav`). */
const NAV = [
  ["/", "home"],
  ["/jobs", "jobs"],
  ["/results", "results"],
  ["/admit-cards", "admitCards"],
  ["/syllabus", "syllabus"],
  ["/answer-key", "answerKey"],
] as const;

/** The main links in the page's language. */
export function useNavLinks() {
  const t = useT("shell");
  const to = useLocalePath();
  return NAV.map(([path, key]) => ({ to: to(path), label: t.nav[key] }));
}

/**
 * The same page in the other language. On an English page the word is Devanagari: it is drawn in
 * the system font, so English pages never download the Devanagari font file for one word. Its
 * name is the word it shows (what a voice-control user says; an aria-label that did not contain
 * it failed Lighthouse's label-content-name-mismatch); the sentence is its description.
 */
function LanguageSwitch() {
  const t = useT("shell");
  const locale = useLocale();
  const { pathname, search } = useLocation();
  return (
    <a
      href={otherLanguagePath(pathname, search)}
      hrefLang={locale === "en" ? "hi" : "en"}
      lang={locale === "en" ? "hi" : "en"}
      title={t.otherLanguageLabel}
      className={`grid h-10 shrink-0 place-items-center rounded-app px-2 text-sm font-semibold no-underline hover:bg-white/15 ${locale === "en" ? "font-system" : ""}`}
    >
      <span className="sm:hidden">{t.otherLanguageShort}</span>
      <span className="hidden sm:inline">{t.otherLanguage}</span>
    </a>
  );
}

/** On the search page, the query it shows (every search box shows it); elsewhere "". */
function useSearchQuery(): string {
  const to = useLocalePath();
  const { pathname, search } = useLocation();
  return pathname === to("/search") ? (new URLSearchParams(search).get("q")?.trim() ?? "") : "";
}

/**
 * The sticky header of every public page: site name, search, bell; the main links in a strip
 * below from 768 px, in the drawer under that.
 */
export function SiteHeader({ siteName, bellStamps }: { siteName: string; bellStamps: string[] }) {
  const t = useT("shell");
  const to = useLocalePath();
  const links = useNavLinks();
  const q = useSearchQuery();
  return (
    <header className="sticky top-0 z-30 bg-primary text-white shadow-md">
      <div className="mx-auto flex max-w-6xl items-center gap-1 px-2 py-2 sm:gap-3 sm:px-4">
        <NavDrawer siteName={siteName} links={links} />
        <Link
          to={to("/")}
          className="max-w-[40vw] shrink-0 truncate px-1 text-xl font-semibold tracking-tight no-underline sm:max-w-none"
        >
          {siteName}
        </Link>
        <Form
          action={to("/search")}
          method="get"
          role="search"
          className="ml-auto flex min-w-0 flex-1 items-center justify-end"
        >
          <label htmlFor="site-search" className="sr-only">
            {t.searchLabel}
          </label>
          <input
            // A new query (a client-side navigation) draws the box again with it.
            key={q}
            id="site-search"
            type="search"
            name="q"
            defaultValue={q}
            maxLength={100}
            placeholder={t.searchPlaceholder}
            className="h-10 w-full min-w-0 max-w-sm rounded-l-app border-0 bg-white px-3 text-sm text-ink placeholder:text-stone-500"
          />
          <button
            type="submit"
            className="grid h-10 w-10 shrink-0 place-items-center rounded-r-app bg-primary-dark hover:bg-black/30"
            aria-label={t.searchButton}
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
        <LanguageSwitch />
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
