import { withRole, type GlanceLabel, type GlanceRole } from "./field-roles.ts";
import type { EntryData, Row, Section } from "./fields.ts";
import { linkTrust, type LinkTrust } from "./official-links.ts";

/**
 * What a job seeker decides on, for the first screen of an entry's page: the few facts that say
 * "can I still apply, and is it for me", and the buttons that lead to the official pages. The
 * kind's field roles (./field-roles.ts) say which fields these are; this says what each shows, as
 * codes with values (numbers, ISO dates, keys: no words, issue 27). The catalogue of the page's
 * language words them (app/i18n/glance-words.ts). Pure and free of server imports.
 */

/** A fact's value, as a code and its values. */
export type FactValue =
  /** The last date to apply; `days` left (negative: closed). */
  | { code: "lastDate"; values: { date: string; days: number } }
  | { code: "count"; values: { n: number } }
  /** A choice's key, as stored. */
  | { code: "option"; values: { value: string } }
  /** The fee table: the general category's amount first, then the others, cheapest first. */
  | { code: "fee"; values: { groups: { amount: number; categories: string[] }[] } }
  | { code: "age"; values: { min?: number; max?: number; asOn?: string } }
  | { code: "date"; values: { date: string } }
  /** Two dates (or one); `state`: the window is open today or has closed. */
  | { code: "span"; values: { from?: string; to?: string; state?: "open" | "closed" } }
  | { code: "perQuestion"; values: { fee: number } };

export type GlanceFinding = FactValue & {
  /** The catalogue's name of the fact; none: the field's label (`field`). */
  label?: GlanceLabel;
  field: string;
  /** "urgent" for a last date within three days, "closed" once it has passed. */
  tone?: "urgent" | "closed";
  /** The value reads on its own, without the label ("Closed on 24 Nov 2026"). */
  standalone?: true;
};

/** A button: the field holding its address; `shut` when its window is not open today. */
export interface ActionFinding {
  field: string;
  href: string;
  trust: LinkTrust;
  shut?: { code: "closedOn" | "opensOn"; date: string };
}

/** What an entry's facts are read from: its data and its last date to apply (`last_date`). */
export interface EntryFacts {
  data: EntryData;
  lastDate: string | null;
}

export interface GlanceFindings {
  facts: GlanceFinding[];
  actions: ActionFinding[];
}

