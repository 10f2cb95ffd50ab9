import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { eligibility } from "./eligibility.ts";
import {
  CENTRAL_PWBD_RELAXATION,
  CENTRAL_RELAXATION,
  type Category,
  type QualificationLevel,
} from "./eligibility-terms.ts";
import type { PostRules, Profile } from "./eligibility-types.ts";
import { said } from "../../test/eligibility-said.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const shift = (date: string, days: number) =>
  new Date(Date.parse(date) + days * DAY_MS).toISOString().slice(0, 10);

function person(overrides: Partial<Profile> = {}): Profile {
  return {
    dateOfBirth: "2000-01-01",
    gender: "male",
    category: "general",
    pwbd: false,
    qualification: "graduate",
    finalYear: false,
    ...overrides,
  };
}

const central = {
  upperRule: "not-attained",
  relaxation: CENTRAL_RELAXATION,
  pwbdRelaxation: CENTRAL_PWBD_RELAXATION,
  finalYearAllowed: false,
} as const;

/** "must have attained 21 and must not have attained 32 on 1 Aug 2024". */
const UPSC_CSE_2024: PostRules = {
  ...central,
  minAge: 21,
  maxAge: 32,
  cutoffDate: "2024-08-01",
  qualification: "graduate",
  finalYearAllowed: true,
};
const SSC_CGL_2024: PostRules = {
  ...central,
  minAge: 18,
  maxAge: 32,
  cutoffDate: "2024-08-01",
  qualification: "graduate",
};
const SSC_CHSL_2024: PostRules = {
  ...central,
  minAge: 18,
  maxAge: 27,
  cutoffDate: "2024-08-01",
  qualification: "12th",
  exServicemen: { plusYears: 3 },
};
const RRB_NTPC_UG_2024: PostRules = {
  ...central,
  minAge: 18,
  maxAge: 33,
  cutoffDate: "2025-01-01",
  qualification: "12th",
};
const RRB_NTPC_GRADUATE_2024: PostRules = {
  ...RRB_NTPC_UG_2024,
  maxAge: 36,
  qualification: "graduate",
};

const check = (post: PostRules, overrides: Partial<Profile> = {}) =>
  said(eligibility(person(overrides), post));
const eligibleIf = (post: PostRules, dateOfBirth: string, overrides: Partial<Profile> = {}) =>
  check(post, { ...overrides, dateOfBirth }).eligible;

