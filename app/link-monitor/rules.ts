// The link monitor's rules (issue 30), pure and browser-safe: which hosts are official, what a
// check's outcome means for a link, what a reader is told. They return codes; the catalogues
// (app/i18n/catalog/{en,hi}/links.ts) make the words.
import { GOVERNMENT_SUFFIXES, linkHost, withinDomain } from "~/content/official-links.ts";
import { LINK_STATES, type LinkState } from "~/content/link-states.ts";

/** Not working for a reader: the page offers the organization's site instead. */
export const BROKEN_STATES: readonly LinkState[] = ["broken", "soft-404"];
/** Leading somewhere it should not: the page warns and offers the organization's site. */
export const OFF_OFFICIAL_STATES: readonly LinkState[] = ["off-official", "known-fake"];
/** Could not be told (no answer, or an address the monitor may not visit). */
export const UNKNOWN_STATES: readonly LinkState[] = ["unreachable", "refused"];

/** The groups the Links screen filters by, each a set of states. */
export const LINK_GROUPS = {
  problems: [...BROKEN_STATES, ...OFF_OFFICIAL_STATES, ...UNKNOWN_STATES, "moved"],
  broken: BROKEN_STATES,
  "off-official": OFF_OFFICIAL_STATES,
  moved: ["moved"],
  unreachable: UNKNOWN_STATES,
  unchecked: ["unchecked"],
  all: LINK_STATES,
} as const satisfies Record<string, readonly LinkState[]>;
export type LinkGroup = keyof typeof LINK_GROUPS;

/** A vendor host: `organizationId` '' is a platform every organization may use. */
export interface VendorHost {
  pattern: string;
  organizationId: string;
  note: string;
  source: string;
}

export interface KnownFake {
  host: string;
  reportedOn: string;
  source: string;
  note: string;
}

// ---------------------------------------------------------------------------------------------
// Hosts

/** A URL's host as the rules compare it: lower case, without "www." and a final dot. */
export function hostOf(url: string): string | null {
  return linkHost(url)?.replace(/\.$/, "") ?? null;
}

const HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;

/**
 * What someone typed or pasted ("https://www.SSC.gov.in/apply?x", "ssc.gov.in", "*.ucanapply.com"
 * where `wildcard`) as a host or pattern; null when it is not a web address. Never fetched.
 */
export function parseHostInput(text: string, { wildcard = false } = {}): string | null {
  let value = text.trim();
  if (!value || value.length > 2000 || /\s/.test(value)) return null;
  let star = "";
  if (wildcard && value.startsWith("*.")) {
    star = "*.";
    value = value.slice(2);
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) && !/^https?:\/\//i.test(value)) {
    // "javascript:…", "ftp://…"; but "ssc.gov.in:443/x" is a host with a port.
    if (!/^[a-z0-9.-]+:\d+/i.test(value)) return null;
  }
  const host = hostOf(/^https?:\/\//i.test(value) ? value : `https://${value}`);
  if (!host || !HOST.test(host)) return null;
  return star + host;
}

/** `ibpsreg.ibps.in` is that host; `*.ucanapply.com` any host under ucanapply.com. */
export function matchesPattern(host: string, pattern: string): boolean {
  return pattern.startsWith("*.") ? host.endsWith(pattern.slice(1)) : host === pattern;
}

/** The government suffix the host ends in (gov.in, nic.in, mil.in), if any. */
export function governmentSuffix(host: string): string | undefined {
  return GOVERNMENT_SUFFIXES.find((suffix) => withinDomain(host, suffix));
}

/** The known fake this host is, or is under. */
export function knownFakeFor(host: string, fakes: readonly KnownFake[]): KnownFake | undefined {
  return fakes.find((f) => withinDomain(host, f.host));
}

/** What an entry's link may lead to and be official: its organization's hosts and vendors. */
export interface TrustContext {
  /** The organization's domains (or, until it has some, the entry's official website's host). */
  domains: readonly string[];
  /** The organization's vendor hosts and every organization's ones. */
  vendors: readonly VendorHost[];
  fakes: readonly KnownFake[];
}

export type HostTrust = "known-fake" | "organization" | "government" | "vendor" | "unknown";

/** How far a host is trusted for an entry's link. */
export function hostTrust(host: string, context: TrustContext): HostTrust {
  if (knownFakeFor(host, context.fakes)) return "known-fake";
  if (context.domains.some((d) => d && withinDomain(host, d.replace(/^www\./, ""))))
    return "organization";
  if (governmentSuffix(host)) return "government";
  if (context.vendors.some((v) => matchesPattern(host, v.pattern))) return "vendor";
  return "unknown";
}

const isTrusted = (trust: HostTrust) => trust !== "unknown" && trust !== "known-fake";

// ---------------------------------------------------------------------------------------------
// "Is this link official?"

/** The longest paste read (a link with a long query string fits). */
export const CHECK_LINK_MAX = 2000;

export interface DirectoryOrganization {
  id: string;
  name: string;
  slug: string;
  domains: readonly string[];
}

