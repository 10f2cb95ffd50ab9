import type { Ref } from "react";
import { lastDateFact } from "~/content/glance.ts";
import type { FindingsView, FindingView } from "~/content/job-eligibility.ts";

/** The finder's answer: the posts one may apply for, then the near misses, then the unknowns. */
export function EligibilityResults({
  findings,
  today,
  headingRef,
}: {
  findings: FindingsView;
  today: string;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const { eligible, close, undecided } = findings;
  return (
    <section aria-labelledby="eligible-title" className="mt-6 space-y-6">
      <div>
        <h2
          id="eligible-title"
          ref={headingRef}
          tabIndex={-1}
          className="mb-2 text-xl font-semibold text-ink"
        >
          {eligible.length === 0
            ? "No open post fits your details today"
            : `You can apply for ${eligible.length} ${eligible.length === 1 ? "post" : "posts"} in ${jobCount(eligible)} ${jobCount(eligible) === 1 ? "job" : "jobs"}`}
        </h2>
        {eligible.length > 0 && (
          <p className="mb-2 text-sm text-muted">
            Soonest last date first. Confirm every condition in the official notification before you
            pay a fee.
          </p>
        )}
        <FindingList items={eligible} today={today} label="Posts you can apply for" />
      </div>
      {close.length > 0 && (
        <div>
          <h2 className="mb-2 text-lg font-semibold text-ink">
            Not eligible, but close ({close.length})
          </h2>
          <p className="mb-2 text-sm text-muted">
            Too young by less than a year, or your qualification is one course away.
          </p>
          <FindingList items={close} today={today} label="Not eligible, but close" />
        </div>
      )}
      {undecided.length > 0 && (
        <details className="rounded-app border border-stone-200 bg-white px-4 py-3">
          <summary className="cursor-pointer font-semibold">
            {undecided.length} open {undecided.length === 1 ? "post gives" : "posts give"} no age
            limit here: read the notification
          </summary>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {undecided.map((item) => (
              <li key={`${item.href}#${item.post}`}>
                <a href={item.href} className="text-accent hover:underline">
                  {item.title}
                </a>
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
  if (items.length === 0) return null;
  return (
    <ol
      aria-label={label}
      className="divide-y divide-stone-100 rounded-app border border-stone-200 bg-white"
    >
      {byJob(items).map((posts) => {
        const job = posts[0];
        const last = lastDateFact(job.lastDate, today);
        return (
          <li key={job.href} className="px-4 py-3">
            <a href={job.href} className="font-semibold text-accent hover:underline">
              {job.title}
            </a>
            <p className="text-xs text-muted">{job.organization}</p>
            <p
              className={`mt-1 text-sm font-semibold ${last.tone === "urgent" ? "text-primary-dark" : "text-ink"}`}
            >
              Last date {last.value}
            </p>
            <ul className="mt-1 space-y-1">
              {posts.map((item) => {
                const missed = item.reasons.find((reason) => reason.includes("not met."));
                return (
                  <li key={item.post} data-finding={`${item.href}#${item.post}`}>
                    {item.post && (
                      <p className="text-sm font-semibold text-ink">Post: {item.post}</p>
                    )}
                    {missed && <p className="text-sm text-amber-900">{missed}</p>}
                    <details className="text-sm">
                      <summary className="cursor-pointer text-ink">
                        {item.ageText}: how it was worked out
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
