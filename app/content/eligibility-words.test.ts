import { describe, expect, it } from "vitest";
import { en } from "~/i18n/catalog/en/index.ts";
import { hi } from "~/i18n/catalog/hi/index.ts";
import { checkContact } from "./contact-checks.ts";
import { CONTACT_TEXT, contactRetryText } from "./contact.ts";
import { eligibility } from "./eligibility.ts";
import { CENTRAL_PWBD_RELAXATION, CENTRAL_RELAXATION } from "./eligibility-terms.ts";
import type { PostRules, Profile } from "./eligibility-types.ts";
import { parseProfile, quickAnswers, quickCheck } from "./job-eligibility.ts";
import { ENGLISH_RULE_WORDS } from "~/i18n/catalog/en/rule-words.ts";
import { explain, sayErrors, sayQuick } from "~/i18n/eligibility-words.ts";
import { said as inWords } from "../../test/eligibility-said.ts";

/**
 * Issue 14: the rules speak the page's language. The English sentences are tested word for word
 * in eligibility.test.ts and job-eligibility.test.ts (with the default words, which the English
 * catalogue sends); here the Hindi ones, and that no English is left in them.
 */

const H = hi.eligibility.rules;

const person = (overrides: Partial<Profile> = {}): Profile => ({
  dateOfBirth: "1999-09-20",
  gender: "male",
  category: "obc",
  pwbd: false,
  qualification: "graduate",
  finalYear: false,
  ...overrides,
});

/** "Upper age 30 on 1 Jan 2027", central relaxations, graduates. */
const POST: PostRules = {
  minAge: 18,
  maxAge: 30,
  cutoffDate: "2027-01-01",
  upperRule: "not-attained",
  relaxation: CENTRAL_RELAXATION,
  pwbdRelaxation: CENTRAL_PWBD_RELAXATION,
  exServicemen: { plusYears: 3 },
  qualification: "graduate",
  disciplines: ["engineering"],
  alsoRequired: ["education"],
  finalYearAllowed: false,
};

/** Latin words other than the acronyms Hindi job sites keep as they are. */
const english = (text: string) =>
  text
    .replace(/\S+@\S+/g, "")
    .replace(/\b(OBC|SC|ST|EWS|PwBD|ITI|General|Engineering)\b/g, "")
    // The subjects keep the word people see on their certificate, in brackets.
    .replace(/\((MBBS|B\.Ed\.|Arts|Commerce|Science|Law|Agriculture)\)/g, "")
    .match(/[A-Za-z]{2,}/g);