/** Everything the site knows of official and fake addresses. */
export interface HostDirectory {
  organizations: readonly DirectoryOrganization[];
  vendors: readonly VendorHost[];
  fakes: readonly KnownFake[];
}

export type HostIdentity =
  | { code: "known-fake"; host: string; fake: KnownFake }
  | { code: "organization"; host: string; organization: DirectoryOrganization }
  | { code: "vendor"; host: string; organization: DirectoryOrganization; vendor: VendorHost }
  | { code: "shared-vendor"; host: string; vendor: VendorHost }
  | { code: "government"; host: string; suffix: string }
  | {
      code: "unknown";
      host: string;
      /** The end of the address that says whose it is (example.com, or gov.in.example.com's). */
      tail: string;
      /** It has "gov", "nic" or the name of a government suffix in it without ending in one. */
      lookalike: boolean;
    };

/** Second-level names under which a registered domain has three labels (ssc.gov.in, x.co.in). */
const SECOND_LEVEL = /^(gov|nic|mil|co|ac|edu|org|net|res|gen|firm|ind|com)$/;

/** The registered part of a host, roughly: "ssc-gov.in.example.com" → "example.com". */
export function registeredTail(host: string): string {
  if (/^\d+(\.\d+){3}$/.test(host)) return host;
  const labels = host.split(".");
  const n = labels.length >= 3 && SECOND_LEVEL.test(labels[labels.length - 2]) ? 3 : 2;
  return labels.slice(-n).join(".");
}

/** Whose a host is: a fake, an organization's own or its vendor's, government, or not known. */
export function identifyHost(host: string, directory: HostDirectory): HostIdentity {
  const fake = knownFakeFor(host, directory.fakes);
  if (fake) return { code: "known-fake", host, fake };
  // The most specific domain wins (bpsc.bihar.gov.in before bihar.gov.in).
  let best: { organization: DirectoryOrganization; length: number } | undefined;
  for (const organization of directory.organizations)
    for (const domain of organization.domains) {
      const d = domain.replace(/^www\./, "");
      if (d && withinDomain(host, d) && d.length > (best?.length ?? 0))
        best = { organization, length: d.length };
    }
  if (best) return { code: "organization", host, organization: best.organization };
  for (const vendor of directory.vendors) {
    if (!vendor.organizationId || !matchesPattern(host, vendor.pattern)) continue;
    const organization = directory.organizations.find((o) => o.id === vendor.organizationId);
    if (organization) return { code: "vendor", host, organization, vendor };
  }
  const suffix = governmentSuffix(host);
  if (suffix) return { code: "government", host, suffix };
  const shared = directory.vendors.find(
    (v) => !v.organizationId && matchesPattern(host, v.pattern),
  );
  if (shared) return { code: "shared-vendor", host, vendor: shared };
  const tail = registeredTail(host);
  const lookalike =
    host !== tail &&
    /(^|[.-])(gov|nic|govt|sarkari|mil)([.-]|$)/.test(host.slice(0, -tail.length - 1));
  return { code: "unknown", host, tail, lookalike };
}

// ---------------------------------------------------------------------------------------------
// A check's outcome

export interface LinkHop {
  url: string;
  status: number;
}

/** What one check found, as stored: never the body. */
export interface LinkOutcome {
  /** The guarded client's fixed reason when no answer came; null when one did. */
  reason: string | null;
  status: number | null;
  /** The URL that answered (or failed) last. */
  finalUrl: string | null;
  /** The redirects followed, in order. */
  chain: readonly LinkHop[];
  contentType: string | null;
  /** A 200 whose title or heading says "not found" (in English or Hindi). */
  soft404: boolean;
}

/** Addresses the guarded client refused to visit (private, other ports, credentials…). */
const REFUSED_REASONS = new Set(["bad-url", "scheme", "port", "credentials", "blocked-address"]);
/** A redirect chain that leads nowhere. */
const BROKEN_REASONS = new Set(["too-many-redirects", "bad-redirect"]);
/** Answers that say "not you" rather than "not here": bot walls, rate limits. */
const REFUSED_US = new Set([401, 403, 407, 429]);

/** The URL without a fragment, as the URL parser writes it (for "did it move?"). */
function sameUrl(a: string, b: string): boolean {
  try {
    const x = new URL(a);
    const y = new URL(b);
    x.hash = "";
    y.hash = "";
    return x.href === y.href;
  } catch {
    return a === b;
  }
}

/**
 * What a check means for a link: a fake anywhere on the way, a chain that ends off the
 * organization's, the government's and the vendors' hosts, an error status, a page that says
 * "not found", a move; or no answer, or an address the monitor may not visit.
 */
