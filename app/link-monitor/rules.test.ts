import { describe, expect, it } from "vitest";
import {
  decideLinkState,
  hostTrust,
  identifyHost,
  isBreakage,
  looksNotFound,
  matchesPattern,
  parseHostInput,
  readerStatus,
  registeredTail,
  type HostDirectory,
  type LinkOutcome,
  type TrustContext,
} from "./rules.ts";

const fakes = [
  { host: "ssc-recruitment.example", reportedOn: "2026-10-02", source: "PIB Fact Check", note: "" },
];
const vendors = [
  { pattern: "*.ucanapply.com", organizationId: "", note: "state commissions", source: "s" },
  { pattern: "ibpsreg.ibps.in", organizationId: "org-ibps", note: "IBPS", source: "s" },
];
const context: TrustContext = { domains: ["ssc.example.org"], vendors, fakes };

const answered = (status: number, extra: Partial<LinkOutcome> = {}): LinkOutcome => ({
  reason: null,
  status,
  finalUrl: "https://ssc.gov.in/apply",
  chain: [],
  contentType: "text/html",
  soft404: false,
  ...extra,
});

describe("hosts", () => {
  it("reads a pasted link or domain as its host, and nothing that is not a web address", () => {
    expect(parseHostInput("https://www.SSC.gov.in/apply?x=1#top")).toBe("ssc.gov.in");
    expect(parseHostInput("  ssc.gov.in  ")).toBe("ssc.gov.in");
    expect(parseHostInput("ssc.gov.in./path")).toBe("ssc.gov.in");
    expect(parseHostInput("ssc.gov.in:443/x")).toBe("ssc.gov.in");
    expect(parseHostInput("http://ssc-gov.in.example.com/login")).toBe("ssc-gov.in.example.com");
    expect(parseHostInput("*.ucanapply.com", { wildcard: true })).toBe("*.ucanapply.com");
    expect(parseHostInput("*.ucanapply.com")).toBeNull();
    for (const bad of [
      "",
      "ssc",
      "javascript:alert(1)",
      "ftp://ssc.gov.in/",
      "ssc gov.in",
      "a".repeat(2001),
    ])
      expect(parseHostInput(bad), bad).toBeNull();
  });

  it("matches a vendor pattern: the host itself, or (with *.) its subdomains only", () => {
    expect(matchesPattern("wbpsc.ucanapply.com", "*.ucanapply.com")).toBe(true);
    expect(matchesPattern("ucanapply.com", "*.ucanapply.com")).toBe(false);
    expect(matchesPattern("evilucanapply.com", "*.ucanapply.com")).toBe(false);
    expect(matchesPattern("ibpsreg.ibps.in", "ibpsreg.ibps.in")).toBe(true);
    expect(matchesPattern("x.ibpsreg.ibps.in", "ibpsreg.ibps.in")).toBe(false);
  });

  it("trusts government suffixes, the organization's domains and its vendors; a look-alike is unknown", () => {
    expect(hostTrust("ssc.gov.in", context)).toBe("government");
    expect(hostTrust("apply.ssc.example.org", context)).toBe("organization");
    expect(hostTrust("wbpsc.ucanapply.com", context)).toBe("vendor");
    expect(hostTrust("ssc-gov.in.example.com", context)).toBe("unknown");
    expect(hostTrust("ssc.gov.in.example.com", context)).toBe("unknown");
    expect(hostTrust("www.ssc-recruitment.example", context)).toBe("known-fake");
  });

  it("names whose an address is, for /check-link", () => {
    const directory: HostDirectory = {
      organizations: [
        { id: "org-ssc", name: "Staff Selection Commission", slug: "ssc", domains: ["ssc.gov.in"] },
        { id: "org-ibps", name: "IBPS", slug: "ibps", domains: ["ibps.in"] },
        { id: "org-bihar", name: "Bihar", slug: "bihar", domains: ["bihar.gov.in"] },
        { id: "org-bpsc", name: "BPSC", slug: "bpsc", domains: ["bpsc.bihar.gov.in"] },
      ],
      vendors: [
        ...vendors,
        { pattern: "sscexams.cbexams.com", organizationId: "org-ssc", note: "", source: "t" },
      ],
      fakes,
    };
    expect(identifyHost("ssc.gov.in", directory)).toMatchObject({
      code: "organization",
      organization: { name: "Staff Selection Commission" },
    });
    expect(identifyHost("bpsc.bihar.gov.in", directory)).toMatchObject({
      organization: { name: "BPSC" },
    });
    expect(identifyHost("sscexams.cbexams.com", directory)).toMatchObject({
      code: "vendor",
      organization: { name: "Staff Selection Commission" },
    });
    expect(identifyHost("wbpsc.ucanapply.com", directory)).toMatchObject({ code: "shared-vendor" });
    expect(identifyHost("upsc.gov.in", directory)).toEqual({
      code: "government",
      host: "upsc.gov.in",
      suffix: "gov.in",
    });
    expect(identifyHost("ssc-gov.in.example.com", directory)).toEqual({
      code: "unknown",
      host: "ssc-gov.in.example.com",
      tail: "example.com",
      lookalike: true,
    });
    expect(identifyHost("jobs.example.com", directory)).toMatchObject({ lookalike: false });
    expect(identifyHost("apply.ssc-recruitment.example", directory)).toMatchObject({
      code: "known-fake",
      fake: { reportedOn: "2026-10-02" },
    });
    expect(registeredTail("ssc.gov.in")).toBe("ssc.gov.in");
    expect(registeredTail("a.b.example.co.in")).toBe("example.co.in");
    expect(registeredTail("203.0.113.9")).toBe("203.0.113.9");
  });
});

