import { matchKey } from "./printed-text.ts";

/**
 * Dates as notifications print them, read into YYYY-MM-DD. Browser-safe and pure.
 * Day first, always (India): 15.01.2027, 15/01/2027, 15-01-2027, 15 January 2027, 15th Jan,
 * 2027, 15-Jan-2027, January 15, 2027, and in Hindi 15 जनवरी 2027 (Devanagari digits too).
 * A date that does not exist (31.02.2027) is not a date.
 */

const ENGLISH_MONTHS = [
  ["january", "jan"],
  ["february", "feb"],
  ["march", "mar"],
  ["april", "apr"],
  ["may"],
  ["june", "jun"],
  ["july", "jul"],
  ["august", "aug"],
  ["september", "sept", "sep"],
  ["october", "oct"],
  ["november", "nov"],
  ["december", "dec"],
];

const HINDI_MONTHS = [
  ["जनवरी"],
  ["फ़रवरी", "फरवरी"],
  ["मार्च"],
  ["अप्रैल", "अप्रेल"],
  ["मई"],
  ["जून"],
  ["जुलाई"],
  ["अगस्त"],
  ["सितंबर", "सितम्बर"],
  ["अक्टूबर", "अक्तूबर"],
  ["नवंबर", "नवम्बर"],
  ["दिसंबर", "दिसम्बर"],
];

/** Month word (as matchKey gives it) → 1–12. */
const MONTH = new Map<string, number>();
ENGLISH_MONTHS.forEach((names, i) => names.forEach((n) => MONTH.set(n, i + 1)));
HINDI_MONTHS.forEach((names, i) => names.forEach((n) => MONTH.set(matchKey(n), i + 1)));

const monthWords = [...MONTH.keys()].sort((a, b) => b.length - a.length).join("|");
const NUMERIC = /(?<![\d./-])(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})(?![\d]|[./-]\d)/gu;
const DAY_MONTH_YEAR = new RegExp(
  `(?<!\\d)(\\d{1,2})(?:st|nd|rd|th)?(?:[\\s.,-]|of)*(${monthWords})\\.?(?:[\\s.,-])*(\\d{4})(?!\\d)`,
  "gu",
);
const MONTH_DAY_YEAR = new RegExp(
  `(?<![\\p{L}])(${ENGLISH_MONTHS.flat()
    .sort((a, b) => b.length - a.length)
    .join("|")})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})(?!\\d)`,
  "gu",
);

export interface FoundDate {
  /** YYYY-MM-DD. */
  iso: string;
  /** Where it starts in the matchKey form of the text (for order: the first date, the second). */
  at: number;
}

/** A real calendar date as YYYY-MM-DD, or null. Two-digit years are 20YY. */
export function isoDate(day: number, month: number, year: number): string | null {
  const y = year < 100 ? 2000 + year : year;
  if (y < 1900 || y > 2200 || month < 1 || month > 12 || day < 1) return null;
  const d = new Date(Date.UTC(y, month - 1, day));
  if (d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return d.toISOString().slice(0, 10);
}

/** Every date in a line of text, in the order they appear. */
export function findDates(text: string): FoundDate[] {
  const key = matchKey(text);
  const found: FoundDate[] = [];
  for (const m of key.matchAll(NUMERIC)) {
    const iso = isoDate(Number(m[1]), Number(m[3]), Number(m[4]));
    if (iso) found.push({ iso, at: m.index });
  }
  for (const m of key.matchAll(DAY_MONTH_YEAR)) {
    const iso = isoDate(Number(m[1]), MONTH.get(m[2])!, Number(m[3]));
    if (iso) found.push({ iso, at: m.index });
  }
  for (const m of key.matchAll(MONTH_DAY_YEAR)) {
    const iso = isoDate(Number(m[2]), MONTH.get(m[1])!, Number(m[3]));
    if (iso) found.push({ iso, at: m.index });
  }
  return found.sort((a, b) => a.at - b.at);
}

/**
 * One cell of a spreadsheet or form that should hold a date: YYYY-MM-DD as it is, or any of the
 * printed forms above, and nothing else in the cell. Null when it is not one real date.
 */
export function parseDateCell(value: string): string | null {
  const text = value.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (iso) return isoDate(Number(iso[3]), Number(iso[2]), Number(iso[1]));
  const dates = findDates(text);
  if (dates.length !== 1) return null;
  // The whole cell must be the date: "15.01.2027 (tentative)" is not a date cell.
  const rest = matchKey(text)
    .replace(NUMERIC, "")
    .replace(DAY_MONTH_YEAR, "")
    .replace(MONTH_DAY_YEAR, "")
    .trim();
  return rest === "" ? dates[0].iso : null;
}
