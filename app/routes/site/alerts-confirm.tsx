import { Form, useActionData } from "react-router";
import { PageError } from "~/components/page-error.tsx";
import { requestLocale } from "~/i18n/catalog.server.ts";
import { packedAlertsPageStrings } from "~/alerts/box.server.ts";
import { fmt } from "~/lib/locale.ts";
import type { RouteHandle } from "~/page-cache/index.ts";
import {
  checkConfirmToken,
  confirmSubscription,
  type ConfirmState,
} from "~/alerts/subscriptions.server.ts";
import { db } from "~/platform/services.server.ts";
import type { Route } from "./+types/alerts-confirm";
import { unpack } from "~/lib/packed.ts";

export const handle = { queryParams: ["token"] } satisfies RouteHandle;

const PRIVATE = { "Cache-Control": "no-store" };

type Answer = { state: "valid"; email: string | null } | { state: "expired" | "invalid" };

const answer = (c: ConfirmState): Answer =>
  c.state === "valid" ? { state: "valid", email: c.subscription.email } : { state: c.state };

/** Opening the link (a mail scanner does too) only looks: confirming takes the button's POST. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const checked = await checkConfirmToken(await db(), token);
  return {
    strings: packedAlertsPageStrings(requestLocale(request)),
    token,
    link: answer(checked),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const token = String((await request.formData()).get("token") ?? "").slice(0, 100);
  const done = answer(await confirmSubscription(await db(), token));
  return { confirmed: done };
}

export function headers() {
  return PRIVATE;
}

export default function AlertsConfirm({ loaderData }: Route.ComponentProps) {
  const t = unpack(loaderData.strings).alerts;
  const result = useActionData<typeof action>()?.confirmed;
  const state = result ?? loaderData.link;
  return (
    <main className="mx-auto max-w-2xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t.confirmTitle}</h1>
      {result?.state === "valid" ? (
        <p role="status" className="mt-4 rounded-app bg-secondary-light px-4 py-3 text-secondary">
          {t.confirmed}
        </p>
      ) : state.state === "valid" ? (
        <Form method="post" className="mt-4 space-y-4">
          <p>{fmt(t.confirmIntro, { email: state.email ?? "" })}</p>
          <input type="hidden" name="token" value={loaderData.token} />
          <button
            type="submit"
            className="rounded-app bg-primary px-5 py-2.5 font-semibold text-white hover:bg-primary-dark"
          >
            {t.confirmButton}
          </button>
        </Form>
      ) : (
        <p role="alert" className="mt-4 rounded-app bg-red-50 px-4 py-3 text-red-800">
          {state.state === "expired" ? t.tokenExpired : t.tokenInvalid}
        </p>
      )}
    </main>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: (loaderData && unpack(loaderData.strings).alerts.confirmTitle) ?? "Confirm" },
    { name: "robots", content: "noindex" },
  ];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}
