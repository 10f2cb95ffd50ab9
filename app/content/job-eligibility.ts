/**
 * From a job's data to the rules of each of its posts, and from a candidate's profile to the open
 * posts they may apply for. Pure and browser-safe: the finder page runs it on the phone against
 * `/eligibility/rules.json`, and the server runs the same code for the form posted without
 * JavaScript, for the job page and for the editor's preview.
 */
import * as z from "zod/mini";
import { fmt, type Locale } from "~/i18n/locale.ts";
import { titleIn } from "~/i18n/title.ts";
import {
  ENGLISH_RULE_WORDS,
  eligibility,
  requiredQualification,
  type Eligibility,
  type PostRules,
  type Profile,
  type QualificationLevel,
  type RuleWords,
} from "./eligibility.ts";
import type { EntryData, Row } from "./fields.ts";
import { CATEGORIES, LEVELS } from "./eligibility-terms.ts";
import { DOMICILE_STATES } from "./options.ts";

export { DOMICILE_STATES, LEVELS };

/** The job form's qualification choices as levels of the ladder, with the subject they name. */
export const QUALIFICATION_LEVELS: Record<
  string,
  { level?: QualificationLevel; subjects?: string }
> = {
  "10th Pass": { level: "10th" },
  "12th Pass": { level: "12th" },
  ITI: { level: "iti" },
  Diploma: { level: "diploma" },
  Graduate: { level: "graduate" },
  Engineering: { level: "graduate", subjects: "Engineering" },
  "Post Graduate": { level: "postgraduate" },
  Medical: { level: "graduate", subjects: "Medicine" },
  Law: { level: "graduate", subjects: "Law" },
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
    // The job's subjects describe the job's qualification, not a post's own.
    const subjects =
      (ownQualification ? undefined : str(data.qualificationSubjects)) ?? named?.subjects;
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
      ...(named?.level && subjects ? { subjects } : {}),
    };
    return { post: name, rules };
  });
}

/** What the job's structured data says about education, for JobPosting's `educationRequirements`. */
export function educationRequirements(data: EntryData) {
  const named = QUALIFICATION_LEVELS[str(data.qualification) ?? "Any"];
  if (!named?.level) return undefined;
  const subjects = str(data.qualificationSubjects) ?? named.subjects;
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
  /** Too young by under a year, or one course away with final-year students not accepted. */
  close: Finding[];
  /** Open posts without age data: the candidate must read the notification. */
  undecided: { job: OpenJob; post: string }[];
}

/**
 * Every open post, soonest last date first, sorted into eligible, close and undecided; the
 * reasons in `words`' language.
 */
export function findPosts(
  profile: Profile,
  jobs: readonly OpenJob[],
  today: string,
  words: RuleWords = ENGLISH_RULE_WORDS,
): Findings {
  const found: Findings = { eligible: [], close: [], undecided: [] };
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
        result = eligibility(profile, rules, words);
      } catch {
        // A post whose data cannot be read (a malformed date) must not hide all the others.
        found.undecided.push({ job, post });
        continue;
      }
      if (result.eligible) found.eligible.push({ job, post, result });
      else if (result.close) found.close.push({ job, post, result });
    }
  }
  return found;
}

/**
 * The job page's two-field check (date of birth and category): the age rules only. The
 * qualification is left to the reader and said so, instead of being assumed either way.
 */
