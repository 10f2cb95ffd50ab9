import { HINDI, type EntryData, type Row } from "./fields.ts";
import { totalPosts } from "./glance.ts";
import { withRole } from "./field-roles.ts";
import { REGISTRY } from "./registry.ts";
import type { Kind } from "./kinds.ts";

/**
 * The public change log: what changed in a published entry that a job seeker acts on (dates, fees,
 * vacancies, official links). "Was the last date extended?" is the question this audience asks
 * most after "am I eligible"; small edits (a typo, a reworded paragraph) say nothing. Pure: the
 * write path derives the changes from two versions, and the words come from the catalogues
 * (app/i18n/change-words.ts), so a Hindi page says them in Hindi.
 */

/** What kind of change a line is; with `field` it picks the sentence. */
export type ChangeCode =
  /** A date that was empty now has a value. */
  | "announced"
  /** A deadline moved later. */
  | "extended"
  /** A date moved (a deadline earlier, or any other date). */
  | "changed"
  /** The vacancies went up or down. */
  | "increased"
  | "reduced"
  /** The fee table changed: `to` is the new fees (FeeRow[] as JSON; one English line before). */
  | "fee"
  /** An official link appeared, or points somewhere else now. */
  | "added"
  | "updated";

export interface ChangeFact {
  /** The field the line is about ("lastDate"), or "posts" / "fees" for the tables. */
  field: string;
  code: ChangeCode;
  /** The value before (a YYYY-MM-DD date, a number), when the sentence names it. */
  from?: string;
  /** The value now (a date, a number, or the fee rows). */
  to?: string;
}

/**
 * A kind's key facts, most important to an applicant first: the fields with a change-log role
 * (./field-roles.ts), in their rank. The order of the lines, and the first is the headline the
 * page and the Latest bar show. For a job: the last date to apply, the exam date, the fee's last
 * date, then the rest (issue 26).
 */
const rules = (kind: Kind) => withRole(REGISTRY[kind].sections, "changeLog");
type Rule = ReturnType<typeof rules>[number];

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);
const rows = (v: unknown) => (Array.isArray(v) ? (v as Row[]) : []);

/**
 * A fee row as a fee change keeps it, so each reader gets it in their words: the category, its
 * Hindi from the entry's Hindi fee table (`hi_fees`, row by row, as the Hindi job page shows it),
 * the amount.
 */
export interface FeeRow {
  category: string;
  hi?: string;
  amount?: number;
}

function feeRows(data: EntryData, field: string): FeeRow[] {
  const hindi = rows(data[`${HINDI}${field}`]);
  return rows(data[field]).map((r, i) => {
    const hi = text(hindi[i]?.category);
    return {
      category: String(r.category ?? ""),
      ...(hi ? { hi } : {}),
      ...(typeof r.amount === "number" ? { amount: r.amount } : {}),
    };
  });
}

/** A fee change's rows; undefined for a line saved as English words before (shown as it is). */
export function feeRowsOf(to: string): FeeRow[] | undefined {
  if (!to.startsWith("[")) return undefined;
  try {
    const parsed: unknown = JSON.parse(to);
    const isRow = (r: unknown): r is FeeRow =>
      typeof r === "object" && r !== null && typeof (r as FeeRow).category === "string";
    return Array.isArray(parsed) && parsed.every(isRow) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function factOf(rule: Rule, before: EntryData, after: EntryData): ChangeFact | undefined {
  const field = rule.name;
  const as = rule.roles.changeLog.as;
  switch (as) {
    case "date":
    case "deadline": {
      const was = text(before[field]);
      const now = text(after[field]);
      // A date removed is not news to announce (the editor will say why in the text).
      if (was === now || !now) return undefined;
      if (!was) return { field, code: "announced", to: now };
      const code = as === "deadline" && now > was ? "extended" : "changed";
      return { field, code, from: was, to: now };
    }
    case "count": {
      const was = totalPosts(before, field);
      const now = totalPosts(after, field);
      if (was === undefined || now === undefined || was === now) return undefined;
      return {
        field,
        code: now > was ? "increased" : "reduced",
        from: String(was),
        to: String(now),
      };
    }
    case "fees": {
      const [was, now] = [feeRows(before, field), feeRows(after, field)];
      // What the fee is, not how the Hindi page words it: a Hindi-only edit is not a fee change.
      const fee = (r: readonly FeeRow[]) => JSON.stringify(r.map((f) => [f.category, f.amount]));
      return was.length && now.length && fee(was) !== fee(now)
        ? { field, code: "fee", to: JSON.stringify(now) }
        : undefined;
    }
    case "link": {
      const was = text(before[field]);
      const now = text(after[field]);
      if (now && !was) return { field, code: "added" };
      if (now && was && now !== was) return { field, code: "updated" };
      return undefined;
    }
  }
}

/** What changed between two published versions of an entry, the most important first. */
export function keyChanges(kind: Kind, before: EntryData, after: EntryData): ChangeFact[] {
  return rules(kind).flatMap((rule) => factOf(rule, before, after) ?? []);
}

/** How a line ranks among its kind's key facts (0 first); for ordering lines saved together. */
export function changeRank(kind: Kind, field: string): number {
  const all = rules(kind);
  const at = all.findIndex((rule) => rule.name === field);
  return at < 0 ? all.length : at;
}
