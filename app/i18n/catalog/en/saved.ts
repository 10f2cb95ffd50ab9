/**
 * My exams on every public page (issue 28): the Save control, the clash warning, "Add to
 * calendar" and the header's link. The layout sends these with the shell's words.
 */
export const saved = {
  myExams: "My exams",
  examCalendar: "Exam calendar",
  save: "Save",
  saved: "Saved",
  addToCalendar: "Add to calendar",
  /** {title}, {date}: another saved entry whose exam meets this one's */
  clashSameDay: "Your saved “{title}” exam is on the same day ({date}).",
  clashOverlap: "Your saved “{title}” exam days overlap with this one ({date}).",
};
