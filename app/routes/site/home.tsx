import { Link } from "react-router";
import { JsonLd } from "~/components/json-ld.tsx";
import { REGISTRY, type Kind } from "~/content/registry.ts";
import { clock, todayInIndia } from "~/india-date.ts";
import { jobsClosingSoon, latestPublished } from "~/server/entries/public-reads.server.ts";
import type { EntrySummary } from "~/server/entries/shared.server.ts";
import { env } from "~/server/env.server.ts";
import { formatDate, isNew } from "~/server/format.ts";
import {
  faqPageJsonLd,
  organizationJsonLd,
  pageMeta,
  serializeJsonLd,
  webSiteJsonLd,
} from "~/server/seo.server.ts";
import { db } from "~/server/services.server.ts";
import { publicSettings } from "~/server/public-data.server.ts";
import type { Route } from "./+types/home";

/** The boxes job seekers expect, in the order they expect them. */
const BOXES: { kind: Kind; title: string }[] = [
  { kind: "job", title: "Latest Jobs" },
  { kind: "result", title: "Results" },
  { kind: "admit-card", title: "Admit Cards" },
  { kind: "answer-key", title: "Answer Keys" },
  { kind: "syllabus", title: "Syllabus" },
];
const PER_BOX = 10;
const CLOSING_SOON_DAYS = 7;

export async function loader() {
  const conn = await db();
  const settings = await publicSettings();
  const baseUrl = env().BASE_URL;
  const now = clock();
  const today = todayInIndia(now);
  const [boxes, closingSoon] = await Promise.all([
    Promise.all(
      BOXES.map(async (box) => ({
        kind: box.kind,
        title: box.title,
        href: REGISTRY[box.kind].urlPrefix,
        viewAll: `View all ${REGISTRY[box.kind].plural.toLowerCase()}`,
        // Jobs one can no longer apply for are news to nobody: the jobs box lists open ones.
        items: (
          await latestPublished(
            conn,
            box.kind,
            PER_BOX,
            box.kind === "job" ? { openOn: today } : {},
          )
        ).map(listed),
      })),
    ),
    jobsClosingSoon(conn, CLOSING_SOON_DAYS, PER_BOX, today),
  ]);
  const faqs = settings.homeFaq.filter((f) => f.question.trim() && f.answer.trim());
  const faqLd = faqPageJsonLd(faqs);
  return {
    boxes,
    closingSoon: closingSoon.map(listed),
    jobsPrefix: REGISTRY.job.urlPrefix,
    faqs,
    tagline: settings.tagline,
    now: now.toISOString(),
    today,
    jsonLd: [
      organizationJsonLd(settings, baseUrl),
      webSiteJsonLd(settings, baseUrl),
      ...(faqLd ? [faqLd] : []),
    ].map(serializeJsonLd),
    meta: pageMeta({
      baseUrl,
      settings,
      title: `${settings.siteName}: ${settings.tagline}`,
      fullTitle: true,
      description: settings.seo.defaultDescription,
      path: "/",
    }),
  };
}

function listed(e: EntrySummary) {
  return {
    id: e.id,
    slug: e.slug,
    title: e.title,
    publishedAt: e.publishedAt,
    lastDate: e.lastDate,
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { boxes, closingSoon, faqs, now, today, jobsPrefix } = loaderData;
  const [jobs, ...others] = boxes;
  return (
    <main className="space-y-6">
      <JsonLd blocks={loaderData.jsonLd} />
      <h1 className="text-xl font-semibold text-ink sm:text-2xl">{loaderData.tagline}</h1>

      {/* On a phone the boxes stand one under another: a row of links reaches each at once. */}
      <nav aria-label="Jump to" className="-mt-3 md:hidden">
        <ul className="flex flex-wrap gap-2 text-sm">
          {[
            { id: jobs.kind, title: jobs.title },
            { id: "closing-soon", title: "Closing Soon" },
            ...others.map((b) => ({ id: b.kind, title: b.title })),
            ...(faqs.length > 0 ? [{ id: "faq", title: "FAQ" }] : []),
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

      <a
        href="/eligibility"
        className="flex items-center justify-between gap-3 rounded-app border-2 border-secondary bg-white px-4 py-3 no-underline"
      >
        <span>
          <span className="block font-semibold text-secondary">Which jobs can I apply for?</span>
          <span className="block text-sm text-ink">
            Your date of birth, category and qualification against every open post.
          </span>
        </span>
        <span aria-hidden="true" className="text-xl font-semibold text-secondary">
          →
        </span>
      </a>

      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        <Box id={jobs.kind} title={jobs.title} href={jobs.href} viewAll={jobs.viewAll}>
          {jobs.items.length === 0 && (
            <li className="px-4 py-3 text-sm text-muted">No jobs published yet.</li>
          )}
          {jobs.items.map((item) => (
            <BoxItem key={item.id} href={`${jobs.href}/${item.slug}`} title={item.title}>
              {isNew(item, now, today) && <NewChip />}
            </BoxItem>
          ))}
        </Box>

        <Box
          id="closing-soon"
          title="Closing Soon"
          href={jobsPrefix}
          viewAll="View all jobs"
          tone="closing"
        >
          {closingSoon.length === 0 && (
            <li className="px-4 py-3 text-sm text-muted">
              No job closes in the next {CLOSING_SOON_DAYS} days.
            </li>
          )}
          {closingSoon.map((item) => (
            <BoxItem key={item.id} href={`${jobsPrefix}/${item.slug}`} title={item.title}>
              {item.lastDate && (
                <span className="block text-xs font-semibold text-red-800">
                  Last date: <time dateTime={item.lastDate}>{formatDate(item.lastDate)}</time>
                </span>
              )}
            </BoxItem>
          ))}
        </Box>

        {others.map((box) => (
          <Box key={box.kind} id={box.kind} title={box.title} href={box.href} viewAll={box.viewAll}>
            {box.items.length === 0 && (
              <li className="px-4 py-3 text-sm text-muted">Nothing published yet.</li>
            )}
            {box.items.map((item) => (
              <BoxItem key={item.id} href={`${box.href}/${item.slug}`} title={item.title}>
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
            Frequently Asked Questions
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
  children,
}: {
  href: string;
  title: string;
  children?: React.ReactNode;
}) {
  return (
    <li className="px-4 py-2 text-sm">
      <Link to={href} className="text-accent underline-offset-2 hover:underline">
        {title}
      </Link>{" "}
      {children}
    </li>
  );
}

function NewChip() {
  return (
    <span className="rounded-app bg-primary px-1.5 py-0.5 text-[10px] font-bold text-white">
      NEW
    </span>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData?.meta ?? [];
}
