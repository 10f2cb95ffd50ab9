import { describe, expect, it } from "vitest";
import { entryAccess } from "./roles.ts";

describe("entryAccess: one rule for editing and reading an entry", () => {
  const authorA = { id: "author-a", role: "author" as const };
  const entry = (createdBy: string | null, status: string, deletedAt: string | null = null) => ({
    createdBy,
    status,
    deletedAt,
  });

  it("gives author A nothing of author B's entries, whatever their status (issue 25)", () => {
    for (const status of ["draft", "pending", "scheduled", "published", "archived"])
      expect(entryAccess(authorA, entry("author-b", status)), status).toBe("none");
    expect(entryAccess(authorA, entry(null, "draft"))).toBe("none");
    // An account whose id could not be read never matches an entry without an owner.
    expect(entryAccess({ id: "", role: "author" }, entry(null, "draft"))).toBe("none");
  });

  it("lets an author edit their own drafts and submissions, and only read them once published", () => {
    expect(entryAccess(authorA, entry("author-a", "draft"))).toBe("edit");
    expect(entryAccess(authorA, entry("author-a", "pending"))).toBe("edit");
    for (const status of ["scheduled", "published", "archived"])
      expect(entryAccess(authorA, entry("author-a", status)), status).toBe("read");
    expect(entryAccess(authorA, entry("author-a", "draft", "2026-11-26T10:00:00Z"))).toBe("none");
  });

  it("lets editors and admins edit every entry", () => {
    for (const role of ["editor", "admin"] as const)
      for (const status of ["draft", "published"])
        expect(entryAccess({ id: "e", role }, entry("author-b", status, null))).toBe("edit");
  });
});