describe("central age limits, from the notifications' printed windows", () => {
  it("UPSC CSE 2024: 21–32 on 1 Aug 2024 is born 2 Aug 1992 to 1 Aug 2003, both ends in", () => {
    const result = check(UPSC_CSE_2024, { dateOfBirth: "1997-05-10" });
    expect(result.window).toEqual({ from: "1992-08-02", to: "2003-08-01" });
    expect(result.eligible).toBe(true);
    expect(result.ageText).toBe("You are 27 years 2 months on 1 Aug 2024");
    // 1 Aug 1992 has attained 32 on the day; 2 Aug 2003 has not yet attained 21.
    expect(eligibleIf(UPSC_CSE_2024, "1992-08-01")).toBe(false);
    expect(eligibleIf(UPSC_CSE_2024, "1992-08-02")).toBe(true);
    expect(eligibleIf(UPSC_CSE_2024, "2003-08-01")).toBe(true);
    expect(eligibleIf(UPSC_CSE_2024, "2003-08-02")).toBe(false);
    expect(check(UPSC_CSE_2024, { dateOfBirth: "1992-08-01" }).reasons).toContain(
      "Upper limit 32: you must not have turned 32 by 1 Aug 2024, so born on or after 2 Aug 1992: not met.",
    );
  });

  it("UPSC CSE 2024: OBC gets 3 more years (from 2 Aug 1989), SC 5 (from 2 Aug 1987)", () => {
    const obc = check(UPSC_CSE_2024, { category: "obc", dateOfBirth: "1989-08-02" });
    expect(obc.window).toEqual({ from: "1989-08-02", to: "2003-08-01" });
    expect(obc.eligible).toBe(true);
    expect(obc.reasons.join("\n")).toContain("Upper limit 32 + 3 (OBC) = 35");
    expect(eligibleIf(UPSC_CSE_2024, "1989-08-01", { category: "obc" })).toBe(false);

    const sc = check(UPSC_CSE_2024, { category: "sc", dateOfBirth: "1987-08-02" });
    expect(sc.window.from).toBe("1987-08-02");
    expect(sc.eligible).toBe(true);
    expect(eligibleIf(UPSC_CSE_2024, "1987-08-01", { category: "sc" })).toBe(false);
    expect(check(UPSC_CSE_2024, { category: "ews" }).window.from).toBe("1992-08-02");
  });

  it("UPSC CSE 2024: PwBD gets 10 (General) and 15 (SC), replacing SC's 5 rather than adding to it", () => {
    expect(check(UPSC_CSE_2024, { pwbd: true }).window.from).toBe("1982-08-02");
    const scPwbd = check(UPSC_CSE_2024, { pwbd: true, category: "sc" });
    expect(scPwbd.window.from).toBe("1977-08-02");
    expect(scPwbd.reasons.join("\n")).toContain("Upper limit 32 + 15 (PwBD, SC) = 47");
    expect(scPwbd.reasons.join("\n")).toContain("they are not added twice");
    // 15 + 5 stacked would let in anyone born from 2 Aug 1972.
    expect(eligibleIf(UPSC_CSE_2024, "1977-08-01", { pwbd: true, category: "sc" })).toBe(false);
    expect(eligibleIf(UPSC_CSE_2024, "1975-01-01", { pwbd: true, category: "sc" })).toBe(false);
  });

  it("SSC CGL 2024: 18–32 on 1 Aug 2024 is born not before 2 Aug 1992, not after 1 Aug 2006", () => {
    expect(check(SSC_CGL_2024).window).toEqual({ from: "1992-08-02", to: "2006-08-01" });
    expect(eligibleIf(SSC_CGL_2024, "1992-08-01")).toBe(false);
    expect(eligibleIf(SSC_CGL_2024, "1992-08-02")).toBe(true);
    expect(eligibleIf(SSC_CGL_2024, "2006-08-01")).toBe(true);
    expect(eligibleIf(SSC_CGL_2024, "2006-08-02")).toBe(false);
  });

  it("SSC CHSL 2024: 18–27 on 1 Aug 2024 is born 2 Aug 1997 to 1 Aug 2006", () => {
    expect(check(SSC_CHSL_2024, { qualification: "12th" }).window).toEqual({
      from: "1997-08-02",
      to: "2006-08-01",
    });
    expect(eligibleIf(SSC_CHSL_2024, "1997-08-01", { qualification: "12th" })).toBe(false);
    expect(eligibleIf(SSC_CHSL_2024, "1997-08-02", { qualification: "12th" })).toBe(true);
  });

  // The brief said "graduate posts 18–33"; 18–33 is the undergraduate level (CEN 06/2024). The
  // graduate level (CEN 05/2024) was revised to 18–36. Windows as tabulated from the notices by
  // coaching sites; the notices themselves were not at hand.
  it("RRB NTPC 2024 undergraduate (CEN 06/2024): 18–33 on 1 Jan 2025 is born 2 Jan 1992 to 1 Jan 2007", () => {
    expect(check(RRB_NTPC_UG_2024).window).toEqual({ from: "1992-01-02", to: "2007-01-01" });
    expect(eligibleIf(RRB_NTPC_UG_2024, "1992-01-01")).toBe(false);
    expect(eligibleIf(RRB_NTPC_UG_2024, "2007-01-02")).toBe(false);
  });

  it("RRB NTPC 2024 graduate (CEN 05/2024, revised 18–36): born from 2 Jan 1989, OBC 2 Jan 1986, SC 2 Jan 1984", () => {
    expect(check(RRB_NTPC_GRADUATE_2024).window).toEqual({ from: "1989-01-02", to: "2007-01-01" });
    expect(check(RRB_NTPC_GRADUATE_2024, { category: "obc" }).window.from).toBe("1986-01-02");
    expect(check(RRB_NTPC_GRADUATE_2024, { category: "sc" }).window.from).toBe("1984-01-02");
  });

  it("a printed birth window wins over the ages, and relaxation moves its earliest date back", () => {
    // Ages mistyped by the editor; the notification's printed dates are what count.
    const post: PostRules = {
      ...SSC_CGL_2024,
      minAge: 21,
      maxAge: 30,
      birthWindow: { from: "1992-08-02", to: "2006-08-01" },
    };
    expect(check(post).window).toEqual({ from: "1992-08-02", to: "2006-08-01" });
    expect(eligibleIf(post, "2006-08-01")).toBe(true);
    expect(eligibleIf(post, "2006-08-02")).toBe(false);
    const obc = check(post, { category: "obc", dateOfBirth: "1989-08-02" });
    expect(obc.window.from).toBe("1989-08-02");
    expect(obc.eligible).toBe(true);
    expect(obc.reasons.join("\n")).toContain("moved back 3 (OBC) years to 2 Aug 1989");
  });
});

