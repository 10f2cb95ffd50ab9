import type { ChangeFact } from "~/content/change-log.ts";
import { formatDate, formatNumber } from "~/server/format.ts";
import type { detail } from "./catalog/en/detail.ts";
import { fmt, type Locale } from "./locale.ts";

/** A change log line in words: the headline ("Last date extended") and the page's sentence. */
export interface KeyChange {
  headline: string;
  detail: string;
}

type ChangeWords = (typeof detail)["changes"];

/** Dates print as dates, vacancies as numbers; the fee line is already words. */
function shown(fact: ChangeFact, value: string | undefined, locale: Locale): string {
  if (value === undefined) return "";
  if (fact.code === "increased" || fact.code === "reduced") {
    const n = Number(value);
    return Number.isFinite(n) ? formatNumber(n) : value;
  }
  if (fact.code === "fee") return value;
  return formatDate(value, locale);
}

/** A change log line in a language's words (the catalogue's `detail.changes`). */
export function describeChange(fact: ChangeFact, words: ChangeWords, locale: Locale): KeyChange {
  const sentence = words[fact.code];
  const values = {
    label: words.labels[fact.field] ?? fact.field,
    from: shown(fact, fact.from, locale),
    to: shown(fact, fact.to, locale),
  };
  return { headline: fmt(sentence.headline, values), detail: fmt(sentence.detail, values) };
}
