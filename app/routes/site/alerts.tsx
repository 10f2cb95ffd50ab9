import { Form, useActionData, useNavigation } from "react-router";
import { getFormProps, useForm } from "@conform-to/react";
import {
  AlertChoices,
  AlertsPushSlot,
  sentChoices,
  type AlertChoiceOptions,
} from "~/components/alert-choices.tsx";
import { PageError } from "~/components/page-error.tsx";
import { catalog, requestLocale } from "~/i18n/catalog.server.ts";
import { alertsPageStrings, choiceNames, packedAlertsPageStrings } from "~/alerts/box.server.ts";
import { fmt } from "~/lib/locale.ts";
import type { RouteHandle } from "~/page-cache/index.ts";
import { subscribeByEmail } from "~/alerts/subscriptions.server.ts";
import {
  SUBSCRIBE_LISTS,
  subscribeFormSchema,
  subscribeInput,
} from "~/alerts/subscribe-form.server.ts";
import {
  ALERT_KINDS,
  ALERT_QUALIFICATIONS,
  ALERT_STATES,
  qualificationKey,
  stateKey,
} from "~/alerts/topics.ts";
import { emailEnabled } from "~/alerts/worker.server.ts";
import { refuse } from "~/platform/forms.server.ts";
import { parseForm } from "~/lib/form-parse.ts";
import type { FormReply } from "~/lib/form-contract.ts";
import { accepted } from "~/lib/form-reply.ts";
import { env } from "~/platform/env.server.ts";
import { listOrganizations } from "~/organizations/organizations.repository.server.ts";
import { publicOrganizationNames, publicSettings } from "~/entries/public-data.server.ts";
import { clientIp, consumeRateLimit } from "~/platform/rate-limit.server.ts";
import { pageMeta } from "~/seo/seo.server.ts";
import { db } from "~/platform/services.server.ts";
import type { Route } from "./+types/alerts";
import { unpack } from "~/lib/packed.ts";
import { logger } from "~/platform/logger.server.ts";

/** The compact box on list and job pages links here with the page's facets. */
export const handle = {
  queryParams: ["kind", "state", "qualification", "organization"],
} satisfies RouteHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  const strings = alertsPageStrings(locale);
  const [settings, organizations] = await Promise.all([
    publicSettings(),
    listOrganizations(await db()),
  ]);
  const query = new URL(request.url).searchParams;
  const picked = (name: string, allowed: readonly string[], key = (v: string) => v) => {
    const v = query.get(name);
    return v && allowed.includes(key(v)) ? [key(v)] : [];
  };
  const organizationNames = organizations.map((o) => o.name);
  const options: AlertChoiceOptions = {
    kinds: ALERT_KINDS,
    states: ALERT_STATES,
    qualifications: ALERT_QUALIFICATIONS,
    organizations: organizationNames,
    names: choiceNames(locale, await publicOrganizationNames()),
  };
  return {
    strings: packedAlertsPageStrings(locale),
    locale,
    emailOn: emailEnabled(),
    options,
    prefill: {
      kinds: picked("kind", ALERT_KINDS),
      // Keys; old links carry the English name ("?state=Bihar"): toOptionKey reads both.
      states: picked("state", ALERT_STATES, stateKey),
      qualifications: picked("qualification", ALERT_QUALIFICATIONS, qualificationKey),
      organizations: picked("organization", organizationNames),
      language: locale,
      cadence: "instant" as const,
      digestHour: 7,
    },
    meta: pageMeta({
      baseUrl: env().BASE_URL,
      settings,
      title: emailEnabled() ? strings.alerts.title : strings.alerts.pushTitle,
      description: fmt(strings.alerts.metaDescription, { site: settings.siteName }),
      path: "/alerts",
      locale,
      // Without e-mail the page works only in a browser with JavaScript and push: nothing to index.
      noindex: !emailEnabled(),
    }),
  };
}

/**
 * The form's one reply (app/lib/form-contract.ts): accepted, with the address the confirmation
 * went to, or refused with the problem beside the address or the choices (`topics`), or with a
 * message for the whole form (e-mail off 503, too many sign-ups 429, not stored 500).
 */
type SubscribeReply = FormReply & { detail?: { email: string } };

export async function action({ request }: Route.ActionArgs) {
  const t = catalog(requestLocale(request)).alerts;
  const submission = parseForm(await request.formData(), subscribeFormSchema(t.errors), {
    multiple: SUBSCRIBE_LISTS,
  });
  if (!emailEnabled()) return refuse(submission, { formError: t.emailOff, status: 503 });
  if (submission.status !== "success") return refuse(submission);
  const input = subscribeInput(submission.value);
  try {
    const conn = await db();
    const rule = env().ALERTS_RATE_LIMIT;
    const limit = await consumeRateLimit(conn, `alerts:${clientIp(request)}`, rule);
    if (!limit.allowed) {
      const minutes = Math.ceil(limit.retryAfterSeconds / 60);
      return refuse(submission, {
        formError: fmt(t.errors.rateLimited, { n: minutes }),
        status: 429,
        headers: { "Retry-After": String(limit.retryAfterSeconds) },
      });
    }
    await subscribeByEmail(conn, input);
  } catch (err) {
    logger.error(`[alerts] could not store a subscription: ${(err as Error).message}`);
    return refuse(submission, { formError: t.errors.failed, status: 500 });
  }
  return accepted({ email: input.email }) satisfies SubscribeReply;
}

