import { Link } from "react-router";
import { needsPushAttribute, useAlertsNeedPush } from "~/components/destinations.ts";
import { RowTitle } from "~/components/english-only.tsx";
import { JsonLd } from "~/components/json-ld.tsx";
import { HOME_KINDS } from "~/content/kinds.ts";
import { REGISTRY } from "~/content/registry.ts";
import { requestLocale, packedStrings, stringsFor } from "~/i18n/catalog.server.ts";
import { useLocalePath, useT } from "~/i18n/context.tsx";
import { fmt, type Locale } from "~/lib/locale.ts";
import { titleIn } from "~/lib/title.ts";
import { clock, todayInIndia } from "~/lib/india-date.ts";
import { jobsClosingSoon, latestPublished } from "~/entries/public.repository.server.ts";
import type { EntrySummary } from "~/content/entry.ts";
import { env } from "~/platform/env.server.ts";
import { formatDate, isNew } from "~/lib/format.ts";
import {
  faqPageJsonLd,
  organizationJsonLd,
  pageMeta,
  structuredData,
  webSiteJsonLd,
} from "~/seo/seo.server.ts";
import { db } from "~/platform/services.server.ts";
import { publicSettings } from "~/entries/public-data.server.ts";
import { settingsIn } from "~/settings/settings.repository.server.ts";
import type { Route } from "./+types/home";
import type { RouteHandle } from "~/page-cache/index.ts";
import { unpack } from "~/lib/packed.ts";

const PER_BOX = 10;
const CLOSING_SOON_DAYS = 7;

/** The newest entries of every kind: every entry write marks it stale (issue 16). */
export const handle = { cacheScope: ["home"] } satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  const strings = stringsFor(locale, "home");
  const t = strings.home;
  const conn = await db();
  // The tagline, description and FAQ in the page's language (Hindi where the editors wrote it).
  const settings = settingsIn(await publicSettings(), locale);
  const baseUrl = env().BASE_URL;
  const now = clock();
  const today = todayInIndia(now);
  const [boxes, closingSoon] = await Promise.all([
    Promise.all(
      // The boxes job seekers expect, in the order they expect them (the kind catalogue's `home`).
      HOME_KINDS.map(async ({ key: kind, urlPrefix }) => ({
        kind,
        title: t.boxes[kind]!,
        href: urlPrefix,
        viewAll: t.viewAll[kind]!,
        // Jobs one can no longer apply for are news to nobody: the jobs box lists open ones.
        items: (
          await latestPublished(conn, kind, PER_BOX, kind === "job" ? { openOn: today } : {})
        ).map((e) => listed(e, locale)),
      })),
    ),
    jobsClosingSoon(conn, CLOSING_SOON_DAYS, PER_BOX, today),
  ]);
  const faqs = settings.homeFaq.filter((f) => f.question.trim() && f.answer.trim());
  const faqLd = faqPageJsonLd(faqs);
  return {
    strings: packedStrings(locale, "home"),
    locale,
    heading: fmt(t.heading, { tagline: settings.tagline }),
    boxes,
    closingSoon: closingSoon.map((e) => listed(e, locale)),
    jobsPrefix: REGISTRY.job.urlPrefix,
    faqs,
    now: now.toISOString(),
    today,
    jsonLd: structuredData(context, [
      organizationJsonLd(settings, baseUrl),
      webSiteJsonLd(settings, baseUrl),
      faqLd,
    ]),
    meta: pageMeta({
      baseUrl,
      settings,
      title: fmt(t.metaTitle, { site: settings.siteName, tagline: settings.tagline }),
      fullTitle: true,
      description: fmt(t.metaDescription, { description: settings.seo.defaultDescription }),
      path: "/",
      locale,
    }),
  };
}

