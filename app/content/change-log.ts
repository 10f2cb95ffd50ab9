import type { EntryData, Row } from "./fields.ts";
import { totalPosts } from "./glance.ts";
import type { Kind } from "./registry.ts";
import { formatDate, formatNumber, formatRupees } from "~/server/format.ts";
import { fmt, type Locale } from "~/i18n/locale.ts";

/**
 * The public change log: what changed in a published entry that a job seeker acts on (dates, fees,
 * vacancies, official links). "Was the last date extended?" is the question this audience asks
 * most after "am I eligible"; small edits (a typo, a reworded paragraph) say nothing. Pure: the
 * write path derives the changes from the old and new versions it saves, as data (a code and its
 * values), and each page, bell and mail words them in its reader's language with `changeWords`
 * (issue 29).
 */
export type KeyChange =
  /** A date given for the first time. */
  | { code: "date-announced"; values: { field: string; date: string } }
  /** A later deadline ("extended"), or any other new date. */
  | { code: "date-extended" | "date-changed"; values: { field: string; from: string; to: string } }
  | { code: "posts-increased" | "posts-reduced"; values: { from: number; to: number } }
  /** The fee table now; `hi` is a row's category in Hindi, where the entry has it. */
  | { code: "fee-changed"; values: { fees: { category: string; hi?: string; amount: number }[] } }
  | { code: "link-added" | "link-updated"; values: { field: string } };

export type ChangeCode = KeyChange["code"];

/** The fields whose dates are news, per kind; a later deadline is an extension. */
const DATES: Record<Kind, readonly { field: string; deadline?: true }[]> = {
  job: [
    { field: "lastDate", deadline: true },
    { field: "feeLastDate", deadline: true },
    { field: "examDate" },
    { field: "admitCardDate" },
    { field: "resultDate" },
  ],
  result: [{ field: "resultDate" }],
  "admit-card": [{ field: "examDate" }, { field: "releaseDate" }],
  syllabus: [],
  "answer-key": [{ field: "objectionEnd", deadline: true }, { field: "examDate" }],
};

/** Links whose appearance is news: "Result link added". */
const LINKS: Record<Kind, readonly string[]> = {
  job: ["applyUrl", "notificationUrl"],
  result: ["resultUrl", "meritListUrl", "scorecardUrl"],
  "admit-card": ["downloadUrl"],
  syllabus: ["pdfUrl"],
  "answer-key": ["answerKeyUrl", "objectionUrl"],
};

/**
 * The words of the change log in one language (the catalogue's `changes`): each field's name as
 * the log says it, and per code a headline (the bell, the Latest bar, a mail's subject) and a
 * detail (the entry's page, a mail's body). Placeholders: {field}, {date}, {from}, {to}, {fees}.
 */
export interface ChangeWords {
  fields: Record<string, string>;
  headlines: Record<ChangeCode, string>;
  details: Record<ChangeCode, string>;
  /** One fee row: {category}, {amount}. */
  fee: string;
  /** Between fee rows. */
  feeSeparator: string;
  noFee: string;
}

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);
const rows = (v: unknown) => (Array.isArray(v) ? (v as Row[]) : []);

function fees(data: EntryData) {
  const hindi = rows(data.hi_fees);
  return rows(data.fees).map((r, i) => ({
    category: String(r.category ?? ""),
    ...(text(hindi[i]?.category) ? { hi: text(hindi[i]?.category) } : {}),
    amount: typeof r.amount === "number" ? r.amount : 0,
  }));
}

/** The fee table as the English log compares it: what a reader pays changed, or not. */
const feeKey = (data: EntryData) =>
  rows(data.fees)
    .map((r) => `${String(r.category ?? "")}: ${typeof r.amount === "number" ? r.amount : ""}`)
    .join("; ");

/** What changed between two published versions of an entry, in reading order. */
export function keyChanges(kind: Kind, before: EntryData, after: EntryData): KeyChange[] {
  const changes: KeyChange[] = [];
  for (const { field, deadline } of DATES[kind]) {
    const was = text(before[field]);
    const now = text(after[field]);
    if (was === now || !now) continue;
    if (!was) changes.push({ code: "date-announced", values: { field, date: now } });
    else
      changes.push({
        code: deadline && now > was ? "date-extended" : "date-changed",
        values: { field, from: was, to: now },
      });
  }
  if (kind === "job") {
    const was = totalPosts(before);
    const now = totalPosts(after);
    if (was !== undefined && now !== undefined && was !== now)
      changes.push({
        code: now > was ? "posts-increased" : "posts-reduced",
        values: { from: was, to: now },
      });
    const [feesWere, feesAre] = [feeKey(before), feeKey(after)];
    if (feesWere && feesAre && feesWere !== feesAre)
      changes.push({ code: "fee-changed", values: { fees: fees(after) } });
  }
  for (const field of LINKS[kind]) {
    const was = text(before[field]);
    const now = text(after[field]);
    if (now && !was) changes.push({ code: "link-added", values: { field } });
    else if (now && was && now !== was) changes.push({ code: "link-updated", values: { field } });
  }
  return changes;
}

/** A change in one language: its headline and its detail. */
export function changeWords(
  change: KeyChange,
  t: ChangeWords,
  locale: Locale,
): { headline: string; detail: string } {
  const v = change.values;
  const values: Record<string, string> = {};
  if ("field" in v) values.field = t.fields[v.field] ?? v.field;
  if ("date" in v) values.date = formatDate(v.date, locale);
  if ("from" in v)
    Object.assign(
      values,
      typeof v.from === "number"
        ? { from: formatNumber(v.from), to: formatNumber(v.to as number) }
        : { from: formatDate(v.from, locale), to: formatDate(v.to as string, locale) },
    );
  if ("fees" in v)
    values.fees = v.fees
      .map((f) =>
        fmt(t.fee, {
          category: (locale === "hi" && f.hi) || f.category,
          amount: f.amount === 0 ? t.noFee : formatRupees(f.amount),
        }),
      )
      .join(t.feeSeparator);
  return {
    headline: fmt(t.headlines[change.code], values),
    detail: fmt(t.details[change.code], values),
  };
}

/** A stored change (JSON), or undefined for rows written before changes were data. */
export function readKeyChange(json: string | null | undefined): KeyChange | undefined {
  if (!json) return undefined;
  try {
    const parsed = JSON.parse(json) as KeyChange;
    return typeof parsed?.code === "string" && parsed.values ? parsed : undefined;
  } catch {
    return undefined;
  }
}
