/** RSS channel words (server only: the feeds are XML, not pages). */
export const feeds = {
  kinds: {
    job: "Jobs",
    result: "Results",
    "admit-card": "Admit Cards",
    syllabus: "Syllabus",
    "answer-key": "Answer Keys",
  } as Record<string, string>,
  title: "{title}: {site}",
  newest: "The newest {what} on {site}.",
  organization: "The newest jobs, results and admit cards of {name} on {site}.",
};
