/**
 * Who may apply for a post: one pure function over a candidate's profile and the age and
 * qualification rules a notification prints. No I/O and no server imports, so the browser can
 * answer while the candidate types, and the server gives the same answer. Every decision carries
 * a reason the candidate can check against the notification, because the notification, not
 * this file, is the authority. Reasons are codes with values (numbers, ISO dates, keys): the
 * catalogue of the page's language puts them into words (app/i18n/eligibility-words.ts).
 *
 * Ages are counted in whole months: `ageInMonths` is the one definition of age, and every age
 * limit becomes a number of months (so "17½ years" works as 210 months).
 */

import { SECOND_DEGREES, type Discipline } from "./disciplines.ts";
import type { AgeOn, Reason, RelaxationPart } from "./eligibility-reasons.ts";
import type { Category, QualificationLevel } from "./eligibility-terms.ts";

export {
  CATEGORY_LABEL,
  CENTRAL_PWBD_RELAXATION,
  CENTRAL_RELAXATION,
  QUALIFICATION_LABEL,
  type Category,
  type QualificationLevel,
} from "./eligibility-terms.ts";
export type { Discipline } from "./disciplines.ts";
export type { AgeOn, Reason, RelaxationPart } from "./eligibility-reasons.ts";

export type Gender = "male" | "female" | "other";
/** A calendar day written YYYY-MM-DD: no time and no time zone. */
export type IsoDate = string;

export interface Profile {
  dateOfBirth: IsoDate;
  gender: Gender;
  category: Category;
  pwbd: boolean;
  /** Set for ex-servicemen only: the length of military service, in years (6.5 is fine). */
  exServicemanYears?: number;
  domicileState?: string;
  /** The highest level passed. */
  qualification: QualificationLevel;
  /** In the final year of the course that leads to the next level. */
  finalYear: boolean;
  /** The subject of the highest qualification (or of the final-year course); optional. */
  discipline?: Discipline;
}

export interface AgeLimits {
  minAge?: number;
  maxAge?: number;
}

export interface PostRules extends AgeLimits {
  /** The date ages are counted on ("as on 1 Aug 2024"). */
  cutoffDate: IsoDate;
  /**
   * "not-attained": "must not have attained MAX" (UPSC, SSC, RRB): age < MAX.
   * "completed-years": "not more than MAX years" read as completed years: age ≤ MAX, so anyone
   * under MAX + 1 qualifies.
   */
  upperRule: "not-attained" | "completed-years";
  /** The birth dates the notification prints; when present they win over minAge and maxAge. */
  birthWindow?: { from?: IsoDate; to?: IsoDate };
  genderLimits?: Partial<Record<"female", AgeLimits>>;
  /** Years added to the upper age limit; a missing category gets none. */
  relaxation: Partial<Record<Category, number>>;
  /** Years for PwBD candidates by category, already including the category's own relaxation. */
  pwbdRelaxation?: Partial<Record<Category, number>>;
  exServicemen?: { plusYears: number };
  state?: string;
  /** Reserved-category age relaxation only for candidates domiciled in `state`. */
  reservedRelaxationDomicileOnly?: boolean;
  /** The minimum qualification; absent when the notification asks for none. */
  qualification?: QualificationLevel;
  /**
   * The subjects the qualification may be in, any one of which will do (RRB JE: a diploma or a
   * degree in engineering is the level "diploma" with `["engineering"]`).
   */
  disciplines?: Discipline[];
  /** Qualifications needed besides the level, each of them (a TGT's B.Ed.). */
  alsoRequired?: Discipline[];
  /**
   * The notification's own words about subjects. Shown; when no `disciplines` say the same, the
   * candidate is asked to compare them with their own, never told yes.
   */
  subjects?: string;
  finalYearAllowed: boolean;
}

/** ✓, "check first" (everything else fits), ✗. */
export type Verdict = "eligible" | "check" | "not-eligible";

type SubjectValues = { level: QualificationLevel; disciplines: Discipline[] };

