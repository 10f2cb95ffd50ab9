import type { EntryData, Row } from "./fields.ts";
import { linkTrust, type LinkTrust } from "./official-links.ts";
import { optionKey, QUALIFICATIONS } from "./options.ts";
import type { Kind } from "./registry.ts";
import { formatDate, formatNumber, formatRupees } from "~/lib/format.ts";
import { fmt, type Locale } from "~/lib/locale.ts";

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
  /**
   * The value reads on its own, without the label ("Closed on 24 Nov 2026"): a list row prints
   * it alone, in every language.
   */
  standalone?: true;
}

export interface GlanceAction {
  label: string;
  href: string;
  trust: LinkTrust;
  /**
   * Its window is not open today ("Closed on 25 Nov 2026", "Opens on 1 Dec 2026"): the page
   * says so where the button would be, and makes no button of it.
   */
  shut?: { text: string; closed: boolean };
}

export interface Glance {
  facts: GlanceFact[];
  actions: GlanceAction[];
}

/**
 * The primary buttons of each kind, in order, with the registry field holding their address and,
 * for an action that works only for a while (applying, objecting; paying a fee or correcting a
 * form, should a kind get such a link), the date fields that open and close its window: outside
 * it the action is no button.
 */
export const GLANCE_ACTIONS: Record<
  Kind,
  readonly { field: string; label: string; window?: { opens: string; closes: string } }[]
> = {
  job: [
    {
      field: "applyUrl",
      label: "Apply Online",
      window: { opens: "applicationStart", closes: "lastDate" },
    },
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
    {
      field: "objectionUrl",
      label: "Raise Objection",
      window: { opens: "objectionStart", closes: "objectionEnd" },
    },
  ],
};

/**
 * The words of the date facts list rows and search hits show (and the glance's last date): the
 * pages send them from the catalogue (`list.facts`), in the page's language. The English ones
 * are the default, so code that has no catalogue at hand (the admin preview) prints the same as
 * before.
 */
export interface FactWords {
  lastDate: string;
  /** {date} */
  closedOn: string;
  closesToday: string;
  closesTomorrow: string;
  /** {n}: two or more */
  closesInDays: string;
  resultDeclared: string;
  examDate: string;
  objections: string;
  /** {from}, {to} */
  span: string;
  /** {value}: the span */
  spanClosed: string;
  spanOpen: string;
}

export const ENGLISH_FACT_WORDS: FactWords = {
  lastDate: "Last date",
  closedOn: "Closed on {date}",
  closesToday: "Closes today",
  closesTomorrow: "Closes tomorrow",
  closesInDays: "Closes in {n} days",
  resultDeclared: "Result declared",
  examDate: "Exam date",
  objections: "Objections",
  span: "{from} to {to}",
  spanClosed: "{value} (closed)",
  spanOpen: "{value} (open now)",
};

/**
 * The words of an entry page's first screen (the detail page sends `detail.glance` from the
 * catalogue); the English ones are the default, for the admin preview and the tests.
 */
export interface GlanceWords extends FactWords {
  totalPosts: string;
  qualification: string;
  applicationFee: string;
  noFee: string;
  ageLimit: string;
  /** {min}, {max} */
  ageRange: string;
  /** {min} */
  ageAtLeast: string;
  /** {max} */
  ageUpTo: string;
  /** {range}, {date} */
  ageAsOn: string;
  admitCardOut: string;
  answerKeyReleased: string;
  objectionFee: string;
  /** {fee} */
  perQuestion: string;
  /** The buttons, by the field holding their address (GLANCE_ACTIONS). */
  actions: Record<string, string>;
  /** {date}: an action whose window has not opened yet (`closedOn` once it has closed). */
  opensOn: string;
  /** The job form's qualification choices in this language, by value (missing: as written). */
  qualifications: Record<string, string>;
}

// Built by a call marked pure, so a page that needs only the fact words (the eligibility finder's
// "closes in 3 days") does not carry these and the buttons' table in its script.
export const ENGLISH_GLANCE_WORDS: GlanceWords = /* @__PURE__ */ englishGlanceWords();

