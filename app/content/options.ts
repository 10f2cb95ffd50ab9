import { DISCIPLINE_LABEL, DISCIPLINES } from "./disciplines.ts";
import { CATEGORIES, CATEGORY_LABEL } from "./eligibility-terms.ts";
export { CATEGORIES } from "./eligibility-terms.ts";
import type { Option } from "./fields.ts";
export { toOptionKey } from "./fields.ts";

/** "12th Pass" → "12th-pass", "Jammu and Kashmir" → "jammu-and-kashmir": a label's key. */
export function optionKey(label: string): string {
  return label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * Options stored by a stable key (issue 27), the landing slug of their English label: entries,
 * alert topics and organizations keep "bihar" and "12th-pass"; the label is for people, and the
 * Hindi one is in app/i18n/catalog/hi/options.ts.
 */
const keyed = (...labels: string[]): Option[] =>
  labels.map((label) => ({ value: optionKey(label), label }));

/**
 * An option's name in `names` (a catalogue's), or the value itself: an own property only, so a
 * reader's "__proto__" or "constructor" is a value with no name, never Object's own members.
 */
export const nameIn = (names: Readonly<Record<string, string>>, value: string): string =>
  Object.hasOwn(names, value) ? names[value]! : value;

/** The English label of a stored key (or of an unknown value, the value itself). */
export function optionLabel(options: readonly Option[], value: string): string {
  return options.find((o) => o.value === value)?.label ?? value;
}

/** The all-India choice of STATES: an entry open to candidates from every state. */
export const ALL_INDIA = "all-india";

/** A job open to any qualification. */
export const ANY_QUALIFICATION = "any";

export const STATES: readonly Option[] = /* @__PURE__ */ keyed(
  "All India",
  "Andaman and Nicobar Islands",
  "Andhra Pradesh",
  "Arunachal Pradesh",
  "Assam",
  "Bihar",
  "Chandigarh",
  "Chhattisgarh",
  "Dadra and Nagar Haveli and Daman and Diu",
  "Delhi",
  "Goa",
  "Gujarat",
  "Haryana",
  "Himachal Pradesh",
  "Jammu and Kashmir",
  "Jharkhand",
  "Karnataka",
  "Kerala",
  "Ladakh",
  "Lakshadweep",
  "Madhya Pradesh",
  "Maharashtra",
  "Manipur",
  "Meghalaya",
  "Mizoram",
  "Nagaland",
  "Odisha",
  "Puducherry",
  "Punjab",
  "Rajasthan",
  "Sikkim",
  "Tamil Nadu",
  "Telangana",
  "Tripura",
  "Uttar Pradesh",
  "Uttarakhand",
  "West Bengal",
);

export const QUALIFICATIONS: readonly Option[] = /* @__PURE__ */ keyed(
  "10th Pass",
  "12th Pass",
  "ITI",
  "Diploma",
  "Graduate",
  "Engineering",
  "Post Graduate",
  "Medical",
  "Law",
  "Any",
);

/**
 * The subjects a post may ask for (issue 26): the candidate's list without "Other", which names
 * no subject a notification could be checked against.
 */
export const DISCIPLINE_OPTIONS: readonly Option[] = /* @__PURE__ */ DISCIPLINES.filter(
  (value) => value !== "other",
).map((value) => ({ value, label: DISCIPLINE_LABEL[value] }));

/** schema.org employmentType values, labelled for people. */
export const EMPLOYMENT_TYPES: readonly Option[] = [
  { value: "FULL_TIME", label: "Full time (permanent)" },
  { value: "CONTRACTOR", label: "Contract" },
  { value: "TEMPORARY", label: "Temporary" },
  { value: "PART_TIME", label: "Part time" },
  { value: "INTERN", label: "Apprentice / internship" },
];

export const ANSWER_KEY_TYPES: readonly Option[] = [
  { value: "provisional", label: "Provisional" },
  { value: "final", label: "Final" },
];

export const YES_NO: readonly Option[] = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
];

export const CATEGORY_OPTIONS: readonly Option[] = /* @__PURE__ */ CATEGORIES.map((value) => ({
  value,
  label: CATEGORY_LABEL[value],
}));

/** How a notification's maximum age is read (`PostRules.upperRule`). */
export const AGE_RULES: readonly Option[] = [
  {
    value: "not-attained",
    label: "Must not have reached the maximum age on that date (UPSC, SSC, RRB)",
  },
  {
    value: "completed-years",
    label: "Up to the maximum in completed years (until the day before the next birthday)",
  },
];

/** A candidate's state of domicile: any state or union territory. */
export const DOMICILE_STATES = STATES.filter((s) => s.value !== ALL_INDIA).map((s) => s.value);

/** The English names of the states and qualifications by key ("12th-pass" → "12th Pass"): the one map the English catalogue's landing titles, glance facts and rule sentences read. */
export const OPTION_NAMES: Readonly<Record<string, string>> = /* @__PURE__ */ Object.fromEntries(
  [...STATES, ...QUALIFICATIONS].map((o) => [o.value, o.label]),
);
