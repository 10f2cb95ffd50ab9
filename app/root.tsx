import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
} from "react-router";
import type { Route } from "./+types/root";
import { canLoadPage, isChunkLoadError, loadPage } from "./lib/chunk-recovery.ts";
import { ERROR_PAGE_KINDS } from "./content/kinds.ts";
import { LOCALE_TAG, localeFromPath } from "./lib/locale.ts";
import { stylesheetFor } from "./stylesheets.ts";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // No font is preloaded: the faces are `font-display: optional` (app.css says why).
];

export function Layout({ children }: { children: React.ReactNode }) {
  // The path alone says the language (/hi/… is Hindi), on the server and in the browser alike.
  const { pathname } = useLocation();
  return (
    <html lang={LOCALE_TAG[localeFromPath(pathname)]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#c2410c" />
        {/* Installable (issue 28): the app manifest in the page's language. */}
        <link
          rel="manifest"
          href={
            localeFromPath(pathname) === "hi" ? "/hi/manifest.webmanifest" : "/manifest.webmanifest"
          }
        />
        {/* The stylesheet first in the head (React puts a link with a precedence there): a phone on
            a slow link asks for it before the fonts and the script, so the page paints sooner
            (npm run bench -- --first-paint). */}
        <link rel="stylesheet" href={stylesheetFor(pathname)} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/**
 * The last resort for every page: a friendly message, never a stack trace. A script that failed
 * to load (a deploy replaced it) is answered with a full page load instead (spec §8).
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // Chunk errors happen only in the browser, after hydration.
  const reloading =
    isChunkLoadError(error) && typeof window !== "undefined" && canLoadPage(window.location.href);
  useEffect(() => {
    if (reloading) loadPage(window.location.href);
  }, [reloading]);

  const status = isRouteErrorResponse(error) ? error.status : 500;
  const { title, detail } = reloading
    ? { title: "Loading...", detail: "Fetching the latest version of the site." }
    : status === 404
      ? { title: "Page not found", detail: "The page you asked for does not exist or has moved." }
      : status === 410
        ? {
            title: "This page has been removed",
            detail:
              "The page that was here is no longer available. The lists below have the current ones.",
          }
        : {
            title: "Something went wrong",
            detail: "We could not show this page. Please try again in a moment.",
          };
  return (
    <>
      <title>{title}</title>
      {status >= 400 && status < 500 && <meta name="robots" content="noindex" />}
      <header className="bg-primary text-white shadow">
        <div className="mx-auto max-w-6xl px-4 py-3">
          <a href="/" className="text-xl font-semibold no-underline">
            Home
          </a>
        </div>
      </header>
      <main className="mx-auto max-w-xl p-8 text-center">
        <h1 className="text-2xl font-semibold text-primary">{title}</h1>
        <p className="mt-3 text-muted">{detail}</p>
        {!reloading && (
          <nav aria-label="Lists" className="mt-6">
            <ul className="flex flex-wrap justify-center gap-2 text-sm">
              {[
                ["/", "Home"],
                ...ERROR_PAGE_KINDS.map((kind) => [kind.urlPrefix, kind.menu.en]),
              ].map(([href, label]) => (
                <li key={href}>
                  <a
                    href={href}
                    className="inline-block rounded-app border border-stone-300 bg-white px-3 py-1.5 no-underline hover:border-primary"
                  >
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </main>
    </>
  );
}
