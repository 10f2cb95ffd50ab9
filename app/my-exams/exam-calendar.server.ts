// The exam calendar (issue 28): every upcoming exam date, admit-card date and answer-key
// objection window of the published entries, soonest first, for /exam-calendar, its calendar
// feed and its RSS. Computed once per content generation and day (the page cache keeps the pages).
import { z } from "zod";
import { landingKey, type LandingFacet } from "~/content/landing.ts";
import { ALL_INDIA, ANY_QUALIFICATION } from "~/content/options.ts";
import { REGISTRY } from "~/content/registry.ts";
import type { Kind } from "~/content/kinds.ts";
import { addDays } from "~/lib/format.ts";
import { perGeneration } from "~/page-cache/index.ts";
import { calendarCandidates } from "./repository.server.ts";
import { keyWindows, windowSources, type KeyWindow, type WindowCode } from "./windows.ts";

/** What the exam calendar shows; applications and results have their own lists. */
export const CALENDAR_CODES = ["exam", "admitCard", "objections"] as const satisfies WindowCode[];
export type CalendarCode = (typeof CALENDAR_CODES)[number];
const SHOWN: ReadonlySet<WindowCode> = new Set(CALENDAR_CODES);
/** The kinds and date fields those windows come from (windows.ts's rules). */
const SOURCES = windowSources(CALENDAR_CODES);

export interface ExamDate {
  entry: {
    id: string;
    kind: Kind;
    path: string;
    title: string;
    hiTitle: string | null;
    organization: string;
    updatedAt: string;
  };
  window: KeyWindow & { code: CalendarCode };
  /** The day it is listed under: an exam's first day, a window's last. */
  on: string;
  state: string | null;
  qualification: string | null;
}

/** Entries older than this are not read: a notification's dates fall within a year or so. */
const LOOK_BACK_DAYS = 550;

/**
 * The upcoming dates (their last day today or later), soonest first. A job's exam or admit-card
 * date is left out when one of its own admit cards or answer keys gives the same kind of date: the
 * later entry is the more exact one, and the calendar would show the same exam twice.
 */
export function upcomingExamDates(today: string): Promise<ExamDate[]> {
  return perGeneration(`exam-calendar:${today}`, async (db) => {
    const rows = await calendarCandidates(
      db,
      `${addDays(today, -LOOK_BACK_DAYS)}T00:00:00.000Z`,
      SOURCES,
    );
    const givenByChild = new Set<string>();
    for (const r of rows)
      if (r.jobId)
        for (const w of keyWindows(r.kind, r.data)) givenByChild.add(`${r.jobId}:${w.code}`);
    const out: ExamDate[] = [];
    for (const r of rows)
      for (const w of keyWindows(r.kind, r.data)) {
        if (!SHOWN.has(w.code) || w.end < today || givenByChild.has(`${r.id}:${w.code}`)) continue;
        out.push({
          entry: {
            id: r.id,
            kind: r.kind,
            path: `${REGISTRY[r.kind].urlPrefix}/${r.slug}`,
            title: r.title,
            hiTitle: r.hiTitle,
            organization: r.organization,
            updatedAt: r.updatedAt,
          },
          window: w as ExamDate["window"],
          on: w.code === "exam" ? (w.start ?? w.end) : w.end,
          state: r.state,
          qualification: r.qualification,
        });
      }
    return out.sort((a, b) =>
      a.on < b.on ? -1 : a.on > b.on ? 1 : a.entry.title.localeCompare(b.entry.title),
    );
  });
}

export interface ExamCalendarFilters {
  state?: string;
  organization?: string;
  qualification?: string;
}

/** "All India" jobs and those open to any qualification belong to every state and level. */
export function filterExamDates(dates: readonly ExamDate[], f: ExamCalendarFilters): ExamDate[] {
  return dates.filter(
    (d) =>
      (!f.state || d.state === f.state || d.state === ALL_INDIA) &&
      (!f.organization || d.entry.organization === f.organization) &&
      (!f.qualification ||
        d.qualification === f.qualification ||
        d.qualification === ANY_QUALIFICATION),
  );
}

/** The values each filter offers: those the upcoming dates have, sorted. */
export function filterMenus(dates: readonly ExamDate[]) {
  const values = (pick: (d: ExamDate) => string | null) =>
    [...new Set(dates.map(pick).filter((v): v is string => !!v))].sort((a, b) =>
      a.localeCompare(b),
    );
  return {
    organization: values((d) => d.entry.organization),
    state: values((d) => d.state),
    qualification: values((d) => d.qualification),
  };
}

const filterValue = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => v || undefined);
/** Entries hold keys (issue 27); old links send the English name ("Bihar"). */
const keyOf = (facet: LandingFacet) => (v: string | undefined) => v && (landingKey(facet, v) ?? v);
const FiltersSchema = z.object({
  state: filterValue.transform(keyOf("state")),
  organization: filterValue,
  qualification: filterValue.transform(keyOf("qualification")),
});

/** The filters of an address (`?state=Bihar`): undefined when one is malformed (a 400). */
export function examCalendarFilters(url: URL): ExamCalendarFilters | undefined {
  const parsed = FiltersSchema.safeParse(Object.fromEntries(url.searchParams));
  return parsed.success ? parsed.data : undefined;
}
