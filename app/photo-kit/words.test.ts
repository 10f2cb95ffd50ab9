import { describe, expect, it } from "vitest";
import { en } from "~/i18n/catalog/en/index.ts";
import { hi } from "~/i18n/catalog/hi/index.ts";
import { checkFile } from "./check.ts";
import { effectiveRules, ruleFacts } from "./rules.ts";
import { sayFact, sayFinding } from "./words.ts";

const rules = effectiveRules(
  [
    {
      slot: "photo",
      widthMin: 200,
      widthMax: 200,
      heightMin: 230,
      heightMax: 230,
      widthMm: 35,
      heightMm: 45,
      kbMin: 20,
      kbMax: 50,
    },
    { slot: "signature", widthMin: 350, heightMax: 1000, kbMax: 20, format: "jpeg-or-png" },
    { slot: "left-thumb", mode: "live" },
  ],
  [],
);

describe("the rules' and findings' words", () => {
  it("words every fact in English and Hindi, with every value filled in", () => {
    for (const t of [en.photo, hi.photo]) {
      for (const rule of rules)
        for (const fact of ruleFacts(rule)) expect(sayFact(fact, t)).not.toMatch(/[{}]|undefined/);
    }
    expect(ruleFacts(rules[0]).map((f) => sayFact(f, en.photo))).toEqual([
      "200 × 230 pixels (width × height)",
      "Printed size 35 × 45 mm",
      "File size 20–50 KB",
      "Format: JPG / JPEG",
    ]);
    expect(ruleFacts(rules[1]).map((f) => sayFact(f, hi.photo))).toEqual([
      "चौड़ाई कम से कम 350 पिक्सल",
      "ऊंचाई अधिकतम 1000 पिक्सल",
      "फाइल साइज अधिकतम 20 KB",
      "फॉर्मेट: JPG या PNG",
    ]);
  });

  it("words every finding in both languages", () => {
    const files = [
      { format: "png" as const, width: 1280, height: 720, bytes: 400_000, name: "screen.jpg" },
      {
        format: "jpeg" as const,
        width: 4000,
        height: 3000,
        bytes: 9_000,
        orientation: 6,
        name: "a.jpg",
      },
      { format: "jpeg" as const, width: 200, height: 230, bytes: 50_500, name: "a.jpg" },
      { format: "jpeg" as const, width: 200, height: 230, bytes: 20_200, name: "a.jpg" },
      { format: "jpeg" as const, width: 200, height: 230, bytes: 30_000, name: "a.jpg" },
      { format: "unknown" as const, bytes: 3, name: "a" },
    ];
    const codes = new Set<string>();
    for (const t of [en.photo, hi.photo])
      for (const { name, ...info } of files)
        for (const rule of rules)
          for (const finding of checkFile(info, name, rule)) {
            codes.add(finding.code);
            expect(sayFinding(finding, t)).not.toMatch(/[{}]|undefined/);
          }
    expect(codes.size).toBeGreaterThanOrEqual(12);
    expect(sayFinding({ code: "kb-large", values: { kb: 52, max: 50, over: 2 } }, en.photo)).toBe(
      "It is 52 KB: 2 KB over the 50 KB limit.",
    );
  });
});
