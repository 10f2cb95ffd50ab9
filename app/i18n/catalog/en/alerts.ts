import { byKind, kinds } from "./kinds.ts";
/** Job alerts (issue 15): the /alerts pages, the compact subscribe box and the e-mails. */
export const alerts = {
  title: "Job Alerts by E-mail",
  /** {site} */
  metaDescription:
    "Get an e-mail from {site} when a government job, result, admit card or answer key for your state and qualification is published.",
  intro:
    "Choose what you want to hear about. Leave a group empty to hear about all of it. We send a confirmation mail first; nothing is sent until you confirm.",
  emailOff:
    "E-mail alerts are not available on this site yet (no mail server is configured). Please check back later.",
  /** Without a mail server: alerts come by web push alone (issue 26). */
  pushTitle: "Job Alerts in This Browser",
  pushIntro:
    "Choose what you want to hear about, then turn on alerts: this browser shows a notification for each new match. Leave a group empty to hear about all of it.",
  pushLanguage: "Language of the alerts",
  /** Without a mail server, in a browser that cannot show notifications (or without JavaScript). */
  noChannel:
    "Alerts on this site come as notifications in your browser, and this browser cannot show them: it does not support them, notifications are blocked for this site, or JavaScript is off. E-mail alerts are not available here yet.",
  email: "E-mail address",
  kinds: "What",
  kindNames: byKind(kinds, "alertName"),
  states: "States",
  statesHint: "All-India jobs reach every state.",
  qualifications: "Qualifications",
  organizations: "Organizations",
  organizationsHint: "Leave empty for every organization.",
  language: "Language of the mails",
  languageNames: { en: "English", hi: "हिन्दी (Hindi)" },
  cadence: "How often",
  instant: "As soon as it is published",
  daily: "One digest a day at",
  /** {hour}: "07:00" */
  hourOption: "{hour} India time",
  subscribe: "Subscribe",
  /** The compact box on list and job pages. */
  boxTitle: "Get alerts like these by e-mail",
  boxTitlePush: "Get alerts like these in this browser",
  boxButton: "Set up alerts",
  checkInbox:
    "Almost done: we have sent a mail to {email}. Open the link in it and press the confirm button to start your alerts. The link works for 7 days.",
  errors: {
    email: "Enter an e-mail address such as name@example.com.",
    topics: "One of the choices is not on the list; reload the page and try again.",
    organizations: "Choose at most 20 organizations.",
    rateLimited:
      "You have subscribed several times in a short time. Please try again in {n} minutes.",
    failed: "Your subscription could not be saved. Please try again.",
  },
  confirmTitle: "Confirm your job alerts",
  confirmIntro: "Press the button to start the alerts for {email}.",
  confirmButton: "Confirm my alerts",
  confirmed: "Your alerts are on. Every mail has a link to change or stop them.",
  tokenInvalid:
    "This confirmation link is not valid: it may have been used already or copied incompletely. Subscribe again to get a new one.",
  tokenExpired:
    "This confirmation link has expired (links work for 7 days). Subscribe again to get a new one.",
  manageTitle: "Manage your job alerts",
  /** {email} */
  manageIntro: "Alerts for {email}.",
  save: "Save changes",
  saved: "Your choices are saved.",
  exportTitle: "What we keep",
  exportText:
    "Your address, your choices, when you subscribed and confirmed, and the alerts queued or sent to you.",
  exportButton: "Download my data (JSON)",
  deleteTitle: "Stop and delete",
  deleteText: "Stops every alert and deletes your address and everything kept with it.",
  deleteButton: "Delete my alerts",
  deleted: "Done: your alerts are stopped and everything we kept for them is deleted.",
  linkInvalid:
    "This link is not valid: it may have been copied incompletely. Use the link in your latest alert mail.",
  gone: "There are no alerts for this link any more: they were stopped and deleted.",
  unsubscribeTitle: "Stop job alerts",
  unsubscribeIntro: "Press the button to stop every alert to this address and delete it.",
  unsubscribeButton: "Stop my alerts",
  mail: {
    confirmSubject: "Confirm your job alerts",
    /** {site} */
    confirmIntro:
      "Someone, hopefully you, asked {site} to send job alerts to this address. To start them, open this link and press the confirm button:",
    confirmIgnore: "If it was not you, ignore this mail: nothing will be sent.",
    manageLinkSubject: "Your job alerts",
    manageLinkIntro:
      "This address already receives job alerts. To change what you get, or to stop them, open:",
    /** {title} */
    publishedSubject: "New: {title}",
    /** {headline}, {title} */
    changedSubject: "{headline}: {title}",
    /** {date} */
    lastDate: "Last date: {date}",
    open: "Read more",
    /** {n}, {date} */
    digestSubject: "{n} new alerts for {date}",
    manage: "Change your alerts",
    unsubscribe: "Unsubscribe",
    /** {site} */
    footer: "You get this mail because you subscribed to job alerts on {site}.",
  },
};
