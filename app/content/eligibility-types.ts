/**
 * The shapes of the eligibility rules (eligibility.ts): a candidate's profile, the rules a post
 * prints, and the answer with its findings.
 */
import type { Discipline } from "./disciplines.ts";
import type { AgeOn, Reason } from "./eligibility-reasons.ts";
import type { Category, QualificationLevel } from "./eligibility-terms.ts";

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
