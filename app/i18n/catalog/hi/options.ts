import { STATES } from "./states.ts";

/** The job form's qualification choices by key (content/options.ts), as Hindi job sites write them. */
export const QUALIFICATIONS: Record<string, string> = {
  "10th-pass": "10वीं पास",
  "12th-pass": "12वीं पास",
  iti: "ITI",
  diploma: "डिप्लोमा",
  graduate: "ग्रेजुएट",
  engineering: "इंजीनियरिंग",
  "post-graduate": "पोस्ट ग्रेजुएट",
  medical: "मेडिकल",
  law: "लॉ (कानून)",
  any: "कोई भी",
};

/** The Hindi name of every keyed option: states and qualifications, the one place for both. */
export const OPTION_NAMES: Record<string, string> = { ...STATES, ...QUALIFICATIONS };
