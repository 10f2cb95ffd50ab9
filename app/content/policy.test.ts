import { describe, expect, it } from "vitest";
import {
  entryAccess,
  intentRefusal,
  maySetStatus,
  newEntryStatus,
  saveAuditAction,
  statusAuditAction,
} from "./policy.ts";

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

describe("the entry policy: intents, statuses and audit actions (issue 27)", () => {
  it("refuses authors the editor's buttons, and suggestions to what they may still edit", () => {
    expect(intentRefusal("author", "edit", "publish")).toBe("publish");
    expect(intentRefusal("author", "edit", "trash")).toBe("move entries to the trash");
    expect(intentRefusal("author", "edit", "restore")).toBe("move entries to the trash");
    expect(intentRefusal("author", "edit", "suggest")).toBe(
      "suggest changes to an entry it may edit",
    );
    expect(intentRefusal("author", "none", "duplicate")).toBe("edit this entry");
    expect(intentRefusal("author", "read", "trash")).toBe("edit this entry");
    // A save always reaches the save, which answers 409/403 and keeps what was typed.
    for (const access of ["edit", "read", "none"] as const)
      for (const intent of ["save", "draft", "submit"] as const)
        expect(intentRefusal("author", access, intent), `${access} ${intent}`).toBeNull();
    expect(intentRefusal("author", "read", "suggest")).toBeNull();
    expect(intentRefusal("author", "read", "duplicate")).toBeNull();
    for (const intent of ["publish", "trash", "restore", "duplicate"] as const)
      expect(intentRefusal("editor", "edit", intent)).toBeNull();
  });

  it("lets authors set draft and pending only; editors any status", () => {
    expect(["draft", "pending"].filter((s) => maySetStatus("author", s))).toEqual([
      "draft",
      "pending",
    ]);
    for (const s of ["published", "scheduled", "archived"])
      expect(maySetStatus("author", s), s).toBe(false);
    for (const s of ["draft", "pending", "published", "scheduled", "archived"])
      expect(maySetStatus("editor", s) && maySetStatus("admin", s), s).toBe(true);
    expect(newEntryStatus("author")).toBe("draft");
    expect(newEntryStatus("editor")).toBe("published");
  });

  it("names a publish of a submission an approval, a move to pending a submission", () => {
    expect(saveAuditAction(undefined, "published")).toBe("entry.create");
    expect(saveAuditAction(undefined, "pending")).toBe("entry.submit");
    expect(saveAuditAction("draft", "pending")).toBe("entry.submit");
    expect(saveAuditAction("pending", "pending")).toBe("entry.update");
    expect(saveAuditAction("pending", "published")).toBe("entry.approve");
    expect(saveAuditAction("draft", "published")).toBe("entry.update");
    expect(statusAuditAction("pending", "published")).toBe("entry.approve");
    expect(statusAuditAction("draft", "published")).toBe("entry.publish");
    expect(statusAuditAction("published", "archived")).toBe("entry.archive");
    expect(statusAuditAction("published", "draft")).toBe("entry.draft");
  });
});