/** The answer to a POST is about one visitor: never cached. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const out = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) out.set("Retry-After", retryAfter);
  return out;
}

export default function Alerts({ loaderData }: Route.ComponentProps) {
  const t = unpack(loaderData.strings).alerts;
  if (!loaderData.emailOn) return <PushAlerts t={t} loaderData={loaderData} />;
  return <EmailAlerts t={t} loaderData={loaderData} />;
}

type Words = ReturnType<typeof alertsPageStrings>["alerts"];

/** Alerts by e-mail (and push too, where the browser takes it). */
function EmailAlerts({
  t,
  loaderData,
}: {
  t: Words;
  loaderData: Route.ComponentProps["loaderData"];
}) {
  const result = useActionData<SubscribeReply>();
  const busy = useNavigation().state === "submitting";
  // Conform holds the form's state from the server's reply: each problem at its field, what was
  // sent back in the fields (the server checks; the page ships no schema for it).
  const [form, fields] = useForm({
    id: "alerts-form",
    lastResult: result,
    shouldValidate: "onSubmit",
  });
  // A refusal brings back what was sent (cut at the form's limits).
  const sent = result?.initialValue as Record<string, unknown> | undefined;
  const values = sent ? sentChoices(sent) : undefined;
  const errors = { email: fields.email.errors?.[0], topics: fields.topics.errors?.[0] };
  const formError = form.errors?.[0];
  const sentTo = result?.status === "success" ? result.detail?.email : undefined;
  return (
    <main className="mx-auto max-w-4xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t.title}</h1>
      <p className="mt-2 text-muted">{t.intro}</p>
      {sentTo !== undefined ? (
        <p
          role="status"
          className="mt-6 rounded-app bg-secondary-light px-4 py-3 font-medium text-secondary"
        >
          {fmt(t.checkInbox, { email: sentTo })}
        </p>
      ) : (
        <Form {...getFormProps(form)} method="post" className="mt-6 space-y-4" noValidate>
          {formError && (
            <p role="alert" className="rounded-app bg-red-50 px-3 py-2 text-sm text-red-800">
              {formError}
            </p>
          )}
          <div className="rounded-app border border-stone-200 bg-white p-4 shadow-sm">
            <label htmlFor="alerts-email" className="block font-semibold">
              {t.email}
            </label>
            <input
              id="alerts-email"
              name="email"
              type="email"
              required
              maxLength={254}
              autoComplete="email"
              defaultValue={typeof sent?.email === "string" ? sent.email : undefined}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? "alerts-email-error" : undefined}
              className="mt-1 w-full rounded-app border border-stone-300 px-3 py-2"
            />
            {errors.email && (
              <p id="alerts-email-error" className="mt-1 text-sm text-red-800">
                {errors.email}
              </p>
            )}
          </div>
          <AlertChoices
            t={t}
            options={loaderData.options}
            values={values ?? loaderData.prefill}
            error={errors.topics}
          />
          <button
            type="submit"
            disabled={busy}
            className="rounded-app bg-primary px-5 py-2.5 font-semibold text-white hover:bg-primary-dark disabled:opacity-70"
          >
            {t.subscribe}
          </button>
          <AlertsPushSlot />
        </Form>
      )}
    </main>
  );
}

/**
 * Without a mail server alerts come by web push alone: the choices and the one button where the
 * browser takes push (app/lib/push-support.ts), else only why there are none here.
 */
function PushAlerts({
  t,
  loaderData,
}: {
  t: Words;
  loaderData: Route.ComponentProps["loaderData"];
}) {
  const noChannel = (
    <p role="status" className="mt-4 rounded-app bg-amber-50 px-3 py-2 text-amber-900">
      {t.noChannel}
    </p>
  );
  return (
    <main className="mx-auto max-w-4xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t.pushTitle}</h1>
      <noscript>{noChannel}</noscript>
      <div data-without-push>{noChannel}</div>
      <div data-needs-push>
        <p className="mt-2 text-muted">{t.pushIntro}</p>
        {/* Nothing here posts: the button below subscribes this browser with these choices. */}
        <form className="mt-6 space-y-4" onSubmit={(event) => event.preventDefault()}>
          <AlertChoices t={t} options={loaderData.options} values={loaderData.prefill} pushOnly />
          <AlertsPushSlot alone />
        </form>
      </div>
    </main>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData?.meta ?? [{ title: "Job Alerts" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}
