import { getFormProps, parse, useForm } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { useActionData, useFetcher } from "react-router";
import { contactSchemaIn } from "~/content/contact-checks.ts";
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  contactRetryText,
  HONEYPOT_FIELD,
  isHoneypotFilled,
  type ContactErrors,
  type ContactField,
} from "~/content/contact.ts";
import { PageError } from "~/components/page-error.tsx";
import { catalog, requestLocale, packedStrings, stringsFor } from "~/i18n/catalog.server.ts";
import { useLocalePath } from "~/i18n/context.tsx";
import { fmt } from "~/lib/locale.ts";
import type { FormReply } from "~/lib/form-contract.ts";
import { ACCEPTED, replyOf } from "~/lib/form-reply.ts";
import { env } from "~/platform/env.server.ts";
import { refuse } from "~/platform/forms.server.ts";
import { parseForm } from "~/lib/form-parse.ts";
import { logger } from "~/platform/logger.server.ts";
import { createMessage } from "~/messages/messages.repository.server.ts";
import { clientIp, consumeRateLimit } from "~/platform/rate-limit.server.ts";
import { db } from "~/platform/services.server.ts";
import { pageMeta } from "~/seo/seo.server.ts";
import { publicSettings } from "~/entries/public-data.server.ts";
import type { Route } from "./+types/contact";
import type { RouteHandle } from "~/page-cache/index.ts";
import { warnInBrowser } from "~/lib/browser-log.ts";
import { unpack } from "~/lib/packed.ts";

/** Only the settings' words and addresses: no content write changes it. */
export const handle = { cacheScope: [] } satisfies RouteHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  const strings = stringsFor(locale, "contact");
  const t = strings.contact;
  const settings = await publicSettings();
  return {
    strings: packedStrings(locale, "contact"),
    siteName: settings.siteName,
    email: settings.contactEmail,
    phone: settings.contactPhone,
    meta: pageMeta({
      baseUrl: env().BASE_URL,
      settings,
      title: t.title,
      description: fmt(t.metaDescription, { site: settings.siteName }),
      path: "/contact-us",
      locale,
    }),
  };
}

