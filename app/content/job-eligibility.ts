/**
 * From a job's data to the rules of each of its posts, and from a candidate's profile to the open
 * posts they may apply for. Pure and browser-safe: the finder page runs it on the phone against
 * `/eligibility/rules.json`, and the server runs the same code for the form posted without
 * JavaScript, for the job page and for the editor's preview.
 */
import { eligibility } from "./eligibility.ts";
import { verdictOf } from "./eligibility-qualification.ts";
import type { Eligibility, PostRules, Profile, RuleFinding, Verdict } from "./eligibility-types.ts";
import type { QualificationLevel } from "./eligibility-terms.ts";
import { DISCIPLINES, type Discipline } from "./disciplines.ts";
import { dateFromParts, type FormError } from "./eligibility-profile-form.ts";
import { CATEGORIES, LEVELS } from "./eligibility-terms.ts";
import type { PostEligibility } from "./job-post-rules.ts";
import { DOMICILE_STATES } from "./options.ts";

export { DISCIPLINES, DOMICILE_STATES, LEVELS };
export {
  CREDENTIAL_CATEGORY,
  educationRequirements,
  jobPostRules,
  QUALIFICATION_LEVELS,
  type PostEligibility,
} from "./job-post-rules.ts";
export {
  dateFromParts,
  parseProfile,
  profileForm,
  rememberedProfile,
  type FormError,
  type ProfileErrors,
  type ProfileForm,
  type ProfileResult,
} from "./eligibility-profile-form.ts";

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
