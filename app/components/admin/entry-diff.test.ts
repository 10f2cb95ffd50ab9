import { describe, expect, it } from "vitest";
import type { Comparable } from "~/content/entry-shapes.ts";
import { diffEntries } from "./entry-diff.ts";

const base: Comparable = {
  title: "Clerk Recruitment",
  slug: "clerk-recruitment",
  organization: "Board",
  status: "published",
  publishAt: null,
  jobId: null,
  data: {
    summary: "Same",
    employmentType: "FULL_TIME",
    posts: [
      { post: "Clerk", total: 10 },
      { post: "Typist", total: 5 },
    ],
  },
};

describe("revision comparison", () => {
  it("labels fields from the registry and marks only what changed, row by row", () => {
    const after: Comparable = {
      ...base,
      title: "Clerk Recruitment 2026",
      data: {
        ...base.data,
        employmentType: "CONTRACTOR",
        posts: [
          { post: "Clerk", total: 12 },
          { post: "Typist", total: 5 },
          { post: "Peon", total: 1 },
        ],
      },
    };
    const lines = diffEntries("job", base, after);
    const byKey = Object.fromEntries(lines.map((l) => [l.key, l]));
    expect(byKey.title).toMatchObject({ label: "Post name", changed: true });
    expect(byKey.organization.changed).toBe(false);
    // Select values are shown by their labels.
    expect(byKey["data.employmentType"].before[0].text).toBe("Full time (permanent)");
    expect(byKey["data.employmentType"].after[0].text).toBe("Contract");
    // Row 1: only the total changed; row 2 unchanged; row 3 is new.
    expect(byKey["data.posts[0]"].changed).toBe(true);
    expect(byKey["data.posts[0]"].after).toEqual([
      { label: "Post", text: "Clerk", changed: false },
      { label: "Total", text: "12", changed: true },
    ]);
    expect(byKey["data.posts[1]"].changed).toBe(false);
    expect(byKey["data.posts[2]"]).toMatchObject({
      label: "Posts, row 3",
      changed: true,
      before: [],
    });
    // Fields empty in both versions are not listed.
    expect(byKey["data.feeNote"]).toBeUndefined();
  });

  it("finds no change between identical versions", () => {
    expect(diffEntries("job", base, structuredClone(base)).some((l) => l.changed)).toBe(false);
  });
});