describe("state rules", () => {
  // Illustrative, not a named notification: the shape of a state's "not more than 23 years".
  it("a state's 'not more than 23 years on 1 Jan 2025' counts completed years: 23 years 364 days is in", () => {
    const post: PostRules = {
      minAge: 18,
      maxAge: 23,
      cutoffDate: "2025-01-01",
      upperRule: "completed-years",
      relaxation: {},
      qualification: "12th",
      finalYearAllowed: false,
    };
    expect(check(post).window.from).toBe("2001-01-02");
    expect(eligibleIf(post, "2001-01-01")).toBe(false);
    expect(eligibleIf(post, "2001-01-02")).toBe(true);
    expect(check(post, { dateOfBirth: "2001-01-02" }).ageText).toBe(
      "You are 23 years 11 months on 1 Jan 2025",
    );
    // The central reading of the same number is a year narrower.
    expect(check({ ...post, upperRule: "not-attained" }).window.from).toBe("2002-01-02");
  });

  it("domicile-only relaxation: an OBC candidate from another state is judged as General for age", () => {
    const post: PostRules = {
      minAge: 21,
      maxAge: 37,
      cutoffDate: "2024-08-01",
      upperRule: "completed-years",
      relaxation: { obc: 3, sc: 5 },
      pwbdRelaxation: { general: 10, obc: 10, sc: 10 },
      state: "Bihar",
      reservedRelaxationDomicileOnly: true,
      qualification: "graduate",
      finalYearAllowed: false,
    };
    const born = "1985-06-15"; // 39 on 1 Aug 2024
    expect(eligibleIf(post, born, { category: "obc", domicileState: "Bihar" })).toBe(true);
    expect(eligibleIf(post, born, { category: "obc", domicileState: " bihar " })).toBe(true);
    const outsider = check(post, {
      category: "obc",
      domicileState: "Uttar Pradesh",
      dateOfBirth: born,
    });
    expect(outsider.eligible).toBe(false);
    expect(outsider.window.from).toBe(check(post).window.from);
    expect(outsider.reasons[0]).toContain("only for candidates domiciled in Bihar");
    const unknown = check(post, { category: "obc", dateOfBirth: born });
    expect(unknown.eligible).toBe(false);
    expect(unknown.reasons[0]).toContain("add your domicile state");
    // PwBD from outside gets the General PwBD years, not the OBC ones.
    expect(
      check(post, { category: "obc", pwbd: true, domicileState: "Delhi" }).reasons.join("\n"),
    ).toContain("+ 10 (PwBD, General)");
  });

  it("women's limits replace the general ones, also over a printed window", () => {
    // Illustrative: men 18–37, women 18–40, completed years on 1 Aug 2024.
    const post: PostRules = {
      minAge: 18,
      maxAge: 37,
      cutoffDate: "2024-08-01",
      upperRule: "completed-years",
      genderLimits: { female: { maxAge: 40 } },
      relaxation: CENTRAL_RELAXATION,
      qualification: "graduate",
      finalYearAllowed: false,
    };
    const born = "1985-01-01"; // 39 on 1 Aug 2024
    expect(eligibleIf(post, born)).toBe(false);
    expect(eligibleIf(post, born, { gender: "other" })).toBe(false);
    const woman = check(post, { gender: "female", dateOfBirth: born });
    expect(woman.eligible).toBe(true);
    expect(woman.window.from).toBe("1983-08-02");
    expect(woman.reasons).toContain("Women's limits apply: 18–40 years.");
    // Relaxation adds to the women's limit.
    expect(check(post, { gender: "female", category: "sc" }).window.from).toBe("1978-08-02");

    const printed = { ...post, birthWindow: { from: "1986-08-02", to: "2006-08-01" } };
    expect(check(printed, { gender: "female" }).window).toEqual({
      from: "1983-08-02",
      to: "2006-08-01",
    });
  });
});

describe("29 February", () => {
  const post: PostRules = {
    minAge: 21,
    cutoffDate: "2021-02-28",
    upperRule: "not-attained",
    relaxation: {},
    qualification: "10th",
    finalYearAllowed: false,
  };
  const leapling = { dateOfBirth: "2000-02-29" };

  it("someone born 29 Feb 2000 turns 21 on 1 Mar 2021, not on 28 Feb", () => {
    const before = check(post, leapling);
    expect(before.eligible).toBe(false);
    expect(before.ageText).toBe("You are 20 years 11 months on 28 Feb 2021");
    expect(before.reasons.join("\n")).toContain("You reach 21 on 1 Mar 2021.");
    expect(before.close).toBe("too-young");
    expect(before.window.to).toBe("2000-02-28");

    const after = check({ ...post, cutoffDate: "2021-03-01" }, leapling);
    expect(after.eligible).toBe(true);
    expect(after.ageText).toBe("You are 21 years on 1 Mar 2021");
    expect(after.window.to).toBe("2000-03-01");
  });

  it("'must not have attained 21': the leapling is still in on 28 Feb 2021 and out on 1 Mar", () => {
    const upper: PostRules = { ...post, minAge: undefined, maxAge: 21 };
    expect(eligibleIf(upper, "2000-02-29")).toBe(true);
    expect(eligibleIf({ ...upper, cutoffDate: "2021-03-01" }, "2000-02-29")).toBe(false);
  });

  it("in a leap year the birthday is 29 Feb itself; a 29 Feb cut-off reaches back to 28 Feb", () => {
    expect(check({ ...post, cutoffDate: "2024-02-29" }, leapling).ageText).toBe(
      "You are 24 years on 29 Feb 2024",
    );
    // Born 1 Mar 2003 is not yet 21 on 29 Feb 2024; born 28 Feb 2003 is.
    expect(check({ ...post, cutoffDate: "2024-02-29" }).window.to).toBe("2003-02-28");
  });

  it("ages in months: 'at least 17½ on 1 Jan 2025' is born on or before 1 Jul 2007 (derived, not printed)", () => {
    const half: PostRules = { ...post, minAge: 17.5, cutoffDate: "2025-01-01" };
    expect(check(half).window.to).toBe("2007-07-01");
    expect(eligibleIf(half, "2007-07-02")).toBe(false);
  });
});

