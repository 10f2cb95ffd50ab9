import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DISCIPLINES, type Discipline } from "./disciplines.ts";
import { eligibility } from "./eligibility.ts";
import { CENTRAL_PWBD_RELAXATION, CENTRAL_RELAXATION } from "./eligibility-terms.ts";
import type { PostRules, Profile } from "./eligibility-types.ts";
import { CATEGORIES, LEVELS } from "./eligibility-terms.ts";
import { answerPosts, dateFromParts, parseProfile, quickAnswers } from "./job-eligibility.ts";
import { DOMICILE_STATES } from "./options.ts";

/**
 * Issue 27: the rules return codes, the catalogues make words. A reason, an age or a form error
 * is a code with values (numbers, booleans, ISO dates, keys), never a sentence: the English and
 * Hindi sentences are tested through the describer (eligibility.test.ts, eligibility-words.test.ts).
 */

const person = (overrides: Partial<Profile> = {}): Profile => ({
  dateOfBirth: "2000-01-01",
  gender: "male",
  category: "general",
  pwbd: false,
  qualification: "graduate",
  finalYear: false,
  ...overrides,
});

const UPSC_CSE_2024: PostRules = {
  upperRule: "not-attained",
  relaxation: CENTRAL_RELAXATION,
  pwbdRelaxation: CENTRAL_PWBD_RELAXATION,
  minAge: 21,
  maxAge: 32,
  cutoffDate: "2024-08-01",
  qualification: "graduate",
  finalYearAllowed: true,
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const KEYS = new Set<string>([...CATEGORIES, ...LEVELS, ...DISCIPLINES, ...DOMICILE_STATES]);

/** Every string inside a value but the codes and outcomes: each must be an ISO date or a key, never words. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, v]) =>
      key === "code" || key === "outcome" ? [] : strings(v),
    );
  }
  return [];
}

/** Every code inside a value: an identifier, never a sentence. */
function codes(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(codes);
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, v]) =>
      key === "code" && typeof v === "string" ? [v] : codes(v),
    );
  }
  return [];
}

describe("the rules' reasons are codes with values", () => {
  it("an OBC candidate for UPSC CSE: the rules that ran, in order, with their numbers and dates", () => {
    const result = eligibility(
      person({ category: "obc", dateOfBirth: "1989-08-02" }),
      UPSC_CSE_2024,
    );
    expect(result.reasons).toEqual([
      {
        code: "minimumAge",
        values: { months: 252, date: "2024-08-01", to: "2003-08-01", met: true },
      },
      {
        code: "upperNotAttained",
        values: {
          maxAge: 32,
          parts: [{ code: "partCategory", years: 3, category: "obc" }],
          months: 420,
          next: 420,
          date: "2024-08-01",
          from: "1989-08-02",
          met: true,
        },
      },
      { code: "qualification", values: { required: "graduate", held: "graduate", met: true } },
    ]);
    expect(result.age).toEqual({ months: 419, date: "2024-08-01" });
  });

  it("a rule not met says so in its values, with what the words need beside it", () => {
    const young = eligibility(person({ dateOfBirth: "2004-01-01" }), UPSC_CSE_2024);
    expect(young.reasons[0]).toEqual({
      code: "minimumAge",
      values: {
        months: 252,
        date: "2024-08-01",
        to: "2003-08-01",
        met: false,
        reaches: "2025-01-01",
      },
    });
    const iti = eligibility(person({ qualification: "diploma", finalYear: true }), {
      ...UPSC_CSE_2024,
      qualification: "iti",
      finalYearAllowed: false,
    });
    expect(iti.reasons.at(-1)).toEqual({
      code: "qualification",
      values: { required: "iti", held: "diploma", met: false, itiInLieu: true },
    });
    const pwbd = eligibility(person({ pwbd: true, category: "sc" }), UPSC_CSE_2024);
    expect(pwbd.reasons[0]).toEqual({
      code: "pwbdIncludesCategory",
      values: { pwbd: 15, years: 5, category: "sc" },
    });
  });

  it("whatever the profile and post, every value is a number, a boolean, an ISO date or a key", () => {
    const day = fc
      .integer({ min: Date.UTC(1950, 0, 1), max: Date.UTC(2030, 11, 31) })
      .map((t) => new Date(t).toISOString().slice(0, 10));
    const profile = fc.record({
      dateOfBirth: day,
      gender: fc.constantFrom("male", "female", "other" as const),
      category: fc.constantFrom(...CATEGORIES),
      pwbd: fc.boolean(),
      qualification: fc.constantFrom(...LEVELS),
      finalYear: fc.boolean(),
      discipline: fc.constantFrom(...DISCIPLINES),
      domicileState: fc.constantFrom(...DOMICILE_STATES),
      exServicemanYears: fc.integer({ min: 0, max: 20 }),
    });
    const post = fc.record({
      cutoffDate: day,
      minAge: fc.integer({ min: 14, max: 25 }),
      maxAge: fc.integer({ min: 26, max: 45 }),
      upperRule: fc.constantFrom("not-attained", "completed-years" as const),
      relaxation: fc.constant(CENTRAL_RELAXATION),
      pwbdRelaxation: fc.constant(CENTRAL_PWBD_RELAXATION),
      exServicemen: fc.constant({ plusYears: 3 }),
      state: fc.constantFrom(...DOMICILE_STATES),
      reservedRelaxationDomicileOnly: fc.boolean(),
      genderLimits: fc.constant({ female: { maxAge: 40 } }),
      birthWindow: fc.option(fc.record({ from: day, to: day }), { nil: undefined }),
      qualification: fc.constantFrom(...LEVELS),
      disciplines: fc.constant<Discipline[]>(["arts", "science"]),
      finalYearAllowed: fc.boolean(),
    });
    fc.assert(
      fc.property(profile, post, (who, rules) => {
        const result = eligibility(who, rules);
        expect(result.reasons.length).toBeGreaterThanOrEqual(3);
        for (const text of strings([result.reasons, result.findings, result.age])) {
          expect(ISO_DATE.test(text) || KEYS.has(text), text).toBe(true);
        }
        for (const code of codes([result.reasons, result.findings])) {
          expect(code).toMatch(/^[a-z][A-Za-z-]*$/);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("the answers and the forms' errors are codes", () => {
  it("a job page's answers carry the decision, not its words", () => {
    const [answer] = answerPosts(person(), [{ post: "Officer", rules: UPSC_CSE_2024 }]);
    expect(answer.post).toBe("Officer");
    expect(answer.result?.verdict).toBe("eligible");
    expect(answerPosts(person(), [{ post: "", rules: null }])).toEqual([
      { post: "", result: null },
    ]);
    expect(
      quickAnswers({ dobDay: "31", dobMonth: "2", dobYear: "2001" }, [], "2026-11-23"),
    ).toEqual({ ok: false, errors: { dob: "dobNotReal", category: "category" } });
  });

  it("the profile form's errors are codes, one per wrong field", () => {
    expect(dateFromParts("", "", "")).toEqual({ error: "dobMissing" });
    expect(dateFromParts("1", "", "2001")).toEqual({ error: "dobPartial" });
    expect(parseProfile({ dobDay: "1", dobMonth: "1", dobYear: "2030" }, "2026-11-23")).toEqual({
      ok: false,
      errors: {
        dob: "dobFuture",
        gender: "gender",
        category: "category",
        qualification: "qualification",
      },
    });
  });
});
