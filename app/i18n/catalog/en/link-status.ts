/**
 * What the link monitor's codes say (issue 30): under each button of an entry's page, and the
 * states' names on the back-office's Links screen (app/link-monitor/rules.ts makes the codes).
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
  /** The link's state, by code (the back-office's words). */
  states: {
    unchecked: "Not checked yet",
    ok: "Working",
    moved: "Moved",
    broken: "Broken",
    "soft-404": "Says “not found”",
    "off-official": "Ends off the official hosts",
    "known-fake": "Leads to a known fake",
    unreachable: "No answer",
    refused: "Not checked (address not allowed)",
  },
  /** Why no answer came, by the guarded client's reason. */
  reasons: {
    "bad-url": "not a valid address",
    scheme: "not http or https",
    port: "a port other than 80 or 443",
    credentials: "carries a user name or password",
    "blocked-address": "not a public address",
    dns: "host name not found",
    connect: "could not connect",
    tls: "TLS certificate or handshake failed",
    timeout: "no answer in time",
    aborted: "cancelled",
    "too-large": "answer too large",
    protocol: "not a valid web answer",
    "too-many-redirects": "more than 5 redirects",
    "bad-redirect": "a redirect without a valid address",
  } as Record<string, string>,
};
