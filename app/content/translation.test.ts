import { describe, expect, it } from "vitest";
import { dataSchema, hindiFields, type EntryData } from "./fields.ts";
import { REGISTRY } from "./registry.ts";
import { hasHindi, inHindi, stampTranslation, translationState } from "./translation.ts";

const JOB = REGISTRY.job.sections;

const english = {
  title: "UP Police Constable Recruitment 2026",
  data: {
    summary: "Applications are invited for 60,244 posts of constable.",
    feeNote: "Pay online by debit card.",
    lastDate: "2030-01-31",
    faqs: [
      { question: "What is the last date?", answer: "31 January 2030." },
      { question: "Is there an exam?", answer: "Yes, a written exam." },
    ],
  } as EntryData,
};

describe("the Hindi twin of a kind's fields", () => {
  const names = hindiFields(JOB).map((f) => f.name);

  it("has a Hindi title and every text an editor writes, but no dates, numbers or addresses", () => {
    expect(names).toContain("hi_title");
    expect(names).toContain("hi_summary");
    expect(names).toContain("hi_feeNote");
    expect(names).toContain("hi_faqs");
    expect(names).not.toContain("hi_lastDate");
    expect(names).not.toContain("hi_applyUrl");
    expect(names).not.toContain("hi_salaryMin");
    const faqs = hindiFields(JOB).find((f) => f.name === "hi_faqs");
    expect(faqs?.type === "rows" && faqs.columns.map((c) => [c.name, c.required])).toEqual([
      ["question", false],
      ["answer", false],
    ]);
  });

  it("is checked by the kind's schema with the English field's limits, never required", () => {
    // Only the Hindi fields are checked here: the English ones the sample leaves out are optional.
    const schema = dataSchema(JOB).partial();
    const ok = schema.safeParse({ ...english.data, hi_summary: "60,244 पदों पर भर्ती।" });
    expect(ok.error?.issues).toBeUndefined();
    expect(ok.data).toMatchObject({ hi_summary: "60,244 पदों पर भर्ती।" });
    const long = schema.safeParse({ ...english.data, hi_title: "क".repeat(301) });
    expect(long.success).toBe(false);
    expect(long.error?.issues.map((i) => i.path)).toEqual([["hi_title"]]);
    // Unknown keys are still dropped: only the registry's fields and their twins are kept.
    const stray = schema.parse({ ...english.data, hi_lastDate: "2030-01-01", hi_other: "x" });
    expect(stray).not.toHaveProperty("hi_lastDate");
    expect(stray).not.toHaveProperty("hi_other");
  });
});

describe("translationState", () => {
  it("is missing without a Hindi title, partial or complete by the English text", () => {
    expect(translationState(JOB, english.title, english.data).state).toBe("missing");
    const partial = { ...english.data, hi_title: "यूपी पुलिस कांस्टेबल भर्ती 2026" };
    const state = translationState(JOB, english.title, partial);
    expect(state.state).toBe("partial");
    expect(state.untranslated).toEqual([
      "summary",
      "feeNote",
      "faqs.0.question",
      "faqs.0.answer",
      "faqs.1.question",
      "faqs.1.answer",
    ]);
    const complete = {
      ...partial,
      hi_summary: "कांस्टेबल के 60,244 पदों के लिए आवेदन मांगे गए हैं।",
      hi_feeNote: "डेबिट कार्ड से ऑनलाइन भुगतान करें।",
      hi_faqs: [
        { question: "अंतिम तिथि क्या है?", answer: "31 जनवरी 2030।" },
        { question: "क्या परीक्षा होगी?", answer: "हां, लिखित परीक्षा।" },
      ],
    };
    expect(translationState(JOB, english.title, complete)).toEqual({
      state: "complete",
      untranslated: [],
    });
    expect(hasHindi(complete)).toBe(true);
    expect(hasHindi(english.data)).toBe(false);
  });

  it("says 'changed' when the English words were saved after the Hindi ones", () => {
    const withHindi = { ...english.data, hi_title: "यूपी पुलिस भर्ती", hi_summary: "भर्ती।" };
    const first = stampTranslation(JOB, undefined, { ...english, data: withHindi }, "2026-11-01");
    expect(translationState(JOB, english.title, first).state).not.toBe("changed");
    // An English-only edit: the English stamp moves, the Hindi one stays.
    const second = stampTranslation(
      JOB,
      { title: english.title, data: first },
      { title: english.title, data: { ...first, summary: "Now 61,000 posts." } },
      "2026-11-05",
    );
    expect(second.textChangedAt).toBe("2026-11-05");
    expect(second.hi_changedAt).toBe("2026-11-01");
    expect(translationState(JOB, english.title, second).state).toBe("changed");
    // A date change is not a change of words.
    const third = stampTranslation(
      JOB,
      { title: english.title, data: first },
      { title: english.title, data: { ...first, lastDate: "2030-02-28" } },
      "2026-11-06",
    );
    expect(third.textChangedAt).toBe("2026-11-01");
    // Updating the Hindi afterwards clears it.
    const fourth = stampTranslation(
      JOB,
      { title: english.title, data: second },
      { title: english.title, data: { ...second, hi_summary: "अब 61,000 पद।" } },
      "2026-11-07",
    );
    expect(translationState(JOB, english.title, fourth).state).not.toBe("changed");
  });
});

describe("inHindi", () => {
  it("shows the Hindi words where they exist and keeps the rest", () => {
    const data = {
      ...english.data,
      hi_title: "यूपी पुलिस कांस्टेबल भर्ती 2026",
      hi_summary: "कांस्टेबल के 60,244 पद।",
      hi_faqs: [{ question: "अंतिम तिथि क्या है?", answer: "" }],
    };
    const page = inHindi(JOB, { title: english.title, data: data as EntryData });
    expect(page.title).toBe("यूपी पुलिस कांस्टेबल भर्ती 2026");
    expect(page.data.summary).toBe("कांस्टेबल के 60,244 पद।");
    expect(page.data.feeNote).toBe("Pay online by debit card.");
    expect(page.data.lastDate).toBe("2030-01-31");
    expect(page.data.faqs).toEqual([
      { question: "अंतिम तिथि क्या है?", answer: "31 January 2030." },
      { question: "Is there an exam?", answer: "Yes, a written exam." },
    ]);
  });
});
