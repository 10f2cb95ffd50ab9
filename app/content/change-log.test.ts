import { describe, expect, it } from "vitest";
import { changes as en } from "~/i18n/catalog/en/changes.ts";
import { changes as hi } from "~/i18n/catalog/hi/changes.ts";
import { changeWords, keyChanges, readKeyChange, type KeyChange } from "./change-log.ts";

const inEnglish = (c: KeyChange) => changeWords(c, en, "en");
const inHindi = (c: KeyChange) => changeWords(c, hi, "hi");

describe("keyChanges", () => {
  const job = {
    summary: "Clerk posts",
    lastDate: "2026-11-24",
    examDate: "",
    fees: [{ category: "General", amount: 100 }],
    hi_fees: [{ category: "सामान्य" }],
    posts: [{ post: "Clerk", total: 50 }],
    applyUrl: "https://cssa.gov.in/apply",
  };

  it("says a later last date is an extension, with both dates", () => {
    const [extended] = keyChanges("job", job, { ...job, lastDate: "2026-11-30" });
    expect(extended).toEqual({
      code: "date-extended",
      values: { field: "lastDate", from: "2026-11-24", to: "2026-11-30" },
    });
    expect(inEnglish(extended)).toEqual({
      headline: "Last date extended",
      detail: "Last date extended from 24 Nov 2026 to 30 Nov 2026",
    });
    expect(inEnglish(keyChanges("job", job, { ...job, lastDate: "2026-11-20" })[0]).headline).toBe(
      "Last date changed",
    );
  });

  it("announces new dates and links, vacancy and fee changes", () => {
    const after = {
      ...job,
      examDate: "2027-01-10",
      posts: [
        { post: "Clerk", total: 50 },
        { post: "Typist", total: 30 },
      ],
      fees: [
        { category: "General", amount: 200 },
        { category: "Women", amount: 0 },
      ],
      hi_fees: [{ category: "सामान्य" }, { category: "महिलाएं" }],
      notificationUrl: "https://cssa.gov.in/notice.pdf",
    };
    expect(keyChanges("job", job, after).map((c) => inEnglish(c).detail)).toEqual([
      "Exam date announced: 10 Jan 2027",
      "Vacancies increased from 50 to 80",
      "Application fee now General: ₹200; Women: no fee",
      "Notification added",
    ]);
  });

  it("stays silent about edits a reader does not act on", () => {
    expect(keyChanges("job", job, { ...job, summary: "Clerk posts, reworded" })).toEqual([]);
    expect(keyChanges("job", job, { ...job })).toEqual([]);
    // A date removed is not news to announce (the editor will say why in the text).
    expect(keyChanges("job", job, { ...job, lastDate: "" })).toEqual([]);
    // The Hindi of a fee row is not a fee change.
    expect(keyChanges("job", job, { ...job, hi_fees: [{ category: "अनारक्षित" }] })).toEqual([]);
  });

  it("knows each kind's own key facts", () => {
    const [link] = keyChanges(
      "result",
      { resultDate: "2026-11-01" },
      { resultDate: "2026-11-01", resultUrl: "https://x.gov.in/r" },
    );
    expect(inEnglish(link)).toEqual({ headline: "Result link added", detail: "Result link added" });
    expect(
      inEnglish(
        keyChanges("answer-key", { objectionEnd: "2026-11-25" }, { objectionEnd: "2026-11-28" })[0],
      ).detail,
    ).toBe("Objection window extended from 25 Nov 2026 to 28 Nov 2026");
  });
});

// Issue 29: a Hindi reader's bell, page and mail say what changed in Hindi, from the same data.
describe("changeWords in Hindi", () => {
  const before = {
    lastDate: "2026-11-24",
    fees: [{ category: "General", amount: 100 }],
    hi_fees: [{ category: "सामान्य" }],
    posts: [{ post: "Clerk", total: 50 }],
  };

  it("words every change from its code, dates in Hindi, fee categories from the Hindi rows", () => {
    const after = {
      ...before,
      lastDate: "2026-11-30",
      examDate: "2027-01-10",
      posts: [{ post: "Clerk", total: 40 }],
      fees: [{ category: "General", amount: 0 }],
      resultUrl: "https://x.gov.in/r",
    };
    expect(keyChanges("job", before, after).map(inHindi)).toEqual([
      {
        headline: "अंतिम तिथि में विस्तार",
        detail: "अंतिम तिथि में विस्तार: 24 नवंबर 2026 से बढ़कर 30 नवंबर 2026",
      },
      { headline: "परीक्षा तिथि की घोषणा", detail: "परीक्षा तिथि की घोषणा: 10 जनवरी 2027" },
      { headline: "पदों की संख्या घटी", detail: "पदों की संख्या 50 से घटकर 40" },
      { headline: "आवेदन शुल्क में बदलाव", detail: "आवेदन शुल्क अब सामान्य: कोई शुल्क नहीं" },
    ]);
  });

  it("has Hindi words for every field and code the rules can name", () => {
    const fields = Object.keys(en.fields);
    expect(Object.keys(hi.fields).sort()).toEqual([...fields].sort());
    for (const text of [...Object.values(hi.fields), ...Object.values(hi.headlines)])
      expect(text, text).toMatch(/[\u0900-\u097f]/);
  });

  it("reads what the write path stored, and nothing else", () => {
    const change: KeyChange = { code: "link-added", values: { field: "resultUrl" } };
    expect(readKeyChange(JSON.stringify(change))).toEqual(change);
    expect(readKeyChange(null)).toBeUndefined();
    expect(readKeyChange("not json")).toBeUndefined();
    expect(readKeyChange('{"headline":"x"}')).toBeUndefined();
  });
});