export function ageOnlyCheck(
  dateOfBirth: string,
  category: Profile["category"],
  rules: PostRules,
  words: RuleWords = ENGLISH_RULE_WORDS,
): Eligibility {
  const { qualification, subjects, ...ageRules } = rules;
  const profile: Profile = {
    dateOfBirth,
    category,
    gender: "male",
    pwbd: false,
    qualification: "postgraduate",
    finalYear: false,
  };
  const result = eligibility(profile, ageRules, words);
  const needed = qualification
    ? fmt(words.qualificationRequired, {
        qualification: requiredQualification(qualification, subjects, words),
      })
    : words.noneRequired;
  return {
    ...result,
    reasons: [
      ...result.reasons.filter((r) => r !== words.noQualification),
      fmt(words.qualificationNotChecked, { needed }),
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// The profile form, checked the same way in the browser and on the server

/** The profile form's inputs, by name: strings as a form sends them ("on" for a ticked box). */
export type ProfileForm = Partial<Record<keyof typeof PROFILE_FIELDS, string>>;

/**
 * A date of birth typed as day, month and year (three boxes, as on GOV.UK: faster than a
 * calendar on a phone) → YYYY-MM-DD, or what is wrong with it.
 */
export function dateFromParts(
  day: string | undefined,
  month: string | undefined,
  year: string | undefined,
  words: RuleWords = ENGLISH_RULE_WORDS,
): string | { error: string } {
  const parts = [day, month, year].map((p) => (p ?? "").trim());
  if (parts.every((p) => p === "")) return { error: words.errors.dobMissing };
  if (parts.some((p) => p === "")) return { error: words.errors.dobPartial };
  if (!parts.every((p) => /^\d+$/.test(p)) || parts[2].length !== 4) {
    return { error: words.errors.dobNumbers };
  }
  const iso = `${parts[2]}-${parts[1].padStart(2, "0")}-${parts[0].padStart(2, "0")}`;
  const t = Date.parse(`${iso}T00:00:00Z`);
  if (iso.length !== 10 || Number.isNaN(t) || !new Date(t).toISOString().startsWith(iso)) {
    return { error: words.errors.dobNotReal };
  }
  return iso;
}
const ticked = z.optional(z.string());

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
  finalYear: ticked,
};

/** A message per wrong input; `dob` stands for the three date-of-birth boxes. */
export type ProfileErrors = Partial<Record<keyof ProfileForm | "dob", string>>;

export type ProfileResult = { ok: true; profile: Profile } | { ok: false; errors: ProfileErrors };

/** The choices a form must make, with the message (in `RuleWords.errors`) for a missing one. */
const CHOICE_MESSAGES = {
  gender: "gender",
  category: "category",
  qualification: "qualification",
} as const satisfies Partial<Record<keyof ProfileForm, keyof RuleWords["errors"]>>;

/**
 * The form's values → a profile, or a message per wrong field, in `words`' language. `today` is
 * India's date.
 */
export function parseProfile(
  form: ProfileForm,
  today: string,
  words: RuleWords = ENGLISH_RULE_WORDS,
): ProfileResult {
  const errors: ProfileErrors = {};
  const parsed = z.object(PROFILE_FIELDS).safeParse(form);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof ProfileForm;
      const choice = CHOICE_MESSAGES[key as keyof typeof CHOICE_MESSAGES];
      errors[key] ??= choice ? words.errors[choice] : issue.message;
    }
  }
  const v = parsed.data;
  const born = dateFromParts(form.dobDay, form.dobMonth, form.dobYear, words);
  if (typeof born === "object") errors.dob = born.error;
  else if (born > today) errors.dob = words.errors.dobFuture;
  else if (born < "1930-01-01") errors.dob = words.errors.dobYear;
  // Read from the form itself, so these are reported together with any other mistake.
  const years = Number(form.serviceYears);
  const exServiceman = form.exServiceman === "on";
  if (exServiceman && (!form.serviceYears?.trim() || !(years >= 0 && years <= 40))) {
    errors.serviceYears = words.errors.serviceYears;
  }
  const domicile = form.domicileState?.trim() || undefined;
  if (domicile && !DOMICILE_STATES.includes(domicile)) {
    errors.domicileState = words.errors.domicileState;
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
  };
}

// ---------------------------------------------------------------------------------------------
// What the finder shows: the same shape from the browser's computation and the server's

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
}

export interface FindingsView {
  eligible: FindingView[];
  close: FindingView[];
  undecided: { title: string; lang?: "en"; href: string; post: string; lastDate: string }[];
}

/** What the finder shows, the jobs' titles in `locale` (Hindi where the job has it). */
export function viewFindings(found: Findings, locale: Locale): FindingsView {
  const view = ({ job, post, result }: Finding): FindingView => ({
    ...titleIn(job, locale),
    href: job.href,
    organization: job.organization,
    lastDate: job.lastDate,
    post,
    ageText: result.ageText,
    reasons: result.reasons,
  });
  return {
    eligible: found.eligible.map(view),
    close: found.close.map(view),
    undecided: found.undecided.map(({ job, post }) => ({
      ...titleIn(job, locale),
      href: job.href,
      post,
      lastDate: job.lastDate,
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// "Am I eligible?" on a job page: one answer per post

export interface PostAnswer {
  post: string;
  /** Null when the post gives no age data. */
  eligible: boolean | null;
  ageText?: string;
  reasons: string[];
}

/** Each post of a job answered for a full (remembered) profile. */
export function answerPosts(
  profile: Profile,
  posts: readonly PostEligibility[],
  words: RuleWords = ENGLISH_RULE_WORDS,
): PostAnswer[] {
  return posts.map(({ post, rules }) => {
    if (!rules) return { post, eligible: null, reasons: [] };
    const result = eligibility(profile, rules, words);
    return { post, eligible: result.eligible, ageText: result.ageText, reasons: result.reasons };
  });
}

export type QuickForm = Partial<Record<"dobDay" | "dobMonth" | "dobYear" | "category", string>>;

export type QuickResult =
  | { ok: true; answers: PostAnswer[] }
  | { ok: false; errors: Partial<Record<"dob" | "category", string>> };

/** The two-field form: date of birth and category, age rules only. */
export function quickAnswers(
  form: QuickForm,
  posts: readonly PostEligibility[],
  today: string,
  words: RuleWords = ENGLISH_RULE_WORDS,
): QuickResult {
  const errors: Partial<Record<"dob" | "category", string>> = {};
  const born = dateFromParts(form.dobDay, form.dobMonth, form.dobYear, words);
  if (typeof born === "object") errors.dob = born.error;
  else if (born > today) errors.dob = words.errors.dobFuture;
  else if (born < "1930-01-01") errors.dob = words.errors.dobYear;
  const category = CATEGORIES.find((c) => c === form.category);
  if (!category) errors.category = words.errors.category;
  if (typeof born !== "string" || !category || errors.dob) return { ok: false, errors };
  return {
    ok: true,
    answers: posts.map(({ post, rules }) => {
      if (!rules) return { post, eligible: null, reasons: [] };
      const result = ageOnlyCheck(born, category, rules, words);
      return { post, eligible: result.eligible, ageText: result.ageText, reasons: result.reasons };
    }),
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
