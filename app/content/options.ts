import type { Option } from "./fields.ts";

const opts = (...values: string[]): Option[] => values.map((v) => ({ value: v, label: v }));

export const STATES: readonly Option[] = opts(
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

export const QUALIFICATIONS: readonly Option[] = opts(
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
