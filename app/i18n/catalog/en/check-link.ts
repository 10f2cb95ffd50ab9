/** "Is this link official?" (/check-link, issue 30): the page and each answer's words. */
export const checkLink = {
  title: "Is this link official?",
  metaDescription:
    "Got a job link on WhatsApp or by SMS? Paste it to see whether it belongs to an official recruiter, its official application portal, or a known fake site.",
  intro:
    "Got a job link on WhatsApp or by SMS? Paste it here. We compare its address with our list of official recruitment sites and known fakes.",
  privacy: "We never open the link you paste, and we do not keep it.",
  label: "Link or web address",
  hint: "For example https://ssc.gov.in/apply or ssc.gov.in",
  submit: "Check",
  checking: "Checking…",
  answerHeading: "Answer",
  /** {host} {organization} */
  organization: "{host} is an official website of {organization}.",
  /** {host} {organization} */
  vendor: "{host} is an official application portal that {organization} uses.",
  /** {host} */
  sharedVendor: "{host} is an application portal that official recruiters use.",
  sharedVendorAdvice: "Check that the page names the recruiter you expect before you pay a fee.",
  /** {host} {suffix} */
  government: "{host} is a government of India address (it ends in .{suffix}).",
  governmentAdvice:
    "It is not the site of a recruiter on our list: check the notification names it.",
  /** {host} */
  unknown: "{host} is not on our list of official addresses.",
  unknownAdvice:
    "That does not prove it is fake, but do not pay a fee or enter your details there until you find the same link on the recruiter's official website.",
  /** {tail} */
  lookalike:
    "Careful: it only looks official. What counts is how an address ends, and this one ends in {tail}.",
  /** {host} */
  knownFake: "{host} is a known fake site. Do not pay or enter anything there.",
  /** {date} {source} */
  fakeListed: "On our list of fakes since {date}. Source: {source}",
  /** {source} */
  source: "Source: {source}",
  organizationPage: "See its jobs on this site",
  invalid:
    "That is not a web address. Paste a link such as https://ssc.gov.in/ or a domain such as ssc.gov.in.",
  /** {n}: minutes */
  limited: "Too many checks from your connection. Please try again in {n} minutes.",
  failed: "The check could not be made. Please try again.",
  howTitle: "How to tell an official link",
  how: [
    "Central and state government sites end in .gov.in or .nic.in: look at the end of the address, not the start (ssc.gov.in.example.com is not a government site).",
    "Some recruiters take applications on a portal run for them (IBPS, TCS iON, state commission portals): the recruiter's own website links to it.",
    "No recruiter asks for a fee by WhatsApp, UPI to a person, or a “registration agent”.",
  ],
};
