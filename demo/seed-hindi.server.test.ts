import { beforeAll, describe, expect, it } from "vitest";
import { dataSchema, type EntryData, type Row } from "~/content/fields.ts";
import { REGISTRY } from "~/content/registry.ts";
import { KINDS, type Kind } from "~/content/kinds.ts";
import { slugify } from "~/content/kinds/schema.ts";
import { translationState, type TranslationState } from "~/content/translation.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { seedDemoContent } from "./seed.ts";
import {
  hindiOrganizationNames,
  listOrganizations,
} from "~/organizations/organizations.repository.server.ts";
import { getSettings } from "~/settings/settings.repository.server.ts";
import {
  getSitePage,
  SITE_PAGE_SLUGS,
  sitePageTranslation,
} from "~/site-pages/site-pages.repository.server.ts";

/**
 * Issue 14: the demo site has Hindi for most entries of every kind, for every site page and for
 * the home FAQ, while its English stays what it was (other tests read the demo's English).
 */

const DEVANAGARI = /[\u0900-\u097F]/;
/** Seeded on this day, the demo's titles carry the year 2026. */
const BASE = new Date("2026-11-20T06:00:00Z");

/** The public demo entries' English titles, as they were before the Hindi was added. */
const ENGLISH_TITLES: Record<Kind, string[]> = {
  job: [
    "NBPI Staff Nurse Recruitment 2026",
    "RRC Graduate Apprentice Recruitment 2026",
    "CSSA Junior Engineer (Civil) Recruitment 2026",
    "PWRA Assistant Professor Recruitment 2026",
    "SFD Gramin Dak Sevak Recruitment 2026",
    "VHC Assistant Loco Pilot Recruitment 2026",
    "MCB Medical Officer Recruitment 2026",
    "ICDS Constable (General Duty) Recruitment 2026",
    "BPC Civil Judge (Junior Division) Recruitment 2026",
    "KTSB Primary Teacher Recruitment 2026",
    "TRHM Data Entry Operator Recruitment 2026",
    "DSPRB Multi Tasking Staff Recruitment 2026",
    "GVPC Junior Clerk Recruitment 2026",
    "SPSC Stenographer Grade C Recruitment 2026",
    "NBPI Probationary Officer Recruitment 2026",
    "RRC Forest Guard Recruitment 2026",
    "CSSA Staff Nurse Recruitment 2026",
    "PWRA Graduate Apprentice Recruitment 2026",
    "SFD Junior Engineer (Civil) Recruitment 2026",
    "VHC Assistant Professor Recruitment 2026",
    "MCB Gramin Dak Sevak Recruitment 2026",
    "ICDS Assistant Loco Pilot Recruitment 2026",
    "BPC Medical Officer Recruitment 2026",
    "KTSB Constable (General Duty) Recruitment 2026",
    "TRHM Civil Judge (Junior Division) Recruitment 2026",
    "DSPRB Primary Teacher Recruitment 2026",
    "GVPC Data Entry Operator Recruitment 2026",
    "SPSC Multi Tasking Staff Recruitment 2026",
    "NBPI Junior Clerk Recruitment 2026",
    "RRC Stenographer Grade C Recruitment 2026",
    "CSSA Probationary Officer Recruitment 2026",
    "PWRA Forest Guard Recruitment 2026",
    "SFD Staff Nurse Recruitment 2026",
    "VHC Graduate Apprentice Recruitment 2026",
    "MCB Junior Engineer (Civil) Recruitment 2026",
    "ICDS Assistant Professor Recruitment 2026",
    "BPC Gramin Dak Sevak Recruitment 2026",
    "KTSB Assistant Loco Pilot Recruitment 2026",
    "TRHM Medical Officer Recruitment 2026",
    "DSPRB Constable (General Duty) Recruitment 2026",
    "GVPC Civil Judge (Junior Division) Recruitment 2026",
    "SPSC Primary Teacher Recruitment 2026",
    "NBPI Data Entry Operator Recruitment 2026",
    "RRC Multi Tasking Staff Recruitment 2026",
    "CSSA Junior Clerk Recruitment 2026",
  ],
  result: [
    "NBPI Staff Nurse Exam 2026 Result",
    "PWRA Assistant Professor Exam 2026 Result",
    "MCB Medical Officer Exam 2026 Result",
    "KTSB Primary Teacher Exam 2026 Result",
    "GVPC Junior Clerk Exam 2026 Result",
    "RRC Forest Guard Exam 2026 Result",
    "SFD Junior Engineer (Civil) Exam 2026 Result",
    "ICDS Assistant Loco Pilot Exam 2026 Result",
    "TRHM Civil Judge (Junior Division) Exam 2026 Result",
    "SPSC Multi Tasking Staff Exam 2026 Result",
    "CSSA Probationary Officer Exam 2026 Result",
    "VHC Graduate Apprentice Exam 2026 Result",
    "BPC Gramin Dak Sevak Exam 2026 Result",
    "DSPRB Constable (General Duty) Exam 2026 Result",
    "NBPI Data Entry Operator Exam 2026 Result",
  ],
  "admit-card": [
    "PWRA Assistant Professor Exam 2026 Admit Card",
    "MCB Medical Officer Exam 2026 Admit Card",
    "KTSB Primary Teacher Exam 2026 Admit Card",
    "GVPC Junior Clerk Exam 2026 Admit Card",
    "RRC Forest Guard Exam 2026 Admit Card",
    "SFD Junior Engineer (Civil) Exam 2026 Admit Card",
    "ICDS Assistant Loco Pilot Exam 2026 Admit Card",
    "TRHM Civil Judge (Junior Division) Exam 2026 Admit Card",
    "SPSC Multi Tasking Staff Exam 2026 Admit Card",
    "CSSA Probationary Officer Exam 2026 Admit Card",
    "VHC Graduate Apprentice Exam 2026 Admit Card",
    "BPC Gramin Dak Sevak Exam 2026 Admit Card",
    "DSPRB Constable (General Duty) Exam 2026 Admit Card",
    "NBPI Data Entry Operator Exam 2026 Admit Card",
    "NBPI Staff Nurse Exam 2026 Admit Card",
  ],
  "answer-key": [
    "MCB Medical Officer Exam 2026 Answer Key",
    "KTSB Primary Teacher Exam 2026 Answer Key",
    "GVPC Junior Clerk Exam 2026 Answer Key",
    "RRC Forest Guard Exam 2026 Answer Key",
    "SFD Junior Engineer (Civil) Exam 2026 Answer Key",
    "ICDS Assistant Loco Pilot Exam 2026 Answer Key",
    "TRHM Civil Judge (Junior Division) Exam 2026 Answer Key",
    "SPSC Multi Tasking Staff Exam 2026 Answer Key",
    "CSSA Probationary Officer Exam 2026 Answer Key",
    "VHC Graduate Apprentice Exam 2026 Answer Key",
    "BPC Gramin Dak Sevak Exam 2026 Answer Key",
    "DSPRB Constable (General Duty) Exam 2026 Answer Key",
    "NBPI Data Entry Operator Exam 2026 Answer Key",
    "NBPI Staff Nurse Exam 2026 Answer Key",
    "PWRA Assistant Professor Exam 2026 Answer Key",
  ],
  syllabus: [
    "GVPC Junior Clerk Exam Syllabus and Exam Pattern",
    "RRC Forest Guard Exam Syllabus and Exam Pattern",
    "SFD Junior Engineer (Civil) Exam Syllabus and Exam Pattern",
    "ICDS Assistant Loco Pilot Exam Syllabus and Exam Pattern",
    "TRHM Civil Judge (Junior Division) Exam Syllabus and Exam Pattern",
    "SPSC Multi Tasking Staff Exam Syllabus and Exam Pattern",
    "CSSA Probationary Officer Exam Syllabus and Exam Pattern",
    "VHC Graduate Apprentice Exam Syllabus and Exam Pattern",
    "BPC Gramin Dak Sevak Exam Syllabus and Exam Pattern",
    "DSPRB Constable (General Duty) Exam Syllabus and Exam Pattern",
    "NBPI Data Entry Operator Exam Syllabus and Exam Pattern",
    "NBPI Staff Nurse Exam Syllabus and Exam Pattern",
    "PWRA Assistant Professor Exam Syllabus and Exam Pattern",
    "MCB Medical Officer Exam Syllabus and Exam Pattern",
    "KTSB Primary Teacher Exam Syllabus and Exam Pattern",
  ],
};

