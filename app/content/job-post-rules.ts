/**
 * From a job's data to the rules of each of its posts (job-eligibility.ts), and what the data
 * says about education for JobPosting. Pure and browser-safe.
 */
import type { PostRules } from "./eligibility-types.ts";
import type { QualificationLevel } from "./eligibility-terms.ts";
import type { EntryData, Row } from "./fields.ts";
import { DISCIPLINE_LABEL, DISCIPLINES, type Discipline } from "./disciplines.ts";
import { CATEGORIES } from "./eligibility-terms.ts";
import { ALL_INDIA, ANY_QUALIFICATION, QUALIFICATIONS, STATES, toOptionKey } from "./options.ts";

/**
 * The job form's qualification choices (keys) as levels of the ladder, with the subject they
 * name: a post whose subjects are not ticked takes this one.
 */
export const QUALIFICATION_LEVELS: Record<
  string,
  { level?: QualificationLevel; disciplines?: Discipline[] }
> = {
  "10th-pass": { level: "10th" },
  "12th-pass": { level: "12th" },
  iti: { level: "iti" },
  diploma: { level: "diploma" },
  graduate: { level: "graduate" },
  engineering: { level: "graduate", disciplines: ["engineering"] },
  "post-graduate": { level: "postgraduate" },
  medical: { level: "graduate", disciplines: ["medicine"] },
  law: { level: "graduate", disciplines: ["law"] },
  any: {},
};

/**
 * schema.org `EducationalOccupationalCredential.credentialCategory` for each level, in the words
 * Google's job search reads.
 */
export const CREDENTIAL_CATEGORY: Record<QualificationLevel, string> = {
  "10th": "high school",
  "12th": "high school",
  iti: "professional certificate",
  diploma: "associate degree",
  graduate: "bachelor degree",
  postgraduate: "postgraduate degree",
};

export interface PostEligibility {
  /** The vacancy row's post name; "" when the job lists no posts. */
  post: string;
  /** Null when neither the post nor the job gives an age limit: nothing can be decided. */
  rules: PostRules | null;
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
const str = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined);
/** A stored qualification or state as its key, whether saved before keys (a label) or after. */
const qualificationKey = (v: unknown) => {
  const value = str(v);
  return value === undefined ? undefined : toOptionKey(QUALIFICATIONS, value);
};
const stateKey = (v: unknown) => {
  const value = str(v);
  return value === undefined ? undefined : toOptionKey(STATES, value);
};

/**
 * A stored list of subjects a post accepts, in the list's order; anything not on the list (or
 * "other", which names no subject to compare) is dropped. Undefined when nothing is left.
 */
function disciplinesOf(v: unknown): Discipline[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const kept = DISCIPLINES.filter((d) => d !== "other" && v.includes(d));
  return kept.length ? kept : undefined;
}

function relaxationTables(rows: unknown) {
  const relaxation: PostRules["relaxation"] = {};
  let pwbd: PostRules["pwbdRelaxation"];
  for (const row of Array.isArray(rows) ? (rows as Row[]) : []) {
    const category = CATEGORIES.find((c) => c === row.category);
    if (!category) continue;
    const years = num(row.years);
    const pwbdYears = num(row.pwbdYears);
    if (years !== undefined) relaxation[category] = years;
    if (pwbdYears !== undefined) (pwbd ??= {})[category] = pwbdYears;
  }
  return { relaxation, pwbd };
}

/**
 * Each post's rules: the job's age section and minimum qualification, with a vacancy row's own
 * age, qualification and age date where it has them. A printed birth-date window belongs to the
 * job's ages, so a post with its own ages or date does not inherit it.
 */