describe("qualification", () => {
  const post = (qualification: QualificationLevel, finalYearAllowed: boolean): PostRules => ({
    minAge: 18,
    cutoffDate: "2025-01-01",
    upperRule: "not-attained",
    relaxation: {},
    qualification,
    finalYearAllowed,
  });

  it.each([
    // held, final year, required, final-year allowed → eligible
    ["postgraduate", false, "graduate", false, true],
    ["graduate", false, "graduate", false, true],
    ["12th", false, "graduate", true, false],
    ["12th", true, "graduate", true, true], // one course, though two steps up the ladder
    ["diploma", true, "graduate", true, true],
    ["10th", true, "graduate", true, false],
    ["graduate", true, "postgraduate", true, true],
    ["diploma", false, "12th", false, true],
    ["iti", false, "10th", false, true],
    ["iti", false, "iti", false, true],
    ["iti", false, "12th", false, false],
    ["10th", true, "iti", true, true],
    ["12th", false, "iti", false, false],
    ["graduate", false, "iti", false, false],
  ] as const)(
    "%s (final year %s) for a %s post (final year allowed %s) → %s",
    (held, finalYear, required, allowed, expected) => {
      expect(check(post(required, allowed), { qualification: held, finalYear }).eligible).toBe(
        expected,
      );
    },
  );

  it("says why: final-year students may apply, pending when they may not, and in lieu of ITI", () => {
    const allowed = check(post("graduate", true), { qualification: "12th", finalYear: true });
    expect(allowed.reasons.at(-1)).toContain("final-year students may apply");
    expect(allowed.close).toBeUndefined();

    const refused = check(post("graduate", false), { qualification: "12th", finalYear: true });
    expect(refused.close).toBe("qualification-pending");
    expect(refused.reasons.at(-1)).toBe(
      "Qualification: Graduate required; yours is 12th pass: not met. This notification does not accept final-year students.",
    );
    expect(check(post("graduate", false), { qualification: "12th" }).close).toBeUndefined();
    expect(check(post("iti", false), { qualification: "diploma" }).reasons.at(-1)).toContain(
      "in lieu of ITI",
    );
  });
});

describe("relaxations that add up", () => {
  it("SSC CHSL 2024 ex-servicemen: service plus 3 years, on top of OBC's 3 (age on the cut-off, not SSC's closing date)", () => {
    const esm = { qualification: "12th", exServicemanYears: 6 } as const;
    const general = check(SSC_CHSL_2024, esm);
    expect(general.window.from).toBe("1988-08-02"); // 27 + 9
    expect(general.reasons.join("\n")).toContain(
      "Upper limit 27 + 9 (ex-servicemen: 6 years' service + 3) = 36",
    );
    expect(check(SSC_CHSL_2024, { ...esm, category: "obc" }).window.from).toBe("1985-08-02");
    // Part of a year counts in whole months: 6 years 6 months of service.
    expect(check(SSC_CHSL_2024, { ...esm, exServicemanYears: 6.5 }).window.from).toBe("1988-02-02");
    const noEsmRule = check({ ...SSC_CHSL_2024, exServicemen: undefined }, esm);
    expect(noEsmRule.window.from).toBe("1997-08-02");
    expect(noEsmRule.reasons).toContain(
      "This notification gives no age relaxation for ex-servicemen.",
    );
  });
});

describe("close calls and bad input", () => {
  it("too young by under a year is close; by a year or more it is not", () => {
    expect(check(SSC_CGL_2024, { dateOfBirth: "2007-07-31" }).close).toBe("too-young");
    expect(check(SSC_CGL_2024, { dateOfBirth: "2007-08-01" }).close).toBeUndefined();
    expect(check(SSC_CGL_2024, { dateOfBirth: "1990-01-01" }).close).toBeUndefined();
    // Too young and without the degree: not one step from eligible.
    expect(
      check(SSC_CGL_2024, { dateOfBirth: "2007-01-01", qualification: "12th" }).close,
    ).toBeUndefined();
  });

  it("refuses a date of birth that is not a real day, saying what it expected", () => {
    expect(() => check(SSC_CGL_2024, { dateOfBirth: "2001-02-29" })).toThrow(
      'Date of birth must be a real date written YYYY-MM-DD; got "2001-02-29".',
    );
    expect(() => check(SSC_CGL_2024, { dateOfBirth: "01/02/2001" })).toThrow(RangeError);
  });
});

