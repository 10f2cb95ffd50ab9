import type { EntryData, Row } from "./fields.ts";
import { totalPosts } from "./glance.ts";
import type { Kind } from "./registry.ts";
import { formatDate, formatNumber, formatRupees } from "~/server/format.ts";

/**
 * The public change log: what changed in a published entry that a job seeker acts on (dates, fees,
 * vacancies, official links), in words. "Was the last date extended?" is the question this
 * audience asks most after "am I eligible"; small edits (a typo, a reworded paragraph) say
 * nothing. Pure: the write path derives the changes from the old and new versions it saves.
 */
export interface KeyChange {
  /** What the bell and the latest bar say before the title: "Last date extended". */
  headline: string;
  /** The sentence on the page: "Last date extended from 24 Nov 2026 to 30 Nov 2026". */
  detail: string;
}

interface DateRule {
  field: string;
  label: string;
  /** A later date is an extension (a deadline), not merely a change. */
  deadline?: boolean;
}

const DATES: Record<Kind, readonly DateRule[]> = {
  job: [
    { field: "lastDate", label: "Last date", deadline: true },
    { field: "feeLastDate", label: "Last date for fee payment", deadline: true },
    { field: "examDate", label: "Exam date" },
    { field: "admitCardDate", label: "Admit card date" },
    { field: "resultDate", label: "Result date" },
  ],
  result: [{ field: "resultDate", label: "Result date" }],
  "admit-card": [
    { field: "examDate", label: "Exam date" },
    { field: "releaseDate", label: "Admit card release date" },
  ],
  syllabus: [],
  "answer-key": [
    { field: "objectionEnd", label: "Objection window", deadline: true },
    { field: "examDate", label: "Exam date" },
  ],
};

/** Links whose appearance is news: "Result link added". */
const LINKS: Record<Kind, readonly { field: string; label: string }[]> = {
  job: [
    { field: "applyUrl", label: "Apply online link" },
    { field: "notificationUrl", label: "Notification" },
  ],
  result: [
    { field: "resultUrl", label: "Result link" },
    { field: "meritListUrl", label: "Merit list" },
    { field: "scorecardUrl", label: "Scorecard link" },
  ],
  "admit-card": [{ field: "downloadUrl", label: "Admit card download link" }],
  syllabus: [{ field: "pdfUrl", label: "Syllabus PDF" }],
  "answer-key": [
    { field: "answerKeyUrl", label: "Answer key link" },
    { field: "objectionUrl", label: "Objection link" },
  ],
};

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);
const rows = (v: unknown) => (Array.isArray(v) ? (v as Row[]) : []);

function feeLine(data: EntryData): string {
  return rows(data.fees)
    .map(
      (r) =>
        `${String(r.category ?? "")}: ${typeof r.amount === "number" ? formatRupees(r.amount) : ""}`,
    )
    .join("; ");
}

/** What changed between two published versions of an entry, in reading order. */
export function keyChanges(kind: Kind, before: EntryData, after: EntryData): KeyChange[] {
  const changes: KeyChange[] = [];
  for (const rule of DATES[kind]) {
    const was = text(before[rule.field]);
    const now = text(after[rule.field]);
    if (was === now || !now) continue;
    if (!was) {
      changes.push({
        headline: `${rule.label} announced`,
        detail: `${rule.label} announced: ${formatDate(now)}`,
      });
    } else {
      const word = rule.deadline && now > was ? "extended" : "changed";
      changes.push({
        headline: `${rule.label} ${word}`,
        detail: `${rule.label} ${word} from ${formatDate(was)} to ${formatDate(now)}`,
      });
    }
  }
  if (kind === "job") {
    const was = totalPosts(before);
    const now = totalPosts(after);
    if (was !== undefined && now !== undefined && was !== now) {
      const word = now > was ? "increased" : "reduced";
      changes.push({
        headline: `Vacancies ${word}`,
        detail: `Vacancies ${word} from ${formatNumber(was)} to ${formatNumber(now)}`,
      });
    }
    const fees = [feeLine(before), feeLine(after)];
    if (fees[0] && fees[1] && fees[0] !== fees[1])
      changes.push({
        headline: "Application fee changed",
        detail: `Application fee now ${fees[1]}`,
      });
  }
  for (const link of LINKS[kind]) {
    const was = text(before[link.field]);
    const now = text(after[link.field]);
    if (now && !was)
      changes.push({ headline: `${link.label} added`, detail: `${link.label} added` });
    else if (now && was && now !== was)
      changes.push({ headline: `${link.label} updated`, detail: `${link.label} updated` });
  }
  return changes;
}
