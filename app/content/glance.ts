import type { EntryData, Row } from "./fields.ts";
import { linkTrust, type LinkTrust } from "./official-links.ts";
import type { Kind } from "./registry.ts";
import { formatDate, formatNumber, formatRupees } from "~/server/format.ts";

/**
 * What a job seeker decides on, for the first screen of an entry's page: the few facts that say
 * "can I still apply, and is it for me", and the buttons that lead to the official pages. Pure and
 * free of server imports: the page and the admin preview both render it.
 */
export interface GlanceFact {
  label: string;
  value: string;
  /** "urgent" for a last date within three days, "closed" once it has passed. */
  tone?: "urgent" | "closed";
}

export interface GlanceAction {
  label: string;
  href: string;
  trust: LinkTrust;
}

export interface Glance {
  facts: GlanceFact[];
  actions: GlanceAction[];
}

/** The primary buttons of each kind, in order, with the registry field holding their address. */
export const GLANCE_ACTIONS: Record<Kind, readonly { field: string; label: string }[]> = {
  job: [
    { field: "applyUrl", label: "Apply Online" },
    { field: "notificationUrl", label: "Download Notification" },
  ],
  result: [
    { field: "resultUrl", label: "Check Result" },
    { field: "meritListUrl", label: "Download Merit List" },
  ],
  "admit-card": [{ field: "downloadUrl", label: "Download Admit Card" }],
  syllabus: [{ field: "pdfUrl", label: "Download Syllabus" }],
  "answer-key": [
    { field: "answerKeyUrl", label: "Download Answer Key" },
    { field: "objectionUrl", label: "Raise Objection" },
  ],
};

const DAY_MS = 86_400_000;

/** Whole days from `today` to `date` (both YYYY-MM-DD): 0 on the day itself. */
export function daysUntil(date: string, today: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

/** "Closes today", "Closes in 3 days", "Closed on 24 Nov 2026". */
export function lastDateFact(lastDate: string, today: string): GlanceFact {
  const left = daysUntil(lastDate, today);
  if (left < 0)
    return { label: "Last date", value: `Closed on ${formatDate(lastDate)}`, tone: "closed" };
  const when =
    left === 0 ? "Closes today" : left === 1 ? "Closes tomorrow" : `Closes in ${left} days`;
  return {
    label: "Last date",
    value: `${formatDate(lastDate)} · ${when}`,
    tone: left <= 3 ? "urgent" : undefined,
  };
}

const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
const rows = (v: unknown) => (Array.isArray(v) ? (v as Row[]) : []);

/** The sum of the vacancy rows' totals, or undefined when there are none. */
export function totalPosts(data: EntryData): number | undefined {
  const totals = rows(data.posts).map((r) => num(r.total));
  if (totals.length === 0 || totals.some((t) => t === undefined)) return undefined;
  return totals.reduce<number>((a, b) => a + (b ?? 0), 0);
}

function feeFact(data: EntryData): GlanceFact | undefined {
  const fees = rows(data.fees)
    .map((r) => ({ category: str(r.category), amount: num(r.amount) }))
    .filter(
      (f): f is { category: string; amount: number } => !!f.category && f.amount !== undefined,
    );
  if (fees.length === 0) return undefined;
  // The first row is the general category in every notification's fee table; the cheapest of the
  // others is what reserved categories pay.
  const [general, ...others] = fees;
  const amount = (n: number) => (n === 0 ? "No fee" : formatRupees(n));
  const parts = [`${amount(general.amount)} (${general.category})`];
  const reserved = others.sort((a, b) => a.amount - b.amount)[0];
  if (reserved && reserved.amount !== general.amount)
    parts.push(`${amount(reserved.amount)} (${reserved.category})`);
  return { label: "Application fee", value: parts.join(" · ") };
}

function ageFact(data: EntryData): GlanceFact | undefined {
  const min = num(data.ageMin);
  const max = num(data.ageMax);
  if (min === undefined && max === undefined) return undefined;
  const range =
    min !== undefined && max !== undefined
      ? `${min}–${max} years`
      : min !== undefined
        ? `at least ${min} years`
        : `up to ${max} years`;
  const asOn = str(data.ageCutoffDate);
  return { label: "Age limit", value: asOn ? `${range} as on ${formatDate(asOn)}` : range };
}

function dateFact(label: string, value: unknown): GlanceFact | undefined {
  const date = str(value);
  return date ? { label, value: formatDate(date) } : undefined;
}

/** A span of dates; with `today`, said to be open now or closed (an objection window). */
function spanFact(
  label: string,
  from: unknown,
  to: unknown,
  today?: string,
): GlanceFact | undefined {
  const start = str(from);
  const end = str(to);
  if (!start && !end) return undefined;
  const value =
    start && end ? `${formatDate(start)} to ${formatDate(end)}` : formatDate(start ?? end);
  if (!today || !end) return { label, value };
  if (daysUntil(end, today) < 0) return { label, value: `${value} (closed)`, tone: "closed" };
  if (!start || daysUntil(start, today) <= 0) {
    const left = daysUntil(end, today);
    return {
      label,
      value: `${value} (open now)`,
      tone: left <= 3 ? "urgent" : undefined,
    };
  }
  return { label, value };
}

/** The facts and buttons for an entry's first screen. */
export function glance(
  kind: Kind,
  entry: { data: EntryData; lastDate: string | null },
  today: string,
  officialDomains: readonly string[],
): Glance {
  const d = entry.data;
  const facts: (GlanceFact | undefined)[] = [];
  if (kind === "job") {
    if (entry.lastDate) facts.push(lastDateFact(entry.lastDate, today));
    const posts = totalPosts(d);
    facts.push(
      posts !== undefined ? { label: "Total posts", value: formatNumber(posts) } : undefined,
    );
    const qualification = str(d.qualification);
    if (qualification) facts.push({ label: "Qualification", value: qualification });
    facts.push(feeFact(d), ageFact(d));
  } else if (kind === "result") {
    facts.push(dateFact("Result declared", d.resultDate));
  } else if (kind === "admit-card") {
    facts.push(
      spanFact("Exam date", d.examDate, d.examDateEnd),
      dateFact("Admit card out", d.releaseDate),
    );
  } else if (kind === "answer-key") {
    facts.push(
      dateFact("Answer key released", d.releaseDate),
      spanFact("Objections", d.objectionStart, d.objectionEnd, today),
      num(d.objectionFee) !== undefined
        ? { label: "Objection fee", value: `${formatRupees(num(d.objectionFee)!)} per question` }
        : undefined,
    );
  }
  const actions: GlanceAction[] = [];
  for (const { field, label } of GLANCE_ACTIONS[kind]) {
    const href = str(d[field]);
    const trust = href ? linkTrust(href, officialDomains) : null;
    if (href && trust) actions.push({ label, href, trust });
  }
  return { facts: facts.filter((f): f is GlanceFact => !!f), actions };
}

/** The one date a list row shows for each kind: when to apply by, or when the news came out. */
export function listFact(
  kind: Kind,
  entry: { data: EntryData; lastDate: string | null },
  today: string,
): GlanceFact | undefined {
  const d = entry.data;
  switch (kind) {
    case "job":
      return entry.lastDate ? lastDateFact(entry.lastDate, today) : undefined;
    case "result":
      return dateFact("Result declared", d.resultDate);
    case "admit-card":
      return spanFact("Exam date", d.examDate, d.examDateEnd);
    case "answer-key":
      return spanFact("Objections", d.objectionStart, d.objectionEnd, today);
    default:
      return undefined;
  }
}
