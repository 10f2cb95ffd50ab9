import { describe, expect, it } from "vitest";
import {
  keyWindows,
  nextUpcoming,
  past,
  reminderStage,
  upcoming,
  windowSources,
} from "./windows.ts";

// SSC CGL 2025 as the issue tells it: apply until 4 Jul, fee until 5 Jul, Tier-1 in September.
const cgl = {
  applicationStart: "2025-06-09",
  lastDate: "2025-07-04",
  feeLastDate: "2025-07-05",
  examDate: "2025-09-12",
  admitCardDate: "2025-09-01",
  summary: "not a date",
};

describe("keyWindows", () => {
  it("reads a job's windows from its dates, in the order a candidate meets them", () => {
    expect(keyWindows("job", cgl)).toEqual([
      {
        code: "apply",
        field: "lastDate",
        start: "2025-06-09",
        end: "2025-07-04",
        remindOn: "2025-07-04",
      },
      { code: "fee", field: "feeLastDate", start: null, end: "2025-07-05", remindOn: "2025-07-05" },
      { code: "admitCard", field: "admitCardDate", start: null, end: "2025-09-01", remindOn: null },
      { code: "exam", field: "examDate", start: null, end: "2025-09-12", remindOn: "2025-09-12" },
    ]);
  });

  it("reads an exam over several days, an objection window, and leaves out what is not a date", () => {
    expect(keyWindows("admit-card", { examDate: "2025-09-12", examDateEnd: "2025-09-26" })).toEqual(
      [
        {
          code: "exam",
          field: "examDate",
          start: "2025-09-12",
          end: "2025-09-26",
          remindOn: "2025-09-12",
        },
      ],
    );
    expect(
      keyWindows("answer-key", {
        releaseDate: "2025-10-01",
        objectionStart: "2025-10-02",
        objectionEnd: "2025-10-06",
        examDate: "12 Sep",
      }),
    ).toEqual([
      { code: "answerKey", field: "releaseDate", start: null, end: "2025-10-01", remindOn: null },
      {
        code: "objections",
        field: "objectionEnd",
        start: "2025-10-02",
        end: "2025-10-06",
        remindOn: "2025-10-06",
      },
    ]);
    expect(keyWindows("syllabus", { examDate: "2025-09-12" })).toEqual([]);
    // An exam "ending" before it starts is one day.
    expect(
      keyWindows("admit-card", { examDate: "2025-09-12", examDateEnd: "2025-09-01" })[0],
    ).toMatchObject({
      start: null,
      end: "2025-09-12",
      field: "examDate",
    });
  });
});

describe("upcoming", () => {
  it("puts the soonest first: the application, then the fee, then the admit card and exam", () => {
    const list = upcoming(keyWindows("job", cgl), "2025-06-25");
    expect(list.map((u) => [u.window.code, u.on, u.days, u.phase])).toEqual([
      ["apply", "2025-07-04", 9, "closes"],
      ["fee", "2025-07-05", 10, "closes"],
      ["admitCard", "2025-09-01", 68, "on"],
      ["exam", "2025-09-12", 79, "on"],
    ]);
  });

  it("says a window that has not opened opens later, and drops what has passed", () => {
    expect(upcoming(keyWindows("job", cgl), "2025-06-01")[0]).toMatchObject({
      on: "2025-06-09",
      phase: "opens",
      days: 8,
    });
    const after = upcoming(keyWindows("job", cgl), "2025-07-05");
    expect(after.map((u) => u.window.code)).toEqual(["fee", "admitCard", "exam"]);
    expect(after[0].days).toBe(0);
    expect(nextUpcoming(keyWindows("job", cgl), "2025-09-13")).toBeUndefined();
    expect(past(keyWindows("job", cgl), "2025-09-13").map((w) => w.code)).toEqual([
      "exam",
      "admitCard",
      "fee",
      "apply",
    ]);
  });

  it("follows an exam over several days until its last day", () => {
    const windows = keyWindows("admit-card", { examDate: "2025-09-12", examDateEnd: "2025-09-26" });
    expect(upcoming(windows, "2025-09-01")[0]).toMatchObject({ on: "2025-09-12", days: 11 });
    expect(upcoming(windows, "2025-09-20")[0]).toMatchObject({ on: "2025-09-26", days: 6 });
  });
});

describe("reminderStage", () => {
  it("is 7 from a week to three days before, 2 on the two days before, 0 on the day, none else", () => {
    expect([8, 7, 6, 3, 2, 1, 0, -1].map(reminderStage)).toEqual([null, 7, 7, 7, 2, 2, 0, null]);
  });
});

describe("windowSources", () => {
  it("names the kinds and date fields the exam calendar reads, from the rules", () => {
    const { kinds, fields } = windowSources(["exam", "admitCard", "objections"]);
    expect(kinds).toEqual(["job", "admit-card", "answer-key"]);
    expect([...fields].sort()).toEqual([
      "admitCardDate",
      "examDate",
      "objectionEnd",
      "releaseDate",
    ]);
    expect(windowSources(["result"]).kinds).toEqual(["job", "result"]);
    expect(windowSources([])).toEqual({ kinds: [], fields: [] });
  });
});
