import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MESSAGE_STATUSES } from "~/messages/messages.repository.server.ts";
import { AUDIT_WORDS, auditLine } from "./audit-words.ts";

/** The app's source files (tests excepted). */
function sources(dir = "app"): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const file = path.join(dir, d.name);
    if (d.isDirectory()) return sources(file);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [file] : [];
  });
}

/** Every audit action written with a literal name: `audit("x.y"`, `recordAudit(…, "x.y"`, `action: "x.y"`. */
function writtenActions(): Set<string> {
  const found = new Set<string>();
  const patterns = [
    /\baudit\(\s*"([a-z-]+\.[a-z-]+)"/g,
    /\brecordAudit\([^)]*?"([a-z-]+\.[a-z-]+)"/g,
    /\baction:\s*"([a-z-]+\.[a-z-]+)"/g,
    /\? "([a-z-]+\.[a-z-]+)" : "([a-z-]+\.[a-z-]+)"/g,
  ];
  for (const file of sources()) {
    const text = readFileSync(file, "utf8");
    if (!/audit/i.test(text)) continue;
    for (const pattern of patterns)
      for (const m of text.matchAll(pattern)) for (const name of m.slice(1)) found.add(name);
  }
  return found;
}

describe("the audit log's words", () => {
  it("has words for every action the code writes", () => {
    const written = writtenActions();
    // The scan finds the actions written across the app (a broken pattern would find none).
    expect(written.size).toBeGreaterThan(30);
    expect([...written].filter((a) => !(a in AUDIT_WORDS))).toEqual([]);
    // Built names: the list's status changes and the inbox's.
    for (const verb of ["publish", "archive", "draft", "approve"])
      expect(AUDIT_WORDS).toHaveProperty([`entry.${verb}`]);
    for (const status of MESSAGE_STATUSES)
      expect(AUDIT_WORDS).toHaveProperty([`message.${status}`]);
  });

  it("reads a kind's entry by its label and other subjects as they are", () => {
    expect(auditLine("entry.update", "job:Clerk Recruitment")).toBe(
      "edited Job “Clerk Recruitment”",
    );
    expect(auditLine("settings.update", "content settings")).toBe(
      "changed the settings: content settings",
    );
    expect(auditLine("made.up", "x")).toBe("made.up x");
  });
});
