import { describe, expect, it } from "vitest";
import { KIND_LINES, type KindLine } from "~/content/kinds.ts";
import { kinds as enKinds, type KindWords } from "./catalog/en/kinds.ts";
import { kinds as hiKinds } from "./catalog/hi/kinds.ts";

/** The optional words a kind needs for each membership of its catalogue line. */
const NEEDS: [keyof KindLine, (keyof KindWords)[]][] = [
  ["home", ["homeBox", "viewAll"]],
  ["organization", ["organizationSection"]],
  ["alerts", ["alertName"]],
];

describe("kind words", () => {
  for (const [locale, words] of [
    ["en", enKinds],
    ["hi", hiKinds],
  ] as const) {
    it(`${locale}: every kind has the words of the lists it is in, and only those`, () => {
      for (const line of KIND_LINES)
        for (const [membership, needed] of NEEDS)
          for (const word of needed)
            expect(typeof words[line.key][word], `${locale} ${line.key} ${word}`).toBe(
              line[membership] === false ? "undefined" : "string",
            );
    });
  }

  it("names every kind in both languages, once", () => {
    // The Hindi names were written twice (hi/list.ts and hi/detail.ts) before the catalogue had them.
    expect(KIND_LINES.map((k) => [k.key, k.label.hi, k.plural.hi, k.menu.hi])).toEqual([
      ["job", "नौकरी", "नौकरियां", "लेटेस्ट जॉब्स"],
      ["result", "रिजल्ट", "रिजल्ट", "रिजल्ट"],
      ["admit-card", "एडमिट कार्ड", "एडमिट कार्ड", "एडमिट कार्ड"],
      ["syllabus", "सिलेबस", "सिलेबस", "सिलेबस"],
      ["answer-key", "आंसर की", "आंसर की", "आंसर की"],
    ]);
  });
});
