import { OPTION_NAMES } from "~/content/options.ts";
import type { FactWords, GlanceWords } from "../../glance-words.ts";

/**
 * The first screen's and the list rows' words in English (app/i18n/glance-words.ts words the
 * facts with them). The catalogue carries them as `list.facts` and `detail.glance`; the admin
 * preview and the tests read them from here.
 */
export const ENGLISH_FACT_WORDS: FactWords = {
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
};

export const ENGLISH_GLANCE_WORDS: GlanceWords = {
  ...ENGLISH_FACT_WORDS,
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
  qualifications: OPTION_NAMES,
};
