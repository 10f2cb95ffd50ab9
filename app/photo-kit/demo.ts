import type { EntryData } from "~/content/fields.ts";

/**
 * The demo jobs' upload rules (issue 31), by their fictional organization's short name: most name
 * a seeded preset, one adds its own override and one has only its own rules. `hi` is the Hindi of
 * the job's own notes (its `hi_uploads`).
 */
const DEMO: Record<string, { en: EntryData; hi?: EntryData }> = {
  CSSA: { en: { photoPreset: "ssc" } },
  RRC: { en: { photoPreset: "rrb" } },
  NBPI: { en: { photoPreset: "ibps" } },
  // A cooperative bank on IBPS's rules, without the handwritten declaration.
  MCB: { en: { photoPreset: "ibps", uploads: [{ slot: "declaration", mode: "none" }] } },
  ICDS: { en: { photoPreset: "upsc" } },
  GVPC: { en: { photoPreset: "bpsc" } },
  DSPRB: { en: { photoPreset: "bpsc" } },
  TRHM: { en: { photoPreset: "bpsc" } },
  KTSB: { en: { photoPreset: "bpsc" } },
  SFD: { en: { photoPreset: "bpsc" } },
  PWRA: { en: { photoPreset: "bpsc" } },
  BPC: { en: { photoPreset: "ssc" } },
  VHC: { en: { photoPreset: "upsc" } },
  // Its own rules, no preset.
  SPSC: {
    en: {
      uploads: [
        {
          slot: "photo",
          widthMin: 300,
          widthMax: 600,
          heightMin: 400,
          heightMax: 800,
          widthMm: 35,
          heightMm: 45,
          kbMin: 20,
          kbMax: 100,
          format: "jpeg",
          notes:
            "Taken within the last three months; white background; date of the photo written below the face.",
        },
        {
          slot: "signature",
          widthMin: 256,
          widthMax: 256,
          heightMin: 64,
          heightMax: 64,
          kbMin: 10,
          kbMax: 30,
          format: "jpeg",
          notes: "Blue or black ink.",
        },
      ],
    },
    hi: {
      hi_uploads: [
        { notes: "पिछले तीन महीनों में खिंची फोटो; सफेद बैकग्राउंड; चेहरे के नीचे फोटो की तारीख लिखी हो।" },
        { notes: "नीली या काली स्याही।" },
      ],
    },
  },
};

/** A demo job's upload-rule fields, English then Hindi. */
export function demoUploadRules(short: string): { en: EntryData; hi: EntryData } {
  const found = DEMO[short];
  return { en: found?.en ?? {}, hi: found?.hi ?? {} };
}
