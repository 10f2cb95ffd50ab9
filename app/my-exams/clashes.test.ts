import { describe, expect, it } from "vitest";
import { clashes } from "./clashes.ts";

describe("clashes", () => {
  const exam = (start: string | null, end: string) => ({
    code: "exam" as const,
    field: "examDate",
    start,
    end,
    remindOn: start ?? end,
  });

  it("flags two saved exams on the same day, and overlapping exam days", () => {
    const groups = [
      { id: "cse", windows: [exam(null, "2025-09-20")] },
      { id: "fssai", windows: [exam(null, "2025-09-20")] },
      { id: "cgl", windows: [exam("2025-09-12", "2025-09-26")] },
      { id: "later", windows: [exam(null, "2025-10-30")] },
    ];
    expect(clashes(groups, "2025-09-01")).toEqual([
      { a: "cse", b: "fssai", code: "sameDay", on: "2025-09-20" },
      { a: "cse", b: "cgl", code: "overlap", on: "2025-09-20" },
      { a: "fssai", b: "cgl", code: "overlap", on: "2025-09-20" },
    ]);
  });

  it("does not flag a job against its own admit card, nor a clash already past", () => {
    const job = {
      id: "job",
      windows: [exam(null, "2025-09-20"), exam("2025-09-20", "2025-09-21")],
    };
    expect(clashes([job], "2025-09-01")).toEqual([]);
    const other = { id: "other", windows: [exam(null, "2025-09-20")] };
    expect(clashes([job, other], "2025-09-22")).toEqual([]);
  });
});
