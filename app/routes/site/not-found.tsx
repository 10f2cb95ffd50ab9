import { data, Form, Link } from "react-router";
import { requestLocale, stringsFor } from "~/i18n/catalog.server.ts";
import { useLocalePath, useT } from "~/i18n/context.tsx";
import { recordNotFound } from "~/server/not-found-log.server.ts";
import { goneContext } from "~/request-context.ts";
import { pagePath } from "~/server/redirect-middleware.server.ts";
import { db } from "~/server/services.server.ts";
import type { Route } from "./+types/not-found";

/** Every path nothing else answers (spec §2). Counted in the 404 log the SEO tools show. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const path = pagePath(request);
  const t = stringsFor(requestLocale(request), "search").search.notFound;
  // A redirect rule with status 410: removed on purpose, not missing (and not a 404 to log).
  if (context.get(goneContext)) return data({ path, gone: true, t }, { status: 410 });
  try {
    await recordNotFound(await db(), path, request.headers.get("referer"));
  } catch (err) {
    // The visitor still gets the page; only the statistics miss one.
    console.warn(`[not-found] could not record ${path}: ${(err as Error).message}`);
  }
  return data({ path, gone: false, t }, { status: 404 });
}

/** The lists, named as the header's menu names them. */
const LISTS = [
  { to: "/jobs", nav: "jobs" },
  { to: "/results", nav: "results" },
  { to: "/admit-cards", nav: "admitCards" },
  { to: "/syllabus", nav: "syllabus" },
  { to: "/answer-key", nav: "answerKey" },
] as const;

export default function NotFound({ loaderData }: Route.ComponentProps) {
  const { gone, t } = loaderData;
  const nav = useT("shell").nav;
  const to = useLocalePath();
  return (
    <main className="mx-auto max-w-xl py-10 text-center">
      <p className="text-5xl font-bold text-primary">{gone ? "410" : "404"}</p>
      <h1 className="mt-2 text-2xl font-semibold text-ink">{gone ? t.goneTitle : t.title}</h1>
      <p className="mt-3 text-muted">{gone ? t.goneDetail : t.detail}</p>
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
          placeholder={t.placeholder}
          className="h-11 min-w-0 flex-1 rounded-l-app border border-stone-300 bg-white px-3"
        />
        <button
          type="submit"
          className="h-11 rounded-r-app bg-primary px-4 font-semibold text-white hover:bg-primary-dark"
        >
          {t.button}
        </button>
      </Form>
      <ul className="mt-6 flex flex-wrap justify-center gap-2">
        {LISTS.map((l) => (
          <li key={l.to}>
            <Link
              to={to(l.to)}
              className="inline-block rounded-app border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium no-underline hover:border-primary hover:text-primary-dark"
            >
              {nav[l.nav]}
            </Link>
          </li>
        ))}
      </ul>
      <Link
        to={to("/")}
        className="mt-8 inline-block rounded-app bg-secondary px-4 py-2 font-semibold text-white no-underline hover:opacity-90"
      >
        {t.home}
      </Link>
    </main>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    {
      title: loaderData
        ? loaderData.gone
          ? loaderData.t.goneTitle
          : loaderData.t.title
        : "Page not found",
    },
    { name: "robots", content: "noindex" },
  ];
}
