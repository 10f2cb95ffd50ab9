import type { EntryData } from "~/content/fields.ts";
import type { Kind } from "~/content/kinds.ts";
import { STATES as STATES_IN_HINDI } from "~/i18n/catalog/hi/states.ts";

/**
 * The Hindi of the demo content (issue 14), written from templates the way the English is: the
 * words a Hindi job site uses ("भर्ती", "अंतिम तिथि", "ऑनलाइन आवेदन"), short names and post names
 * as people write them, international digits. It sits beside the English in each entry's data as
 * `hi_<field>` keys (`hindiFields` in app/content/fields.ts).
 */
export const HI_DEMO_NOTE = "यह काल्पनिक डेमो सामग्री है: संस्था, तिथियां और लिंक बनावटी हैं।";

/** The same Hindi state names as the site's pages. */
export const HI_STATES = STATES_IN_HINDI;

/** The qualification as the Hindi eligibility sentence names it. */
export const HI_QUALIFICATIONS: Record<string, string> = {
  "10th Pass": "10वीं पास",
  "12th Pass": "12वीं पास",
  ITI: "संबंधित ट्रेड में ITI",
  Diploma: "नर्सिंग में डिप्लोमा",
  Graduate: "स्नातक (ग्रेजुएशन)",
  Engineering: "इंजीनियरिंग डिग्री (B.E. / B.Tech)",
  Medical: "मेडिकल डिग्री (MBBS)",
  Law: "विधि स्नातक (LLB)",
  "Post Graduate": "स्नातकोत्तर (पोस्ट ग्रेजुएशन)",
};

export function hindiOf(map: Record<string, string>, english: string): string {
  const hindi = map[english];
  if (!hindi) throw new Error(`The demo content has no Hindi for "${english}"`);
  return hindi;
}

/**
 * Which demo entries have Hindi: most do; every seventh of each kind (4, 11, 18, …) has none, so
 * the admin and the Hindi pages show untranslated entries too, and job 9 and admit card 9 have
 * only a Hindi title and summary, as an editor's half-done translation would.
 */
export function hindiCoverage(kind: Kind, n: number): "complete" | "partial" | "none" {
  if (n % 7 === 4) return "none";
  if (n === 9 && (kind === "job" || kind === "admit-card")) return "partial";
  return "complete";
}

/** An entry's data with as much of its Hindi as `hindiCoverage` gives it. */
export function withHindi(kind: Kind, n: number, english: EntryData, hindi: EntryData): EntryData {
  switch (hindiCoverage(kind, n)) {
    case "none":
      return english;
    case "partial":
      return { ...english, hi_title: hindi.hi_title, hi_summary: hindi.hi_summary };
    default:
      return { ...english, ...hindi };
  }
}
