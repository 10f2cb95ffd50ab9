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
  boxes: {
    job: "Latest Jobs",
    result: "Results",
    "admit-card": "Admit Cards",
    "answer-key": "Answer Keys",
    syllabus: "Syllabus",
  },
  viewAll: {
    job: "View all jobs",
    result: "View all results",
    "admit-card": "View all admit cards",
    "answer-key": "View all answer keys",
    syllabus: "View all syllabus",
  },
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