export function decideLinkState(
  url: string,
  outcome: LinkOutcome,
  context: TrustContext,
): LinkState {
  const urls = [
    url,
    ...outcome.chain.map((h) => h.url),
    ...(outcome.finalUrl ? [outcome.finalUrl] : []),
  ];
  const hosts = urls.map(hostOf).filter((h): h is string => !!h);
  if (hosts.some((h) => knownFakeFor(h, context.fakes))) return "known-fake";
  const finalHost = hosts[hosts.length - 1];
  const endsOff = finalHost !== undefined && !isTrusted(hostTrust(finalHost, context));
  if (outcome.reason) {
    // A redirect that led off the official hosts, and failed there, still led off them.
    if (endsOff && outcome.chain.length > 0) return "off-official";
    if (REFUSED_REASONS.has(outcome.reason)) return "refused";
    if (BROKEN_REASONS.has(outcome.reason)) return "broken";
    return "unreachable";
  }
  if (endsOff) return "off-official";
  const status = outcome.status ?? 0;
  if (REFUSED_US.has(status)) return "unreachable";
  if (status >= 300) return "broken";
  if (outcome.soft404) return "soft-404";
  if (outcome.chain.length > 0 && outcome.finalUrl && !sameUrl(url, outcome.finalUrl))
    return "moved";
  return "ok";
}

/** Working for a reader: it answered and says what it should. */
export const isWorking = (state: LinkState) => state === "ok" || state === "moved";

/**
 * Whether this result is a breakage to tell editors about: a definite one at once, no answer
 * only the second time in a row (a site that was down for a minute is not news).
 */
export function isBreakage(state: LinkState, badChecks: number): boolean {
  if (BROKEN_STATES.includes(state) || OFF_OFFICIAL_STATES.includes(state)) return true;
  return state === "unreachable" && badChecks >= 2;
}

// ---------------------------------------------------------------------------------------------
// Soft 404s

const NOT_FOUND: readonly RegExp[] = [
  // "404", "Error 404", "404 - …"; not "404 posts of Constable".
  /(?:^|\berror\s*)404(?:$|\s*(?:error\b|[-:–|]))/,
  /\bnot\s+found\b/,
  /\b(?:page|file|document|url|link)\s+(?:is\s+|was\s+)?(?:not\s+available|unavailable|missing|removed|does\s*n[o']t\s+exist|not\s+exist|no\s+longer\s+(?:available|exists?))/,
  /\b(?:cannot|can't|could\s+not|couldn't)\s+be\s+found\b/,
  /\bno\s+longer\s+available\b/,
  /(?:पृष्ठ|पेज)\s*(?:नहीं\s*मिल|उपलब्ध\s*नहीं|मौजूद\s*नहीं)/,
  /नहीं\s*मिल(?:ा|ी|े|ता|ती)/,
  /उपलब्ध\s*नहीं\s*है/,
  /त्रुटि\s*404/,
];

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === "#") {
        const code =
          name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) && code > 0 && code < 0x110000
          ? String.fromCodePoint(code)
          : " ";
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .normalize("NFC")
    .replace(/[\u200c\u200d]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

/**
 * A page that answers 200 but says it is not there ("Page not found", "पृष्ठ नहीं मिला"), read
 * from its title and first headings only: a job page that mentions "404 posts" in its text is
 * not one.
 */
export function looksNotFound(html: string): boolean {
  const parts: string[] = [];
  const title = /<title\b[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  if (title) parts.push(title[1]);
  const heading = /<h([12])\b[^>]*>([\s\S]*?)<\/h\1>/gi;
  for (let m = heading.exec(html), n = 0; m && n < 3; m = heading.exec(html), n++) parts.push(m[2]);
  return parts.some((p) => {
    const text = textOf(p);
    return text.length > 0 && text.length < 300 && NOT_FOUND.some((re) => re.test(text));
  });
}

// ---------------------------------------------------------------------------------------------
// What a reader is told

/** A link's stored check, as the public page reads it. */
export interface CheckedLink {
  state: LinkState;
  /** The India date (YYYY-MM-DD) of the last check. */
  checkedOn: string | null;
  /** The India date it was last found working. */
  workingOn: string | null;
  finalHost: string | null;
  /** Whether the link as written is on an official host (else the page warns already). */
  startsOfficial: boolean;
}

export type ReaderLinkStatus =
  | { code: "working"; on: string }
  | { code: "not-working"; on: string; fallback: string | null }
  | { code: "leaves-official"; on: string; host: string; fallback: string | null }
  | { code: "known-fake"; on: string; fallback: string | null };

/**
 * What the button of a link says about it: when it was last found working, or that it was not
 * working (with the organization's site to go to instead); nothing when nothing is known.
 */
export function readerStatus(link: CheckedLink, fallback: string | null): ReaderLinkStatus | null {
  const on = link.checkedOn;
  if (on && isWorking(link.state)) return { code: "working", on: link.workingOn ?? on };
  if (on && link.state === "known-fake") return { code: "known-fake", on, fallback };
  if (on && BROKEN_STATES.includes(link.state)) return { code: "not-working", on, fallback };
  if (on && link.state === "off-official" && link.startsOfficial && link.finalHost)
    return { code: "leaves-official", on, host: link.finalHost, fallback };
  // No answer, or not visited: the last day it worked, if it ever did.
  return link.workingOn ? { code: "working", on: link.workingOn } : null;
}

/** Whether a change of stored check changes what a page shows (the cache must draw it again). */
export function sameReaderStatus(a: ReaderLinkStatus | null, b: ReaderLinkStatus | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
