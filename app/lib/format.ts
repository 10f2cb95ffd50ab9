/**
 * Formatting for people in India, shared by the server and the browser (no server imports): both
 * must print the same text, or hydration would disagree with the server's HTML.
 */

import { dateInIndia, indiaWallClock } from "./india-date.ts";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DAY_MS = 24 * 60 * 60 * 1000;

const YMD = /^\d{4}-\d{2}-\d{2}$/;

/** Hindi dates as Hindi job sites print them: "22 नवंबर 2026" (international digits). */
let hindiDate: Intl.DateTimeFormat | undefined;

/**
 * "2026-11-22" or an ISO timestamp → "22 Nov 2026", in Hindi "22 नवंबर 2026" (a timestamp is
 * read in Indian time).
 */
export function formatDate(value: string | null | undefined, locale: "en" | "hi" = "en"): string {
  if (!value) return "";
  let ymd = value;
  if (!YMD.test(value)) {
    const t = Date.parse(value);
    if (Number.isNaN(t)) return value;
    ymd = dateInIndia(t);
  }
  const [y, m, d] = ymd.split("-").map(Number);
  // Made on first use: English pages never pay for a Hindi formatter.
  if (locale === "hi") {
    hindiDate ??= new Intl.DateTimeFormat("hi-IN", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
      numberingSystem: "latn",
    });
    return hindiDate.format(Date.UTC(y, m - 1, d));
  }
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

/**
 * An ISO instant as India's date and time, the same on server and browser: "22 Nov 2026, 15:30"
 * ("22 नवंबर 2026, 15:30").
 */
export function formatDateTime(iso: string | null | undefined, locale: "en" | "hi" = "en"): string {
  if (!iso) return "";
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  const local = indiaWallClock(t);
  return `${formatDate(local.slice(0, 10), locale)}, ${local.slice(11, 16)}`;
}

const numberFormat = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });

/** 100000 → "1,00,000" (Indian grouping). */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** 19900 → "₹19,900". */
export function formatRupees(value: number): string {
  return `₹${formatNumber(value)}`;
}

/** A job is closed once its last date is behind us; on the last date itself it is still open. */
export function isClosed(lastDate: string | null | undefined, today: string): boolean {
  return !!lastDate && lastDate < today;
}

/**
 * Entries published in the last `days` days carry a NEW marker, but a job whose last date has
 * passed never does: "NEW" on a vacancy nobody can apply for any more misleads. `now` is an ISO
 * instant, `today` India's date at that instant (todayInIndia).
 */
export function isNew(
  entry: { publishedAt: string | null | undefined; lastDate?: string | null },
  now: string,
  today: string,
  days = 3,
): boolean {
  if (!entry.publishedAt || isClosed(entry.lastDate, today)) return false;
  const age = Date.parse(now) - Date.parse(entry.publishedAt);
  return age >= 0 && age < days * DAY_MS;
}

/** The date `days` after a YYYY-MM-DD date. */
export function addDays(ymd: string, days: number): string {
  return new Date(Date.parse(`${ymd}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
