/**
 * Calendar days for the eligibility rules (eligibility.ts). Ages are counted in whole months:
 * `ageInMonths` is the one definition of age.
 */
import type { IsoDate } from "./eligibility-types.ts";

interface Ymd {
  y: number;
  m: number;
  d: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

function daysInMonth(y: number, m: number): number {
  return m === 2 ? (isLeapYear(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31;
}

export function parseDate(value: string, what: string): Ymd {
  const match = ISO_DATE.exec(value);
  const [y, m, d] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  if (!match || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) {
    throw new RangeError(`${what} must be a real date written YYYY-MM-DD; got "${value}".`);
  }
  return { y, m, d };
}

export function isoOf({ y, m, d }: Ymd): IsoDate {
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return new Date(Date.parse(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The same day `months` later (or earlier). A day the target month lacks moves to the 1st of the
 * next month, so someone born 29 Feb 2000 turns 21 on 1 Mar 2021, not on 28 Feb. Notifications
 * do not say; this is the convention chosen here. On 28 Feb such a person is still under an upper
 * limit (generous) and has not yet reached a lower one (cautious).
 */
export function addMonths(date: Ymd, months: number): Ymd {
  const index = date.y * 12 + (date.m - 1) + months;
  const y = Math.floor(index / 12);
  const m = index - y * 12 + 1;
  if (date.d <= daysInMonth(y, m)) return { y, m, d: date.d };
  return m === 12 ? { y: y + 1, m: 1, d: 1 } : { y, m: m + 1, d: 1 };
}

/**
 * Completed months of age on `on`. A birth day the month lacks (29 Feb, 31 Apr) is not reached
 * until the 1st of the next month, as in `addMonths`: `on.d` can never reach it.
 */
export function ageInMonths(birth: Ymd, on: Ymd): number {
  const months = (on.y - birth.y) * 12 + (on.m - birth.m);
  return on.d < birth.d ? months - 1 : months;
}

/** The latest birth date that has completed `months` of age on `on`. */
export function latestBirthAged(months: number, on: Ymd): IsoDate {
  let candidate = isoOf(addMonths(on, -months));
  // The calendar guess can be a day off around short months; settle it with the one definition
  // of age so that the window and the decision can never disagree.
  while (ageInMonths(parseDate(addDays(candidate, 1), "date"), on) >= months) {
    candidate = addDays(candidate, 1);
  }
  while (ageInMonths(parseDate(candidate, "date"), on) < months) {
    candidate = addDays(candidate, -1);
  }
  return candidate;
}