/** A box's row: one title, in the page's language where the entry has it. */
function listed(e: EntrySummary, locale: Locale) {
  return {
    id: e.id,
    slug: e.slug,
    ...titleIn(e, locale),
    publishedAt: e.publishedAt,
    lastDate: e.lastDate,
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { boxes, closingSoon, faqs, now, today, jobsPrefix, locale } = loaderData;
  const t = unpack(loaderData.strings).home;
  const alertsNeedPush = useAlertsNeedPush();
  const to = useLocalePath();
  const [jobs, ...others] = boxes;
  return (
    <main className="space-y-6">
      <JsonLd count={loaderData.jsonLd} />
      <h1 className="text-xl font-semibold text-ink sm:text-2xl">{loaderData.heading}</h1>

      {/* On a phone the boxes stand one under another: a row of links reaches each at once. */}
      <nav aria-label={t.jumpTo} className="-mt-3 md:hidden">
        <ul className="flex flex-wrap gap-2 text-sm">
          {[
            { id: jobs.kind, title: jobs.title },
            { id: "closing-soon", title: t.closingSoon },
            ...others.map((b) => ({ id: b.kind, title: b.title })),
            ...(faqs.length > 0 ? [{ id: "faq", title: t.faq }] : []),
          ].map((target) => (
            <li key={target.id}>
              <a
                href={`#home-${target.id}`}
                className="inline-block rounded-full border border-stone-300 bg-white px-3 py-1 font-semibold text-ink no-underline"
              >
                {target.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <div className="grid gap-4 md:grid-cols-2">
        <CallToAction href={to("/eligibility")} title={t.finderTitle} text={t.finderText} />
        <CallToAction
          href={to("/alerts")}
          title={t.alertsTitle}
          text={t.alertsText}
          needsPush={alertsNeedPush}
        />
      </div>

      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        <Box id={jobs.kind} title={jobs.title} href={to(jobs.href)} viewAll={jobs.viewAll}>
          {jobs.items.length === 0 && <li className="px-4 py-3 text-sm text-muted">{t.noJobs}</li>}
          {jobs.items.map((item) => (
            <BoxItem
              key={item.id}
              href={to(`${jobs.href}/${item.slug}`)}
              title={item.title}
              lang={item.lang}
            >
              {isNew(item, now, today) && <NewChip />}
            </BoxItem>
          ))}
        </Box>

        <Box
          id="closing-soon"
          title={t.closingSoon}
          href={to(jobsPrefix)}
          viewAll={t.viewAll.job!}
          tone="closing"
        >
          {closingSoon.length === 0 && (
            <li className="px-4 py-3 text-sm text-muted">
              {fmt(t.noneClosing, { days: CLOSING_SOON_DAYS })}
            </li>
          )}
          {closingSoon.map((item) => (
            <BoxItem
              key={item.id}
              href={to(`${jobsPrefix}/${item.slug}`)}
              title={item.title}
              lang={item.lang}
            >
              {item.lastDate && (
                <span className="block text-xs font-semibold text-red-800">
                  {t.lastDate}{" "}
                  <time dateTime={item.lastDate}>{formatDate(item.lastDate, locale)}</time>
                </span>
              )}
            </BoxItem>
          ))}
        </Box>

        {others.map((box) => (
          <Box
            key={box.kind}
            id={box.kind}
            title={box.title}
            href={to(box.href)}
            viewAll={box.viewAll}
          >
            {box.items.length === 0 && (
              <li className="px-4 py-3 text-sm text-muted">{t.nothingYet}</li>
            )}
            {box.items.map((item) => (
              <BoxItem
                key={item.id}
                href={to(`${box.href}/${item.slug}`)}
                title={item.title}
                lang={item.lang}
              >
                {isNew(item, now, today) && <NewChip />}
              </BoxItem>
            ))}
          </Box>
        ))}
      </div>

      {faqs.length > 0 && (
        <section
          aria-labelledby="home-faq-title"
          id="home-faq"
          className="scroll-mt-32 rounded-app border border-stone-200 bg-white p-4"
        >
          <h2 id="home-faq-title" className="text-lg font-semibold text-ink">
            {t.faqTitle}
          </h2>
          <dl className="mt-3 space-y-3">
            {faqs.map((faq, i) => (
              <div key={i}>
                <dt className="font-semibold">{faq.question}</dt>
                <dd className="mt-1 text-muted">{faq.answer}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </main>
  );
}

function Box({
  id,
  title,
  href,
  viewAll,
  tone = "normal",
  children,
}: {
  id: string;
  title: string;
  href: string;
  viewAll: string;
  tone?: "normal" | "closing";
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={`home-${id}`}
      className="flex flex-col overflow-hidden rounded-app border border-stone-200 bg-white"
    >
      <h2
        id={`home-${id}`}
        className={`scroll-mt-32 px-4 py-2 text-lg font-semibold text-white ${tone === "closing" ? "bg-red-700" : "bg-secondary"}`}
      >
        {title}
      </h2>
      <ul className="flex-1 divide-y divide-stone-100">{children}</ul>
      <Link
        to={href}
        className="border-t border-stone-200 px-4 py-2 text-right text-sm font-semibold text-accent hover:underline"
      >
        {viewAll} ›
      </Link>
    </section>
  );
}

function BoxItem({
  href,
  title,
  lang,
  children,
}: {
  href: string;
  title: string;
  /** "en" for an English title on a Hindi page. */
  lang?: "en";
  children?: React.ReactNode;
}) {
  return (
    <li className="text-sm">
      {/* The whole row is the link: a 44 px target on a phone (issue 29). */}
      <Link to={href} className="group block px-4 py-3 no-underline">
        <RowTitle title={title} lang={lang} className="text-accent underline-offset-2" /> {children}
      </Link>
    </li>
  );
}

/** A card leading to one of the site's tools (the eligibility finder, job alerts). */
function CallToAction({
  href,
  title,
  text,
  needsPush = false,
}: {
  href: string;
  title: string;
  text: string;
  /** Alerts by web push alone: shown only where the browser takes it (useAlertsNeedPush). */
  needsPush?: boolean;
}) {
  return (
    <a
      href={href}
      {...needsPushAttribute(needsPush)}
      className="flex items-center justify-between gap-3 rounded-app border-2 border-secondary bg-white px-4 py-3 no-underline"
    >
      <span>
        <span className="block font-semibold text-secondary">{title}</span>
        <span className="block text-sm text-ink">{text}</span>
      </span>
      <span aria-hidden="true" className="text-xl font-semibold text-secondary">
        →
      </span>
    </a>
  );
}

function NewChip() {
  const t = useT("common");
  return (
    <span className="rounded-app bg-primary px-1.5 py-0.5 text-[10px] font-bold text-white">
      {t.new}
    </span>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData?.meta ?? [];
}
