import { describe, expect, it } from "vitest";
import { eligibility } from "./eligibility.ts";
import type { Profile } from "./eligibility-types.ts";
import { defaultData, type EntryData } from "./fields.ts";
import {
  answerPosts,
  findPosts,
  jobPostRules,
  quickAnswers,
  type OpenJob,
  type PostEligibility,
} from "./job-eligibility.ts";
import { REGISTRY } from "./registry.ts";
import { catalog } from "~/i18n/catalog.server.ts";
import { ENGLISH_RULE_WORDS } from "~/i18n/catalog/en/rule-words.ts";
import { sayAnswers, sayQuick, type RuleWords } from "~/i18n/eligibility-words.ts";

/** Each post answered and worded, as the job page shows it (English unless `words` are given). */
const answered = (
  profile: Profile,
  posts: readonly PostEligibility[],
  words: RuleWords = ENGLISH_RULE_WORDS,
) => sayAnswers(answerPosts(profile, posts), words);

/**
 * Issue 26: the finder told a plain graduate "✓ you can apply" for Medical Officer and Junior
 * Engineer because the subject a post asks for was never checked. Each job below is entered the
 * way an editor enters the notification it is named after; each is answered for a candidate with
 * the right subject, another subject and none. The answer is ✓ only when every requirement it
 * names was checked.
 */

/** The central relaxation table, as a new job's form starts with it. */
const CENTRAL_ROWS = defaultData(REGISTRY.job.sections).ageRelaxations;

/**
 * UPSC Combined Medical Services 2024 (Notice 04/2024-CMS): under 32 on 1 Aug 2024, the final
 * MBBS passed (those yet to pass it may apply). Posts include the Medical Officers' grade of the
 * Central Health Service.
 */
const UPSC_CMS: EntryData = {
  state: "All India",
  lastDate: "2024-04-30",
  ageMax: 32,
  ageCutoffDate: "2024-08-01",
  ageRule: "not-attained",
  ageRelaxations: CENTRAL_ROWS,
  qualification: "Medical",
  disciplines: ["medicine"],
  qualificationSubjects: "MBBS (written and practical parts of the final MBBS examination)",
  finalYearAllowed: "yes",
  posts: [{ post: "Medical Officer (GDMO, Central Health Service)", total: 163 }],
};

/**
 * RRB Junior Engineer 2024 (CEN 03/2024): 18–36 on 1 Jan 2025. JE (Civil): a three-year diploma
 * or a degree in civil engineering; Depot Material Superintendent: a diploma or degree in any
 * branch of engineering; Chemical and Metallurgical Assistant: B.Sc. with Physics and Chemistry.
 */
const RRB_JE: EntryData = {
  state: "All India",
  lastDate: "2024-08-29",
  ageMin: 18,
  ageMax: 36,
  ageCutoffDate: "2025-01-01",
  ageRelaxations: CENTRAL_ROWS,
  qualification: "Diploma",
  disciplines: ["engineering"],
  qualificationSubjects: "Civil Engineering (diploma or degree)",
  posts: [
    { post: "Junior Engineer (Civil)", total: 3000 },
    { post: "Depot Material Superintendent", total: 200 },
    {
      post: "Chemical and Metallurgical Assistant",
      total: 17,
      qualification: "Graduate",
      disciplines: ["science"],
    },
  ],
};

/**
 * Rajasthan Judicial Service (Civil Judge cadre) 2024: 21–40 on 1 Jan 2025, a degree in law
 * (LLB); those in the final year of the LLB may apply.
 */
const CIVIL_JUDGE: EntryData = {
  state: "Rajasthan",
  lastDate: "2024-07-27",
  ageMin: 21,
  ageMax: 40,
  ageCutoffDate: "2025-01-01",
  ageRule: "completed-years",
  ageRelaxations: CENTRAL_ROWS,
  qualification: "Law",
  disciplines: ["law"],
  qualificationSubjects: "LLB",
  finalYearAllowed: "yes",
  posts: [{ post: "Civil Judge", total: 222 }],
};

/**
 * KVS Trained Graduate Teachers (Advt. 15/2022): up to 35 on the last date; a bachelor's degree
 * with the subject concerned and a B.Ed. (and CTET). TGT (Hindi): Hindi in all three years of
 * the degree; the editor ticked Arts for it. TGT (Work Experience) asks the graduation without a
 * subject the form can tick: the notification's words stay, as text.
 */
const KVS_TGT: EntryData = {
  state: "All India",
  lastDate: "2022-12-26",
  ageMax: 35,
  ageRelaxations: CENTRAL_ROWS,
  qualification: "Graduate",
  alsoRequired: ["education"],
  qualificationSubjects: "The subject concerned in all three years of the degree",
  posts: [
    { post: "TGT (Hindi)", total: 172, disciplines: ["arts"] },
    { post: "TGT (Work Experience)", total: 30 },
  ],
};

