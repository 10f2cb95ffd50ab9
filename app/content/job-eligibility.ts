/**
 * From a job's data to the rules of each of its posts, and from a candidate's profile to the open
 * posts they may apply for. Pure and browser-safe: the finder page runs it on the phone against
 * `/eligibility/rules.json`, and the server runs the same code for the form posted without
 * JavaScript, for the job page and for the editor's preview.
 */
import * as z from "zod/mini";
import {
  eligibility,
  verdictOf,
  type Eligibility,
  type PostRules,
  type Profile,
  type QualificationLevel,
  type RuleFinding,
  type Verdict,
} from "./eligibility.ts";
import type { EntryData, Row } from "./fields.ts";
import { DISCIPLINE_LABEL, DISCIPLINES, isDiscipline, type Discipline } from "./disciplines.ts";
import { CATEGORIES, LEVELS } from "./eligibility-terms.ts";
import { DOMICILE_STATES } from "./options.ts";

export { DISCIPLINES, DOMICILE_STATES, LEVELS };

/**
 * The job form's qualification choices as levels of the ladder, with the subject they name: a
 * post whose subjects are not ticked takes this one.
 */
export const QUALIFICATION_LEVELS: Record<
  string,
  { level?: QualificationLevel; disciplines?: Discipline[] }