/**
 * What a rule found beyond the age, as a code and its values: the catalogue words it
 * (`sayFinding` in app/i18n/eligibility-words.ts). `outcome` is what it does to the verdict.
 */
export type RuleFinding =
  | { code: "subject-met"; outcome: "met"; values: SubjectValues & { held: Discipline } }
  | { code: "subject-differs"; outcome: "not-met"; values: SubjectValues & { held: Discipline } }
  | { code: "subject-maybe"; outcome: "check"; values: SubjectValues & { held: Discipline } }
  | { code: "subject-not-given"; outcome: "check"; values: SubjectValues }
  | { code: "subject-other"; outcome: "check"; values: SubjectValues }
  | { code: "subjects-named"; outcome: "check"; values: { text: string } }
  | { code: "also-met"; outcome: "met"; values: { discipline: Discipline } }
  | { code: "also-unknown"; outcome: "check"; values: { discipline: Discipline } }
  | {
      code: "qualification-unchecked";
      outcome: "check";
      values: {
        level: QualificationLevel;
        disciplines?: Discipline[];
        alsoRequired?: Discipline[];
      };
    };

export interface Eligibility {
  /** True only for the verdict "eligible": every requirement the post names was checked. */
  eligible: boolean;
  verdict: Verdict;
  /** One reason per rule applied: relaxation notes, lower age, upper age, qualification. */
  reasons: Reason[];
  /** The subject and additional-qualification findings, after `reasons` when worded. */
  findings: RuleFinding[];
  /** The birth dates this candidate may have, after relaxation, both ends included. */
  window: { from?: IsoDate; to: IsoDate };
  age: AgeOn;
  /** "Not eligible, but close": set only when this is the one rule that failed. */
  close?: "too-young" | "qualification-pending";
}

// ---------------------------------------------------------------------------------------------
// Calendar days

