import { data, useActionData, useFetcher } from "react-router";
import { z } from "zod";
import { PageError } from "~/components/page-error.tsx";
import { packedStrings, requestLocale, stringsFor } from "~/i18n/catalog.server.ts";
import type { Catalog } from "~/i18n/catalog/types.ts";
import { useLocale, useLocalePath } from "~/i18n/context.tsx";
import { fmt } from "~/lib/locale.ts";
import { checkLink } from "~/link-monitor/check-link.server.ts";
import type { CheckLinkAnswer } from "~/link-monitor/check-link.server.ts";
import { CHECK_LINK_MAX } from "~/link-monitor/rules.ts";
import { unpack } from "~/lib/packed.ts";
import type { RouteHandle } from "~/page-cache/index.ts";
import { env } from "~/platform/env.server.ts";
import { formatDate } from "~/lib/format.ts";
import { publicSettings } from "~/entries/public-data.server.ts";
import { clientIp, consumeRateLimit } from "~/platform/rate-limit.server.ts";
import { pageMeta } from "~/seo/seo.server.ts";
import { db } from "~/platform/services.server.ts";
import type { Route } from "./+types/check-link";

/** The page shows only its words and the settings: answers are POSTed and never cached. */
export const handle = { cacheScope: [] } satisfies RouteHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  const t = stringsFor(locale, "checkLink").checkLink;
  const settings = await publicSettings();
  return {
    strings: packedStrings(locale, "checkLink"),
    meta: pageMeta({
      baseUrl: env().BASE_URL,
      settings,
      title: t.title,
      description: t.metaDescription,
      path: "/check-link",
      locale,
    }),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => loaderData?.meta ?? [];

const CheckLinkForm = z.object({ url: z.string().max(CHECK_LINK_MAX * 2) });

type CheckLinkResult =
  | { status: "answered"; value: string; answer: CheckLinkAnswer }
  | { status: "limited"; value: string; retryAfterSeconds: number };

/** The answer is about what one reader pasted: no cache keeps it. */
const PRIVATE = { "Cache-Control": "no-store" };

/**
 * The pasted address compared with the site's lists (never fetched). Nothing about it is kept
 * or logged; the visitor's address counts towards the limit in `rate_limits`, as elsewhere.
 */
export async function action({ request }: Route.ActionArgs) {
  const parsed = CheckLinkForm.safeParse(Object.fromEntries(await request.formData()));
  const value = parsed.success ? parsed.data.url.slice(0, CHECK_LINK_MAX) : "";
  const conn = await db();
  const limit = await consumeRateLimit(
    conn,
    `check-link:${clientIp(request)}`,
    env().CHECK_LINK_RATE_LIMIT,
  );
  if (!limit.allowed) {
    const { retryAfterSeconds } = limit;
    return data({ status: "limited", value, retryAfterSeconds } satisfies CheckLinkResult, {
      status: 429,
      headers: { ...PRIVATE, "Retry-After": String(retryAfterSeconds) },
    });
  }
  const answer = parsed.success ? await checkLink(conn, value) : ({ code: "invalid" } as const);
  return data({ status: "answered", value, answer } satisfies CheckLinkResult, {
    status: answer.code === "invalid" ? 400 : 200,
    headers: PRIVATE,
  });
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.get("Cache-Control") ? actionHeaders : loaderHeaders;
}

export default function CheckLink({ loaderData }: Route.ComponentProps) {
  const t = unpack(loaderData.strings).checkLink;
  const to = useLocalePath();
  const fetcher = useFetcher<CheckLinkResult>();
  // Without JavaScript the form posts the page itself and the answer comes as action data.
  const posted = useActionData<CheckLinkResult>();
  const result = fetcher.data ?? posted;
  const busy = fetcher.state !== "idle";
  return (
    <main className="mx-auto max-w-3xl space-y-5">
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold text-ink sm:text-3xl">{t.title}</h1>
        <p className="text-muted">{t.intro}</p>
        <p className="text-sm text-muted">{t.privacy}</p>
      </header>

      <fetcher.Form
        method="post"
        action={to("/check-link")}
        className="space-y-3 rounded-app border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <div>
          <label htmlFor="check-link-url" className="block text-sm font-semibold">
            {t.label}
          </label>
          <input
            id="check-link-url"
            name="url"
            type="text"
            inputMode="url"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
            maxLength={CHECK_LINK_MAX}
            defaultValue={posted?.value}
            aria-describedby="check-link-hint"
            className="mt-1 block w-full rounded-app border border-stone-300 bg-white px-3 py-2 text-ink"
          />
          <p id="check-link-hint" className="mt-1 text-sm text-muted">
            {t.hint}
          </p>
        </div>
        <button
          type="submit"
          disabled={busy}
          className="rounded-app bg-primary px-5 py-2.5 font-semibold text-white hover:bg-primary-dark disabled:cursor-wait disabled:opacity-70"
        >
          {busy ? t.checking : t.submit}
        </button>
      </fetcher.Form>

      <div role="status" aria-live="polite">
        {result && !busy && <Answer result={result} t={t} />}
      </div>

      <section
        aria-labelledby="check-link-how"
        className="rounded-app border border-stone-200 bg-white p-4 sm:p-6"
      >
        <h2 id="check-link-how" className="font-semibold">
          {t.howTitle}
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
          {t.how.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
    </main>
  );
}

const TONE = {
  good: "border-secondary/40 bg-secondary-light text-secondary",
  careful: "border-amber-300 bg-amber-50 text-amber-950",
  bad: "border-red-300 bg-red-50 text-red-800",
};

function Answer({ result, t }: { result: CheckLinkResult; t: Catalog["checkLink"] }) {
  const to = useLocalePath();
  const locale = useLocale();
  const box = (tone: keyof typeof TONE, mark: string, lines: React.ReactNode[]) => (
    <div className={`space-y-1 rounded-app border px-4 py-3 ${TONE[tone]}`}>
      <h2 className="sr-only">{t.answerHeading}</h2>
      {lines.map((line, i) => (
        <p key={i} className={i === 0 ? "font-semibold" : "text-sm"}>
          {i === 0 && <span aria-hidden="true">{mark} </span>}
          {line}
        </p>
      ))}
    </div>
  );
  if (result.status === "limited")
    return box("bad", "⚠", [
      fmt(t.limited, { n: Math.max(1, Math.ceil(result.retryAfterSeconds / 60)) }),
    ]);
  const a = result.answer;
  switch (a.code) {
    case "invalid":
      return box("bad", "⚠", [t.invalid]);
    case "known-fake":
      return box("bad", "✗", [
        fmt(t.knownFake, { host: a.host }),
        fmt(t.fakeListed, { date: formatDate(a.reportedOn, locale), source: a.source }),
      ]);
    case "organization":
      return box("good", "✓", [
        fmt(t.organization, { host: a.host, organization: a.organization }),
        <a key="org" href={to(`/organizations/${a.slug}`)} className="underline">
          {t.organizationPage}
        </a>,
      ]);
    case "vendor":
      return box("good", "✓", [
        fmt(t.vendor, { host: a.host, organization: a.organization }),
        fmt(t.source, { source: a.source }),
        <a key="org" href={to(`/organizations/${a.slug}`)} className="underline">
          {t.organizationPage}
        </a>,
      ]);
    case "shared-vendor":
      return box("good", "✓", [
        fmt(t.sharedVendor, { host: a.host }),
        `${a.note}. ${t.sharedVendorAdvice}`,
        fmt(t.source, { source: a.source }),
      ]);
    case "government":
      return box("good", "✓", [
        fmt(t.government, { host: a.host, suffix: a.suffix }),
        t.governmentAdvice,
      ]);
    case "unknown":
      return box("careful", "⚠", [
        fmt(t.unknown, { host: a.host }),
        ...(a.lookalike ? [fmt(t.lookalike, { tail: a.tail })] : []),
        t.unknownAdvice,
      ]);
  }
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}
