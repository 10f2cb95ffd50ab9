import { describe, expect, it } from "vitest";
import { CATEGORY_LABEL } from "~/content/eligibility-terms.ts";
import type { Field } from "~/content/fields.ts";
import { glanceOf as glance } from "../../test/glance-of.ts";
import { ENGLISH_GLANCE_WORDS } from "./catalog/en/glance-words.ts";
import { KIND_LIST } from "~/content/registry.ts";
import { en } from "./catalog/en/index.ts";
import { hi } from "./catalog/hi/index.ts";
import { definitionIn } from "./registry-words.ts";

const DEVANAGARI = /[\u0900-\u097F]/;

/** Every key a kind's page may look up: section ids, field names, "rows.column", option values. */
function keysOf() {
  const sections: [string, string][] = [];
  const fields: [string, string][] = [];
  const options = new Set<string>();
  const add = (kind: string, f: Field, key: string) => {
    fields.push([kind, key]);
    if (f.type === "rows") {
      for (const c of f.columns) add(kind, c, `${f.name}.${c.name}`);
    } else for (const o of f.options ?? []) options.add(o.value);
  };
  for (const k of KIND_LIST) {
    for (const s of k.sections) {
      sections.push([k.kind, s.id]);
      for (const f of s.fields) add(k.kind, f, f.name);
    }
  }
  return { sections, fields, options };
}

describe("the registry's words in Hindi (detail.registry)", () => {
  const words = hi.detail.registry;
  const { sections, fields, options } = keysOf();
  const has = (map: Record<string, string>, kind: string, key: string) =>
    map[`${kind}:${key}`] ?? map[key];

  it("has a Hindi name for every kind, title for every section and label for every field", () => {
    for (const k of KIND_LIST) {
      expect(words.kinds[k.kind]?.label, k.kind).toMatch(DEVANAGARI);
      expect(words.kinds[k.kind]?.plural, k.kind).toMatch(DEVANAGARI);
    }
    const missing = [
      ...sections.filter(([kind, id]) => !has(words.sections, kind, id)),
      ...fields.filter(([kind, key]) => !has(words.fields, kind, key)),
    ];
    expect(missing).toEqual([]);
    expect([...options].filter((o) => !words.options[o])).toEqual([]);
  });

  it("has no Hindi word that no page asks for (a renamed field would leave one behind)", () => {
    const used = (pairs: [string, string][]) =>
      new Set(pairs.flatMap(([kind, key]) => [key, `${kind}:${key}`]));
    const sectionKeys = used(sections);
    const fieldKeys = used(fields);
    expect(Object.keys(words.sections).filter((k) => !sectionKeys.has(k))).toEqual([]);
    expect(Object.keys(words.fields).filter((k) => !fieldKeys.has(k))).toEqual([]);
    expect(Object.keys(words.options).filter((k) => !options.has(k))).toEqual([]);
  });

  it("puts them into a copy of the definition, leaving the English one as the registry has it", () => {
    const job = KIND_LIST.find((k) => k.kind === "job")!;
    const english = definitionIn(job, en.detail.registry);
    expect(english.sections).toEqual(job.sections);
    expect(english.label).toBe("Job");
    const hindi = definitionIn(job, words);
    expect(hindi.sections.map((s) => s.title)).toContain("महत्वपूर्ण तिथियां");
    const state = hindi.sections.flatMap((s) => s.fields).find((f) => f.name === "state");
    expect(state?.type === "select" && state.options?.[0]).toEqual({
      value: "all-india",
      label: "ऑल इंडिया",
    });
    // The form's label is kept: the page reads "₹" in it to print rupees.
    const fee = hindi.sections.flatMap((s) => s.fields).find((f) => f.name === "fees");
    expect(fee?.type === "rows" && fee.columns[1]).toMatchObject({
      label: "Fee (₹)",
      publicLabel: "शुल्क",
    });
    expect(job.sections.find((s) => s.id === "dates")?.title).toBe("Important Dates");
    const result = definitionIn(
      KIND_LIST.find((k) => k.kind === "result")!,
      words,
    );
    expect(result.sections.find((s) => s.id === "how-to")?.title).toBe("रिजल्ट कैसे देखें");
  });
});

describe("the detail page's other words", () => {
  it("English glance words are the admin preview's (catalog/en/glance-words.ts)", () => {
    expect(en.detail.glance).toEqual(ENGLISH_GLANCE_WORDS);
    expect(en.detail.eligible.categories).toEqual(CATEGORY_LABEL);
  });

  it("words the first screen's facts and buttons in Hindi, dates in Hindi", () => {
    const g = glance(
      "job",
      {
        lastDate: "2026-11-25",
        data: {
          posts: [{ post: "Clerk", total: 10 }],
          qualification: "Graduate",
          fees: [{ category: "General", amount: 0 }],
          ageMin: 18,
          ageMax: 27,
          ageCutoffDate: "2026-08-01",
          applyUrl: "https://ssc.gov.in/apply",
        },
      },
      "2026-11-23",
      ["ssc.gov.in"],
      hi.detail.glance,
      "hi",
    );
    expect(g.facts).toEqual([
      { label: "अंतिम तिथि", value: "25 नवंबर 2026 · 2 दिन बाकी", tone: "urgent" },
      { label: "कुल पद", value: "10" },
      { label: "योग्यता", value: "ग्रेजुएट" },
      { label: "आवेदन शुल्क", value: "कोई शुल्क नहीं (General)" },
      { label: "आयु सीमा", value: "18–27 वर्ष (1 अगस्त 2026 को)" },
    ]);
    expect(g.actions.map((a) => a.label)).toEqual(["ऑनलाइन आवेदन करें"]);
  });
});
