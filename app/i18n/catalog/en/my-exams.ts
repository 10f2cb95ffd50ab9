import { byKind, kinds } from "./kinds.ts";
/** The /my page, its reminders and calendar feed, and the exam calendar (issue 28). */
export const myExams = {
  title: "My exams",
  description:
    "The jobs, admit cards and answer keys you saved, soonest date first: apply, fee, exam and objection dates, with reminders and a calendar feed.",
  intro:
    "Saved on this device only: no account, nothing sent to us. Each entry shows its next date; exams on the same day are flagged.",
  noScript:
    "Your saved list is kept in this browser and needs JavaScript to show. Turn JavaScript on, or browse the jobs list.",
  loading: "Loading your saved list…",
  empty: {
    title: "Nothing saved yet",
    body: "Press “Save” on a job, admit card, result or answer key, and it appears here with its next date: the last day to apply, the fee, the exam, the objection window.",
    finder: "Find jobs you are eligible for",
  },
  /** The next date of an entry: {date} */
  windows: {
    apply: "Apply by {date}",
    fee: "Fee by {date}",
    admitCard: "Admit card {date}",
    exam: "Exam {date}",
    answerKey: "Answer key {date}",
    objections: "Objections until {date}",
    result: "Result {date}",
  },
  /** A span not open yet: {date} */
  opens: {
    apply: "Apply from {date}",
    objections: "Objections from {date}",
  } as Partial<Record<string, string>>,
  /** A date that has passed */
  done: {
    apply: "Applications closed",
    fee: "Fee payment closed",
    admitCard: "Admit card out",
    exam: "Exam held",
    answerKey: "Answer key out",
    objections: "Objections closed",
    result: "Result out",
  },
  today: "today",
  tomorrow: "tomorrow",
  /** {n} */
  inDays: "in {n} days",
  nothingAhead: "No dates ahead",
  gone: "No longer published",
  related: "Updates for this job",
  remove: "Remove",
  statusLabel: "My status",
  statuses: {
    interested: "Interested",
    applied: "Applied",
    admitCard: "Admit card downloaded",
    appeared: "Appeared",
    result: "Result out",
  },
  clashHeading: "Exam clashes",
  /** {a}, {b}, {date} */
  clashSameDay: "“{a}” and “{b}”: both exams on {date}.",
  clashOverlap: "“{a}” and “{b}”: exam days overlap from {date}.",
  offline: "You are offline: showing the list as it was last loaded.",
  reminders: {
    heading: "Reminders",
    explain:
      "A notification 7 days, 2 days and on the day before each date closes, and when a date changes or the admit card, answer key or result comes out. Turning them on sends our server this list's entry ids and this browser's push address, nothing else; turning them off deletes that copy.",
    on: "Turn on reminders",
    off: "Stop reminders",
    busy: "One moment…",
    active: "Reminders are on for this list.",
    denied: "Notifications are blocked for this site in the browser's settings.",
    failed: "Reminders could not be turned on. Please try again.",
    unsupported: "This browser cannot show notifications.",
  },
  calendar: {
    heading: "Calendar feed",
    explain:
      "A private address your calendar app can subscribe to: it follows date changes. It sends our server this list's entry ids; turning it off deletes that copy and the address stops working.",
    get: "Get a calendar address",
    copy: "Copy",
    copied: "Copied",
    subscribe: "Open in calendar app",
    revoke: "Turn off the calendar address",
    failed: "That did not work. Please try again.",
    addressLabel: "Your calendar address",
  },
  /** The offline copy of a page (the service worker) */
  savedCopy: "Saved on {date}, {time}: may be out of date",
  offlineTitle: "You are offline",
  offlineBody: "This page was not saved on this device. Your saved list still opens:",
  /** Push notifications: {what} is a window's words */
  push: {
    closing: "{what} ({when})",
    changed: "Date changed: {what}",
    announced: "New date: {what}",
    published: byKind(kinds, "published"),
  },
  /** Calendar events' titles: {title} */
  events: {
    apply: "Last day to apply: {title}",
    fee: "Last day for the fee: {title}",
    admitCard: "Admit card: {title}",
    exam: "Exam: {title}",
    answerKey: "Answer key: {title}",
    objections: "Objections close: {title}",
    result: "Result: {title}",
  },
  /** The calendar's own name: {site} */
  calendarName: "My exams ({site})",
  examCalendar: {
    title: "Exam calendar",
    description:
      "Upcoming exam dates, admit card dates and answer-key objection windows of government recruitments, month by month.",
    /** {site} */
    feedName: "Exam calendar ({site})",
    kinds: { exam: "Exam", admitCard: "Admit card", objections: "Objections" },
    filters: {
      organization: { label: "Organization", any: "All organizations" },
      state: { label: "State", any: "All states" },
      qualification: { label: "Qualification", any: "All qualifications" },
    },
    show: "Show",
    clear: "Clear filters",
    none: "No upcoming dates match these filters.",
    rss: "RSS feed",
    ics: "Calendar feed (.ics)",
    /** {n} */
    count: "{n} upcoming dates",
  },
};
