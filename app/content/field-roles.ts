import type { FilterColumn } from "./columns.ts";
import type { Field, Section } from "./fields.ts";

/**
 * What else the site does with a field besides the form and its section on the page (issue 27):
 * each role is said on the field, in its kind's field file (./kinds/fields/<kind>.ts), and the
 * first screen (./glance.ts), the list rows, the change log (./change-log.ts) and the buttons
 * derive from the roles, so a new kind or field takes no other table.
 */
export interface FieldRoles {
  /** One of the facts of the page's first screen ("at a glance"). */
  glance?: GlanceRole;
  /** Its glance fact is also the one a list row (and a search hit) shows. */
  listFact?: true;
  /** A change to it is a line of the public change log. */
  changeLog?: ChangeLogRole;
  /** A web address the first screen makes a button of. */
  action?: ActionRole;
  /** A filter of its kind's list (a menu of the values its `column` holds), besides organization. */
  filter?: true;
}

/**
 * How a glance fact reads its value: a date, a span of two dates, the last date to apply (the
 * entry's `last_date`: days left, closed), a count (the sum of a rows field's totals), a choice,
 * the fee table, the age limits, an amount per question.
 */
export type GlanceFactType =
  "lastDate" | "count" | "option" | "fee" | "age" | "date" | "span" | "perQuestion";

/** The catalogues' names of glance facts (`detail.glance`); without one, the field's label. */
export type GlanceLabel =
  | "lastDate"
  | "totalPosts"
  | "qualification"
  | "applicationFee"
  | "ageLimit"
  | "resultDeclared"
  | "examDate"
  | "admitCardOut"
  | "answerKeyReleased"
  | "objections"
  | "objectionFee";

export interface GlanceRole {
  fact: GlanceFactType;
  /** Its place among the kind's facts (1 first): not the fields' order (a job's last date leads). */
  order: number;
  label?: GlanceLabel;
  /** A span's end date field. */
  to?: string;
  /** A span said to be open now or closed on the day (an objection window). */
  judged?: true;
  /** An age fact's maximum and the date ages are counted on. */
  max?: string;
  asOn?: string;
}

export interface ChangeLogRole {
  /**
   * A date (a deadline: moved later, it is "extended"), the vacancies (the sum of a rows field's
   * totals), the fee table, an official link.
   */
  as: "date" | "deadline" | "count" | "fees" | "link";
  /** Its place among the kind's lines (1 first): the first is the headline the bell shows. */
  rank: number;
}

export interface ActionRole {
  order: number;
  /** A button only while the window these date fields open and close is open (applying, objecting). */
  window?: { opens: string; closes: string };
}

type Role = keyof FieldRoles;
type Ordered<R extends Role> = Field & { roles: Required<Pick<FieldRoles, R>> & FieldRoles };

/** A kind's fields with a role, in the role's order. */
export function withRole<R extends "glance" | "changeLog" | "action">(
  sections: readonly Section[],
  role: R,
): Ordered<R>[] {
  const place = (f: Ordered<R>) => {
    const r = f.roles[role] as { order?: number; rank?: number };
    return r.order ?? r.rank ?? 0;
  };
  return sections
    .flatMap((s) => s.fields)
    .filter((f): f is Ordered<R> => !!f.roles?.[role])
    .sort((a, b) => place(a) - place(b));
}

/** The columns a kind's list filters on, in the fields' order: its fields with the `filter` role. */
export function filterColumns(sections: readonly Section[]): FilterColumn[] {
  return sections
    .flatMap((s) => s.fields)
    .flatMap((f) =>
      f.type !== "rows" && f.roles?.filter && f.column && f.column !== "last_date"
        ? [f.column]
        : [],
    );
}