/** SSC CGL 2024: 18–32 on 1 Aug 2024, a bachelor's degree in any subject (most posts). */
const SSC_CGL: EntryData = {
  state: "All India",
  lastDate: "2024-07-24",
  ageMin: 18,
  ageMax: 32,
  ageCutoffDate: "2024-08-01",
  ageRelaxations: CENTRAL_ROWS,
  qualification: "Graduate",
  posts: [{ post: "Assistant Section Officer (CSS)", total: 1200, ageMin: 20, ageMax: 30 }],
};

/** A 25-year-old General candidate: every age limit above lets them in. */
function candidate(overrides: Partial<Profile> = {}): Profile {
  return {
    dateOfBirth: "1999-03-15",
    gender: "male",
    category: "general",
    pwbd: false,
    qualification: "graduate",
    finalYear: false,
    ...overrides,
  };
}

/** The verdict on each post of a job for one candidate. */
const verdicts = (data: EntryData, profile: Profile) =>
  Object.fromEntries(answered(profile, jobPostRules(data)).map((a) => [a.post, a.verdict]));

const ruleOf = (data: EntryData, index = 0) => jobPostRules(data)[index].rules!;

describe("a post that names a subject (issue 26)", () => {
  it("UPSC CMS Medical Officer: MBBS ✓, an Arts graduate ✗, a graduate who gave no subject: check", () => {
    const rules = ruleOf(UPSC_CMS);
    const doctor = eligibility(candidate({ discipline: "medicine" }), rules);
    expect(doctor.verdict).toBe("eligible");
    expect(doctor.eligible).toBe(true);
    expect(doctor.findings.map((f) => f.code)).toEqual(["subject-met"]);

    const arts = eligibility(candidate({ discipline: "arts" }), rules);
    expect(arts.verdict).toBe("not-eligible");
    expect(arts.eligible).toBe(false);
    expect(arts.findings).toEqual([
      {
        code: "subject-differs",
        outcome: "not-met",
        values: { level: "graduate", disciplines: ["medicine"], held: "arts" },
      },
    ]);

    const unsaid = eligibility(candidate(), rules);
    expect(unsaid.verdict).toBe("check");
    expect(unsaid.eligible).toBe(false);
    expect(unsaid.findings).toEqual([
      {
        code: "subject-not-given",
        outcome: "check",
        values: { level: "graduate", disciplines: ["medicine"] },
      },
    ]);
  });

  it("UPSC CMS: a final-year MBBS student may apply; a postgraduate in Arts is asked to check, not told yes", () => {
    const rules = ruleOf(UPSC_CMS);
    const student = candidate({ qualification: "12th", finalYear: true, discipline: "medicine" });
    expect(eligibility(student, rules).verdict).toBe("eligible");
    // An M.A. may have an MBBS below it: the profile names the highest qualification only.
    const ma = eligibility(candidate({ qualification: "postgraduate", discipline: "arts" }), rules);
    expect(ma.verdict).toBe("check");
    expect(ma.findings.map((f) => f.code)).toEqual(["subject-maybe"]);
    // "Other" is a subject the list does not name: it may be the one asked for.
    expect(eligibility(candidate({ discipline: "other" }), rules).verdict).toBe("check");
  });

  it("RRB JE: a diploma or a degree in engineering ✓; a D.Pharm ✗; an Arts or unsaid graduate: check", () => {
    const je = "Junior Engineer (Civil)";
    const dms = "Depot Material Superintendent";
    const cma = "Chemical and Metallurgical Assistant";
    expect(
      verdicts(RRB_JE, candidate({ qualification: "diploma", discipline: "engineering" })),
    ).toEqual({ [je]: "eligible", [dms]: "eligible", [cma]: "not-eligible" });
    expect(verdicts(RRB_JE, candidate({ discipline: "engineering" }))).toEqual({
      [je]: "eligible",
      [dms]: "eligible",
      // B.Sc. asked; a B.Tech is another degree at the same level.
      [cma]: "not-eligible",
    });
    expect(
      verdicts(RRB_JE, candidate({ qualification: "diploma", discipline: "pharmacy" })),
    ).toEqual({ [je]: "not-eligible", [dms]: "not-eligible", [cma]: "not-eligible" });
    // A B.A. above the diploma asked for: a diploma in engineering could sit below it.
    expect(verdicts(RRB_JE, candidate({ discipline: "arts" }))).toEqual({
      [je]: "check",
      [dms]: "check",
      [cma]: "not-eligible",
    });
    expect(verdicts(RRB_JE, candidate({ discipline: "science" }))).toEqual({
      [je]: "check",
      [dms]: "check",
      [cma]: "eligible",
    });
    expect(verdicts(RRB_JE, candidate())).toEqual({
      [je]: "check",
      [dms]: "check",
      [cma]: "check",
    });
  });

  it("Civil Judge: an LLB ✓ (final year too); a B.Com ✗; no subject given: check", () => {
    const rules = ruleOf(CIVIL_JUDGE);
    expect(eligibility(candidate({ discipline: "law" }), rules).verdict).toBe("eligible");
    expect(
      eligibility(candidate({ qualification: "12th", finalYear: true, discipline: "law" }), rules)
        .verdict,
    ).toBe("eligible");
    expect(eligibility(candidate({ discipline: "commerce" }), rules).verdict).toBe("not-eligible");
    expect(eligibility(candidate(), rules).verdict).toBe("check");
  });

  it("KVS TGT: the B.Ed. is a second requirement; one subject can show the degree or the B.Ed., so a B.Ed. is asked to check the degree", () => {
    const [hindi, workExperience] = jobPostRules(KVS_TGT);
    expect(hindi.rules).toMatchObject({
      qualification: "graduate",
      disciplines: ["arts"],
      alsoRequired: ["education"],
    });
    const bed = eligibility(candidate({ discipline: "education" }), hindi.rules!);
    expect(bed.verdict).toBe("check");
    expect(bed.findings.map((f) => [f.code, f.outcome])).toEqual([
      // The B.Ed. is taken after a degree: which subject that degree was in is not known.
      ["subject-maybe", "check"],
      ["also-met", "met"],
    ]);
    const ba = eligibility(candidate({ discipline: "arts" }), hindi.rules!);
    expect(ba.verdict).toBe("check");
    expect(ba.findings.map((f) => [f.code, f.outcome])).toEqual([
      ["subject-met", "met"],
      ["also-unknown", "check"],
    ]);
    // A B.Sc. is not the B.A. with Hindi the post asks for.
    expect(eligibility(candidate({ discipline: "science" }), hindi.rules!).verdict).toBe(
      "not-eligible",
    );
    expect(eligibility(candidate(), hindi.rules!).verdict).toBe("check");

    // No subject ticked, but the notification's words name one: never ✓, the words are quoted.
    const we = eligibility(candidate({ discipline: "education" }), workExperience.rules!);
    expect(we.verdict).toBe("check");
    expect(we.findings).toEqual([
      {
        code: "subjects-named",
        outcome: "check",
        values: { text: "The subject concerned in all three years of the degree" },
      },
      { code: "also-met", outcome: "met", values: { discipline: "education" } },
    ]);
    // Without the words, a B.Ed. is all the post asks beyond a degree.
    const plain = jobPostRules({ ...KVS_TGT, qualificationSubjects: undefined })[1].rules!;
    expect(eligibility(candidate({ discipline: "education" }), plain).verdict).toBe("eligible");
    expect(eligibility(candidate({ discipline: "arts" }), plain).verdict).toBe("check");
    expect(eligibility(candidate(), plain).verdict).toBe("check");
  });

  it("SSC CGL: any graduate ✓ whatever the subject, or none", () => {
    const rules = ruleOf(SSC_CGL);
    expect(rules.disciplines).toBeUndefined();
    for (const discipline of [undefined, "arts", "medicine", "other"] as const) {
      const result = eligibility(candidate(discipline ? { discipline } : {}), rules);
      expect(result.verdict).toBe("eligible");
      expect(result.findings).toEqual([]);
    }
  });

  it("a subject never rescues a post failed on age or level: ✗, and no subject sentence", () => {
    const old = eligibility(
      candidate({ dateOfBirth: "1980-01-01", discipline: "medicine" }),
      ruleOf(UPSC_CMS),
    );
    expect(old.verdict).toBe("not-eligible");
    const twelfth = eligibility(candidate({ qualification: "12th" }), ruleOf(UPSC_CMS));
    expect(twelfth.verdict).toBe("not-eligible");
    expect(twelfth.findings).toEqual([]);
  });
});