function englishGlanceWords(): GlanceWords {
  return {
    ...ENGLISH_FACT_WORDS,
    totalPosts: "Total posts",
    qualification: "Qualification",
    applicationFee: "Application fee",
    noFee: "No fee",
    ageLimit: "Age limit",
    ageRange: "{min}–{max} years",
    ageAtLeast: "at least {min} years",
    ageUpTo: "up to {max} years",
    ageAsOn: "{range} as on {date}",
    admitCardOut: "Admit card out",
    answerKeyReleased: "Answer key released",
    objectionFee: "Objection fee",
    perQuestion: "{fee} per question",
    actions: Object.fromEntries(
      Object.values(GLANCE_ACTIONS).flatMap((list) => list.map((a) => [a.field, a.label])),
    ),
    opensOn: "Opens on {date}",
    // By key (issue 27), the option labels: "12th-pass" → "12th Pass".
    qualifications: Object.fromEntries(QUALIFICATIONS.map((o) => [o.value, o.label])),
  };
}

const DAY_MS = 86_400_000;

/** Whole days from `today` to `date` (both YYYY-MM-DD): 0 on the day itself. */
export function daysUntil(date: string, today: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

/** "Closes today", "Closes in 3 days", "Closed on 24 Nov 2026" (in `locale`, with `t`'s words). */
export function lastDateFact(
  lastDate: string,
  today: string,
  // No English default: a page's script that calls it brings its own words, not these too.
  t: FactWords,
  locale: Locale,
): GlanceFact {
  const left = daysUntil(lastDate, today);
  const date = formatDate(lastDate, locale);
  if (left < 0)
    return {
      label: t.lastDate,
      value: fmt(t.closedOn, { date }),
      tone: "closed",
      standalone: true,
    };
  const when =
    left === 0 ? t.closesToday : left === 1 ? t.closesTomorrow : fmt(t.closesInDays, { n: left });
  return {
    label: t.lastDate,
    value: `${date} · ${when}`,
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

function feeFact(data: EntryData, t: GlanceWords): GlanceFact | undefined {
  const fees = rows(data.fees)
    .map((r) => ({ category: str(r.category), amount: num(r.amount) }))
    .filter(
      (f): f is { category: string; amount: number } => !!f.category && f.amount !== undefined,
    );
  if (fees.length === 0) return undefined;
  // The first row is the general category in every notification's fee table; every other amount
  // follows, cheapest first, with each category that pays it: a waiver for women is a row of its
  // own (issue 29: the line used to show only the cheapest row, leaving it out).
  const [general, ...others] = fees;
  const amount = (n: number) => (n === 0 ? t.noFee : formatRupees(n));
  const groups = new Map<number, string[]>([[general.amount, [general.category]]]);
  for (const f of [...others].sort((a, b) => a.amount - b.amount))
    groups.set(f.amount, [...(groups.get(f.amount) ?? []), f.category]);
  const parts = [...groups].map(([n, categories]) => `${amount(n)} (${categories.join(", ")})`);
  return { label: t.applicationFee, value: parts.join(" · ") };
}

function ageFact(data: EntryData, t: GlanceWords, locale: Locale): GlanceFact | undefined {
  const min = num(data.ageMin);
  const max = num(data.ageMax);
  if (min === undefined && max === undefined) return undefined;
  const range =
    min !== undefined && max !== undefined
      ? fmt(t.ageRange, { min, max })
      : min !== undefined
        ? fmt(t.ageAtLeast, { min })
        : fmt(t.ageUpTo, { max: max! });
  const asOn = str(data.ageCutoffDate);
  return {
    label: t.ageLimit,
    value: asOn ? fmt(t.ageAsOn, { range, date: formatDate(asOn, locale) }) : range,
  };
}

function dateFact(label: string, value: unknown, locale: Locale = "en"): GlanceFact | undefined {
  const date = str(value);
  return date ? { label, value: formatDate(date, locale) } : undefined;
}

/** A span of dates; with `today`, said to be open now or closed (an objection window). */
function spanFact(
  label: string,
  from: unknown,
  to: unknown,
  today?: string,
  t: FactWords = ENGLISH_FACT_WORDS,
  locale: Locale = "en",
): GlanceFact | undefined {
  const start = str(from);
  const end = str(to);
  if (!start && !end) return undefined;
  const value =
    start && end
      ? fmt(t.span, { from: formatDate(start, locale), to: formatDate(end, locale) })
      : formatDate(start ?? end, locale);
  if (!today || !end) return { label, value };
  if (daysUntil(end, today) < 0)
    return { label, value: fmt(t.spanClosed, { value }), tone: "closed" };
  if (!start || daysUntil(start, today) <= 0) {
    const left = daysUntil(end, today);
    return {
      label,
      value: fmt(t.spanOpen, { value }),
      tone: left <= 3 ? "urgent" : undefined,
    };
  }
  return { label, value };
}

/** The facts and buttons for an entry's first screen (in `locale`, with `t`'s words). */
export function glance(
  kind: Kind,
  entry: { data: EntryData; lastDate: string | null },
  today: string,
  officialDomains: readonly string[],
  t: GlanceWords = ENGLISH_GLANCE_WORDS,
  locale: Locale = "en",
): Glance {
  const d = entry.data;
  const facts: (GlanceFact | undefined)[] = [];
  if (kind === "job") {
    if (entry.lastDate) facts.push(lastDateFact(entry.lastDate, today, t, locale));
    const posts = totalPosts(d);
    facts.push(
      posts !== undefined ? { label: t.totalPosts, value: formatNumber(posts) } : undefined,
    );
    const qualification = str(d.qualification);
    if (qualification)
      facts.push({
        label: t.qualification,
        value: t.qualifications[optionKey(qualification)] ?? qualification,
      });
    facts.push(feeFact(d, t), ageFact(d, t, locale));
  } else if (kind === "result") {
    facts.push(dateFact(t.resultDeclared, d.resultDate, locale));
  } else if (kind === "admit-card") {
    facts.push(
      spanFact(t.examDate, d.examDate, d.examDateEnd, undefined, t, locale),
      dateFact(t.admitCardOut, d.releaseDate, locale),
    );
  } else if (kind === "answer-key") {
    const fee = num(d.objectionFee);
    facts.push(
      dateFact(t.answerKeyReleased, d.releaseDate, locale),
      spanFact(t.objections, d.objectionStart, d.objectionEnd, today, t, locale),
      fee !== undefined
        ? { label: t.objectionFee, value: fmt(t.perQuestion, { fee: formatRupees(fee) }) }
        : undefined,
    );
  }
  const actions: GlanceAction[] = [];
  for (const { field, label, window } of GLANCE_ACTIONS[kind] ?? []) {
    const href = str(d[field]);
    const trust = href ? linkTrust(href, officialDomains) : null;
    if (!href || !trust) continue;
    const opens = window && str(d[window.opens]);
    const closes = window && str(d[window.closes]);
    const shut =
      closes && daysUntil(closes, today) < 0
        ? { text: fmt(t.closedOn, { date: formatDate(closes, locale) }), closed: true }
        : opens && daysUntil(opens, today) > 0
          ? { text: fmt(t.opensOn, { date: formatDate(opens, locale) }), closed: false }
          : undefined;
    actions.push({ label: t.actions[field] ?? label, href, trust, ...(shut && { shut }) });
  }
  return { facts: facts.filter((f): f is GlanceFact => !!f), actions };
}

/**
 * The one date a list row shows for each kind: when to apply by, or when the news came out; in
 * `locale`, with the catalogue's `t` (`list.facts`).
 */
export function listFact(
  kind: Kind,
  entry: { data: EntryData; lastDate: string | null },
  today: string,
  t: FactWords = ENGLISH_FACT_WORDS,
  locale: Locale = "en",
): GlanceFact | undefined {
  const d = entry.data;
  switch (kind) {
    case "job":
      return entry.lastDate ? lastDateFact(entry.lastDate, today, t, locale) : undefined;
    case "result":
      return dateFact(t.resultDeclared, d.resultDate, locale);
    case "admit-card":
      return spanFact(t.examDate, d.examDate, d.examDateEnd, undefined, t, locale);
    case "answer-key":
      return spanFact(t.objections, d.objectionStart, d.objectionEnd, today, t, locale);
    default:
      return undefined;
  }
}