describe("a check's outcome", () => {
  const decide = (outcome: LinkOutcome, url = "https://ssc.gov.in/apply") =>
    decideLinkState(url, outcome, context);

  it("is ok, moved, broken or soft 404 on an official host", () => {
    expect(decide(answered(200))).toBe("ok");
    expect(decide(answered(200, { contentType: "application/pdf" }))).toBe("ok");
    expect(
      decide(
        answered(200, {
          finalUrl: "https://ssc.gov.in/new/apply",
          chain: [{ url: "https://ssc.gov.in/apply", status: 301 }],
        }),
      ),
    ).toBe("moved");
    // http → https of the same address, then back: a chain that ends where it began did not move.
    expect(
      decide(answered(200, { chain: [{ url: "https://ssc.gov.in/apply", status: 302 }] })),
    ).toBe("ok");
    expect(decide(answered(404))).toBe("broken");
    expect(decide(answered(500))).toBe("broken");
    expect(decide(answered(200, { soft404: true }))).toBe("soft-404");
    // A bot wall says nothing about the page.
    expect(decide(answered(403))).toBe("unreachable");
  });

  it("is flagged when the chain ends off the official hosts, or passes a known fake", () => {
    expect(
      decide(
        answered(200, {
          finalUrl: "https://jobs.example.com/apply",
          chain: [{ url: "https://ssc.gov.in/apply", status: 302 }],
        }),
      ),
    ).toBe("off-official");
    expect(
      decide(
        answered(200, {
          finalUrl: "https://wbpsc.ucanapply.com/apply",
          chain: [{ url: "https://ssc.gov.in/apply", status: 302 }],
        }),
      ),
    ).toBe("moved");
    expect(
      decide(
        answered(200, {
          finalUrl: "https://ssc.gov.in/apply2",
          chain: [
            { url: "https://ssc.gov.in/apply", status: 302 },
            { url: "https://pay.ssc-recruitment.example/x", status: 302 },
          ],
        }),
      ),
    ).toBe("known-fake");
    // Off the hosts and then no answer there: still off them.
    expect(
      decide({
        ...answered(0),
        status: null,
        reason: "timeout",
        finalUrl: "https://jobs.example.com/apply",
        chain: [{ url: "https://ssc.gov.in/apply", status: 302 }],
      }),
    ).toBe("off-official");
  });

  it("tells no answer from an address the monitor may not visit", () => {
    const failed = (reason: string): LinkOutcome => ({
      reason,
      status: null,
      finalUrl: "https://ssc.gov.in/apply",
      chain: [],
      contentType: null,
      soft404: false,
    });
    for (const reason of ["timeout", "dns", "connect", "tls", "protocol", "too-large"])
      expect(decide(failed(reason)), reason).toBe("unreachable");
    for (const reason of ["blocked-address", "port", "scheme", "credentials", "bad-url"])
      expect(decide(failed(reason)), reason).toBe("refused");
    for (const reason of ["too-many-redirects", "bad-redirect"])
      expect(decide(failed(reason)), reason).toBe("broken");
  });

  it("makes a breakage news at once, no answer only the second time", () => {
    expect(isBreakage("broken", 1)).toBe(true);
    expect(isBreakage("off-official", 1)).toBe(true);
    expect(isBreakage("unreachable", 1)).toBe(false);
    expect(isBreakage("unreachable", 2)).toBe(true);
    expect(isBreakage("refused", 5)).toBe(false);
  });
});

