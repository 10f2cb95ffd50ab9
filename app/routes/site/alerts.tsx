import { data, Form, useActionData, useNavigation } from "react-router";
import {
  AlertChoices,
  AlertsPushSlot,
  type AlertChoiceOptions,
} from "~/components/alert-choices.tsx";
import { PageError } from "~/components/page-error.tsx";
import { catalog, requestLocale } from "~/i18n/catalog.server.ts";
import {
  alertsPageStrings,
  choiceNames,
  packedAlertsPageStrings,
} from "~/server/alerts/box.server.ts";
import { fmt } from "~/lib/locale.ts";
import type { RouteHandle } from "~/page-cache/index.ts";
import {
  formFields,
  SubscribeSchema,
  subscribeByEmail,
} from "~/server/alerts/subscriptions.server.ts";
import { ALERT_KINDS, ALERT_QUALIFICATIONS, ALERT_STATES } from "~/server/alerts/topics.ts";
import { emailEnabled } from "~/server/alerts/worker.server.ts";
import { withinLimits } from "~/server/form.server.ts";
import { env } from "~/server/env.server.ts";
import { listOrganizations } from "~/server/organizations.server.ts";
import { publicOrganizationNames, publicSettings } from "~/server/public-data.server.ts";
import { clientIp, consumeRateLimit } from "~/server/rate-limit.server.ts";
import { pageMeta } from "~/server/seo.server.ts";
import { db } from "~/server/services.server.ts";
import type { Route } from "./+types/alerts";
import { unpack } from "~/packed.ts";
import { logger } from "~/server/logger.server.ts";
import { optionKey } from "~/content/options.ts";

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
      // Keys; old links carry the English name ("?state=Bihar"), whose slug is the key.
      states: picked("state", ALERT_STATES, optionKey),
      qualifications: picked("qualification", ALERT_QUALIFICATIONS, optionKey),
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

type Values = {
  email: string;
  kinds: string[];
  states: string[];
  qualifications: string[];
  organizations: string[];
  language: "en" | "hi";
  cadence: "instant" | "daily";
  digestHour: number;
};
type SubscribeResult =
  | { status: "sent"; email: string }
  | { status: "invalid"; errors: { email?: string; topics?: string }; values: Values }
  | { status: "failed"; message: string; values?: Values };

export async function action({ request }: Route.ActionArgs) {
  const t = catalog(requestLocale(request)).alerts;
  const fields = formFields(await request.formData());
  // What a refusal shows again: never more than the form allows (issue 25).
  const values = withinLimits(
    {
      email: typeof fields.email === "string" ? fields.email : "",
      kinds: fields.kinds as string[],
      states: fields.states as string[],
      qualifications: fields.qualifications as string[],
      organizations: fields.organizations as string[],
      language: fields.language === "hi" ? "hi" : "en",
      cadence: fields.cadence === "daily" ? "daily" : "instant",
      digestHour: Number(fields.digestHour ?? 7) || 0,
    } satisfies Values,
    SubscribeSchema,
  ) as Values;
  if (!emailEnabled()) {
    return data({ status: "failed", message: t.emailOff, values } satisfies SubscribeResult, {
      status: 503,
    });
  }
  const parsed = SubscribeSchema.safeParse(fields);
  if (!parsed.success) {
    const errors: { email?: string; topics?: string } = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      if (field === "email") errors.email = t.errors.email;
      else if (field === "organizations" && issue.code === "too_big")
        errors.topics = t.errors.organizations;
      else errors.topics ??= t.errors.topics;
    }
    return data({ status: "invalid", errors, values } satisfies SubscribeResult, { status: 400 });
  }
  try {
    const conn = await db();
    const rule = env().ALERTS_RATE_LIMIT;
    const limit = await consumeRateLimit(conn, `alerts:${clientIp(request)}`, rule);
    if (!limit.allowed) {
      const minutes = Math.ceil(limit.retryAfterSeconds / 60);
      return data(
        {
          status: "failed",
          message: fmt(t.errors.rateLimited, { n: minutes }),
          values,
        } satisfies SubscribeResult,
        { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
      );
    }
    await subscribeByEmail(conn, parsed.data);
  } catch (err) {
    logger.error(`[alerts] could not store a subscription: ${(err as Error).message}`);
    return data({ status: "failed", message: t.errors.failed, values } satisfies SubscribeResult, {
      status: 500,
    });
  }
  return { status: "sent", email: parsed.data.email } satisfies SubscribeResult;
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
  const result = useActionData<SubscribeResult>();
  const busy = useNavigation().state === "submitting";
  const values = result && "values" in result && result.values ? result.values : undefined;
  const errors = result?.status === "invalid" ? result.errors : {};
  return (
    <main className="mx-auto max-w-4xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t.title}</h1>
      <p className="mt-2 text-muted">{t.intro}</p>
      {result?.status === "sent" ? (
        <p
          role="status"
          className="mt-6 rounded-app bg-secondary-light px-4 py-3 font-medium text-secondary"
        >
          {fmt(t.checkInbox, { email: result.email })}
        </p>
      ) : (
        <Form method="post" className="mt-6 space-y-4" noValidate>
          {result?.status === "failed" && (
            <p role="alert" className="rounded-app bg-red-50 px-3 py-2 text-sm text-red-800">
              {result.message}
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
              defaultValue={values?.email}
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
 * browser takes push (app/push-support.ts), else only why there are none here.
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
