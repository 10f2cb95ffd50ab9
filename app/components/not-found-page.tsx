import { Form, Link, useLocation } from "react-router";
import { useLocale, useLocalePath, useT } from "~/i18n/context.tsx";
import { localePath, stripLocale } from "~/lib/locale.ts";
import { useNavLinks } from "./destinations.ts";

/**
 * The site's 404 page: what happened, a search, the lists (the one the address was in first) and
 * the home page. The catch-all route draws it for paths nothing answers (and, with its own words,
 * for the 410 of a removed page); every public page's error boundary draws it for a missing entry,
 * list page or organization (spec §2). Its words are the shell's, which every public page has.
 */
export function NotFoundPage({
  code = 404,
  title,
  detail,
}: {
  code?: 404 | 410;
  title?: string;
  detail?: string;
}) {
  const t = useT("shell");
  const to = useLocalePath();
  const locale = useLocale();
  // "/jobs/no-such-slug" and "/hi/jobs/no-such-slug" lead back to their list first.
  const own = localePath(locale, `/${stripLocale(useLocation().pathname).split("/")[1] ?? ""}`);
  const lists = useNavLinks()
    .slice(1)
    .sort((a, b) => Number(b.to === own) - Number(a.to === own));
  return (
    <main className="mx-auto max-w-xl py-10 text-center">
      <p className="text-5xl font-bold text-primary">{code}</p>
      <h1 className="mt-2 text-2xl font-semibold text-ink">{title ?? t.error.notFound}</h1>
      <p className="mt-3 text-muted">{detail ?? t.error.notFoundDetail}</p>
      <Form
        action={to("/search")}
        method="get"
        role="search"
        className="mx-auto mt-6 flex max-w-md"
      >
        <label htmlFor="not-found-search" className="sr-only">
          {t.searchLabel}
        </label>
        <input
          id="not-found-search"
          type="search"
          name="q"
          maxLength={100}
          placeholder={t.error.searchExample}
          className="h-11 min-w-0 flex-1 rounded-l-app border border-stone-300 bg-white px-3"
        />
        <button
          type="submit"
          className="h-11 rounded-r-app bg-primary px-4 font-semibold text-white hover:bg-primary-dark"
        >
          {t.searchButton}
        </button>
      </Form>
      <ul className="mt-6 flex flex-wrap justify-center gap-2">
        {lists.map((l) => (
          <li key={l.to}>
            <Link
              to={l.to}
              className={`inline-block rounded-app border px-3 py-1.5 text-sm font-medium no-underline hover:border-primary hover:text-primary-dark ${l.to === own ? "border-primary bg-primary-light text-primary-dark" : "border-stone-300 bg-white"}`}
            >
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
      <Link
        to={to("/")}
        className="mt-8 inline-block rounded-app bg-secondary px-4 py-2 font-semibold text-white no-underline hover:opacity-90"
      >
        {t.error.home}
      </Link>
    </main>
  );
}
