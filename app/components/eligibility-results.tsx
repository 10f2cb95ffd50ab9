import type { Ref } from "react";
import { lastDateFact } from "~/i18n/glance-words.ts";
import type { FindingsView, FindingView } from "~/content/job-eligibility.ts";
import { useLocale, useLocalePath, useT } from "~/i18n/context.tsx";
import { fmt } from "~/lib/locale.ts";
import { EnglishOnly, RowTitle } from "./english-only.tsx";

/**
 * The finder's answer: the posts one may apply for, then the near misses, then the unknowns. Its
 * words come from the page's `eligibility` strings; the links go to the page's language.
 */
export function EligibilityResults({
  findings,
  today,
  headingRef,
}: {
  findings: FindingsView;
  today: string;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const { eligible, check, close, undecided } = findings;
  const t = useT("eligibility").results;
  const to = useLocalePath();
  const count = (n: number, one: string, many: string) => fmt(n === 1 ? one : many, { n });
  const jobs = jobCount(eligible);
  return (
    <section aria-labelledby="eligible-title" className="mt-6 space-y-6">
      <div>
        <h2
          id="eligible-title"
          ref={headingRef}
          tabIndex={-1}
          // Below the sticky header when the answer page opens at it (#eligible-title).
          className="mb-2 scroll-mt-32 text-xl font-semibold text-ink"
        >
          {eligible.length === 0
            ? t.noneFit
            : fmt(t.canApply, {
                posts: count(eligible.length, t.post, t.posts),
                jobs: count(jobs, t.job, t.jobs),
              })}
        </h2>
        {eligible.length > 0 && <p className="mb-2 text-sm text-muted">{t.soonestFirst}</p>}
        <FindingList items={eligible} today={today} label={t.eligibleLabel} />
      </div>
      {[
        [check, t.check, t.checkHint, t.checkLabel] as const,
        [close, t.close, t.closeHint, t.closeLabel] as const,
      ].map(
        ([items, title, hint, label]) =>
          items.length > 0 && (
            <div key={label}>
              <h2 className="mb-2 text-lg font-semibold text-ink">
                {fmt(title, { n: items.length })}
              </h2>
              <p className="mb-2 text-sm text-muted">{hint}</p>
              <FindingList items={items} today={today} label={label} />
            </div>
          ),
      )}
      {undecided.length > 0 && (
        <details className="rounded-app border border-stone-200 bg-white px-4 py-3">
          <summary className="cursor-pointer font-semibold">
            {count(undecided.length, t.undecidedOne, t.undecidedMany)}
          </summary>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {undecided.map((item) => (
              <li key={`${item.href}#${item.post}`}>
                <a
                  href={to(item.href)}
                  lang={item.lang}
                  className="inline-block py-1 text-accent hover:underline"
                >
                  {item.title}
                </a>{" "}
                <EnglishOnly lang={item.lang} />
                {item.post && item.post !== item.title ? ` — ${item.post}` : ""}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

/** Findings grouped by job, in their order (soonest last date first). */
function byJob(items: FindingView[]): FindingView[][] {
  const groups: FindingView[][] = [];
  for (const item of items) {
    const last = groups.at(-1);
    if (last && last[0].href === item.href) last.push(item);
    else groups.push([item]);
  }
  return groups;
}

export function jobCount(items: FindingView[]): number {
  return new Set(items.map((item) => item.href)).size;
}

function FindingList({
  items,
  today,
  label,
}: {
  items: FindingView[];
  today: string;
  label: string;
}) {
  const all = useT("eligibility");
  const t = all.results;
  const locale = useLocale();
  const to = useLocalePath();
  if (items.length === 0) return null;
  return (
    <ol
      aria-label={label}
      className="divide-y divide-stone-100 rounded-app border border-stone-200 bg-white"
    >
      {byJob(items).map((posts) => {
        const job = posts[0];
        const last = lastDateFact(job.lastDate, today, all.facts, locale);
        return (
          <li key={job.href} className="px-4 pb-3">
            {/* A 44 px target at least (issue 29), marked when it has no Hindi. */}
            <a href={to(job.href)} className="group block py-2.5 no-underline">
              <RowTitle title={job.title} lang={job.lang} className="font-semibold text-accent" />
            </a>
            <p className="text-xs text-muted">{job.organization}</p>
            <p
              className={`mt-1 text-sm font-semibold ${last.tone === "urgent" ? "text-primary-dark" : "text-ink"}`}
            >
              {last.label} {last.value}
            </p>
            <ul className="mt-1 space-y-1">
              {posts.map((item) => {
                return (
                  <li key={item.post} data-finding={`${item.href}#${item.post}`}>
                    {item.post && (
                      <p className="text-sm font-semibold text-ink">
                        {fmt(t.postLabel, { post: item.post })}
                      </p>
                    )}
                    {/* Why it is close, or what to check first: shown, not folded away. */}
                    {[item.missed, ...item.checks].map(
                      (sentence) =>
                        sentence && (
                          <p key={sentence} data-check="" className="text-sm text-amber-900">
                            {sentence}
                          </p>
                        ),
                    )}
                    <details className="text-sm">
                      <summary className="cursor-pointer text-ink">
                        {fmt(t.howWorked, { age: item.ageText })}
                      </summary>
                      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-ink">
                        {item.reasons.map((reason) => (
                          <li key={reason}>{reason}</li>
                        ))}
                      </ul>
                    </details>
                  </li>
                );
              })}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}
