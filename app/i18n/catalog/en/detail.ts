import type { GlanceWords } from "~/content/glance.ts";
import { ENGLISH_RULE_WORDS } from "./rule-words.ts";
import { QUALIFICATIONS } from "~/content/options.ts";

/**
 * The registry's public words in a language other than the registry's own English. Flat maps;
 * a key `kind:key` ("result:how-to") wins over the plain key for that kind. Missing keys fall
 * back to the registry's English (`detail-labels.test.ts` checks Hindi has them all).
 */
export interface RegistryWords {
  /** Each kind's name, one and several ("Job", "Jobs"), by kind. */
  kinds: Record<string, { label: string; plural: string }>;
  /** Section titles by section id. */
  sections: Record<string, string>;
  /** Field labels by field name; a table's columns as "field.column". */
  fields: Record<string, string>;
  /** Choice labels (selects) by value. */
  options: Record<string, string>;
}

/** An entry's page: job, result, admit card, syllabus, answer key (and the admin preview). */
export const detail = {
  home: "Home",
  /** {date} */
  postedOn: "Posted on {date}",
  /** {date} */
  updatedOn: "Updated on {date}",
  /** {date} */
  closedBanner: "Closed: applications ended on {date}.",
  /** The newest change: "Updated 22 Nov 2026: …" ({date}) */
  changedOn: "Updated {date}:",
  allChanges: "All changes",
  whatChanged: "What Changed",
  /** {date} */
  changedOnParen: "(updated {date})",
  related: "Related",
  /** {n}: the number of columns */
  swipe: "Swipe the table sideways to see all {n} columns →",
  total: "Total",
  openLink: "Open link",
  atAGlance: "At a glance",
  notOfficialWarning:
    "A link above does not lead to a government or official website. Check it against the official notification, and never pay anyone except the recruiting body.",
  /** {date} */
  checkedOn: "Checked against the official notification on {date}.",
  copyKept: "Copy kept on this site",
  officialSite: "Official site",
  notOfficialSite: "Not an official site",
  /** The first screen's facts and buttons (glance.ts; the English ones are its defaults). */
  glance: {
    lastDate: "Last date",
    closedOn: "Closed on {date}",
    closesToday: "Closes today",
    closesTomorrow: "Closes tomorrow",
    closesInDays: "Closes in {n} days",
    resultDeclared: "Result declared",
    examDate: "Exam date",
    objections: "Objections",
    span: "{from} to {to}",
    spanClosed: "{value} (closed)",
    spanOpen: "{value} (open now)",
    totalPosts: "Total posts",
    qualification: "Qualification",
    applicationFee: "Application fee",
    noFee: "No fee",
    ageLimit: "Age limit",
    ageRange: "{min}–{max} years",
    ageAtLeast: "at least {min} years",
    ageUpTo: "up to {max} years",
    ageAsOn: "{range} as on {date}",
    admitCardOut: "Admit card out",
    answerKeyReleased: "Answer key released",
    objectionFee: "Objection fee",
    perQuestion: "{fee} per question",
    actions: {
      applyUrl: "Apply Online",
      notificationUrl: "Download Notification",
      resultUrl: "Check Result",
      meritListUrl: "Download Merit List",
      downloadUrl: "Download Admit Card",
      pdfUrl: "Download Syllabus",
      answerKeyUrl: "Download Answer Key",
      objectionUrl: "Raise Objection",
    },
    opensOn: "Opens on {date}",
    /** The job form's qualification choices by key (issue 27): "12th-pass" → "12th Pass". */
    qualifications: /* @__PURE__ */ Object.fromEntries(
      QUALIFICATIONS.map((o) => [o.value, o.label]),
    ),
  } satisfies GlanceWords as GlanceWords,
  /** "Am I eligible?" on an open job's page. */
  eligible: {
    summary: "Am I eligible?",
    summaryHint: "Check your age and qualification for each post",
    savedFor: "For the details saved on this phone.",
    change: "Change them",
    ageOnly: "Age only: choose your qualification below to check it too, or use the finder.",
    formLabel: "Check your age and qualification",
    dob: "Date of birth",
    /** The three boxes of a date of birth. */
    dobParts: { day: "Day", month: "Month", year: "Year" },
    category: "Category",
    choose: "Choose…",
    /** Optional, like the subject: without it only the age is checked. */
    qualification: "Highest qualification",
    discipline: "Its subject",
    notGiven: "Not given",
    levels: ENGLISH_RULE_WORDS.qualifications,
    disciplines: ENGLISH_RULE_WORDS.disciplines,
    check: "Check",
    findAll: "Find every open job you can apply for",
    answersLabel: "Answer for each post",
    noAgeLimit: "no age limit given here: read the notification",
    canApply: "✓ you can apply",
    /** Everything checked fits; something the post asks could not be checked (said below it). */
    toCheck: "? check first",
    notEligible: "✗ not eligible",
    /** {age}: the candidate's age, as the rules word it */
    why: "{age}: why",
    categories: {
      general: "General",
      ews: "EWS",
      obc: "OBC",
      sc: "SC",
      st: "ST",
    },
  },
  /**
   * The change log's sentences (app/i18n/change-words.ts; the words of app/content/change-log.ts's
   * codes). {label}: the thing changed; {from}, {to}: its values. Each has the short headline the
   * bell and the Latest bar put before the title, and the sentence the page shows.
   */
  changes: {
    labels: {
      lastDate: "Last date",
      feeLastDate: "Last date for fee payment",
      examDate: "Exam date",
      admitCardDate: "Admit card date",
      resultDate: "Result date",
      releaseDate: "Admit card release date",
      objectionEnd: "Objection window",
      posts: "Vacancies",
      fees: "Application fee",
      applyUrl: "Apply online link",
      notificationUrl: "Notification",
      resultUrl: "Result link",
      meritListUrl: "Merit list",
      scorecardUrl: "Scorecard link",
      downloadUrl: "Admit card download link",
      pdfUrl: "Syllabus PDF",
      answerKeyUrl: "Answer key link",
      objectionUrl: "Objection link",
    } as Record<string, string>,
    announced: { headline: "{label} announced", detail: "{label} announced: {to}" },
    extended: { headline: "{label} extended", detail: "{label} extended from {from} to {to}" },
    changed: { headline: "{label} changed", detail: "{label} changed from {from} to {to}" },
    increased: { headline: "{label} increased", detail: "{label} increased from {from} to {to}" },
    reduced: { headline: "{label} reduced", detail: "{label} reduced from {from} to {to}" },
    fee: { headline: "{label} changed", detail: "{label} now {to}" },
    added: { headline: "{label} added", detail: "{label} added" },
    updated: { headline: "{label} updated", detail: "{label} updated" },
  },
  /** English: the registry's own words (empty maps); other languages fill them. */
  registry: { kinds: {}, sections: {}, fields: {}, options: {} } as RegistryWords,
};
