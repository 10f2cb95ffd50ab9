import "@fontsource/poppins/latin-400.css";
import "@fontsource/poppins/latin-600.css";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#ea580c" />
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? "Page not found" : "Something went wrong";
  const detail =
    status === 404
      ? "The page you asked for does not exist."
      : "We could not show this page. Please try again in a moment.";
  return (
    <main className="mx-auto max-w-xl p-8 text-center">
      <title>{title}</title>
      <h1 className="text-2xl font-semibold text-primary">{title}</h1>
      <p className="mt-3 text-muted">{detail}</p>
      <a className="mt-6 inline-block rounded-app bg-primary px-4 py-2 text-white" href="/">
        Go to the home page
      </a>
    </main>
  );
}
