/**
 * What the eligibility rules (eligibility.ts) say, as codes with values: numbers, booleans, ISO
 * dates and keys, never words (issue 27). The catalogue of the page's language words them
 * (app/i18n/eligibility-words.ts: `sayReason`, `sayAge`).
 */
import type { Category, QualificationLevel } from "./eligibility-terms.ts";

/** The values of a reason that has none. */
export const NONE: Record<string, never> = {};

/** A calendar day written YYYY-MM-DD. */
type IsoDate = string;

/**
 * One part of an age relaxation: "3 (OBC)", "15 (PwBD, SC)", "9 (ex-servicemen: 6 years'
 * service + 3)" once worded.
 */
export type RelaxationPart =
  | { code: "partPwbd"; years: number; category: Category }
  | { code: "partCategory"; years: number; category: Category }
  | { code: "partExServicemen"; serviceMonths: number; plus: number };

/** The upper side's limit: the printed maximum, its relaxations, and their sum in months. */
interface Limit {
  maxAge: number;
  parts: RelaxationPart[];
  /** The limit after relaxation, in months. */
  months: number;
}

/**
 * One rule applied, as a code and its values (numbers, ISO dates, keys: no words). `met` is
 * the verdict of a rule that decides; the catalogue words it (`sayReason`), one sentence each,
 * in the order the rules ran: relaxation notes, lower age, upper age, qualification.
 */
export type Reason =
  | { code: "domicileElsewhere"; values: { category: Category; state: string; domicile: string } }
  | { code: "domicileMissing"; values: { category: Category; state: string } }
  | {
      code: "pwbdIncludesCategory";
      values: { pwbd: number; years: number; category: Category };
    }
  | { code: "noPwbdRelaxation"; values: Record<string, never> }
  | { code: "noExServicemenRelaxation"; values: Record<string, never> }
  | { code: "womenLimits"; values: { min: number; max?: number } }
  | { code: "printedTo"; values: { date: IsoDate; met: boolean } }
  | { code: "noMinimumAge"; values: { date: IsoDate; met: boolean } }
  | {
      code: "minimumAge";
      /** `reaches`: the day the candidate reaches the minimum age, said when not yet met. */
      values: { months: number; date: IsoDate; to: IsoDate; met: boolean; reaches?: IsoDate };
    }
  | { code: "printedFrom"; values: { date: IsoDate; met: boolean } }
  | {
      code: "printedFromMoved";
      values: {
        date: IsoDate;
        parts: RelaxationPart[];
        months: number;
        from: IsoDate;
        met: boolean;
      };
    }
  | {
      code: "upperNotAttained" | "upperCompleted";
      /** `next`: the age in months the candidate must not have reached. */
      values: Limit & { next: number; date: IsoDate; from: IsoDate; met: boolean };
    }
  | { code: "noUpperAge"; values: Record<string, never> }
  | { code: "noQualification"; values: Record<string, never> }
  | {
      code: "qualification";
      values: {
        required: QualificationLevel;
        held: QualificationLevel;
        met: boolean;
        /** Said after a "not met": one course away, but the notification refuses final-year students. */
        finalYearRefused?: true;
        /** Said after a "not met" of an ITI requirement. */
        itiInLieu?: true;
      };
    }
  | { code: "finalYearCounts"; values: { required: QualificationLevel } };

/** The candidate's age on the cut-off date, in completed months (negative: not yet born). */
export interface AgeOn {
  months: number;
  date: IsoDate;
}