> = {
  "10th Pass": { level: "10th" },
  "12th Pass": { level: "12th" },
  ITI: { level: "iti" },
  Diploma: { level: "diploma" },
  Graduate: { level: "graduate" },
  Engineering: { level: "graduate", disciplines: ["engineering"] },
  "Post Graduate": { level: "postgraduate" },
  Medical: { level: "graduate", disciplines: ["medicine"] },
  Law: { level: "graduate", disciplines: ["law"] },
  Any: {},
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
  const state = str(data.state);
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
    const ownQualification = str(row.qualification);
    const named = QUALIFICATION_LEVELS[ownQualification ?? str(data.qualification) ?? "Any"];
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
      ...(state && state !== "All India" ? { state } : {}),
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
  const named = QUALIFICATION_LEVELS[str(data.qualification) ?? "Any"];
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

// ---------------------------------------------------------------------------------------------
// The finder

/** One open job as `/eligibility/rules.json` carries it. */
export interface OpenJob {
  title: string;
  /** The Hindi title, where the job has one. */
  hiTitle?: string;
  href: string;
  organization: string;
  /** The organization's Hindi name, only where it has one (issue 29). */
  hiOrganization?: string;
  lastDate: string;
  posts: PostEligibility[];
}

export interface RulesFile {
  jobs: OpenJob[];
}

export interface Finding {
  job: OpenJob;
  post: string;
  result: Eligibility;
}

export interface Findings {
  eligible: Finding[];
  /** Everything fits but what could not be checked: a subject, a B.Ed., the notification's words. */
  check: Finding[];
  /** Too young by under a year, or one course away with final-year students not accepted. */
  close: Finding[];
  /** Open posts without age data: the candidate must read the notification. */
  undecided: { job: OpenJob; post: string }[];
}

/**
 * Every open post, soonest last date first, sorted into eligible, close and undecided, each with
 * its reasons as codes (app/i18n/eligibility-words.ts words them: `viewFindings`).
 */
export function findPosts(profile: Profile, jobs: readonly OpenJob[], today: string): Findings {
  const found: Findings = { eligible: [], check: [], close: [], undecided: [] };
  const open = jobs
    .filter((job) => job.lastDate >= today)
    .sort((a, b) => a.lastDate.localeCompare(b.lastDate) || a.title.localeCompare(b.title));
  for (const job of open) {
    for (const { post, rules } of job.posts) {
      if (!rules) {
        found.undecided.push({ job, post });
        continue;
      }
      let result: Eligibility;
      try {
        result = eligibility(profile, rules);
      } catch {
        // A post whose data cannot be read (a malformed date) must not hide all the others.
        found.undecided.push({ job, post });
        continue;
      }
      if (result.verdict === "eligible") found.eligible.push({ job, post, result });
      else if (result.verdict === "check") found.check.push({ job, post, result });
      else if (result.close) found.close.push({ job, post, result });
    }
  }
  return found;
}

/** What the job page's quick check knows: always the age facts, the qualification if given. */
export interface QuickFacts {
  dateOfBirth: string;
  category: Profile["category"];
  qualification?: QualificationLevel;
  discipline?: Discipline;
}

/**
 * The job page's quick check. With a qualification it is the finder's answer for those facts;
 * without one, only the age is checked, and a post that asks for a qualification is "check
 * first" (never ✓), saying what it asks.
 */
export function quickCheck(facts: QuickFacts, rules: PostRules): Eligibility {
  const profile: Profile = {
    dateOfBirth: facts.dateOfBirth,
    category: facts.category,
    gender: "male",
    pwbd: false,
    qualification: facts.qualification ?? "postgraduate",
    finalYear: false,
    ...(facts.discipline ? { discipline: facts.discipline } : {}),
  };
  if (facts.qualification) return eligibility(profile, rules);
  const { qualification, disciplines, alsoRequired, subjects: _, ...ageRules } = rules;
  const result = eligibility(profile, ageRules);
  if (!qualification) return result;
  const findings: RuleFinding[] = [
    {
      code: "qualification-unchecked",
      outcome: "check",
      values: {
        level: qualification,
        ...(disciplines ? { disciplines } : {}),
        ...(alsoRequired ? { alsoRequired } : {}),
      },
    },
  ];
  const verdict = verdictOf(result.eligible, findings);
  return {
    ...result,
    verdict,
    eligible: verdict === "eligible",
    reasons: result.reasons.filter((r) => r.code !== "noQualification"),
    findings,
  };
}

// ---------------------------------------------------------------------------------------------
// The profile form, checked the same way in the browser and on the server

/** The profile form's inputs, by name: strings as a form sends them ("on" for a ticked box). */
export type ProfileForm = Partial<Record<keyof typeof PROFILE_FIELDS, string>>;

/**
 * What is wrong with a form's input, as a code: the catalogue's `eligibility.rules.errors` words
 * it (`sayErrors`).
 */
export type FormError =
  | "dobMissing"
  | "dobPartial"
  | "dobNumbers"
  | "dobNotReal"
  | "dobFuture"
  | "dobYear"
  | "gender"
  | "category"
  | "qualification"
  | "discipline"
  | "serviceYears"
  | "domicileState";

/**
 * A date of birth typed as day, month and year (three boxes, as on GOV.UK: faster than a
 * calendar on a phone) → YYYY-MM-DD, or what is wrong with it.
 */
export function dateFromParts(
  day: string | undefined,
  month: string | undefined,
  year: string | undefined,
): string | { error: FormError } {
  const parts = [day, month, year].map((p) => (p ?? "").trim());
  if (parts.every((p) => p === "")) return { error: "dobMissing" };
  if (parts.some((p) => p === "")) return { error: "dobPartial" };
  if (!parts.every((p) => /^\d+$/.test(p)) || parts[2].length !== 4) {
    return { error: "dobNumbers" };
  }
  const iso = `${parts[2]}-${parts[1].padStart(2, "0")}-${parts[0].padStart(2, "0")}`;
  const t = Date.parse(`${iso}T00:00:00Z`);
  if (iso.length !== 10 || Number.isNaN(t) || !new Date(t).toISOString().startsWith(iso)) {
    return { error: "dobNotReal" };
  }
  return iso;
}
/** A ticked box is "on"; anything else is not ticked. */
const ticked = z.optional(z.unknown());

const PROFILE_FIELDS = {
  dobDay: z.optional(z.string()),
  dobMonth: z.optional(z.string()),
  dobYear: z.optional(z.string()),
  gender: z.enum(["female", "male", "other"]),
  category: z.enum(CATEGORIES),
  pwbd: ticked,
  exServiceman: ticked,
  serviceYears: z.optional(z.string()),
  domicileState: z.optional(z.string()),
  qualification: z.enum(LEVELS),
  discipline: z.optional(z.string()),
  finalYear: ticked,
};

/** A code per wrong input; `dob` stands for the three date-of-birth boxes. */
export type ProfileErrors = Partial<Record<keyof ProfileForm | "dob", FormError>>;

export type ProfileResult = { ok: true; profile: Profile } | { ok: false; errors: ProfileErrors };

/**
 * The error of a field that is not what the form sends (a choice not made, a value that is not
 * text): a code per field. The boxes ticked take anything (not "on" is not ticked).
 */
const FIELD_ERRORS = {
  dobDay: "dobNumbers",
  dobMonth: "dobNumbers",
  dobYear: "dobNumbers",
  gender: "gender",
  category: "category",
  qualification: "qualification",
  serviceYears: "serviceYears",
  domicileState: "domicileState",
  discipline: "discipline",
} as const satisfies Partial<Record<keyof ProfileForm, FormError>>;

/** The form's values → a profile, or a code per wrong field. `today` is India's date. */
export function parseProfile(form: ProfileForm, today: string): ProfileResult {
  const errors: ProfileErrors = {};
  const parsed = z.object(PROFILE_FIELDS).safeParse(form);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof typeof FIELD_ERRORS;
      errors[key] ??= FIELD_ERRORS[key];
    }
  }
  const v = parsed.data;
  const born = dateFromParts(form.dobDay, form.dobMonth, form.dobYear);
  if (typeof born === "object") errors.dob = born.error;
  else if (born > today) errors.dob = "dobFuture";
  else if (born < "1930-01-01") errors.dob = "dobYear";
  // Read from the form itself, so these are reported together with any other mistake.
  const years = Number(form.serviceYears);
  const exServiceman = form.exServiceman === "on";
  if (exServiceman && (!form.serviceYears?.trim() || !(years >= 0 && years <= 40))) {
    errors.serviceYears = "serviceYears";
  }
  const domicile = form.domicileState?.trim() || undefined;
  if (domicile && !DOMICILE_STATES.includes(domicile)) {
    errors.domicileState = "domicileState";
  }
  const discipline = form.discipline?.trim() || undefined;
  if (discipline !== undefined && !isDiscipline(discipline)) {
    errors.discipline = "discipline";
  }
  if (!v || Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    profile: {
      dateOfBirth: born as string,
      gender: v.gender,
      category: v.category,
      pwbd: v.pwbd === "on",
      qualification: v.qualification,
      finalYear: v.finalYear === "on",
      ...(exServiceman ? { exServicemanYears: years } : {}),
      ...(domicile ? { domicileState: domicile } : {}),
      ...(isDiscipline(discipline) ? { discipline } : {}),
    },
  };
}

