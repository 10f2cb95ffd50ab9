/**
 * Formatting for people in India, shared by the server and the browser (no server imports): both
 * must print the same text, or hydration would disagree with the server's HTML.
 */

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** India has one time zone and no daylight saving. */
const IST_OFFSET_MS = 5.5 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const YMD = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar date in India (YYYY-MM-DD): a last date ends at midnight in India, not in UTC. */
export function dateInIndia(at: Date = new Date()): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** "2026-11-22" or an ISO timestamp → "22 Nov 2026" (a timestamp is read in Indian time). */
export function formatDate(value: string | null | undefined): string {
  if (!value) return "";
  let ymd = value;
  if (!YMD.test(value)) {
    const t = Date.parse(value);
    if (Number.isNaN(t)) return value;
    ymd = dateInIndia(new Date(t));
  }
  const [y, m, d] = ymd.split("-").map(Number);
  return `${d} ${MONTHS[m - 1]} ${y}`;
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

/** Entries published in the last `days` days carry a NEW marker. */
export function isNew(publishedAt: string | null | undefined, now: string, days = 3): boolean {
  if (!publishedAt) return false;
  const age = Date.parse(now) - Date.parse(publishedAt);
  return age >= 0 && age < days * DAY_MS;
}

/** The date `days` after a YYYY-MM-DD date. */
export function addDays(ymd: string, days: number): string {
  return new Date(Date.parse(`${ymd}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
