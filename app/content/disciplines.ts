/**
 * The subjects of a qualification (issue 26), coarse on purpose: the candidate names the one of
 * their highest qualification, and a post names the ones it accepts. Stored as these keys, never
 * as words; each language labels them (`RuleWords.disciplines`). Apart from eligibility-terms.ts:
 * the finder's page and the job page's form list them from their catalogue, so only the rules
 * code, loaded when it is used, carries this module.
 */
export const DISCIPLINES = [
  "arts",
  "commerce",
  "science",
  "engineering",
  "medicine",
  "law",
  "education",
  "nursing",
  "pharmacy",
  "agriculture",
  "computer-applications",
  "other",
] as const;

export type Discipline = (typeof DISCIPLINES)[number];

export const DISCIPLINE_LABEL: Record<Discipline, string> = {
  arts: "Arts",
  commerce: "Commerce",
  science: "Science",
  engineering: "Engineering/Technology",
  medicine: "Medicine (MBBS)",
  law: "Law",
  education: "Education (B.Ed.)",
  nursing: "Nursing",
  pharmacy: "Pharmacy",
  agriculture: "Agriculture",
  "computer-applications": "Computer applications",
  other: "Other",
};

/**
 * Degrees taken on top of another degree (a B.Ed., a three-year LLB): someone whose highest
 * qualification is one of these also holds a first degree, in a subject the profile does not say.
 */
export const SECOND_DEGREES: readonly Discipline[] = ["education", "law"];

export const isDiscipline = (value: unknown): value is Discipline =>
  (DISCIPLINES as readonly unknown[]).includes(value);