describe("the rules in Hindi", () => {
  it("the English catalogue sends exactly the default words", () => {
    expect(en.eligibility.rules).toBe(ENGLISH_RULE_WORDS);
    expect(en.contact.text).toBe(CONTACT_TEXT);
  });

  it("says the age and the upper limit as a Hindi job site would", () => {
    const decided = eligibility(person({ discipline: "engineering" }), POST);
    const result = inWords(decided, H);
    expect(result.ageText).toBe("आपकी आयु 1 जनवरी 2027 को 27 वर्ष 3 महीने है");
    expect(result.verdict).toBe("check");
    expect(result.reasons.join("\n")).toContain("अधिकतम आयु सीमा 30 + 3 (OBC) = 33");
    expect(result.reasons.at(-1)).toBe(`योग्यता: ग्रेजुएट चाहिए; आपकी योग्यता ग्रेजुएट है: ${H.met}`);
    expect(explain(decided, H)).toEqual({
      reasons: [
        ...result.reasons,
        `विषय: इंजीनियरिंग/टेक्नोलॉजी में ग्रेजुएट चाहिए; आपका विषय इंजीनियरिंग/टेक्नोलॉजी है: ${H.met}`,
        "पहले जांचें: साथ में शिक्षा (B.Ed.) भी चाहिए, जो आपकी जानकारी में नहीं दिखता।",
      ],
      checks: ["पहले जांचें: साथ में शिक्षा (B.Ed.) भी चाहिए, जो आपकी जानकारी में नहीं दिखता।"],
    });
    // The same decision and window as in English.
    const inEnglish = eligibility(person(), POST);
    expect(result.window).toEqual(inEnglish.window);
    expect(result.reasons).toHaveLength(inEnglish.reasons.length);
    expect(inWords(eligibility(person({ dateOfBirth: "2025-12-01" }), POST), H).ageText).toBe(
      "आपकी आयु 1 जनवरी 2027 को 1 वर्ष 1 महीना है",
    );
  });

  it("leaves no English in any sentence the rules can say", () => {
    const profiles: Profile[] = [
      person(),
      person({ discipline: "arts" }),
      person({ discipline: "engineering", qualification: "postgraduate" }),
      person({ discipline: "education" }),
      person({ discipline: "other" }),
      person({ dateOfBirth: "2010-03-01", qualification: "12th", finalYear: true }),
      person({ pwbd: true, category: "sc", dateOfBirth: "1980-01-01" }),
      person({ exServicemanYears: 6.5, category: "general", dateOfBirth: "1985-05-05" }),
      person({ gender: "female", domicileState: "Delhi", qualification: "10th" }),
      person({ dateOfBirth: "2030-01-01" }),
    ];
    const posts: PostRules[] = [
      POST,
      { ...POST, upperRule: "completed-years", finalYearAllowed: true, alsoRequired: undefined },
      { ...POST, disciplines: ["arts", "commerce", "science"], alsoRequired: ["education", "law"] },
      { ...POST, disciplines: undefined, subjects: "इतिहास या भूगोल" },
      { ...POST, birthWindow: { from: "1997-01-02", to: "2009-01-01" }, pwbdRelaxation: undefined },
      {
        ...POST,
        minAge: undefined,
        maxAge: undefined,
        exServicemen: undefined,
        qualification: "iti",
      },
      {
        ...POST,
        state: "Bihar",
        reservedRelaxationDomicileOnly: true,
        genderLimits: { female: { maxAge: 35 } },
        qualification: undefined,
      },
    ];
    const said = new Set<string>();
    const codes = new Set<string>();
    for (const profile of profiles) {
      for (const post of posts) {
        const result = eligibility(profile, post);
        for (const text of [inWords(result, H).ageText, ...explain(result, H).reasons]) {
          said.add(text);
        }
        const { dateOfBirth, category } = profile;
        const quick = quickCheck({ dateOfBirth, category }, post);
        for (const text of explain(quick, H).reasons) said.add(text);
        for (const finding of [...result.findings, ...quick.findings]) codes.add(finding.code);
      }
    }
    expect(said.size).toBeGreaterThan(40);
    // Every kind of finding was said at least once.
    expect([...codes].sort()).toEqual(Object.keys(H.findings).sort());
    expect([...said].some((text) => text.includes("केवल बिहार के मूल निवासियों"))).toBe(true);
    for (const text of said) expect(english(text), text).toBeNull();
  });

  it("words the profile form's messages in Hindi", () => {
    const parsed = parseProfile({ dobDay: "31", dobMonth: "2", dobYear: "2001" }, "2026-11-23");
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? {} : sayErrors(parsed.errors, H)).toEqual({
      dob: H.errors.dobNotReal,
      gender: H.errors.gender,
      category: H.errors.category,
      qualification: H.errors.qualification,
    });
    expect(sayQuick(quickAnswers({}, [], "2026-11-23"), H)).toEqual({
      ok: false,
      errors: { dob: H.errors.dobMissing, category: H.errors.category },
    });
  });
});

describe("the contact form in Hindi", () => {
  it("answers with the Hindi messages, the English ones unchanged by default", () => {
    const text = hi.contact.text;
    expect(checkContact({ name: "", email: "x@", message: "छोटा" }, text)).toEqual({
      ok: false,
      errors: { name: text.nameRequired, email: text.emailInvalid, message: text.messageTooShort },
    });
    expect(checkContact({ name: "", email: "", message: "" })).toEqual({
      ok: false,
      errors: {
        name: "Please enter your name.",
        email: "Please enter your email address, so that we can reply.",
        message: "Please write your message.",
      },
    });
    expect(contactRetryText(90, text)).toBe(
      "आपने कम समय में कई संदेश भेजे हैं। कृपया 2 मिनट बाद फिर से कोशिश करें।",
    );
    for (const message of Object.values(text)) expect(english(message), message).toBeNull();
  });
});
