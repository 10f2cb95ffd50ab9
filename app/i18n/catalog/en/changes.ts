import type { ChangeWords } from "~/content/change-log.ts";

/**
 * The public change log (issue 29): what the bell, the Latest bar, an entry's page and alert
 * mails say of a key change (`keyChanges` gives the code and values, `changeWords` the words).
 */
export const changes = {
  fields: {
    lastDate: "Last date",
    feeLastDate: "Last date for fee payment",
    examDate: "Exam date",
    admitCardDate: "Admit card date",
    resultDate: "Result date",
    releaseDate: "Admit card release date",
    objectionEnd: "Objection window",
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
  headlines: {
    "date-announced": "{field} announced",
    "date-extended": "{field} extended",
    "date-changed": "{field} changed",
    "posts-increased": "Vacancies increased",
    "posts-reduced": "Vacancies reduced",
    "fee-changed": "Application fee changed",
    "link-added": "{field} added",
    "link-updated": "{field} updated",
  },
  details: {
    "date-announced": "{field} announced: {date}",
    "date-extended": "{field} extended from {from} to {to}",
    "date-changed": "{field} changed from {from} to {to}",
    "posts-increased": "Vacancies increased from {from} to {to}",
    "posts-reduced": "Vacancies reduced from {from} to {to}",
    "fee-changed": "Application fee now {fees}",
    "link-added": "{field} added",
    "link-updated": "{field} updated",
  },
  fee: "{category}: {amount}",
  feeSeparator: "; ",
  noFee: "no fee",
} satisfies ChangeWords;
