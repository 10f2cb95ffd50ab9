import type { ReactNode } from "react";
import { formatDate } from "~/lib/format.ts";
import { ruleFacts, type UploadRule } from "./rules.ts";
import { imageName, sayFact, type PhotoWords } from "./words.ts";

/** Where a job's rules come from: its preset, named and dated. */
export interface RulesSource {
  name: string;
  sourceTitle: string;
  sourceUrl: string;
  checkedOn: string;
}

/**
 * One card per image the form asks for: its pixel box or range, KB window and format, and the
 * notes. Words come in as a prop: the job page renders this on the server only, to HTML
 * (./job-section.server.tsx), so its script does not grow; the tool's page renders it as React.
 */
export function PhotoRules({
  rules,
  source,
  t,
  locale,
}: {
  rules: readonly UploadRule[];
  source: RulesSource | null;
  t: PhotoWords;
  locale: "en" | "hi";
}) {
  return (
    <>
      <ul className="grid gap-3 sm:grid-cols-2">
        {rules.map((rule, i) => (
          <li key={i} className="rounded-app border border-stone-200 p-3" data-slot={rule.slot}>
            <h3 className="font-semibold text-ink">{imageName(rule, t)}</h3>
            <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm">
              {ruleFacts(rule).map((fact) => (
                <li key={fact.code}>{sayFact(fact, t)}</li>
              ))}
            </ul>
            {rule.notes && (
              <p className="mt-2 text-sm whitespace-pre-line text-muted">{rule.notes}</p>
            )}
          </li>
        ))}
      </ul>
      {source && (
        <p className="text-sm text-muted">
          {withNodes(t.basedOn, {
            name: source.name,
            date: formatDate(source.checkedOn, locale),
            source: (
              <>
                <a
                  href={source.sourceUrl}
                  rel="nofollow noopener"
                  target="_blank"
                  // The notice's own title, in English: a Hindi page says so (issue 29).
                  lang={locale === "hi" ? "en" : undefined}
                  className="text-accent underline underline-offset-2"
                >
                  {source.sourceTitle}
                </a>
                {locale === "hi" && (
                  <span className="ml-1 inline-block rounded-app border border-stone-300 bg-stone-100 px-1.5 text-xs font-semibold text-ink">
                    {t.sourceInEnglish}
                  </span>
                )}
              </>
            ),
          })}{" "}
          {t.jobWins}
        </p>
      )}
    </>
  );
}

/** A catalogue sentence with elements where some of its `{names}` are. */
export function withNodes(template: string, values: Record<string, string | ReactNode>): ReactNode {
  const parts = template.split(/(\{\w+\})/);
  return parts.map((part, i) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    if (!name || !(name in values)) return part;
    const value = values[name];
    return typeof value === "string" ? value : <span key={i}>{value}</span>;
  });
}