describe("every category with and without PwBD, to the day on both edges", () => {
  // UPSC CSE 2024 prints 21–32 on 1 Aug 2024; DoPT: OBC + 3, SC/ST + 5, PwBD 10 + the category's.
  // The PwBD rows are the category's PwBD years alone: 13 for OBC, not 13 + 3.
  it.each([
    ["general", false, "1992-08-02", "32", 32, "2 Aug 1992"],
    ["ews", false, "1992-08-02", "32", 32, "2 Aug 1992"],
    ["obc", false, "1989-08-02", "32 + 3 (OBC) = 35", 35, "2 Aug 1989"],
    ["sc", false, "1987-08-02", "32 + 5 (SC) = 37", 37, "2 Aug 1987"],
    ["st", false, "1987-08-02", "32 + 5 (ST) = 37", 37, "2 Aug 1987"],
    ["general", true, "1982-08-02", "32 + 10 (PwBD, General) = 42", 42, "2 Aug 1982"],
    ["ews", true, "1982-08-02", "32 + 10 (PwBD, EWS) = 42", 42, "2 Aug 1982"],
    ["obc", true, "1979-08-02", "32 + 13 (PwBD, OBC) = 45", 45, "2 Aug 1979"],
    ["sc", true, "1977-08-02", "32 + 15 (PwBD, SC) = 47", 47, "2 Aug 1977"],
    ["st", true, "1977-08-02", "32 + 15 (PwBD, ST) = 47", 47, "2 Aug 1977"],
  ] as const)(
    "UPSC CSE 2024, %s, PwBD %s: born %s to 1 Aug 2003, and a day beyond either edge is out",
    (category, pwbd, from, limit, turned, fromText) => {
      const who = { category, pwbd };
      expect(check(UPSC_CSE_2024, who).window).toEqual({ from, to: "2003-08-01" });
      expect(eligibleIf(UPSC_CSE_2024, from, who)).toBe(true);
      expect(eligibleIf(UPSC_CSE_2024, shift(from, -1), who)).toBe(false);
      expect(eligibleIf(UPSC_CSE_2024, "2003-08-01", who)).toBe(true);
      expect(eligibleIf(UPSC_CSE_2024, "2003-08-02", who)).toBe(false);

      const oldest = check(UPSC_CSE_2024, { ...who, dateOfBirth: from });
      expect(oldest.reasons).toContain(
        `Upper limit ${limit}: you must not have turned ${turned} by 1 Aug 2024, so born on or after ${fromText}: met.`,
      );
      const tooOld = check(UPSC_CSE_2024, { ...who, dateOfBirth: shift(from, -1) });
      expect(tooOld.ageText).toBe(`You are ${turned} years on 1 Aug 2024`);
      expect(tooOld.reasons.join("\n")).toContain(`born on or after ${fromText}: not met.`);
      expect(tooOld.close).toBeUndefined();

      const tooYoung = check(UPSC_CSE_2024, { ...who, dateOfBirth: "2003-08-02" });
      expect(tooYoung.reasons).toContain(
        "Minimum age 21 on 1 Aug 2024 means born on or before 1 Aug 2003: not met. You reach 21 on 2 Aug 2024.",
      );
      expect(tooYoung.close).toBe("too-young");
    },
  );

  // Illustrative state post: "not more than 23 years on 1 Jan 2025", OBC + 3, SC/ST + 5, PwBD
  // 10 + the category's. Completed years: the upper edge is the day before the 24th (27th, …)
  // birthday, a year earlier than the central reading of the same numbers.
  const state: PostRules = {
    minAge: 18,
    maxAge: 23,
    cutoffDate: "2025-01-01",
    upperRule: "completed-years",
    relaxation: { obc: 3, sc: 5, st: 5 },
    pwbdRelaxation: { general: 10, ews: 10, obc: 13, sc: 15, st: 15 },
    qualification: "12th",
    finalYearAllowed: false,
  };
  it.each([
    [
      "general",
      false,
      "2001-01-02",
      "23: counted in completed years on 1 Jan 2025, you may be 23 but not 24",
    ],
    [
      "ews",
      false,
      "2001-01-02",
      "23: counted in completed years on 1 Jan 2025, you may be 23 but not 24",
    ],
    [
      "obc",
      false,
      "1998-01-02",
      "23 + 3 (OBC) = 26: counted in completed years on 1 Jan 2025, you may be 26 but not 27",
    ],
    [
      "sc",
      false,
      "1996-01-02",
      "23 + 5 (SC) = 28: counted in completed years on 1 Jan 2025, you may be 28 but not 29",
    ],
    [
      "st",
      false,
      "1996-01-02",
      "23 + 5 (ST) = 28: counted in completed years on 1 Jan 2025, you may be 28 but not 29",
    ],
    [
      "general",
      true,
      "1991-01-02",
      "23 + 10 (PwBD, General) = 33: counted in completed years on 1 Jan 2025, you may be 33 but not 34",
    ],
    [
      "ews",
      true,
      "1991-01-02",
      "23 + 10 (PwBD, EWS) = 33: counted in completed years on 1 Jan 2025, you may be 33 but not 34",
    ],
    [
      "obc",
      true,
      "1988-01-02",
      "23 + 13 (PwBD, OBC) = 36: counted in completed years on 1 Jan 2025, you may be 36 but not 37",
    ],
    [
      "sc",
      true,
      "1986-01-02",
      "23 + 15 (PwBD, SC) = 38: counted in completed years on 1 Jan 2025, you may be 38 but not 39",
    ],
    [
      "st",
      true,
      "1986-01-02",
      "23 + 15 (PwBD, ST) = 38: counted in completed years on 1 Jan 2025, you may be 38 but not 39",
    ],
  ] as const)(
    "a state's 'not more than 23 years', %s, PwBD %s: born %s to 1 Jan 2007, both ends in",
    (category, pwbd, from, rule) => {
      const who = { category, pwbd, qualification: "12th" } as const;
      expect(check(state, who).window).toEqual({ from, to: "2007-01-01" });
      expect(eligibleIf(state, from, who)).toBe(true);
      expect(eligibleIf(state, shift(from, -1), who)).toBe(false);
      expect(eligibleIf(state, "2007-01-01", who)).toBe(true);
      expect(eligibleIf(state, "2007-01-02", who)).toBe(false);
      expect(check(state, { ...who, dateOfBirth: from }).reasons.join("\n")).toContain(
        `Upper limit ${rule}, so born on or after`,
      );
      // On the upper edge the candidate is a day short of the next birthday: 11 months over.
      expect(check(state, { ...who, dateOfBirth: from }).ageText).toMatch(
        / years 11 months on 1 Jan 2025$/,
      );
    },
  );
});

