/**
 * The qualification a post asks for: the level on the ladder, the subject and what else it asks
 * (eligibility.ts), and the verdict of rules and findings together.
 */
import { SECOND_DEGREES } from "./disciplines.ts";
import { NONE, type Reason } from "./eligibility-reasons.ts";
import type { QualificationLevel } from "./eligibility-terms.ts";
import type { PostRules, Profile, RuleFinding, Verdict } from "./eligibility-types.ts";

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

export function qualificationCheck(
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
