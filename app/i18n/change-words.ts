import { feeRowsOf, type ChangeFact } from "~/content/change-log.ts";
import { formatDate, formatNumber, formatRupees } from "~/lib/format.ts";
import type { detail } from "./catalog/en/detail.ts";
import { fmt, type Locale } from "../lib/locale.ts";

/** A change log line in words: the headline ("Last date extended") and the page's sentence. */
export interface KeyChange {
  headline: string;
  detail: string;
}

type ChangeWords = (typeof detail)["changes"];

/**
 * The fees as one line in the reader's words: each category as that language's page names it, the
 * amount in rupees; a line saved as words before fee changes were data, as it was saved.
 */
function feeLine(value: string, locale: Locale): string {
  const rows = feeRowsOf(value);
  if (!rows) return value;
  return rows
    .map((r) => {
      const category = (locale === "hi" && r.hi) || r.category;
      return `${category}: ${r.amount === undefined ? "" : formatRupees(r.amount)}`;
    })
    .join("; ");
}

/** Dates print as dates, vacancies as numbers, fees as a line of categories and amounts. */
function shown(fact: ChangeFact, value: string | undefined, locale: Locale): string {
  if (value === undefined) return "";
  if (fact.code === "increased" || fact.code === "reduced") {
    const n = Number(value);
    return Number.isFinite(n) ? formatNumber(n) : value;
  }
  if (fact.code === "fee") return feeLine(value, locale);
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