interface Ymd {
  y: number;
  m: number;
  d: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

function daysInMonth(y: number, m: number): number {
  return m === 2 ? (isLeapYear(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31;
}

function parseDate(value: string, what: string): Ymd {
  const match = ISO_DATE.exec(value);
  const [y, m, d] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  if (!match || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) {
    throw new RangeError(`${what} must be a real date written YYYY-MM-DD; got "${value}".`);
  }
  return { y, m, d };
}

function isoOf({ y, m, d }: Ymd): IsoDate {
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

function addDays(date: IsoDate, days: number): IsoDate {
  return new Date(Date.parse(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The same day `months` later (or earlier). A day the target month lacks moves to the 1st of the
 * next month, so someone born 29 Feb 2000 turns 21 on 1 Mar 2021, not on 28 Feb. Notifications
 * do not say; this is the convention chosen here. On 28 Feb such a person is still under an upper
 * limit (generous) and has not yet reached a lower one (cautious).
 */
function addMonths(date: Ymd, months: number): Ymd {
  const index = date.y * 12 + (date.m - 1) + months;
  const y = Math.floor(index / 12);
  const m = index - y * 12 + 1;
  if (date.d <= daysInMonth(y, m)) return { y, m, d: date.d };
  return m === 12 ? { y: y + 1, m: 1, d: 1 } : { y, m: m + 1, d: 1 };
}

/**
 * Completed months of age on `on`. A birth day the month lacks (29 Feb, 31 Apr) is not reached
 * until the 1st of the next month, as in `addMonths`: `on.d` can never reach it.
 */
function ageInMonths(birth: Ymd, on: Ymd): number {
  const months = (on.y - birth.y) * 12 + (on.m - birth.m);
  return on.d < birth.d ? months - 1 : months;
}

/** The latest birth date that has completed `months` of age on `on`. */
function latestBirthAged(months: number, on: Ymd): IsoDate {
  let candidate = isoOf(addMonths(on, -months));
  // The calendar guess can be a day off around short months; settle it with the one definition
  // of age so that the window and the decision can never disagree.
  while (ageInMonths(parseDate(addDays(candidate, 1), "date"), on) >= months) {
    candidate = addDays(candidate, 1);
  }
  while (ageInMonths(parseDate(candidate, "date"), on) < months) {
    candidate = addDays(candidate, -1);
  }
  return candidate;
}

// ---------------------------------------------------------------------------------------------
// Rules

interface Relaxation {
  months: number;
  parts: RelaxationPart[];
  notes: Reason[];
}

const sameState = (a: string | undefined, b: string) =>
  a !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase();

const NONE: Record<string, never> = {};

/**
 * Category relaxation or the PwBD relaxation for the category, never both (the PwBD table
 * already includes the category's years). Ex-servicemen add their service plus `plusYears` on
 * top: the central rule deducts service from the candidate's age and then allows `plusYears`,
 * which is the same as adding both to the limit; service is counted in whole months here.
 */
function relaxationFor(profile: Profile, post: PostRules): Relaxation {
  const notes: Reason[] = [];
  let category = profile.category;
  if (post.reservedRelaxationDomicileOnly && post.state && category !== "general") {
    if (!sameState(profile.domicileState, post.state)) {
      notes.push(
        profile.domicileState
          ? {
              code: "domicileElsewhere",
              values: { category, state: post.state, domicile: profile.domicileState },
            }
          : { code: "domicileMissing", values: { category, state: post.state } },
      );
      category = "general";
    }
  }

  const parts: RelaxationPart[] = [];
  let months = 0;
  const pwbdYears = profile.pwbd ? post.pwbdRelaxation?.[category] : undefined;
  const categoryYears = post.relaxation[category] ?? 0;
  if (pwbdYears !== undefined) {
    months += Math.round(pwbdYears * 12);
    parts.push({ code: "partPwbd", years: pwbdYears, category });
    if (categoryYears > 0) {
      notes.push({
        code: "pwbdIncludesCategory",
        values: { pwbd: pwbdYears, years: categoryYears, category },
      });
    }
  } else {
    if (profile.pwbd) notes.push({ code: "noPwbdRelaxation", values: NONE });
    if (categoryYears > 0) {
      months += Math.round(categoryYears * 12);
      parts.push({ code: "partCategory", years: categoryYears, category });
    }
  }

  const service = profile.exServicemanYears;
  if (service !== undefined) {
    if (!Number.isFinite(service) || service < 0) {
      throw new RangeError(`Years of military service must be 0 or more; got ${service}.`);
    }
    if (post.exServicemen) {
      const serviceMonths = Math.floor(service * 12);
      const plus = post.exServicemen.plusYears;
      months += serviceMonths + Math.round(plus * 12);
      parts.push({ code: "partExServicemen", serviceMonths, plus });
    } else {
      notes.push({ code: "noExServicemenRelaxation", values: NONE });
    }
  }
  return { months, parts, notes };
}

/**
 * What each side of the age check rests on: the notification's printed birth date, or an age
 * in months. Women's limits replace the printed date on the side they set, because a printed
 * window is the general one.
 */
function ageSides(profile: Profile, post: PostRules) {
  const women = profile.gender === "female" ? post.genderLimits?.female : undefined;
  const minAge = women?.minAge ?? post.minAge;
  const maxAge = women?.maxAge ?? post.maxAge;
  return {
    women,
    printedTo: women?.minAge === undefined ? post.birthWindow?.to : undefined,
    printedFrom: women?.maxAge === undefined ? post.birthWindow?.from : undefined,
    minMonths: Math.round((minAge ?? 0) * 12),
    minAge,
    maxAge,
  };
}

const ONE_COURSE_AWAY: Record<QualificationLevel, readonly QualificationLevel[]> = {
  // After 10th: 12th, an ITI trade or a polytechnic diploma.
  "10th": ["12th", "iti", "diploma"],
  // After 12th a degree is one course, though it is two steps up the ladder (diploma between).
  "12th": ["diploma", "graduate"],
  iti: [],
  // Lateral entry into the second year of a degree.
  diploma: ["graduate"],
  graduate: ["postgraduate"],
  postgraduate: [],
};

const LADDER: Record<Exclude<QualificationLevel, "iti">, number> = {
  "10th": 0,
  "12th": 1,
  diploma: 2,
  graduate: 3,
  postgraduate: 4,
};

function meetsQualification(held: QualificationLevel, required: QualificationLevel): boolean {
  if (held === required || required === "10th") return true;
  if (held === "iti" || required === "iti") return false;
  return LADDER[held] >= LADDER[required];
}

function qualificationCheck(
  profile: Profile,
  post: PostRules,
): { ok: boolean; pending: boolean; reason: Reason } {
  const needed = post.qualification;
  if (needed === undefined) {
    return { ok: true, pending: false, reason: { code: "noQualification", values: NONE } };
  }
  const said = { required: needed, held: profile.qualification };
  if (meetsQualification(profile.qualification, needed)) {
    return {
      ok: true,
      pending: false,
      reason: { code: "qualification", values: { ...said, met: true } },
    };
  }
  const pending =
    profile.finalYear &&
    ONE_COURSE_AWAY[profile.qualification].some((next) => meetsQualification(next, needed));
  if (pending && post.finalYearAllowed) {
    return { ok: true, pending, reason: { code: "finalYearCounts", values: { required: needed } } };
  }
  return {
    ok: false,
    pending,
    reason: {
      code: "qualification",
      values: {
        ...said,
        met: false,
        ...(pending ? { finalYearRefused: true as const } : {}),
        ...(needed === "iti" ? { itiInLieu: true as const } : {}),
      },
    },
  };
}

/**
 * The subject a post asks for, and what it asks besides the level (issue 26). Never ✓ for what
 * was not checked: no subject given, a subject off the list, or the notification's words alone
 * ask the candidate to check. A known other subject is ✗ only when the highest qualification is
 * the one the post asks for (same rung, and not a second degree such as a B.Ed. over a B.A.): a
 * higher one may sit on a lower one in the right subject (a B.A. over a diploma in engineering).
 */
export function subjectFindings(
  profile: Pick<Profile, "qualification" | "discipline">,
  post: Pick<PostRules, "qualification" | "disciplines" | "alsoRequired" | "subjects">,
): RuleFinding[] {
  const level = post.qualification;
  if (level === undefined) return [];
  const found: RuleFinding[] = [];
  const held = profile.discipline;
  const disciplines = post.disciplines ?? [];
  if (disciplines.length) {
    const values = { level, disciplines };
    if (held !== undefined && disciplines.includes(held)) {
      found.push({ code: "subject-met", outcome: "met", values: { ...values, held } });
    } else if (held === undefined) {
      found.push({ code: "subject-not-given", outcome: "check", values });
    } else if (held === "other") {
      found.push({ code: "subject-other", outcome: "check", values });
    } else if (profile.qualification !== level || SECOND_DEGREES.includes(held)) {
      found.push({ code: "subject-maybe", outcome: "check", values: { ...values, held } });
    } else {
      found.push({ code: "subject-differs", outcome: "not-met", values: { ...values, held } });
    }
  } else if (post.subjects) {
    found.push({ code: "subjects-named", outcome: "check", values: { text: post.subjects } });
  }
  for (const discipline of post.alsoRequired ?? []) {
    found.push(
      held === discipline
        ? { code: "also-met", outcome: "met", values: { discipline } }
        : { code: "also-unknown", outcome: "check", values: { discipline } },
    );
  }
  return found;
}

/** The verdict of rules that passed or failed, and of the findings beside them. */
export function verdictOf(passed: boolean, findings: readonly RuleFinding[]): Verdict {
  if (!passed || findings.some((f) => f.outcome === "not-met")) return "not-eligible";
  return findings.some((f) => f.outcome === "check") ? "check" : "eligible";
}

/**
 * Whether `profile` may apply for the post `post` describes, and why: each rule's reason as a
 * code and its values (`sayReason` words them).
 */
export function eligibility(profile: Profile, post: PostRules): Eligibility {
  const birth = parseDate(profile.dateOfBirth, "Date of birth");
  const on = parseDate(post.cutoffDate, "The cut-off date");
  const dob = profile.dateOfBirth;
  const asOn = post.cutoffDate;
  const sides = ageSides(profile, post);
  const relaxation = relaxationFor(profile, post);
  const age = ageInMonths(birth, on);
  const reasons: Reason[] = [...relaxation.notes];
  if (sides.women && (sides.women.minAge !== undefined || sides.women.maxAge !== undefined)) {
    reasons.push({
      code: "womenLimits",
      values: {
        min: sides.minAge ?? 0,
        ...(sides.maxAge !== undefined ? { max: sides.maxAge } : {}),
      },
    });
  }

  // The lower side. Decisions compare ages; the window is derived separately, and the tests
  // check that the two agree on every birthday.
  let to: IsoDate;
  let oldEnough: boolean;
  if (sides.printedTo !== undefined) {
    parseDate(sides.printedTo, "The notification's latest birth date");
    to = sides.printedTo;
    oldEnough = dob <= to;
    reasons.push({ code: "printedTo", values: { date: to, met: oldEnough } });
  } else {
    to = latestBirthAged(sides.minMonths, on);
    oldEnough = age >= sides.minMonths;
    reasons.push(
      sides.minAge === undefined
        ? { code: "noMinimumAge", values: { date: asOn, met: oldEnough } }
        : {
            code: "minimumAge",
            values: {
              months: sides.minMonths,
              date: asOn,
              to,
              met: oldEnough,
              ...(oldEnough ? {} : { reaches: isoOf(addMonths(birth, sides.minMonths)) }),
            },
          },
    );
  }

  // The upper side.
  let from: IsoDate | undefined;
  let youngEnough = true;
  if (sides.printedFrom !== undefined) {
    const printed = parseDate(sides.printedFrom, "The notification's earliest birth date");
    from = isoOf(addMonths(printed, -relaxation.months));
    youngEnough = dob >= from;
    const date = sides.printedFrom;
    reasons.push(
      relaxation.months
        ? {
            code: "printedFromMoved",
            values: {
              date,
              parts: relaxation.parts,
              months: relaxation.months,
              from,
              met: youngEnough,
            },
          }
        : { code: "printedFrom", values: { date, met: youngEnough } },
    );
  } else if (sides.maxAge !== undefined) {
    const maxMonths = Math.round(sides.maxAge * 12) + relaxation.months;
    const notAttainedMonths = post.upperRule === "not-attained" ? maxMonths : maxMonths + 12;
    from = addDays(latestBirthAged(notAttainedMonths, on), 1);
    youngEnough = age < notAttainedMonths;
    reasons.push({
      code: post.upperRule === "not-attained" ? "upperNotAttained" : "upperCompleted",
      values: {
        maxAge: sides.maxAge,
        parts: relaxation.parts,
        months: maxMonths,
        next: notAttainedMonths,
        date: asOn,
        from,
        met: youngEnough,
      },
    });
  } else {
    reasons.push({ code: "noUpperAge", values: NONE });
  }

  const qualification = qualificationCheck(profile, post);
  reasons.push(qualification.reason);
  // A subject is worth saying only of a level that is met (or will be, in the final year).
  const findings = qualification.ok || qualification.pending ? subjectFindings(profile, post) : [];
  const subjectFits = !findings.some((f) => f.outcome === "not-met");

  const verdict = verdictOf(oldEnough && youngEnough && qualification.ok, findings);
  const eligible = verdict === "eligible";
  let close: Eligibility["close"];
  if (
    verdict === "not-eligible" &&
    youngEnough &&
    qualification.ok &&
    subjectFits &&
    dob < isoOf(addMonths(parseDate(to, "date"), 12))
  ) {
    close = "too-young";
  } else if (
    verdict === "not-eligible" &&
    oldEnough &&
    youngEnough &&
    qualification.pending &&
    subjectFits
  ) {
    close = "qualification-pending";
  }
  return {
    eligible,
    verdict,
    reasons,
    findings,
    window: from === undefined ? { to } : { from, to },
    age: { months: age, date: post.cutoffDate },
    ...(close ? { close } : {}),
  };
}
