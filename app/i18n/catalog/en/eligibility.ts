import { ENGLISH_RULE_WORDS } from "./rule-words.ts";
import { list } from "./list.ts";

/** The eligibility finder (/eligibility) and the sentences of the eligibility rules (issue 14). */
export const eligibility = {
  metaTitle: "Eligibility finder: which government jobs can I apply for?",
  metaDescription:
    "Enter your date of birth, category and qualification to see every open government job post you may apply for, with the age limit and relaxation worked out for you.",
  heading: "Which jobs can I apply for?",
  intro:
    "Enter your details once: every open post is checked against its age limit, counted on the notification's own date with your category's relaxation, and its qualification. Your date of birth stays on your phone.",
  formLabel: "Your details",
  checkOne: "Check the field marked below.",
  /** {n}: two or more */
  checkMany: "Check the {n} fields marked below.",
  dob: "Date of birth",
  /** After the name of a field the form cannot do without (issue 29: said before sending). */
  required: "required",
  dobHint: "As on your 10th certificate, e.g. 15 8 2001",
  /** The three boxes of a date of birth. */
  dobParts: { day: "Day", month: "Month", year: "Year" },
  gender: "Gender",
  genders: { female: "Female", male: "Male", other: "Other" },
  category: "Category",
  qualification: "Highest qualification passed",
  discipline: "Subject of that qualification",
  disciplineHint:
    "Optional. Posts that ask for a subject (Medicine, Engineering, Law…) are checked against it.",
  choose: "Choose…",
  domicile: "State of domicile",
  notGiven: "Not given",
  finalYear: "I am in the final year of the next course (appearing)",
  pwbd: "Person with benchmark disability (PwBD)",
  exServiceman: "Ex-serviceman",
  serviceYears: "Years of military service",
  submit: "Show jobs I can apply for",
  remember: "Remember on this device",
  forget: "Forget my details",
  loadFailed:
    "The list of open jobs could not be loaded. Check your connection and press the button again.",
  results: {
    noneFit: "No open post fits your details today",
    /** {posts}, {jobs}: the counts below */
    canApply: "You can apply for {posts} in {jobs}",
    post: "{n} post",
    posts: "{n} posts",
    job: "{n} job",
    jobs: "{n} jobs",
    soonestFirst:
      "Soonest last date first. Confirm every condition in the official notification before you pay a fee.",
    eligibleLabel: "Posts you can apply for",
    /** {n} */
    check: "Check one thing first ({n})",
    checkLabel: "Posts to check first",
    checkHint:
      "Your age and level of qualification fit. Each of these asks for a subject or another qualification that your details do not show: check it in the notification.",
    /** {n} */
    close: "Not eligible, but close ({n})",
    closeLabel: "Not eligible, but close",
    closeHint: "Too young by less than a year, or your qualification is one course away.",
    /** {n}: 1, then more */
    undecidedOne: "{n} open post gives no age limit here: read the notification",
    undecidedMany: "{n} open posts give no age limit here: read the notification",
    /** {post} */
    postLabel: "Post: {post}",
    /** {age}: the rules' age sentence */
    howWorked: "{age}: how it was worked out",
  },
  /** The last date of each job, in the words of the lists. */
  facts: list.facts,
  /** The rules' sentences and the profile form's messages (eligibility-words.ts). */
  rules: ENGLISH_RULE_WORDS,
};
