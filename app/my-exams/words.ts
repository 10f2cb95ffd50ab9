// My exams' dates in words (issue 28): the rules give codes and dates (windows.ts), the page's
// catalogue gives the sentences. Shared by /my, the push notifications and the calendar files.
import type { Catalog } from "~/i18n/catalog/types.ts";
import { fmt, type Locale } from "~/lib/locale.ts";
import type { KeyWindow, Upcoming } from "./windows.ts";

type Words = Catalog["myExams"];

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
let hindiShort: Intl.DateTimeFormat | undefined;

/** "4 Jan" (Hindi "4 जनवरी"); the year only when it is not `today`'s. */
export function shortDate(ymd: string, locale: Locale, today?: string): string {
  const [y, m, d] = ymd.split("-").map(Number);
  const year = today && today.slice(0, 4) !== ymd.slice(0, 4) ? ` ${y}` : "";
  if (locale === "hi") {
    hindiShort ??= new Intl.DateTimeFormat("hi-IN", {
      day: "numeric",
      month: "long",
      timeZone: "UTC",
      numberingSystem: "latn",
    });
    return hindiShort.format(Date.UTC(y, m - 1, d)) + year;
  }
  return `${d} ${MONTHS[m - 1]}${year}`;
}

/** A window's dates as they read: "18 Feb", or an exam over days "18 – 20 Feb". */
function windowDate(w: KeyWindow, locale: Locale, today?: string): string {
  if (w.code === "exam" && w.start)
    return `${shortDate(w.start, locale, today)} – ${shortDate(w.end, locale, today)}`;
  return shortDate(w.end, locale, today);
}

/** "Apply by 4 Jan", "Apply from 1 Jan", "Exam 18 – 20 Feb": what an upcoming window says. */
export function upcomingWhat(u: Upcoming, t: Words, locale: Locale, today?: string): string {
  const opens = u.phase === "opens" ? t.opens[u.window.code] : undefined;
  if (opens) return fmt(opens, { date: shortDate(u.on, locale, today) });
  return fmt(t.windows[u.window.code], { date: windowDate(u.window, locale, today) });
}

/** "today", "tomorrow", "in 9 days". */
export function whenWords(days: number, t: Words): string {
  return days <= 0 ? t.today : days === 1 ? t.tomorrow : fmt(t.inDays, { n: days });
}

/** "Apply by 4 Jan (in 9 days)". */
export function upcomingLine(u: Upcoming, t: Words, locale: Locale, today?: string): string {
  return `${upcomingWhat(u, t, locale, today)} (${whenWords(u.days, t)})`;
}
