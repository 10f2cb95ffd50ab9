/**
 * What the link monitor's codes say to readers (issue 30), under each button and link of an
 * entry's page (app/link-monitor/rules.ts readerStatus makes the codes; the back-office's words
 * for the states are in link-states.ts).
 */
export const linkStatus = {
  checkedToday: "Link checked today",
  checkedYesterday: "Link checked yesterday",
  /** {date} */
  workingOn: "Link last found working on {date}",
  notWorkingToday: "This link was not working when we checked it today.",
  /** {date} */
  notWorkingOn: "This link was not working when we checked it on {date}.",
  /** {host} */
  leavesOfficial: "This link now leads to {host}, which is not on our list of official sites.",
  knownFake: "This link now leads to a known fake site. Do not pay or enter anything there.",
  /** {host} */
  goInstead: "Go to {host} instead",
  noFallback: "Look for it on the organization's official website.",
  tryAnyway: "Try the link anyway",
};
