import { data, Form, Link } from "react-router";
import { recordNotFound } from "~/server/not-found-log.server.ts";
import { goneContext } from "~/request-context.ts";
import { pagePath } from "~/server/redirect-middleware.server.ts";
import { db } from "~/server/services.server.ts";
import type { Route } from "./+types/not-found";

/** Every path nothing else answers (spec §2). Counted in the 404 log the SEO tools show. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const path = pagePath(request);
  // A redirect rule with status 410: removed on purpose, not missing (and not a 404 to log).
  if (context.get(goneContext)) return data({ path, gone: true }, { status: 410 });
  try {
    await recordNotFound(await db(), path, request.headers.get("referer"));
  } catch (err) {
    // The visitor still gets the page; only the statistics miss one.
    console.warn(`[not-found] could not record ${path}: ${(err as Error).message}`);
  }
  return data({ path, gone: false }, { status: 404 });
}

const LISTS = [
  { to: "/jobs", label: "Latest Jobs" },
  { to: "/results", label: "Results" },
  { to: "/admit-cards", label: "Admit Cards" },
  { to: "/syllabus", label: "Syllabus" },
  { to: "/answer-key", label: "Answer Key" },
] as const;

export default function NotFound({ loaderData }: Route.ComponentProps) {
  const gone = loaderData.gone;
  return (
    <main className="mx-auto max-w-xl py-10 text-center">
      <p className="text-5xl font-bold text-primary">{gone ? "410" : "404"}</p>
      <h1 className="mt-2 text-2xl font-semibold text-ink">
        {gone ? "This page has been removed" : "Page not found"}
      </h1>
      <p className="mt-3 text-muted">
        {gone
          ? "The page that was here is no longer available. Search for what you need, or start from one of the lists."
          : "The page you asked for does not exist or has moved. Search for it, or start from one of the lists."}
      </p>
      <Form action="/search" method="get" role="search" className="mx-auto mt-6 flex max-w-md">
        <label htmlFor="not-found-search" className="sr-only">
          Search jobs, results and admit cards
        </label>
        <input
          id="not-found-search"
          type="search"
          name="q"
          maxLength={100}
          placeholder="e.g. clerk, railway"
          className="h-11 min-w-0 flex-1 rounded-l-app border border-stone-300 bg-white px-3"
        />
        <button
          type="submit"
          className="h-11 rounded-r-app bg-primary px-4 font-semibold text-white hover:bg-primary-dark"
        >
          Search
        </button>
      </Form>
      <ul className="mt-6 flex flex-wrap justify-center gap-2">
        {LISTS.map((l) => (
          <li key={l.to}>
            <Link
              to={l.to}
              className="inline-block rounded-app border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium no-underline hover:border-primary hover:text-primary-dark"
            >
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
      <Link
        to="/"
        className="mt-8 inline-block rounded-app bg-secondary px-4 py-2 font-semibold text-white no-underline hover:opacity-90"
      >
        Go to the home page
      </Link>
    </main>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData?.gone ? "This page has been removed" : "Page not found" },
    { name: "robots", content: "noindex" },
  ];
}
