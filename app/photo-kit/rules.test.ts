import { describe, expect, it } from "vitest";
import {
  byteWindow,
  effectiveRules,
  frameAspect,
  presetRulesIn,
  ruleFacts,
  sizesToTry,
  type UploadRule,
} from "./rules.ts";

const IBPS = [
  {
    slot: "photo",
    widthMin: 200,
    widthMax: 200,
    heightMin: 230,
    heightMax: 230,
    kbMin: 20,
    kbMax: 50,
  },
  {
    slot: "signature",
    widthMin: 140,
    widthMax: 140,
    heightMin: 60,
    heightMax: 60,
    kbMin: 10,
    kbMax: 20,
  },
  { slot: "declaration", kbMin: 50, kbMax: 100, notes: "In English", notesHi: "अंग्रेज़ी में" },
];

describe("a job's rules: the preset's, with the job's own values winning", () => {
  it("overrides value by value, adds the job's other images and drops what the job does not ask", () => {
    const rules = effectiveRules(presetRulesIn(IBPS, "en"), [
      { slot: "photo", kbMax: 40 },
      { slot: "declaration", mode: "none" },
      { slot: "other", label: "Caste certificate", kbMax: 300 },
    ]);
    expect(rules.map((r) => r.slot)).toEqual(["photo", "signature", "other"]);
    expect(rules[0]).toMatchObject({ widthMin: 200, heightMax: 230, kbMin: 20, kbMax: 40 });
    expect(rules[2]).toMatchObject({ label: "Caste certificate", kbMax: 300, format: "jpeg" });
  });

  it("takes a preset's Hindi words on a Hindi page, and the English where it has no Hindi", () => {
    const [, , declaration] = effectiveRules(presetRulesIn(IBPS, "hi"), []);
    expect(declaration.notes).toBe("अंग्रेज़ी में");
    expect(effectiveRules(presetRulesIn(IBPS, "en"), [])[2].notes).toBe("In English");
  });

  it("keeps a job without a preset, skips rows without an image, drops a range written backwards", () => {
    const rules = effectiveRules(null, [
      { slot: "photo", widthMin: 500, widthMax: 300, kbMin: 10, kbMax: 40 },
      { slot: "nonsense", kbMax: 1 },
      { kbMax: 2 },
    ]);
    expect(rules).toEqual([
      { slot: "photo", mode: "upload", format: "jpeg", kbMin: 10, kbMax: 40 },
    ]);
  });

  it("tells a live photo apart and says what each rule asks, as codes", () => {
    const [live, sign] = effectiveRules([{ slot: "photo", mode: "live", kbMax: 50 }, IBPS[1]], []);
    expect(ruleFacts(live)).toEqual([{ code: "live" }]);
    expect(ruleFacts(sign)).toEqual([
      { code: "pixels-exact", values: { w: 140, h: 60 } },
      { code: "kb", values: { min: 10, max: 20 } },
      { code: "format", values: { format: "jpeg" } },
    ]);
    const upsc = effectiveRules(
      [{ slot: "photo", widthMin: 350, widthMax: 1000, kbMax: 300 }],
      [],
    )[0];
    expect(ruleFacts(upsc).slice(0, 2)).toEqual([
      { code: "width", values: { min: 350, max: 1000 } },
      { code: "kb", values: { min: undefined, max: 300 } },
    ]);
  });
});

describe("the file the tool aims for", () => {
  it("aims inside the window however a portal counts a KB", () => {
    expect(byteWindow({ kbMin: 20, kbMax: 50 })).toEqual({ lo: 20_480, hi: 50_000 });
    expect(byteWindow({ kbMax: 20 })).toEqual({ lo: 0, hi: 20_000 });
    expect(byteWindow({ kbMin: 20 }).hi).toBe(Number.POSITIVE_INFINITY);
    // 10–10 KB has no room between 10,240 and 10,000: the 1,024 reading of the maximum.
    expect(byteWindow({ kbMin: 10, kbMax: 10 })).toEqual({ lo: 10_240, hi: 10_240 });
  });

  const rule = (r: Partial<UploadRule>): UploadRule => ({
    slot: "photo",
    mode: "upload",
    format: "jpeg",
    ...r,
  });

  it("crops to the exact box's shape, else the printed size's, else the slot's usual one", () => {
    const picture = { width: 4000, height: 3000 };
    expect(
      frameAspect(rule({ widthMin: 200, widthMax: 200, heightMin: 230, heightMax: 230 }), picture),
    ).toBeCloseTo(200 / 230);
    expect(frameAspect(rule({ widthMm: 40, heightMm: 20 }), picture)).toBe(2);
    expect(frameAspect(rule({ slot: "left-thumb" }), picture)).toBe(1);
    expect(frameAspect(rule({ slot: "other" }), picture)).toBeCloseTo(4 / 3);
    // A passport shape, held inside what the ranges allow (no narrower than 350 ÷ 400).
    expect(frameAspect(rule({ widthMin: 350, heightMax: 400 }), picture)).toBeCloseTo(350 / 400);
  });

  it("tries the largest allowed size that does not enlarge the crop first, then smaller ones", () => {
    const upsc = rule({ widthMin: 350, widthMax: 1000, heightMin: 350, heightMax: 1000 });
    const sizes = sizesToTry(upsc, { width: 2334, height: 3000 });
    expect(sizes[0]).toEqual({ width: 778, height: 1000 });
    expect(sizes.at(-1)).toEqual({ width: 350, height: 450 });
    for (const s of sizes) {
      expect(s.width).toBeGreaterThanOrEqual(350);
      expect(s.height).toBeLessThanOrEqual(1000);
    }
    // A tiny picture is enlarged only as far as the minimum needs.
    expect(sizesToTry(upsc, { width: 100, height: 100 })).toEqual([{ width: 350, height: 350 }]);
    expect(
      sizesToTry(rule({ widthMin: 200, widthMax: 200, heightMin: 230, heightMax: 230 }), {
        width: 10,
        height: 10,
      }),
    ).toEqual([{ width: 200, height: 230 }]);
  });
});
