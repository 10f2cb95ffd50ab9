import { byKind, kinds } from "./kinds.ts";
/** The home page. */
export const home = {
  /**
   * The heading and meta: English shows the settings' tagline and description as the editors
   * wrote them; a language without its own settings words gives its own text here.
   */
  heading: "{tagline}",
  metaTitle: "{site}: {tagline}",
  metaDescription: "{description}",
  jumpTo: "Jump to",
  boxes: byKind(kinds, "homeBox"),
  viewAll: byKind(kinds, "viewAll"),
  closingSoon: "Closing Soon",
  faq: "FAQ",
  faqTitle: "Frequently Asked Questions",
  finderTitle: "Which jobs can I apply for?",
  finderText: "Your date of birth, category and qualification against every open post.",
  alertsTitle: "Get job alerts",
  alertsText:
    "New jobs for your state, qualification and recruiters, as soon as they are published.",
  noJobs: "No jobs published yet.",
  noneClosing: "No job closes in the next {days} days.",
  nothingYet: "Nothing published yet.",
  lastDate: "Last date:",
};
