// iCalendar files (RFC 5545) of entries' windows (issue 28), made by ical-generator: one entry's
// "Add to calendar" file, a saved list's feed, the exam calendar's feed. Every date is an all-day
// event (a DATE value: the day in India, whatever the phone's zone), with a reminder the evening
// before at 9:00. An event's UID is the entry's id and the window's field, so a calendar that
// loads the file again, or polls the feed, moves the event when an editor moves the date: SEQUENCE
// and LAST-MODIFIED follow the entry's last save.
import ical, { ICalAlarmType, ICalCalendarMethod } from "ical-generator";
import { catalog } from "~/i18n/catalog.server.ts";
import { fmt, localePath, type Locale } from "~/lib/locale.ts";
import { addDays } from "~/lib/format.ts";
import type { KeyWindow } from "./windows.ts";

export interface CalendarEntry {
  id: string;
  /** The English page's path. */
  path: string;
  title: string;
  hiTitle: string | null;
  updatedAt: string;
  windows: readonly KeyWindow[];
}

/** The reminder: 15 hours before the day starts, 9:00 the day before. */
const ALARM_SECONDS_BEFORE = 15 * 60 * 60;
const SEQUENCE_EPOCH = Date.UTC(2024, 0, 1);

/** A YYYY-MM-DD day as the library's all-day value (it reads the UTC date of a Date). */
const day = (ymd: string) => new Date(`${ymd}T00:00:00Z`);

/**
 * Seconds since 2024 of the entry's last save: rises with every save a second apart, and fits
 * SEQUENCE's 32-bit integer until 2092.
 */
export const sequenceOf = (updatedAt: string) =>
  Math.max(0, Math.floor((Date.parse(updatedAt) - SEQUENCE_EPOCH) / 1000));

/** The UID of an entry's window: the same for as long as the entry has that date, moved or not. */
export const eventUid = (entryId: string, w: Pick<KeyWindow, "field">, host: string) =>
  `${entryId}-${w.field}@${host}`;

export function calendarFile(
  entries: readonly CalendarEntry[],
  { baseUrl, locale, name }: { baseUrl: string; locale: Locale; name: string },
): string {
  const t = catalog(locale).myExams;
  const host = new URL(baseUrl).host;
  const calendar = ical({
    name,
    prodId: { company: host, product: "my-exams", language: locale.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    // Calendar apps refresh a subscribed feed about this often.
    ttl: 6 * 60 * 60,
    x: [["X-WR-TIMEZONE", "Asia/Kolkata"]],
  });
  for (const entry of entries) {
    const title = (locale === "hi" && entry.hiTitle) || entry.title;
    const url = `${baseUrl}${localePath(locale, entry.path)}`;
    for (const w of entry.windows) {
      // A deadline is its last day; an exam spans its days; a date is its day.
      const first = w.code === "exam" ? (w.start ?? w.end) : w.end;
      const summary = fmt(t.events[w.code], { title });
      calendar.createEvent({
        id: eventUid(entry.id, w, host),
        allDay: true,
        start: day(first),
        end: day(addDays(w.end, 1)),
        summary,
        description: url,
        url,
        stamp: new Date(entry.updatedAt),
        lastModified: new Date(entry.updatedAt),
        sequence: sequenceOf(entry.updatedAt),
        alarms: [
          { type: ICalAlarmType.display, trigger: ALARM_SECONDS_BEFORE, description: summary },
        ],
      });
    }
  }
  return calendar.toString();
}

/** An iCalendar answer: a download (`attachment`) or a feed a calendar app reads. */
export function calendarResponse(
  body: string,
  { filename, cacheControl }: { filename?: string; cacheControl: string },
): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Cache-Control": cacheControl,
      ...(filename ? { "Content-Disposition": `attachment; filename="${filename}"` } : {}),
    },
  });
}
