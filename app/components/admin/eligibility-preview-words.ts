// The words of the job editor's "who may apply" preview (eligibility-preview.tsx): each post's rule
// as the editor would say it, to compare with the notification's printed sentence.
import type { PostRules } from "~/content/eligibility-types.ts";
import type { EntryData, Row } from "~/content/fields.ts";
import { formatDate } from "~/lib/format.ts";

/** "Clerk, Typist", or "this job" when the job lists no posts. */
export const postNames = (posts: string[]) => posts.filter(Boolean).join(", ") || "this job";

export function years(n: number) {
  return `${n} ${n === 1 ? "year" : "years"}`;
}

/** The rule as the editor would say it, to compare with the notification's sentence. */
export function ruleInWords(rules: PostRules): string {
  const parts: string[] = [];
  if (rules.birthWindow) {
    const { from, to } = rules.birthWindow;
    parts.push(
      from && to
        ? `Born ${formatDate(from)} to ${formatDate(to)}, as printed (the printed dates win over the ages)`
        : from
          ? `Born on or after ${formatDate(from)}, as printed; the minimum age decides the other end`
          : `Born on or before ${formatDate(to)}, as printed; the maximum age decides the other end`,
    );
  } else {
    const { minAge, maxAge } = rules;
    const range =
      minAge !== undefined && maxAge !== undefined
        ? `${minAge} to ${years(maxAge)}`
        : minAge !== undefined
          ? `at least ${years(minAge)}, no upper limit`
          : `up to ${years(maxAge ?? 0)}, no minimum`;
    parts.push(`Age ${range}`);
    if (maxAge !== undefined) {
      parts.push(
        rules.upperRule === "not-attained"
          ? `must not have reached ${maxAge} on that date`
          : `${maxAge} counted in completed years: ${maxAge} and some months is still in, ${maxAge + 1} is out`,
      );
    }
  }
  const female = rules.genderLimits?.female?.maxAge;
  if (female !== undefined) parts.push(`women up to ${years(female)}`);
  return `${parts.join("; ")}.`;
}

/** Why a post has no rules: its ages are missing, or the date to count them on is. */
export function missing(data: EntryData, index: number): "age" | "date" {
  const posts = Array.isArray(data.posts) ? (data.posts as Row[]) : [];
  const row: Row = posts[index] ?? {};
  const has = (v: unknown) =>
    (typeof v === "number" && Number.isFinite(v)) || (typeof v === "string" && v.trim() !== "");
  const ownAges = has(row.ageMin) || has(row.ageMax) || has(row.ageCutoffDate);
  const age =
    has(row.ageMin) ||
    has(row.ageMax) ||
    has(data.ageMin) ||
    has(data.ageMax) ||
    (!ownAges && (has(data.bornFrom) || has(data.bornTo)));
  return age ? "date" : "age";
}