export function jobPostRules(data: EntryData): PostEligibility[] {
  const { relaxation, pwbd } = relaxationTables(data.ageRelaxations);
  const jobCutoff = str(data.ageCutoffDate) ?? str(data.lastDate);
  const state = stateKey(data.state);
  const femaleMax = num(data.ageMaxFemale);
  const plusYears = num(data.exServicemenPlusYears);
  const rows = Array.isArray(data.posts) ? (data.posts as Row[]) : [];
  const posts: Row[] = rows.length ? rows : [{ post: "" }];
  return posts.map((row) => {
    const ownAges =
      num(row.ageMin) !== undefined ||
      num(row.ageMax) !== undefined ||
      str(row.ageCutoffDate) !== undefined;
    const minAge = num(row.ageMin) ?? num(data.ageMin);
    const maxAge = num(row.ageMax) ?? num(data.ageMax);
    const from = ownAges ? undefined : str(data.bornFrom);
    const to = ownAges ? undefined : str(data.bornTo);
    const cutoffDate = str(row.ageCutoffDate) ?? jobCutoff;
    const name = str(row.post) ?? "";
    const hasAge = minAge !== undefined || maxAge !== undefined || from || to;
    if (!hasAge || !cutoffDate) return { post: name, rules: null };
    const ownQualification = qualificationKey(row.qualification);
    const named =
      QUALIFICATION_LEVELS[
        ownQualification ?? qualificationKey(data.qualification) ?? ANY_QUALIFICATION
      ];
    // The job's subjects (ticked, or in words) and what else it asks describe the job's
    // qualification, not a post's own; ticks win over the subject the choice names.
    const job = !ownQualification;
    const disciplines =
      disciplinesOf(row.disciplines) ??
      (job ? disciplinesOf(data.disciplines) : undefined) ??
      named?.disciplines;
    const alsoRequired =
      disciplinesOf(row.alsoRequired) ?? (job ? disciplinesOf(data.alsoRequired) : undefined);
    const subjects = job ? str(data.qualificationSubjects) : undefined;
    const rules: PostRules = {
      cutoffDate,
      upperRule: data.ageRule === "completed-years" ? "completed-years" : "not-attained",
      relaxation,
      finalYearAllowed: data.finalYearAllowed === "yes",
      ...(minAge !== undefined ? { minAge } : {}),
      ...(maxAge !== undefined ? { maxAge } : {}),
      // A notification may print one side only; the other side stays with the ages.
      ...(from || to ? { birthWindow: { ...(from ? { from } : {}), ...(to ? { to } : {}) } } : {}),
      // The job's women's maximum goes with the job's ages, like the printed dates.
      ...(femaleMax !== undefined && !ownAges
        ? { genderLimits: { female: { maxAge: femaleMax } } }
        : {}),
      ...(pwbd ? { pwbdRelaxation: pwbd } : {}),
      ...(plusYears !== undefined ? { exServicemen: { plusYears } } : {}),
      ...(state && state !== ALL_INDIA ? { state } : {}),
      ...(data.relaxationDomicileOnly === "yes" ? { reservedRelaxationDomicileOnly: true } : {}),
      ...(named?.level ? { qualification: named.level } : {}),
      ...(named?.level && disciplines ? { disciplines: [...disciplines] } : {}),
      ...(named?.level && alsoRequired ? { alsoRequired } : {}),
      ...(named?.level && subjects ? { subjects } : {}),
    };
    return { post: name, rules };
  });
}

/** What the job's structured data says about education, for JobPosting's `educationRequirements`. */
export function educationRequirements(data: EntryData) {
  const named = QUALIFICATION_LEVELS[qualificationKey(data.qualification) ?? ANY_QUALIFICATION];
  if (!named?.level) return undefined;
  const ticked = disciplinesOf(data.disciplines) ?? named.disciplines;
  const subjects =
    str(data.qualificationSubjects) ?? ticked?.map((d) => DISCIPLINE_LABEL[d]).join(", ");
  return {
    "@type": "EducationalOccupationalCredential",
    credentialCategory: CREDENTIAL_CATEGORY[named.level],
    ...(subjects ? { about: subjects } : {}),
  };
}
