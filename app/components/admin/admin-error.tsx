import { isRouteErrorResponse, Link } from "react-router";

/** What an admin screen shows when its entry is missing or something failed: inside the layout. */
export function AdminError({ error, backTo }: { error: unknown; backTo?: string }) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  // The guard's refusal for a role that may not do this (app/users/guard.server.ts).
  const refusal =
    isRouteErrorResponse(error) && error.status === 403
      ? (error.data as { message?: string } | null)?.message
      : undefined;
  if (refusal) {
    return (
      <div className="mx-auto max-w-xl rounded-app border border-stone-200 bg-white p-6">
        <h1 className="text-xl font-semibold text-ink">Not allowed for your role</h1>
        <p className="mt-2 text-muted">{refusal}</p>
        <Link to={backTo ?? "/admin"} className="mt-4 inline-block text-accent underline">
          Back to the dashboard
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-xl rounded-app border border-stone-200 bg-white p-6">
      <h1 className="text-xl font-semibold text-ink">
        {missing ? "Not found" : "Something went wrong"}
      </h1>
      <p className="mt-2 text-muted">
        {missing
          ? "There is nothing at this address. It may have been deleted, or the link is wrong."
          : "This screen could not be shown. Try again in a moment; if it keeps failing, tell the site's developer."}
      </p>
      <Link to={backTo ?? "/admin"} className="mt-4 inline-block text-accent underline">
        Back to the dashboard
      </Link>
    </div>
  );
}