describe("the job form's qualification names a subject of its own", () => {
  it("'Medical', 'Engineering' and 'Law' ask for their subject when none is ticked", () => {
    const base = { ...SSC_CGL, posts: undefined };
    expect(ruleOf({ ...base, qualification: "Medical" }).disciplines).toEqual(["medicine"]);
    expect(ruleOf({ ...base, qualification: "Engineering" }).disciplines).toEqual(["engineering"]);
    expect(ruleOf({ ...base, qualification: "Law" }).disciplines).toEqual(["law"]);
    expect(ruleOf({ ...base, qualification: "Graduate" }).disciplines).toBeUndefined();
    // Ticks win: "B.E. or B.Sc." is entered as Engineering with Science ticked too.
    expect(
      ruleOf({ ...base, qualification: "Engineering", disciplines: ["engineering", "science"] })
        .disciplines,
    ).toEqual(["science", "engineering"]);
    // A row's own qualification brings its own subject, not the job's ticks.
    const rows = jobPostRules({
      ...base,
      disciplines: ["arts"],
      posts: [
        { post: "Assistant", total: 1 },
        { post: "Medical Officer", total: 1, qualification: "Medical" },
        { post: "Engineer", total: 1, disciplines: ["engineering"] },
      ],
    });
    expect(rows.map((r) => r.rules?.disciplines)).toEqual([
      ["arts"],
      ["medicine"],
      ["engineering"],
    ]);
  });

  it("a stored value that is not on the list is dropped, never trusted", () => {
    const rules = ruleOf({ ...SSC_CGL, disciplines: ["astrology", "medicine", 7] as never });
    expect(rules.disciplines).toEqual(["medicine"]);
    expect(ruleOf({ ...SSC_CGL, disciplines: "medicine" as never }).disciplines).toBeUndefined();
  });
});

