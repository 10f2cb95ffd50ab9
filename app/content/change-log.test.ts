import { describe, expect, it } from "vitest";
import { keyChanges } from "./change-log.ts";

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
});
