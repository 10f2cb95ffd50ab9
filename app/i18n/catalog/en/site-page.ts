/** The frame of a site page (About us, Privacy…): the page's own text is the editors'. */
export const sitePage = {
  securityContact: "Security contact:",
  /** {date} is the date, shown as a <time>. */
  lastUpdated: "Last updated on {date}",
  /** Shown on the Hindi address of a page the editors have not written in Hindi yet. */
  notTranslated: "",
};
