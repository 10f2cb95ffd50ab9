import { describe, expect, it } from "vitest";
import { describeChange } from "~/i18n/change-words.ts";
import { detail as en } from "~/i18n/catalog/en/detail.ts";
import { detail as hi } from "~/i18n/catalog/hi/detail.ts";
import { keyChanges as facts } from "./change-log.ts";
import type { EntryData } from "./fields.ts";
import type { Kind } from "./kinds.ts";

/** The facts in English words, as the page and the alerts say them. */
const keyChanges = (kind: Kind, before: EntryData, after: EntryData) =>
  facts(kind, before, after).map((f) => describeChange(f, en.changes, "en"));

describe("keyChanges", () => {
  const job = {
    summary: "Clerk posts",
    lastDate: "2026-11-24",
    examDate: "",
    fees: [{ category: "General", amount: 100 }],
    posts: [{ post: "Clerk", total: 50 }],
    applyUrl: "https://cssa.gov.in/apply",
  };

  it("says a later last date is an extension, with both dates", () => {
    expect(keyChanges("job", job, { ...job, lastDate: "2026-11-30" })).toEqual([
      {
        headline: "Last date extended",
        detail: "Last date extended from 24 Nov 2026 to 30 Nov 2026",
      },
    ]);
    expect(keyChanges("job", job, { ...job, lastDate: "2026-11-20" })[0].headline).toBe(
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
      fees: [{ category: "General", amount: 200 }],
      notificationUrl: "https://cssa.gov.in/notice.pdf",
    };
    expect(keyChanges("job", job, after).map((c) => c.detail)).toEqual([
      "Exam date announced: 10 Jan 2027",
      "Vacancies increased from 50 to 80",
      "Application fee now General: ₹200",
      "Notification added",
    ]);
  });

  it("puts first what matters most to an applicant: last date, exam date, fee date, then the rest", () => {
    const before = { ...job, feeLastDate: "2026-11-26", examDate: "2027-01-10" };
    const after = {
      ...before,
      notificationUrl: "https://cssa.gov.in/notice.pdf",
      posts: [{ post: "Clerk", total: 60 }],
      feeLastDate: "2026-11-30",
      examDate: "2027-01-20",
      lastDate: "2026-11-28",
    };
    expect(keyChanges("job", before, after).map((c) => c.headline)).toEqual([
      "Last date extended",
      "Exam date changed",
      "Last date for fee payment extended",
      "Vacancies increased",
      "Notification added",
    ]);
  });

  it("stays silent about edits a reader does not act on", () => {
    expect(keyChanges("job", job, { ...job, summary: "Clerk posts, reworded" })).toEqual([]);
    expect(keyChanges("job", job, { ...job })).toEqual([]);
    // A date removed is not news to announce (the editor will say why in the text).
    expect(keyChanges("job", job, { ...job, lastDate: "" })).toEqual([]);
  });

  it("knows each kind's own key facts", () => {
    expect(
      keyChanges(
        "result",
        { resultDate: "2026-11-01" },
        { resultDate: "2026-11-01", resultUrl: "https://x.gov.in/r" },
      ),
    ).toEqual([{ headline: "Result link added", detail: "Result link added" }]);
    expect(
      keyChanges("answer-key", { objectionEnd: "2026-11-25" }, { objectionEnd: "2026-11-28" })[0]
        .detail,
    ).toBe("Objection window extended from 25 Nov 2026 to 28 Nov 2026");
  });

  describe("a fee change", () => {
    const fees = (general: number) => ({
      ...job,
      fees: [
        { category: "General / OBC / EWS", amount: general },
        { category: "Women (all categories)", amount: 0 },
      ],
      hi_fees: [{ category: "सामान्य / OBC / EWS" }, { category: "महिलाएं (सभी वर्ग)" }],
    });
    /** Words written in Latin letters that are not abbreviations (OBC, EWS are allowed). */
    const latinWords = (s: string) => (s.match(/[A-Za-z]+/g) ?? []).filter((w) => /[a-z]/.test(w));

    it("names the categories in the reader's language: the Hindi fee table's on a Hindi page", () => {
      const [fact] = facts("job", fees(100), fees(200));
      expect(describeChange(fact, en.changes, "en").detail).toBe(
        "Application fee now General / OBC / EWS: ₹200; Women (all categories): ₹0",
      );
      const hindi = describeChange(fact, hi.changes, "hi");
      expect(hindi.detail).toBe("आवेदन शुल्क अब: सामान्य / OBC / EWS: ₹200; महिलाएं (सभी वर्ग): ₹0");
      expect(latinWords(hindi.headline + hindi.detail)).toEqual([]);
    });

    it("says a category the entry has no Hindi for as it is, and says nothing of a Hindi-only edit", () => {
      const [fact] = facts("job", { ...fees(100), hi_fees: [] }, { ...fees(200), hi_fees: [] });
      expect(describeChange(fact, hi.changes, "hi").detail).toBe(
        "आवेदन शुल्क अब: General / OBC / EWS: ₹200; Women (all categories): ₹0",
      );
      expect(facts("job", fees(100), { ...fees(100), hi_fees: [{ category: "सामान्य" }] })).toEqual(
        [],
      );
    });

    it("still shows a fee line saved as words before fee changes were data", () => {
      const old = { field: "fees", code: "fee", to: "General: ₹200; OBC: ₹100" } as const;
      expect(describeChange(old, hi.changes, "hi").detail).toBe(
        "आवेदन शुल्क अब: General: ₹200; OBC: ₹100",
      );
      expect(describeChange(old, en.changes, "en").detail).toBe(
        "Application fee now General: ₹200; OBC: ₹100",
      );
    });
  });

  it("says the same lines in Hindi on a Hindi page", () => {
    const after = { ...job, lastDate: "2026-11-30", posts: [{ post: "Clerk", total: 80 }] };
    expect(facts("job", job, after).map((f) => describeChange(f, hi.changes, "hi"))).toEqual([
      {
        headline: "आवेदन की अंतिम तिथि बढ़ी",
        detail: "आवेदन की अंतिम तिथि 24 नवंबर 2026 से बढ़ाकर 30 नवंबर 2026 कर दी गई",
      },
      { headline: "कुल पद बढ़े", detail: "कुल पद 50 से बढ़कर 80" },
    ]);
  });
});
