import { Form, useActionData } from "react-router";
import { PageError } from "~/components/page-error.tsx";
import { requestLocale } from "~/i18n/catalog.server.ts";
import { packedAlertsPageStrings } from "~/alerts/box.server.ts";
import type { RouteHandle } from "~/page-cache/index.ts";
import { deleteSubscription, getSubscription } from "~/alerts/subscriptions.server.ts";
import { verifyLink } from "~/alerts/subscription-links.server.ts";
import { env } from "~/platform/env.server.ts";
import { db } from "~/platform/services.server.ts";
import type { Route } from "./+types/alerts-unsubscribe";
import { unpack } from "~/lib/packed.ts";

export const handle = { queryParams: ["token"] } satisfies RouteHandle;

type State = "ready" | "invalid" | "gone" | "deleted";

/** The page behind the footer's "Unsubscribe" link: a button, so a link preview stops nothing. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const id = verifyLink(env().AUTH_SECRET, "unsubscribe", token);
  const state: State = !id ? "invalid" : (await getSubscription(await db(), id)) ? "ready" : "gone";
  return { strings: packedAlertsPageStrings(requestLocale(request)), token, state };
}

export async function action({ request }: Route.ActionArgs) {
  const token = String((await request.formData()).get("token") ?? "");
  const id = verifyLink(env().AUTH_SECRET, "unsubscribe", token);
  if (!id) return { state: "invalid" as State };
  await deleteSubscription(await db(), id);
  return { state: "deleted" as State };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export default function AlertsUnsubscribe({ loaderData }: Route.ComponentProps) {
  const t = unpack(loaderData.strings).alerts;
  const state = useActionData<typeof action>()?.state ?? loaderData.state;
  return (
    <main className="mx-auto max-w-2xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t.unsubscribeTitle}</h1>
      {state === "ready" ? (
        <Form method="post" className="mt-4 space-y-4">
          <p>{t.unsubscribeIntro}</p>
          <input type="hidden" name="token" value={loaderData.token} />
          <button
            type="submit"
            className="rounded-app bg-primary px-5 py-2.5 font-semibold text-white hover:bg-primary-dark"
          >
            {t.unsubscribeButton}
          </button>
        </Form>
      ) : (
        <p
          role={state === "invalid" ? "alert" : "status"}
          className={`mt-4 rounded-app px-4 py-3 ${state === "invalid" ? "bg-red-50 text-red-800" : "bg-secondary-light text-secondary"}`}
        >
          {state === "invalid" ? t.linkInvalid : state === "gone" ? t.gone : t.deleted}
        </p>
      )}
    </main>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: (loaderData && unpack(loaderData.strings).alerts.unsubscribeTitle) ?? "Unsubscribe" },
    { name: "robots", content: "noindex" },
  ];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}