/**
 * The form's one reply (app/lib/form-contract.ts): accepted, or refused with each field's problem
 * beside it, or with a message for the whole form (too many messages: 429; not stored: 500).
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  // A robot filled the field people never see: it hears "sent", nothing is kept.
  if (isHoneypotFilled(form)) return ACCEPTED;
  // The messages in the language of the page the form was posted from; a refusal shows again
  // what was sent, never more than the form allows (issue 25).
  const text = catalog(requestLocale(request)).contact.text;
  const submission = parseForm(form, contactSchemaIn(text));
  if (submission.status !== "success") return refuse(submission);
  try {
    const conn = await db();
    const rule = env().CONTACT_RATE_LIMIT;
    const limit = await consumeRateLimit(conn, `contact:${clientIp(request)}`, rule);
    if (!limit.allowed) {
      const { retryAfterSeconds } = limit;
      return refuse(submission, {
        formError: `${text.failed} ${contactRetryText(retryAfterSeconds, text)}`,
        status: 429,
        headers: { "Retry-After": String(retryAfterSeconds) },
      });
    }
    await createMessage(conn, submission.value);
  } catch (err) {
    logger.error(`[contact] could not store a message: ${(err as Error).message}`);
    return refuse(submission, { formError: text.failed, status: 500 });
  }
  return ACCEPTED;
}

/** The 429's Retry-After reaches the browser on a plain form post too. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
}

/**
 * With JavaScript the form is sent by a fetcher; a server error or a lost connection must end in
 * the spec's failure message (§8), not in the error page.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (err) {
    warnInBrowser("The contact message could not be sent.", err);
    // A refusal that says nothing more: the form says its general failure.
    return replyOf(null);
  }
}

// The browser's check (zod/mini) is fetched when the form is first touched; should it fail to
// come, the server's check answers in the same reply.
let checks: typeof import("~/content/contact-checks.ts") | null = null;
const loadChecks = () => import("~/content/contact-checks.ts").then((m) => (checks = m));
const preloadChecks = () => void loadChecks().catch(() => {});

export default function Contact({ loaderData }: Route.ComponentProps) {
  const t = unpack(loaderData.strings).contact;
  const to = useLocalePath();
  const fetcher = useFetcher<FormReply>();
  // Without JavaScript the form posts the page itself, and the answer comes as action data.
  const actionData = useActionData<FormReply>();
  const busy = fetcher.state !== "idle";
  const formRef = useRef<HTMLFormElement>(null);
  // Conform holds the form's state: the server's reply (`lastResult`) and the browser's own check
  // of the same schema (`onValidate`) show their errors in the same places, and it moves focus to
  // the first field refused.
  const [form, fields] = useForm({
    id: "contact-form",
    lastResult: fetcher.data ?? actionData,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) =>
      checks
        ? checks.parseContact(formData, t.text)
        : parse(formData, { resolve: (value) => ({ value }) }),
  });

  /** A press before the check's code has come waits for it, then sends again (checked). */
  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (checks) return form.onSubmit(event);
    event.preventDefault();
    const element = event.currentTarget;
    loadChecks().then(
      () => element.requestSubmit(),
      () => void fetcher.submit(element, { method: "post" }),
    );
  }

  const errors: ContactErrors = {};
  for (const name of CONTACT_FIELDS) errors[name] = fields[name].errors?.[0];
  // A plain form post shows the typed values again (the reply's); with a fetcher the fields keep
  // them, and Conform's starting values change only when the form is reset after success.
  const values = (name: ContactField) => fields[name].initialValue as string | undefined;
  // Said after success, and still after the reset that empties the fields (which forgets the
  // reply); a refusal since (the browser's own check) takes its place.
  const sent = form.status !== "error" && (fetcher.data ?? actionData)?.status === "success";
  // A refusal of the whole form (not of a field): its message, or the general failure.
  const failed =
    form.status === "error" && !CONTACT_FIELDS.some((name) => errors[name])
      ? (form.errors?.[0] ?? t.text.failed)
      : undefined;
  // Without JavaScript the answer is a new page, where an alert is not announced: the browser
  // moves focus to it instead (autofocus). With JavaScript the alert region, already on the page,
  // is announced as the text arrives, and focus stays on the button for another try.
  const focusFailure = !!failed && !fetcher.data;
  const [before, after] = t.requiredNote.split("{star}");

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.status === "success") formRef.current?.reset();
  }, [fetcher.state, fetcher.data]);

  return (
    <main className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-semibold text-ink sm:text-3xl">{t.title}</h1>
      <p className="mt-2 text-muted">{fmt(t.intro, { site: loaderData.siteName })}</p>

      <div className="mt-6 grid gap-6 md:grid-cols-[1fr_16rem]">
        <fetcher.Form
          {...getFormProps(form)}
          onSubmit={onSubmit}
          ref={formRef}
          method="post"
          action={to("/contact-us")}
          onFocus={preloadChecks}
          className="rounded-app border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
          aria-describedby="contact-required-note"
        >
          <p id="contact-required-note" className="mb-4 text-sm text-muted">
            {before}
            <span className="font-semibold text-primary-dark">*</span>
            {after}
          </p>
          <Field
            name="name"
            label={t.name}
            error={errors.name}
            disabled={busy}
            defaultValue={values("name")}
            maxLength={CONTACT_LIMITS.name}
            autoComplete="name"
          />
          <Field
            name="email"
            label={t.email}
            type="email"
            error={errors.email}
            disabled={busy}
            defaultValue={values("email")}
            maxLength={CONTACT_LIMITS.email}
            autoComplete="email"
          />
          <Field
            name="message"
            label={t.message}
            multiline
            error={errors.message}
            disabled={busy}
            defaultValue={values("message")}
            maxLength={CONTACT_LIMITS.messageMax}
            hint={fmt(t.messageHint, {
              min: CONTACT_LIMITS.messageMin,
              max: CONTACT_LIMITS.messageMax,
            })}
          />
          {/* Honeypot: hidden from people and screen readers; robots fill every field. */}
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label htmlFor={HONEYPOT_FIELD}>{t.honeypot}</label>
            <input
              id={HONEYPOT_FIELD}
              name={HONEYPOT_FIELD}
              type="text"
              tabIndex={-1}
              autoComplete="off"
              disabled={busy}
            />
          </div>

          <div className="mt-2 flex flex-wrap items-center gap-4">
            <button
              type="submit"
              disabled={busy}
              className="rounded-app bg-primary px-5 py-2.5 font-semibold text-white hover:bg-primary-dark disabled:cursor-wait disabled:opacity-70"
            >
              {busy ? t.sending : t.send}
            </button>
            <div role="status" className="text-sm font-medium">
              {sent && !busy && (
                <p className="rounded-app bg-secondary-light px-3 py-2 text-secondary">
                  {t.text.sent}
                </p>
              )}
            </div>
          </div>
          <div
            role="alert"
            tabIndex={failed ? -1 : undefined}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the no-JS answer's one announcement
            autoFocus={focusFailure}
            className="mt-3 text-sm font-medium"
          >
            {failed && !busy && (
              <p className="rounded-app bg-red-50 px-3 py-2 text-red-800">{failed}</p>
            )}
          </div>
        </fetcher.Form>

        <aside
          aria-labelledby="contact-details"
          className="h-fit rounded-app border border-stone-200 bg-white p-4 shadow-sm"
        >
          <h2 id="contact-details" className="font-semibold">
            {t.details}
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              {t.emailLabel}{" "}
              <a href={`mailto:${loaderData.email}`} className="break-all text-accent underline">
                {loaderData.email}
              </a>
            </li>
            <li>
              {t.phoneLabel} {loaderData.phone}
            </li>
          </ul>
        </aside>
      </div>
    </main>
  );
}

function Field({
  name,
  label,
  error,
  hint,
  multiline = false,
  ...input
}: {
  name: ContactField;
  label: string;
  error?: string;
  hint?: string;
  multiline?: boolean;
  type?: string;
  disabled: boolean;
  defaultValue?: string;
  /** The schema's limit: the browser stops the text there, as a refusal's echo would cut it. */
  maxLength?: number;
  autoComplete?: string;
}) {
  const id = `contact-${name}`;
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(" ");
  const className = `mt-1 block w-full rounded-app border bg-white px-3 py-2 text-ink disabled:bg-stone-100 ${
    error ? "border-red-600" : "border-stone-300"
  }`;
  const shared = {
    id,
    name,
    "aria-required": true,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
    className,
    ...input,
  };
  return (
    <div className="mb-4">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
        <span aria-hidden="true" className="ml-0.5 text-primary-dark">
          *
        </span>
      </label>
      {multiline ? <textarea rows={6} {...shared} /> : <input {...shared} />}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData?.meta ?? [{ title: "Contact Us" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}
