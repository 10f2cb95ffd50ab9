import { describe, expect, it } from "vitest";
import {
  ALERT_KINDS,
  BELL_KINDS,
  ERROR_PAGE_KINDS,
  FEED_KINDS,
  HOME_KINDS,
  isKind,
  KIND_LINES,
  NAV_KINDS,
  ORGANIZATION_KINDS,
} from "./kinds.ts";
import { KIND_LIST, kindByAdminSegment, kindByUrlPrefix, REGISTRY } from "./registry.ts";

const keys = (lines: readonly { key: string }[]) => lines.map((k) => k.key);

describe("the kind catalogue", () => {
  it("derives the lists the site had written out (spec §2, §3; issue 27)", () => {
    expect(keys(NAV_KINDS)).toEqual(["job", "result", "admit-card", "syllabus", "answer-key"]);
    expect(keys(FEED_KINDS)).toEqual(keys(NAV_KINDS));
    expect(keys(HOME_KINDS)).toEqual(["job", "result", "admit-card", "answer-key", "syllabus"]);
    expect(keys(ORGANIZATION_KINDS)).toEqual(["job", "result", "admit-card", "answer-key"]);
    expect(keys(ALERT_KINDS)).toEqual(["job", "result", "admit-card", "answer-key"]);
    expect(keys(BELL_KINDS)).toEqual(["job", "result", "admit-card"]);
    expect(keys(ERROR_PAGE_KINDS)).toEqual(["job", "result", "admit-card"]);
  });

  it("keeps keys, addresses and admin segments unique", () => {
    for (const field of ["key", "urlPrefix", "adminSegment"] as const)
      expect(new Set(KIND_LINES.map((k) => k[field])).size, field).toBe(KIND_LINES.length);
  });

  it("is what the registry is made of", () => {
    expect(KIND_LIST.map((k) => [k.kind, k.label, k.plural, k.urlPrefix, k.adminSegment])).toEqual(
      KIND_LINES.map((k) => [k.key, k.label.en, k.plural.en, k.urlPrefix, k.adminSegment]),
    );
    expect(kindByUrlPrefix("/admit-cards")).toBe(REGISTRY["admit-card"]);
    expect(kindByAdminSegment("manage-syllabi")).toBe(REGISTRY.syllabus);
    expect(kindByUrlPrefix("/admit-card")).toBeUndefined();
    expect(isKind("answer-key")).toBe(true);
    expect(isKind("answerKeys")).toBe(false);
  });
});
