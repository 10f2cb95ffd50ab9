import { data } from "react-router";

export async function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: "Page not found | govjobs" }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return (
    <main className="mx-auto max-w-xl py-12 text-center">
      <h1 className="text-2xl font-semibold text-primary">Page not found</h1>
      <p className="mt-3 text-muted">The page you asked for does not exist or has moved.</p>
      <a
        className="mt-6 inline-block rounded-app bg-primary px-4 py-2 font-semibold text-white no-underline"
        href="/"
      >
        Go to the home page
      </a>
    </main>
  );
}