/** A profile back into the form's values (for "remember on this device" and re-rendering). */
export function profileForm(profile: Profile): ProfileForm {
  const [dobYear, dobMonth, dobDay] = profile.dateOfBirth.split("-");
  return {
    dobDay: String(Number(dobDay)),
    dobMonth: String(Number(dobMonth)),
    dobYear,
    gender: profile.gender,
    category: profile.category,
    qualification: profile.qualification,
    ...(profile.pwbd ? { pwbd: "on" } : {}),
    ...(profile.finalYear ? { finalYear: "on" } : {}),
    ...(profile.exServicemanYears !== undefined
      ? { exServiceman: "on", serviceYears: String(profile.exServicemanYears) }
      : {}),
    ...(profile.domicileState ? { domicileState: profile.domicileState } : {}),
    ...(profile.discipline ? { discipline: profile.discipline } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// What the finder shows: the same shape from the browser's computation and the server's
// (app/i18n/eligibility-words.ts makes it, `viewFindings`)

export interface FindingView {
  /** In the page's language where the job has it (`titleIn`). */
  title: string;
  /** "en" on a Hindi page for a job without a Hindi title. */
  lang?: "en";
  href: string;
  organization: string;
  lastDate: string;
  post: string;
  ageText: string;
  reasons: string[];
  /** What the candidate must check before applying (the "check first" list's reasons). */
  checks: string[];
  /** For a near miss: the rule not met. */
  missed?: string;
}

export interface FindingsView {
  eligible: FindingView[];
  check: FindingView[];
  close: FindingView[];
  undecided: { title: string; lang?: "en"; href: string; post: string; lastDate: string }[];
}

// ---------------------------------------------------------------------------------------------
// "Am I eligible?" on a job page: one answer per post

/** A post of a job and its answer: null when the post gives no age data. */
export interface PostVerdict {
  post: string;
  result: Eligibility | null;
}

/** A post's answer as the job page shows it (`sayAnswers` in app/i18n/eligibility-words.ts). */
export interface PostAnswer {
  post: string;
  /** Null when the post gives no age data. */
  verdict: Verdict | null;
  ageText?: string;
  reasons: string[];
  /** What to check before applying, when the verdict is "check". */
  checks: string[];
  /** When the verdict is "not-eligible": the first rule not met, said. */
  missed?: string;
}

/** Each post of a job answered for a full (remembered) profile. */
export function answerPosts(profile: Profile, posts: readonly PostEligibility[]): PostVerdict[] {
  return posts.map(({ post, rules }) => ({
    post,
    result: rules ? eligibility(profile, rules) : null,
  }));
}

export type QuickForm = Partial<Record<(typeof QUICK_FORM_NAMES)[number], string>>;

/** The inputs of a job page's "Am I eligible?" form, by name (read by the page's action). */
export const QUICK_FORM_NAMES = [
  "dobDay",
  "dobMonth",
  "dobYear",
  "category",
  "qualification",
  "discipline",
] as const;

export type QuickErrors = Partial<
  Record<"dob" | "category" | "qualification" | "discipline", FormError>
>;

export type QuickResult = { ok: true; answers: PostVerdict[] } | { ok: false; errors: QuickErrors };

/**
 * The job page's form: date of birth and category, and if given the qualification and its
 * subject (`quickCheck`).
 */
export function quickAnswers(
  form: QuickForm,
  posts: readonly PostEligibility[],
  today: string,
): QuickResult {
  const errors: QuickErrors = {};
  const born = dateFromParts(form.dobDay, form.dobMonth, form.dobYear);
  if (typeof born === "object") errors.dob = born.error;
  else if (born > today) errors.dob = "dobFuture";
  else if (born < "1930-01-01") errors.dob = "dobYear";
  const category = CATEGORIES.find((c) => c === form.category);
  if (!category) errors.category = "category";
  const level = form.qualification?.trim() || undefined;
  const qualification = LEVELS.find((l) => l === level);
  if (level && !qualification) errors.qualification = "qualification";
  const subject = form.discipline?.trim() || undefined;
  const discipline = DISCIPLINES.find((d) => d === subject);
  if (subject && !discipline) errors.discipline = "discipline";
  if (typeof born !== "string" || !category || Object.keys(errors).length) {
    return { ok: false, errors };
  }
  const facts: QuickFacts = {
    dateOfBirth: born,
    category,
    ...(qualification ? { qualification } : {}),
    ...(qualification && discipline ? { discipline } : {}),
  };
  return {
    ok: true,
    answers: posts.map(({ post, rules }) => ({
      post,
      result: rules ? quickCheck(facts, rules) : null,
    })),
  };
}

/** A profile read back from storage, checked again (it may be old, edited or from a bug). */
export function rememberedProfile(saved: unknown, today: string): Profile | null {
  if (!saved || typeof saved !== "object") return null;
  try {
    const parsed = parseProfile(profileForm(saved as Profile), today);
    return parsed.ok ? parsed.profile : null;
  } catch {
    return null;
  }
}
