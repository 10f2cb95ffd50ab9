import { isRouteErrorResponse } from "react-router";

/**
 * What a public page shows when its loader refuses: a missing entry (404), a bad address such as
 * ?page=abc (400, with the loader's own message), or a failure of ours.
 */
export function PageError({ error }: { error: unknown }) {
  const { status, title, detail } = describeError(error);
  return (
    <main className="mx-auto max-w-xl py-12 text-center">
      <h1 className="text-2xl font-semibold text-primary">{title}</h1>
      <p className="mt-3 text-muted">{detail}</p>
      {status === 400 && (
        <p className="mt-2 text-sm text-muted">Check the address, or start again from the list.</p>
      )}
      <a
        className="mt-6 inline-block rounded-app bg-primary px-4 py-2 font-semibold text-white no-underline"
        href="/"
      >
        Go to the home page
      </a>
    </main>
  );
}

export function errorMeta(error: unknown) {
  return [{ title: describeError(error).title }, { name: "robots", content: "noindex" }];
}

function describeError(error: unknown) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 404) {
    return {
      status,
      title: "Page not found",
      detail: "The page you asked for does not exist or has moved.",
    };
  }
  if (status === 400) {
    const message =
      isRouteErrorResponse(error) && typeof error.data?.message === "string"
        ? error.data.message
        : "This address has a value we cannot use.";
    return { status, title: "Bad request", detail: message };
  }
  return {
    status,
    title: "Something went wrong",
    detail: "We could not show this page. Please try again in a moment.",
  };
}
