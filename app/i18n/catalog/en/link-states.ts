/** The link monitor's states and reasons, as the back-office names them (issue 30). */
export const linkStates = {
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