describe("the finder and the job page give the same answer", () => {
  const TODAY = "2024-04-01";
  const jobs: OpenJob[] = [
    { title: "UPSC CMS 2024", href: "/jobs/cms", organization: "UPSC", lastDate: "2024-04-30" },
    { title: "SSC CGL 2024", href: "/jobs/cgl", organization: "SSC", lastDate: "2024-07-24" },
  ].map((job, i) => ({ ...job, posts: jobPostRules(i === 0 ? UPSC_CMS : SSC_CGL) }));
  const listed = (list: { job: OpenJob; post: string }[]) => list.map((f) => f.job.href);

  it("an Arts graduate: CGL to apply for; the Medical Officer is in no list", () => {
    const found = findPosts(candidate({ discipline: "arts" }), jobs, TODAY);
    expect(listed(found.eligible)).toEqual(["/jobs/cgl"]);
    expect(listed(found.check)).toEqual([]);
    expect(listed(found.close)).toEqual([]);
  });

  it("a graduate who gave no subject: CGL to apply for, the Medical Officer to check", () => {
    const found = findPosts(candidate(), jobs, TODAY);
    expect(listed(found.eligible)).toEqual(["/jobs/cgl"]);
    expect(listed(found.check)).toEqual(["/jobs/cms"]);
  });

  it("the job page's quick check: without a qualification every post that asks one is to check", () => {
    const posts = jobPostRules(UPSC_CMS);
    const dob = { dobDay: "15", dobMonth: "3", dobYear: "1999", category: "general" };
    const quick = (extra: Record<string, string>) => {
      const answer = sayQuick(quickAnswers({ ...dob, ...extra }, posts, TODAY), ENGLISH_RULE_WORDS);
      if (!answer.ok) throw new Error(JSON.stringify(answer.errors));
      return answer.answers[0];
    };
    expect(quick({}).verdict).toBe("check");
    expect(quick({ qualification: "graduate" }).verdict).toBe("check");
    expect(quick({ qualification: "graduate", discipline: "arts" }).verdict).toBe("not-eligible");
    expect(quick({ qualification: "graduate", discipline: "medicine" }).verdict).toBe("eligible");
    // The same as the finder's answer for the same facts.
    expect(answered(candidate({ discipline: "arts" }), posts)[0].verdict).toBe("not-eligible");
    // A post open to any graduate needs nothing more than the age.
    const cgl = quickAnswers(dob, jobPostRules({ ...SSC_CGL, qualification: "Any" }), TODAY);
    expect(cgl.ok && cgl.answers[0].result?.verdict).toBe("eligible");
  });

  it("says what to check, in English and Hindi, from the same codes", () => {
    const posts = jobPostRules(UPSC_CMS);
    const [english] = answered(candidate(), posts);
    expect(english.checks).toEqual([
      "Check: needs Graduate in Medicine (MBBS). Choose the subject of your qualification to check it.",
    ]);
    expect(english.reasons.at(-1)).toBe(english.checks[0]);
    const hindi = catalog("hi").eligibility.rules;
    const [inHindi] = answered(candidate(), posts, hindi);
    expect(inHindi.checks).toHaveLength(1);
    expect(inHindi.checks[0]).toContain(hindi.disciplines.medicine);
    expect(inHindi.checks[0]).not.toMatch(/Check|Medicine \(MBBS\)/);
    const [arts] = answered(candidate({ discipline: "arts" }), posts);
    expect(arts.checks).toEqual([]);
    expect(arts.reasons.at(-1)).toBe(
      "Subject: Graduate in Medicine (MBBS) required; yours is Arts: not met.",
    );
    // Said beside the ✗, not only under "why".
    expect(arts.missed).toBe(arts.reasons.at(-1));
  });
});
