import { describe, expect, it } from "vitest";
import { mergeEdits, sameValue } from "./entry-merge.ts";
import type { FormTree } from "./form-data.ts";

const form = (data: FormTree, title = "Clerk"): FormTree => ({
  title,
  slug: "clerk",
  organization: "CSSA",
  status: "published",
  publishAt: "",
  jobId: "",
  data,
});

describe("mergeEdits", () => {
  const base = form({ lastDate: "2030-01-31", feeNote: "Pay online.", examDate: "2030-03-01" });

  it("takes what only they changed, keeps what only I changed, and marks what both changed", () => {
    const theirs = form({
      ...(base.data as FormTree),
      lastDate: "2030-02-28",
      examDate: "2030-04-01",
    });
    const mine = form({
      ...(base.data as FormTree),
      feeNote: "Pay by UPI.",
      examDate: "2030-05-01",
    });
    const { merged, conflicts, adopted } = mergeEdits(base, mine, theirs);
    expect(adopted).toEqual(["data.lastDate"]);
    expect(conflicts).toEqual(["data.examDate"]);
    expect(merged.data).toEqual({
      lastDate: "2030-02-28",
      feeNote: "Pay by UPI.",
      examDate: "2030-05-01",
    });
  });

  it("does not call the same change made twice a conflict", () => {
    const both = form({ ...(base.data as FormTree), lastDate: "2030-02-28" });
    expect(mergeEdits(base, both, both)).toMatchObject({ conflicts: [], adopted: [] });
  });

  it("without the common version, marks every field that differs", () => {
    const mine = form({ lastDate: "2030-01-31" }, "Clerk (mine)");
    const theirs = form({ lastDate: "2030-02-28" });
    expect(mergeEdits(null, mine, theirs).conflicts).toEqual(["title", "data.lastDate"]);
  });

  it("reads blanks, spaces, numbers and a Hindi table's place-holders as people mean them", () => {
    expect(sameValue(undefined, "")).toBe(true);
    expect(sameValue("100", 100 as unknown as string)).toBe(true);
    expect(sameValue(" Pay ", "Pay")).toBe(true);
    expect(sameValue([{ rowGap: "1" }, { q: "क" }], [{}, { q: "क" }])).toBe(true);
    expect(sameValue([{ a: "1", b: "" }], [{ b: "", a: "1" }, {}])).toBe(true);
    expect(sameValue([{ a: "1" }], [{ a: "2" }])).toBe(false);
  });
});
