import { Form, useActionData } from "react-router";
import { getFormProps, useForm } from "@conform-to/react";
import { AlertChoices, sentChoices, type AlertChoiceOptions } from "~/components/alert-choices.tsx";
import { PageError } from "~/components/page-error.tsx";
import { catalog, requestLocale } from "~/i18n/catalog.server.ts";
import { choiceNames, packedAlertsPageStrings } from "~/alerts/box.server.ts";
import { fmt } from "~/lib/locale.ts";
import type { RouteHandle } from "~/page-cache/index.ts";
import {
  deleteSubscription,
  getSubscription,
  updatePreferences,
} from "~/alerts/subscriptions.server.ts";
import { verifyLink } from "~/alerts/subscription-links.server.ts";
import {
  manageFormSchema,
  preferencesInput,
  SUBSCRIBE_LISTS,
} from "~/alerts/subscribe-form.server.ts";
import { ALERT_KINDS, ALERT_QUALIFICATIONS, ALERT_STATES } from "~/alerts/topics.ts";
import { env } from "~/platform/env.server.ts";
import { refuse } from "~/platform/forms.server.ts";
import { parseForm } from "~/lib/form-parse.ts";
import type { FormReply } from "~/lib/form-contract.ts";
import { accepted } from "~/lib/form-reply.ts";
import { listOrganizations } from "~/organizations/organizations.repository.server.ts";
import { db } from "~/platform/services.server.ts";
import { publicOrganizationNames } from "~/entries/public-data.server.ts";
import type { Route } from "./+types/alerts-manage";
import { unpack } from "~/lib/packed.ts";

export const handle = { queryParams: ["token"] } satisfies RouteHandle;

/** The signed link in every mail: change topics, download what is kept, or delete it all. */
export async function loader({ request }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const id = verifyLink(env().AUTH_SECRET, "manage", token);
  const conn = await db();
  const subscription = id ? await getSubscription(conn, id) : undefined;
  const organizations = subscription ? (await listOrganizations(conn)).map((o) => o.name) : [];
  const options: AlertChoiceOptions = {
    kinds: ALERT_KINDS,
    states: ALERT_STATES,
    qualifications: ALERT_QUALIFICATIONS,
    // Organizations kept in the subscription stay choosable even if renamed since.
    organizations: [...new Set([...organizations, ...(subscription?.topics.organizations ?? [])])],
    names: choiceNames(locale, await publicOrganizationNames()),
  };
  return {
    strings: packedAlertsPageStrings(locale),
    token,
    state: !id ? ("invalid" as const) : subscription ? ("ready" as const) : ("gone" as const),
    email: subscription?.email ?? null,
    values: subscription && {
      ...subscription.topics,
      language: subscription.language,
      cadence: subscription.cadence,
      digestHour: subscription.digestHour,
    },
    options,
  };
}

/**
 * The form's one reply (app/lib/form-contract.ts): done (`detail`: saved or deleted), or refused
 * with the choices sent and their problem (400), or with a message for the whole form (a link
 * that is not valid 403, alerts deleted meanwhile 404).
 */
type ManageReply = FormReply & { detail?: { done: "saved" | "deleted" } };

export async function action({ request }: Route.ActionArgs) {
  const t = catalog(requestLocale(request)).alerts;
  const form = await request.formData();
  const submission = parseForm(form, manageFormSchema(t.errors), { multiple: SUBSCRIBE_LISTS });
  const id = verifyLink(env().AUTH_SECRET, "manage", String(form.get("token") ?? ""));
  if (!id) return refuse(submission, { formError: t.linkInvalid, status: 403 });
  const conn = await db();
  if (form.get("intent") === "delete") {
    await deleteSubscription(conn, id);
    return accepted({ done: "deleted" as const }) satisfies ManageReply;
  }
  if (submission.status !== "success") return refuse(submission);
  if (!(await updatePreferences(conn, id, preferencesInput(submission.value))))
    return refuse(submission, { formError: t.gone, status: 404 });
  return accepted({ done: "saved" as const }) satisfies ManageReply;
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export default function AlertsManage({ loaderData }: Route.ComponentProps) {
  const t = unpack(loaderData.strings).alerts;
  const result = useActionData<ManageReply>();
  // Conform holds the choices form's state from the server's reply (the server checks).
  const [form, fields] = useForm({ id: "alerts-manage-form", lastResult: result });
  const done = result?.status === "success" ? result.detail?.done : undefined;
  // A refusal's message: the whole form's (a link gone bad) or the choices' own.
  const error = form.errors?.[0] ?? fields.topics.errors?.[0];
  const button =
    "rounded-app bg-primary px-5 py-2.5 font-semibold text-white hover:bg-primary-dark";
  if (done === "deleted") {
    return (
      <main className="mx-auto max-w-4xl px-4 py-6">
        <h1 className="text-2xl font-bold">{t.manageTitle}</h1>
        <p role="status" className="mt-4 rounded-app bg-secondary-light px-4 py-3 text-secondary">
          {t.deleted}
        </p>
      </main>
    );
  }
  const { state } = loaderData;
  // After a refusal, the choices that were sent; else the stored ones.
  const sent = result?.initialValue as Record<string, unknown> | undefined;
  const values = sent ? sentChoices(sent) : loaderData.values;
  return (
    <main className="mx-auto max-w-4xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t.manageTitle}</h1>
      {state !== "ready" || !values ? (
        <p
          role={state === "invalid" ? "alert" : "status"}
          className="mt-4 rounded-app bg-red-50 px-4 py-3 text-red-800"
        >
          {state === "invalid" ? t.linkInvalid : t.gone}
        </p>
      ) : (
        <>
          <p className="mt-2">{fmt(t.manageIntro, { email: loaderData.email ?? "" })}</p>
          {done === "saved" && (
            <p
              role="status"
              className="mt-4 rounded-app bg-secondary-light px-4 py-3 text-secondary"
            >
              {t.saved}
            </p>
          )}
          <Form {...getFormProps(form)} method="post" className="mt-4 space-y-4">
            <input type="hidden" name="token" value={loaderData.token} />
            <input type="hidden" name="intent" value="save" />
            <AlertChoices t={t} options={loaderData.options} values={values} error={error} />
            <button type="submit" className={button}>
              {t.save}
            </button>
          </Form>
          <section className="mt-8 rounded-app border border-stone-200 bg-white p-4 shadow-sm">
            <h2 className="font-semibold">{t.exportTitle}</h2>
            <p className="mt-1 text-sm">{t.exportText}</p>
            <a
              href={`/alerts/export?token=${encodeURIComponent(loaderData.token)}`}
              download
              className="mt-3 inline-block text-accent underline"
            >
              {t.exportButton}
            </a>
          </section>
          <section className="mt-4 rounded-app border border-red-200 bg-white p-4 shadow-sm">
            <h2 className="font-semibold">{t.deleteTitle}</h2>
            <p className="mt-1 text-sm">{t.deleteText}</p>
            <Form method="post" className="mt-3">
              <input type="hidden" name="token" value={loaderData.token} />
              <input type="hidden" name="intent" value="delete" />
              <button
                type="submit"
                className="rounded-app bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800"
              >
                {t.deleteButton}
              </button>
            </Form>
          </section>
        </>
      )}
    </main>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: (loaderData && unpack(loaderData.strings).alerts.manageTitle) ?? "Manage alerts" },
    { name: "robots", content: "noindex" },
  ];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}
