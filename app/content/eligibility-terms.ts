/**
 * The words of eligibility (categories, central age relaxations, qualification levels): small and free of logic, so the
 * registry and every page can use them without pulling in the eligibility rules, which only the
 * finder and an "Am I eligible?" check load.
 */
export type Category = "general" | "ews" | "obc" | "sc" | "st";

export const CATEGORIES = ["general", "ews", "obc", "sc", "st"] as const satisfies Category[];

/** Central government upper-age relaxation in years (DoPT). */
export const CENTRAL_RELAXATION = {
  general: 0,
  ews: 0,
  obc: 3,
  sc: 5,
  st: 5,
} as const satisfies Record<Category, number>;

/** Central government relaxation for PwBD in years; each already includes the category's own. */
export const CENTRAL_PWBD_RELAXATION = {
  general: 10,
  ews: 10,
  obc: 13,
  sc: 15,
  st: 15,
} as const satisfies Record<Category, number>;

export const CATEGORY_LABEL: Record<Category, string> = {
  general: "General",
  ews: "EWS",
  obc: "OBC",
  sc: "SC",
  st: "ST",
};

/**
 * Ordered 10th < 12th < diploma < graduate < postgraduate. ITI is not on that ladder: it is a
 * trade certificate taken after 10th, so it satisfies a "10th" or an "iti" requirement and
 * nothing else, and a 12th pass or a degree does not satisfy an "iti" requirement by level alone.
 */
export type QualificationLevel = "10th" | "12th" | "iti" | "diploma" | "graduate" | "postgraduate";

export const QUALIFICATION_LABEL: Record<QualificationLevel, string> = {
  "10th": "10th pass",
  "12th": "12th pass",
  iti: "ITI",
  diploma: "Diploma",
  graduate: "Graduate",
  postgraduate: "Postgraduate",
};

export const LEVELS = [
  "10th",
  "12th",
  "iti",
  "diploma",
  "graduate",
  "postgraduate",
] as const satisfies QualificationLevel[];