interface Seeded {
  kind: Kind;
  slug: string;
  title: string;
  data: EntryData;
  state: TranslationState;
}

/** The tags of an HTML body in order, without its words: `<p`, `</p`, `<h2`… */
const skeleton = (html: string) => html.match(/<\/?[a-z0-9]+/g) ?? [];

describeEachDatabase("the demo content in Hindi", (db) => {
  let entries: Seeded[] = [];
  beforeAll(async () => {
    await seedDemoContent(db(), BASE);
    const rows = await db()
      .selectFrom("entries")
      .select(["kind", "slug", "title", "data"])
      .where("status", "=", "published")
      .where("deleted_at", "is", null)
      .execute();
    entries = rows.map((row) => {
      const kind = row.kind as Kind;
      const data = JSON.parse(row.data) as EntryData;
      const { state } = translationState(REGISTRY[kind].sections, row.title, data);
      return { kind, slug: row.slug, title: row.title, data, state };
    });
  });

  it("keeps the English titles and slugs it had before the Hindi", () => {
    for (const kind of KINDS) {
      const ofKind = entries.filter((e) => e.kind === kind);
      expect(ofKind.map((e) => e.title).sort(), kind).toEqual([...ENGLISH_TITLES[kind]].sort());
      for (const e of ofKind) expect(e.slug).toBe(slugify(e.title));
    }
  });

  it("has Hindi for at least three in four entries of every kind, and leaves some without", () => {
    const states: Partial<Record<TranslationState, number>> = {};
    for (const kind of KINDS) {
      const ofKind = entries.filter((e) => e.kind === kind);
      const count = (state: TranslationState) => ofKind.filter((e) => e.state === state).length;
      const translated = count("complete") + count("partial");
      expect(translated / ofKind.length, kind).toBeGreaterThanOrEqual(0.75);
      expect(count("missing"), kind).toBeGreaterThanOrEqual(1);
      expect(count("complete"), kind).toBeGreaterThanOrEqual(1);
      // Nothing is "changed": the Hindi was written with the English.
      expect(translated + count("missing"), kind).toBe(ofKind.length);
      for (const e of ofKind) states[e.state] = (states[e.state] ?? 0) + 1;
    }
    // A half-done translation or two, for the admin's "partial" state.
    expect(states.partial).toBeGreaterThanOrEqual(1);
    expect(states.partial).toBeLessThanOrEqual(5);
  });

  it("writes the Hindi in Devanagari, within each field's limits, row by row with the English", () => {
    const schemas = new Map(KINDS.map((k) => [k, dataSchema(REGISTRY[k].sections)]));
    for (const e of entries) {
      const hindiKeys = Object.keys(e.data).filter((k) => k.startsWith("hi_"));
      if (e.state === "missing") {
        expect(hindiKeys, e.slug).toEqual([]);
        continue;
      }
      expect(e.data.hi_title, e.slug).toMatch(DEVANAGARI);
      expect(e.data.hi_title, e.slug).not.toBe(e.title);
      expect(e.data.hi_summary, e.slug).toMatch(DEVANAGARI);
      const parsed = schemas.get(e.kind)!.safeParse(e.data);
      expect(parsed.error?.issues, e.slug).toBeUndefined();
      // Every Hindi key is one of the kind's fields: none is dropped as unknown.
      expect(Object.keys(parsed.data ?? {}), e.slug).toEqual(expect.arrayContaining(hindiKeys));
      for (const key of hindiKeys) {
        const hindi = e.data[key];
        if (!Array.isArray(hindi)) continue;
        const english = e.data[key.slice("hi_".length)] as Row[];
        expect(hindi.length, `${e.slug} ${key}`).toBe(english.length);
      }
    }
  });

  it("has every site page in Hindi, with the English page's HTML structure", async () => {
    for (const slug of SITE_PAGE_SLUGS) {
      const page = (await getSitePage(db(), slug))!;
      expect(page, slug).toBeDefined();
      expect(sitePageTranslation(page), slug).toBe("complete");
      expect(page.hindi!.title, slug).toMatch(DEVANAGARI);
      expect(page.hindi!.description, slug).toMatch(DEVANAGARI);
      expect(page.hindi!.body, slug).toMatch(DEVANAGARI);
      expect(skeleton(page.hindi!.body), slug).toEqual(skeleton(page.body));
      expect(page.title, slug).not.toMatch(DEVANAGARI);
      expect(page.body, slug).not.toMatch(DEVANAGARI);
    }
  });

  it("has the home FAQ in Hindi, question for question", async () => {
    const settings = await getSettings(db());
    expect(settings.homeFaq.length).toBeGreaterThan(0);
    expect(settings.hindi.homeFaq).toHaveLength(settings.homeFaq.length);
    for (const item of settings.hindi.homeFaq) {
      expect(item.question).toMatch(DEVANAGARI);
      expect(item.answer).toMatch(DEVANAGARI);
    }
    for (const item of settings.homeFaq) expect(item.question).not.toMatch(DEVANAGARI);
  });

  it("gives every organization its Hindi name (issue 29)", async () => {
    const names = await hindiOrganizationNames(db());
    const all = await listOrganizations(db());
    expect(all.length).toBeGreaterThan(10);
    for (const org of all) expect(names.get(org.name), org.name).toMatch(DEVANAGARI);
  });
});

describe("the demo's English", () => {
  it("has no Devanagari in any English title", () => {
    for (const titles of Object.values(ENGLISH_TITLES))
      for (const title of titles) expect(title).not.toMatch(DEVANAGARI);
  });
});