/** A fact in words, as the page shows it (app/i18n/glance-words.ts makes it). */
export interface GlanceFact {
  label: string;
  value: string;
  tone?: "urgent" | "closed";
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

const DAY_MS = 86_400_000;

/** Whole days from `today` to `date` (both YYYY-MM-DD): 0 on the day itself. */
export function daysUntil(date: string, today: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

/** The last date to apply, with the days left: closed once it has passed, urgent within three. */
export function lastDateFinding(
  lastDate: string,
  today: string,
  field = "lastDate",
): GlanceFinding {
  const days = daysUntil(lastDate, today);
  const fact = {
    code: "lastDate",
    values: { date: lastDate, days },
    label: "lastDate",
    field,
  } as const;
  if (days < 0) return { ...fact, tone: "closed", standalone: true };
  return days <= 3 ? { ...fact, tone: "urgent" } : fact;
}

const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
const rows = (v: unknown) => (Array.isArray(v) ? (v as Row[]) : []);

/** The sum of the vacancy rows' totals, or undefined when there are none. */
export function totalPosts(data: EntryData, field = "posts"): number | undefined {
  const totals = rows(data[field]).map((r) => num(r.total));
  if (totals.length === 0 || totals.some((t) => t === undefined)) return undefined;
  return totals.reduce<number>((a, b) => a + (b ?? 0), 0);
}

/**
 * The fee table as groups: the first row is the general category in every notification's fee
 * table; every other amount follows, cheapest first, with each category that pays it: a waiver for
 * women is a row of its own (issue 29: the line used to show only the cheapest row, leaving it out).
 */
function feeGroups(value: unknown) {
  const fees = rows(value)
    .map((r) => ({ category: str(r.category), amount: num(r.amount) }))
    .filter(
      (f): f is { category: string; amount: number } => !!f.category && f.amount !== undefined,
    );
  if (fees.length === 0) return undefined;
  const [general, ...others] = fees;
  const groups = new Map<number, string[]>([[general.amount, [general.category]]]);
  for (const f of [...others].sort((a, b) => a.amount - b.amount))
    groups.set(f.amount, [...(groups.get(f.amount) ?? []), f.category]);
  return [...groups].map(([amount, categories]) => ({ amount, categories }));
}

/** A span of dates; judged against `today`, said to be open now or closed (an objection window). */
function spanValue(from: unknown, to: unknown, today?: string) {
  const start = str(from);
  const end = str(to);
  if (!start && !end) return undefined;
  const values = { ...(start && { from: start }), ...(end && { to: end }) };
  if (!today || !end) return { values };
  if (daysUntil(end, today) < 0)
    return { values: { ...values, state: "closed" as const }, tone: "closed" as const };
  if (!start || daysUntil(start, today) <= 0)
    return {
      values: { ...values, state: "open" as const },
      tone: daysUntil(end, today) <= 3 ? ("urgent" as const) : undefined,
    };
  return { values };
}

/** What one field with a glance role shows for an entry, or nothing when it is empty. */
function findingOf(
  field: string,
  role: GlanceRole,
  entry: EntryFacts,
  today: string,
): GlanceFinding | undefined {
  const d = entry.data;
  const at = { field, ...(role.label && { label: role.label }) };
  switch (role.fact) {
    case "lastDate":
      return entry.lastDate ? lastDateFinding(entry.lastDate, today, field) : undefined;
    case "count": {
      const n = totalPosts(d, field);
      return n === undefined ? undefined : { ...at, code: "count", values: { n } };
    }
    case "option": {
      const value = str(d[field]);
      return value ? { ...at, code: "option", values: { value } } : undefined;
    }
    case "fee": {
      const groups = feeGroups(d[field]);
      return groups ? { ...at, code: "fee", values: { groups } } : undefined;
    }
    case "age": {
      const min = num(d[field]);
      const max = role.max ? num(d[role.max]) : undefined;
      if (min === undefined && max === undefined) return undefined;
      const asOn = role.asOn ? str(d[role.asOn]) : undefined;
      const values = {
        ...(min !== undefined && { min }),
        ...(max !== undefined && { max }),
        ...(asOn && { asOn }),
      };
      return { ...at, code: "age", values };
    }
    case "date": {
      const date = str(d[field]);
      return date ? { ...at, code: "date", values: { date } } : undefined;
    }
    case "span": {
      const span = spanValue(d[field], role.to && d[role.to], role.judged ? today : undefined);
      if (!span) return undefined;
      return { ...at, code: "span", values: span.values, ...(span.tone && { tone: span.tone }) };
    }
    case "perQuestion": {
      const fee = num(d[field]);
      return fee === undefined ? undefined : { ...at, code: "perQuestion", values: { fee } };
    }
  }
}

/** The facts and buttons of an entry's first screen, from its kind's `sections` and their roles. */
export function glanceFindings(
  sections: readonly Section[],
  entry: EntryFacts,
  today: string,
  officialDomains: readonly string[],
): GlanceFindings {
  const facts = withRole(sections, "glance").flatMap(
    (f) => findingOf(f.name, f.roles.glance, entry, today) ?? [],
  );
  const actions: ActionFinding[] = [];
  for (const field of withRole(sections, "action")) {
    const href = str(entry.data[field.name]);
    const trust = href ? linkTrust(href, officialDomains) : null;
    if (!href || !trust) continue;
    const window = field.roles.action.window;
    const opens = window && str(entry.data[window.opens]);
    const closes = window && str(entry.data[window.closes]);
    const shut =
      closes && daysUntil(closes, today) < 0
        ? { code: "closedOn" as const, date: closes }
        : opens && daysUntil(opens, today) > 0
          ? { code: "opensOn" as const, date: opens }
          : undefined;
    actions.push({ field: field.name, href, trust, ...(shut && { shut }) });
  }
  return { facts, actions };
}

/** The one date a list row shows: the kind's glance fact marked `listFact` (when to apply by…). */
export function listFinding(
  sections: readonly Section[],
  entry: EntryFacts,
  today: string,
): GlanceFinding | undefined {
  const field = withRole(sections, "glance").find((f) => f.roles.listFact);
  return field && findingOf(field.name, field.roles.glance, entry, today);
}