describe("soft 404s", () => {
  it("are read from the title and first headings, in English and Hindi", () => {
    for (const html of [
      "<title>404 - Page Not Found</title>",
      "<html><head><title>NIC</title></head><body><h1>The page you requested could not be found</h1>",
      "<title>Error</title><h2 class=x>Sorry, this page is no longer available</h2>",
      "<title>Page&nbsp;not&nbsp;found</title>",
      "<title>पृष्ठ नहीं मिला</title>",
      "<h1>क्षमा करें, यह पेज उपलब्ध नहीं है</h1>",
      "<title>त्रुटि 404</title>",
      "<title>404</title>",
      "<h1>Error 404</h1>",
      "<title>404 Error | Department of Posts</title>",
    ])
      expect(looksNotFound(html), html).toBe(true);
  });

  it("are not a page that only mentions the words in its text", () => {
    for (const html of [
      "<title>SSC CGL 2026: Apply Online</title><p>404 posts. Page not found? Call us.</p>",
      "<title>Recruitment 2026</title><h1>SSC GD: 404 posts of Constable</h1>",
      "<title>404 posts</title>",
      "<title>भर्ती 2026 – ऑनलाइन आवेदन</title>",
      "",
    ])
      expect(looksNotFound(html), html).toBe(false);
  });
});

describe("what a reader is told", () => {
  const checked = {
    checkedOn: "2026-11-26",
    workingOn: "2026-11-26",
    finalHost: "ssc.gov.in",
    startsOfficial: true,
  };
  it("says when a working link was last found working", () => {
    expect(readerStatus({ ...checked, state: "ok" }, null)).toEqual({
      code: "working",
      on: "2026-11-26",
    });
    expect(readerStatus({ ...checked, state: "moved" }, null)).toMatchObject({ code: "working" });
  });
  it("says a broken link does not work and offers the fallback", () => {
    expect(
      readerStatus(
        { ...checked, state: "soft-404", workingOn: "2026-11-20" },
        "https://ssc.gov.in/",
      ),
    ).toEqual({ code: "not-working", on: "2026-11-26", fallback: "https://ssc.gov.in/" });
    expect(
      readerStatus({ ...checked, state: "off-official", finalHost: "jobs.example.com" }, null),
    ).toEqual({
      code: "leaves-official",
      on: "2026-11-26",
      host: "jobs.example.com",
      fallback: null,
    });
    expect(readerStatus({ ...checked, state: "known-fake" }, null)).toMatchObject({
      code: "known-fake",
    });
  });
  it("claims nothing new when there was no answer", () => {
    expect(
      readerStatus({ ...checked, state: "unreachable", workingOn: "2026-11-20" }, null),
    ).toEqual({ code: "working", on: "2026-11-20" });
    expect(readerStatus({ ...checked, state: "unreachable", workingOn: null }, null)).toBeNull();
    expect(
      readerStatus({ ...checked, state: "unchecked", checkedOn: null, workingOn: null }, null),
    ).toBeNull();
  });
});
