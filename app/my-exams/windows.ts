// The dates that matter to a candidate, read from an entry's data (issue 28): when to apply by,
// pay the fee by, sit the exam, download the admit card, object to the answer key. Pure and
// browser-safe: /my, the job page's clash warning, the reminders pass and the calendar files all
// use these rules, and they return codes and dates, never sentences (the catalogues word them).
import type { Kind } from "~/content/kinds.ts";

/** What a date is for: the catalogue's `myExams.windows` words each code. */
export type WindowCode =
  "apply" | "fee" | "admitCard" | "exam" | "answerKey" | "objections" | "result";

export interface KeyWindow {
  code: WindowCode;
  /** The data field the window is read from: with the entry's id it names the window for good. */
  field: string;
  /** YYYY-MM-DD: the first day (a span: application, objections, an exam over several days). */
  start: string | null;
  /** YYYY-MM-DD: the last day, inclusive (the day itself for a one-day date). */
  end: string;
  /**
   * Reminders count down to this day (7, 2 and 0 days before): a deadline's last day, an
   * exam's first day. Null: a date that asks nothing of the reader (a result, an admit card).
   */
  remindOn: string | null;
}

interface Rule {
  code: WindowCode;
  start?: string;
  end: string;
  /** The span's last day when the entry has one ("Exam ends on"); else the start is the end. */
  endField?: string;
  remind?: "end" | "start";
}

/** Which fields of each kind hold which window, in the order a candidate meets them. */
const RULES: Record<Kind, readonly Rule[]> = {
  job: [
    { code: "apply", start: "applicationStart", end: "lastDate", remind: "end" },
    { code: "fee", end: "feeLastDate", remind: "end" },
    { code: "admitCard", end: "admitCardDate" },
    { code: "exam", end: "examDate", remind: "start" },
    { code: "result", end: "resultDate" },
  ],
  "admit-card": [
    { code: "admitCard", end: "releaseDate" },
    { code: "exam", start: "examDate", end: "examDate", endField: "examDateEnd", remind: "start" },
  ],
  "answer-key": [
    { code: "exam", end: "examDate" },
    { code: "answerKey", end: "releaseDate" },
    { code: "objections", start: "objectionStart", end: "objectionEnd", remind: "end" },
  ],
  result: [{ code: "result", end: "resultDate" }],
  syllabus: [],
};

/**
 * The kinds with a window of these codes, and the data fields those windows are read from (the
 * exam calendar reads only such entries): from the rules above, so a kind or date added there
 * is read too.
 */
export function windowSources(codes: readonly WindowCode[]): {
  kinds: Kind[];
  fields: string[];
} {
  const kinds: Kind[] = [];
  const fields = new Set<string>();
  for (const [kind, rules] of Object.entries(RULES) as [Kind, readonly Rule[]][]) {
    const shown = rules.filter((r) => codes.includes(r.code));
    if (shown.length) kinds.push(kind);
    for (const r of shown) fields.add(r.end);
  }
  return { kinds, fields: [...fields] };
}

/**
 * Whole days from `today` to `date` (both YYYY-MM-DD): 0 on the day. The same as glance.ts's, kept
 * here so the Save button's script does not bring the glance's code with it.
 */
export function daysUntil(date: string, today: string): number {
  return Math.round(
    (Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000,
  );
}

const YMD = /^\d{4}-\d{2}-\d{2}$/;
const dateIn = (data: Readonly<Record<string, unknown>>, field: string | undefined) => {
  const v = field ? data[field] : undefined;
  return typeof v === "string" && YMD.test(v) ? v : null;
};

/** An entry's windows, in its kind's order; a window without its last day is left out. */
export function keyWindows(kind: Kind, data: Readonly<Record<string, unknown>>): KeyWindow[] {
  const out: KeyWindow[] = [];
  for (const rule of RULES[kind] ?? []) {
    const first = dateIn(data, rule.end);
    if (!first) continue;
    const last = dateIn(data, rule.endField);
    const end = last && last > first ? last : first;
    let start = rule.endField ? first : dateIn(data, rule.start);
    if (start && start > end) start = null;
    out.push({
      code: rule.code,
      field: rule.end,
      start: start && start !== end ? start : null,
      end,
      remindOn: rule.remind === "end" ? end : rule.remind === "start" ? (start ?? end) : null,
    });
  }
  return out;
}

/** Where a window stands today: not open yet, open (its last day ahead), or a day to come. */
export interface Upcoming {
  window: KeyWindow;
  /** The date the reader acts on or waits for next: the start of a span not open yet, else its end. */
  on: string;
  /** Days from today to `on` (0: today). */
  days: number;
  /** "opens": a span that starts later; "closes": an open span or a deadline; "on": a one-day date. */
  phase: "opens" | "closes" | "on";
}

/** Windows the reader must act within: their last day is a deadline. */
const DEADLINES: ReadonlySet<WindowCode> = new Set(["apply", "fee", "objections"]);

/** The windows still ahead (their last day today or later), soonest first. */
export function upcoming(windows: readonly KeyWindow[], today: string): Upcoming[] {
  const out: Upcoming[] = [];
  for (const w of windows) {
    if (w.end < today) continue;
    const first = w.start ?? w.end;
    let on: string;
    let phase: Upcoming["phase"];
    if (w.code === "exam") {
      // An exam over several days: its first day, or (under way) its last.
      [on, phase] = [first >= today ? first : w.end, "on"];
    } else if (first > today) {
      [on, phase] = [first, w.start ? "opens" : DEADLINES.has(w.code) ? "closes" : "on"];
    } else {
      [on, phase] = [w.end, DEADLINES.has(w.code) ? "closes" : "on"];
    }
    out.push({ window: w, on, days: daysUntil(on, today), phase });
  }
  return out.sort((a, b) => (a.on < b.on ? -1 : a.on > b.on ? 1 : 0));
}

/** The windows already behind: "Admit card out", "Result out" (what happened, newest first). */
export function past(windows: readonly KeyWindow[], today: string): KeyWindow[] {
  return windows.filter((w) => w.end < today).sort((a, b) => (a.end < b.end ? 1 : -1));
}

/** Reminders go 7, 2 and 0 days before a window's day; each covers the days until the next. */
export const REMINDER_STAGES = [7, 2, 0] as const;
export type ReminderStage = (typeof REMINDER_STAGES)[number];

/**
 * The reminder due `days` before a window's day: 7 from a week to three days before, 2 on the
 * two days before, 0 on the day itself; none earlier, and none once the day has passed. A day
 * missed (the server was down) is not made up: only the stage of today is sent, once.
 */
export function reminderStage(days: number): ReminderStage | null {
  if (days < 0 || days > 7) return null;
  return days === 0 ? 0 : days <= 2 ? 2 : 7;
}

/** A group's one next window: what /my sorts by ("Apply by 4 Jan (in 9 days)"). */
export function nextUpcoming(windows: readonly KeyWindow[], today: string): Upcoming | undefined {
  return upcoming(windows, today)[0];
}