describe("a relaxation never applies twice", () => {
  it("PwBD replaces the category's years: a flat 10 for PwBD gives 10 to every category, not 13 or 15", () => {
    // Some state tables give PwBD a flat 10 whatever the category; the table is taken as
    // printed, and the category's own years are not added on top.
    const post: PostRules = {
      ...SSC_CGL_2024,
      relaxation: { obc: 3, sc: 5 },
      pwbdRelaxation: { general: 10, obc: 10, sc: 10 },
    };
    for (const category of ["general", "obc", "sc"] as const) {
      const result = check(post, { category, pwbd: true });
      expect(result.window.from, category).toBe("1982-08-02");
      expect(result.reasons.join("\n"), category).not.toMatch(/\((OBC|SC)\)/);
    }
    expect(check(post, { category: "obc", pwbd: true }).reasons[0]).toBe(
      "The PwBD relaxation of 10 years already includes the 3 years for OBC; they are not added twice.",
    );
    // No such note where the category has no years of its own.
    expect(check(post, { pwbd: true }).reasons[0]).toMatch(/^Minimum age/);
  });

  it("a PwBD candidate whose category the PwBD table lacks keeps the category's years, once, and is told", () => {
    const post: PostRules = { ...SSC_CGL_2024, pwbdRelaxation: { general: 10 } };
    const obc = check(post, { category: "obc", pwbd: true });
    expect(obc.window.from).toBe("1989-08-02");
    expect(obc.reasons[0]).toBe("This notification gives no age relaxation for PwBD.");
    expect(obc.reasons.join("\n")).toContain("Upper limit 32 + 3 (OBC) = 35:");
    const none = check({ ...SSC_CGL_2024, pwbdRelaxation: undefined }, { pwbd: true });
    expect(none.window.from).toBe("1992-08-02");
    expect(none.reasons[0]).toBe("This notification gives no age relaxation for PwBD.");
  });

  it("the same years printed in both the relaxation and a printed window move the date once", () => {
    const printed: PostRules = {
      ...UPSC_CSE_2024,
      birthWindow: { from: "1992-08-02", to: "2003-08-01" },
    };
    for (const [category, pwbd, from] of [
      ["obc", false, "1989-08-02"],
      ["sc", true, "1977-08-02"],
    ] as const) {
      expect(check(printed, { category, pwbd }).window.from).toBe(from);
      // Printed and derived windows agree: the relaxation moved the date back exactly once.
      expect(check(printed, { category, pwbd }).window).toEqual(
        check(UPSC_CSE_2024, { category, pwbd }).window,
      );
    }
    expect(check(printed, { category: "sc", pwbd: true }).reasons.join("\n")).toContain(
      "Born on or after 2 Aug 1992 as the notification prints, moved back 15 (PwBD, SC) years to 2 Aug 1977: met.",
    );
  });
});

describe("explanations", () => {
  it("says the issue's sentence: 'You are 27 years 3 months on 1 Jan 2027; upper limit 30 + 3 (OBC) = 33'", () => {
    const post: PostRules = {
      ...central,
      minAge: 18,
      maxAge: 30,
      cutoffDate: "2027-01-01",
      qualification: "graduate",
    };
    const result = check(post, { category: "obc", dateOfBirth: "1999-10-01" });
    expect(result.eligible).toBe(true);
    expect(result.ageText).toBe("You are 27 years 3 months on 1 Jan 2027");
    expect(result.reasons).toEqual([
      "Minimum age 18 on 1 Jan 2027 means born on or before 1 Jan 2009: met.",
      "Upper limit 30 + 3 (OBC) = 33: you must not have turned 33 by 1 Jan 2027, so born on or after 2 Jan 1994: met.",
      "Qualification: Graduate required; yours is Graduate: met.",
    ]);
    // Born a day earlier: still 27 years 3 months; a day later: 27 years 2 months.
    expect(check(post, { dateOfBirth: "1999-09-30" }).ageText).toBe(
      "You are 27 years 3 months on 1 Jan 2027",
    );
    expect(check(post, { dateOfBirth: "1999-10-02" }).ageText).toBe(
      "You are 27 years 2 months on 1 Jan 2027",
    );
  });

  it("words singular and plural, no age, a subject, and no limits at all", () => {
    const open: PostRules = {
      cutoffDate: "2024-08-01",
      upperRule: "not-attained",
      relaxation: {},
      finalYearAllowed: false,
    };
    expect(check(open, { dateOfBirth: "2023-07-01" }).ageText).toBe(
      "You are 1 year 1 month on 1 Aug 2024",
    );
    expect(check(open, { dateOfBirth: "2024-09-01" }).ageText).toBe(
      "You are not yet born on 1 Aug 2024",
    );
    expect(check(open).reasons).toEqual([
      "No minimum age; born on or before 1 Aug 2024: met.",
      "No upper age limit.",
      "No minimum qualification.",
    ]);
    // The level is said here; the subject is a finding of its own (eligibility-disciplines.test.ts).
    const engineering = check(
      { ...open, qualification: "graduate", disciplines: ["engineering"] },
      { qualification: "postgraduate" },
    );
    expect(engineering.reasons.at(-1)).toBe(
      "Qualification: Graduate required; yours is Postgraduate: met.",
    );
    expect(engineering.findings.map((f) => f.code)).toEqual(["subject-not-given"]);
    expect(engineering.verdict).toBe("check");
  });
});

describe("29 February on the edges", () => {
  const state: PostRules = {
    maxAge: 23,
    cutoffDate: "2024-02-29",
    upperRule: "completed-years",
    relaxation: {},
    finalYearAllowed: false,
  };

  it("'not more than 23' on 29 Feb 2024: born 29 Feb 2000 turns 24 that day and is out; on 28 Feb in", () => {
    const onLeapDay = check(state, { dateOfBirth: "2000-02-29" });
    expect(onLeapDay.eligible).toBe(false);
    expect(onLeapDay.ageText).toBe("You are 24 years on 29 Feb 2024");
    expect(onLeapDay.window.from).toBe("2000-03-01");
    expect(eligibleIf(state, "2000-03-01")).toBe(true);

    const dayBefore = { ...state, cutoffDate: "2024-02-28" };
    expect(check(dayBefore, { dateOfBirth: "2000-02-29" }).eligible).toBe(true);
    expect(check(dayBefore).window.from).toBe("2000-02-29");
    expect(eligibleIf(dayBefore, "2000-02-28")).toBe(false);
  });

  it("in a common year a 29 Feb birthday falls on 1 Mar: born 29 Feb 2000, 'not attained 25' on 28 Feb 2025 is in, on 1 Mar out", () => {
    const central25: PostRules = { ...state, maxAge: 25, upperRule: "not-attained" };
    expect(eligibleIf({ ...central25, cutoffDate: "2025-02-28" }, "2000-02-29")).toBe(true);
    expect(eligibleIf({ ...central25, cutoffDate: "2025-03-01" }, "2000-02-29")).toBe(false);
    // On 1 Mar 2025 the edge is 2 Mar 2000: born 1 Mar 2000 and 29 Feb 2000 both turned 25.
    expect(check({ ...central25, cutoffDate: "2025-03-01" }).window.from).toBe("2000-03-02");
  });

  it("a printed 29 Feb edge moved back by a relaxation lands on 1 Mar, or on 29 Feb in a leap year", () => {
    const printed: PostRules = {
      ...central,
      cutoffDate: "2024-08-01",
      birthWindow: { from: "2000-02-29", to: "2006-08-01" },
      exServicemen: { plusYears: 3 },
      qualification: "10th",
    };
    // OBC 3 years: 29 Feb 1997 does not exist; 28 Feb 1997 stands for 28 Feb 2000, which is out.
    expect(check(printed, { category: "obc" }).window.from).toBe("1997-03-01");
    expect(eligibleIf(printed, "1997-02-28", { category: "obc" })).toBe(false);
    expect(eligibleIf(printed, "1997-03-01", { category: "obc" })).toBe(true);
    // An ex-serviceman with 1 year's service: 1 + 3 = 4 years back, to 29 Feb 1996.
    const esm = { exServicemanYears: 1 };
    expect(check(printed, esm).window.from).toBe("1996-02-29");
    expect(eligibleIf(printed, "1996-02-28", esm)).toBe(false);
    expect(eligibleIf(printed, "1996-02-29", esm)).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties over random notifications and candidates.

const CATEGORIES: Category[] = ["general", "ews", "obc", "sc", "st"];
const LEVELS: QualificationLevel[] = ["10th", "12th", "iti", "diploma", "graduate", "postgraduate"];

const EPOCH_DAYS_1960 = Date.parse("1960-01-01") / DAY_MS;
const EPOCH_DAYS_2035 = Date.parse("2035-12-31") / DAY_MS;
const anyDay = fc
  .integer({ min: EPOCH_DAYS_1960, max: EPOCH_DAYS_2035 })
  .map((day) => new Date(day * DAY_MS).toISOString().slice(0, 10));
/** Leap days and month ends are where date arithmetic goes wrong. */
const day = fc.oneof(
  anyDay,
  fc.constantFrom(
    "2000-02-29",
    "2024-02-29",
    "2021-02-28",
    "2021-03-01",
    "2024-12-31",
    "2025-01-01",
  ),
);
const years = fc.integer({ min: 0, max: 15 });
const relaxationTable = fc.record(
  Object.fromEntries(CATEGORIES.map((c) => [c, years])) as Record<Category, typeof years>,
  { requiredKeys: [] },
);

const post: fc.Arbitrary<PostRules> = fc
  .record({
    minAge: fc.option(fc.integer({ min: 14, max: 30 }), { nil: undefined }),
    span: fc.integer({ min: 1, max: 25 }),
    hasMax: fc.boolean(),
    cutoffDate: day,
    upperRule: fc.constantFrom("not-attained", "completed-years"),
    printed: fc.option(fc.tuple(day, fc.integer({ min: 0, max: 9000 })), { nil: undefined }),
    women: fc.option(
      fc.record({ maxAge: fc.option(fc.integer({ min: 31, max: 45 }), { nil: undefined }) }),
      { nil: undefined },
    ),
    relaxation: relaxationTable,
    pwbdRelaxation: fc.option(relaxationTable, { nil: undefined }),
    exServicemen: fc.option(fc.record({ plusYears: fc.integer({ min: 0, max: 5 }) }), {
      nil: undefined,
    }),
    domicileOnly: fc.boolean(),
    qualification: fc.constantFrom(...LEVELS),
    finalYearAllowed: fc.boolean(),
  })
  .map((p) => ({
    minAge: p.minAge,
    maxAge: p.hasMax ? (p.minAge ?? 18) + p.span : undefined,
    cutoffDate: p.cutoffDate,
    upperRule: p.upperRule,
    ...(p.printed
      ? { birthWindow: { from: p.printed[0], to: shift(p.printed[0], p.printed[1]) } }
      : {}),
    ...(p.women ? { genderLimits: { female: p.women } } : {}),
    relaxation: p.relaxation,
    pwbdRelaxation: p.pwbdRelaxation,
    exServicemen: p.exServicemen,
    state: "Bihar",
    reservedRelaxationDomicileOnly: p.domicileOnly,
    qualification: p.qualification,
    finalYearAllowed: p.finalYearAllowed,
  }));

const profile: fc.Arbitrary<Omit<Profile, "dateOfBirth">> = fc.record({
  gender: fc.constantFrom("male", "female", "other"),
  category: fc.constantFrom(...CATEGORIES),
  pwbd: fc.boolean(),
  exServicemanYears: fc.option(fc.double({ min: 0, max: 20, noNaN: true }), { nil: undefined }),
  domicileState: fc.option(fc.constantFrom("Bihar", "Delhi"), { nil: undefined }),
  qualification: fc.constantFrom(...LEVELS),
  finalYear: fc.boolean(),
});

/** Completed years on `on`, counted the long way, with the 29 Feb birthday kept on 1 Mar. */
function yearsByHand(dateOfBirth: string, on: string): number {
  const [by, birthMonth, birthDay] = dateOfBirth.split("-").map(Number);
  let [bm, bd] = [birthMonth, birthDay];
  const [oy, om, od] = on.split("-").map(Number);
  const leap = (oy % 4 === 0 && oy % 100 !== 0) || oy % 400 === 0;
  if (bm === 2 && bd === 29 && !leap) [bm, bd] = [3, 1];
  return oy - by - (om < bm || (om === bm && od < bd) ? 1 : 0);
}

describe("properties", () => {
  it("moving a birthday one day without crossing an edge of the window never changes the answer", () => {
    fc.assert(
      fc.property(
        post,
        profile,
        fc.constantFrom("inside", "older", "younger"),
        fc.nat(20_000),
        (rules, who, where, offset) => {
          const at = (dateOfBirth: string) => eligibility({ ...who, dateOfBirth }, rules);
          const { window } = at(rules.cutoffDate);
          fc.pre(window.from === undefined || window.from < window.to);
          fc.pre(window.from !== undefined || where !== "older");
          const from = window.from ?? "1900-01-01";
          // Both the birthday and the day after stay on one side of both edges.
          const span = (Date.parse(window.to) - Date.parse(from)) / DAY_MS;
          const birthday =
            where === "inside"
              ? shift(from, offset % span)
              : where === "older"
                ? shift(from, -2 - offset)
                : shift(window.to, 1 + offset);
          const today = at(birthday);
          const tomorrow = at(shift(birthday, 1));
          expect(today.window).toEqual(window);
          expect(tomorrow.eligible).toBe(today.eligible);
          // Inside the window the answer is the qualification's alone; outside it is no.
          const qualified = at(window.to).eligible;
          expect(today.eligible).toBe(where === "inside" && qualified);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("the window's edges are exactly where the age, counted by hand, crosses the limits", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 14, max: 30 }),
        fc.integer({ min: 1, max: 25 }),
        day,
        fc.constantFrom("not-attained", "completed-years"),
        fc.constantFrom(...CATEGORIES),
        relaxationTable,
        (minAge, span, cutoffDate, upperRule, category, relaxation) => {
          const maxAge = minAge + span;
          const rules: PostRules = {
            minAge,
            maxAge,
            cutoffDate,
            upperRule,
            relaxation,
            qualification: "10th",
            finalYearAllowed: false,
          };
          const { window } = eligibility(person({ category }), rules);
          const limit = maxAge + (relaxation[category] ?? 0);
          const tooOld = (dob: string) =>
            upperRule === "not-attained"
              ? yearsByHand(dob, cutoffDate) >= limit
              : yearsByHand(dob, cutoffDate) > limit;
          expect(yearsByHand(window.to, cutoffDate)).toBeGreaterThanOrEqual(minAge);
          expect(yearsByHand(shift(window.to, 1), cutoffDate)).toBeLessThan(minAge);
          expect(tooOld(window.from!)).toBe(false);
          expect(tooOld(shift(window.from!, -1))).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("PwBD years replace the category's and are never added to them", () => {
    fc.assert(
      fc.property(post, profile, (rules, who) => {
        const pwbdYears = rules.pwbdRelaxation?.[who.category];
        fc.pre(pwbdYears !== undefined);
        // Domiciled in the post's state, so the category counted is the candidate's own.
        const candidate = {
          ...who,
          pwbd: true,
          domicileState: "Bihar",
          dateOfBirth: rules.cutoffDate,
        };
        const asCategoryYears: PostRules = {
          ...rules,
          relaxation: { ...rules.relaxation, [who.category]: pwbdYears },
          pwbdRelaxation: undefined,
        };
        expect(eligibility(candidate, rules).window).toEqual(
          eligibility({ ...candidate, pwbd: false }, asCategoryYears).window,
        );
      }),
      { numRuns: 300 },
    );
  });

  it("every decision explains itself: one sentence per age side and qualification, 'not met.' exactly when ineligible", () => {
    fc.assert(
      fc.property(post, profile, day, (rules, who, dateOfBirth) => {
        const result = said(eligibility({ ...who, dateOfBirth }, rules));
        expect(result.ageText).toMatch(
          /^You are (not yet born|\d+ years?( \d+ months?)?) on \d{1,2} [A-Z][a-z]{2} \d{4}$/,
        );
        const count = (start: RegExp) => result.reasons.filter((r) => start.test(r)).length;
        expect(count(/^(Born on or before|Minimum age|No minimum age)/)).toBe(1);
        expect(count(/^(Born on or after|Upper limit|No upper age limit)/)).toBe(1);
        expect(count(/^(Qualification|No minimum qualification)/)).toBe(1);
        expect(result.reasons.some((r) => r.includes("not met."))).toBe(!result.eligible);
      }),
      { numRuns: 500 },
    );
  });
});
