/**
 * The kinds of entry, one line each: everything that lists kinds (menus, feeds, home boxes,
 * organization sections, the bell, alert topics, the redirect check's core paths) derives from
 * here. Browser-safe and small: it imports nothing, so the header's script may carry it. A kind's
 * fields are in the registry (./registry.ts), its page words in the catalogues' `kinds.ts`.
 * Adding a kind: a line here, its definition in the registry, its words, and a migration widening
 * the CHECK on `entries.kind`.
 */
export interface KindLine {
  /** The one key: the database's `entries.kind`, the catalogues' and the code's. */
  key: string;
  /** The public list's address; a detail page is `${urlPrefix}/${slug}`, its feed `/feeds${urlPrefix}.xml`. */
  urlPrefix: `/${string}`;
  /** The admin's segment: /admin/manage-jobs. */
  adminSegment: string;
  /** One of them, as a person says it: "Admit Card" (the updates feed's `type` is the English one). */
  label: { en: string; hi: string };
  /** Several: "Admit Cards". */
  plural: { en: string; hi: string };
  /** Its name in the menus: header, drawer, footer's "Browse", the 404 page, the no-JS error page. */
  menu: { en: string; hi: string };
  /** Listed in the menus (and the 404 page). */
  nav: boolean;
  /** Listed on the last-resort error page (root.tsx), which has no loader data. */
  errorPage: boolean;
  /** Its box's place on the home page (1 first), or none. */
  home: number | false;
  /** Its section's place on an organization's page, or none. */
  organization: number | false;
  /** Announced by the bell, the latest bar and /updates.json (spec §3). */
  bell: boolean;
  /** A topic of job alerts. */
  alerts: boolean;
  /** Has an RSS feed. */
  feed: boolean;
  /** The bell's badge colour. */
  badge: "primary" | "secondary" | "accent";
  /** Has a last date: its entries close (open-only lists, "Closed", the last-date sort). */
  closes: boolean;
}

export const KIND_CATALOGUE = [
  {
    key: "job",
    urlPrefix: "/jobs",
    adminSegment: "manage-jobs",
    label: { en: "Job", hi: "नौकरी" },
    plural: { en: "Jobs", hi: "नौकरियां" },
    menu: { en: "Latest Jobs", hi: "लेटेस्ट जॉब्स" },
    nav: true,
    errorPage: true,
    home: 1,
    organization: 1,
    bell: true,
    alerts: true,
    feed: true,
    badge: "primary",
    closes: true,
  },
  {
    key: "result",
    urlPrefix: "/results",
    adminSegment: "manage-results",
    label: { en: "Result", hi: "रिजल्ट" },
    plural: { en: "Results", hi: "रिजल्ट" },
    menu: { en: "Results", hi: "रिजल्ट" },
    nav: true,
    errorPage: true,
    home: 2,
    organization: 2,
    bell: true,
    alerts: true,
    feed: true,
    badge: "secondary",
    closes: false,
  },
  {
    key: "admit-card",
    urlPrefix: "/admit-cards",
    adminSegment: "manage-admit-cards",
    label: { en: "Admit Card", hi: "एडमिट कार्ड" },
    plural: { en: "Admit Cards", hi: "एडमिट कार्ड" },
    menu: { en: "Admit Cards", hi: "एडमिट कार्ड" },
    nav: true,
    errorPage: true,
    home: 3,
    organization: 3,
    bell: true,
    alerts: true,
    feed: true,
    badge: "accent",
    closes: false,
  },
  {
    key: "syllabus",
    urlPrefix: "/syllabus",
    adminSegment: "manage-syllabi",
    label: { en: "Syllabus", hi: "सिलेबस" },
    plural: { en: "Syllabus", hi: "सिलेबस" },
    menu: { en: "Syllabus", hi: "सिलेबस" },
    nav: true,
    errorPage: false,
    home: 5,
    organization: false,
    bell: false,
    alerts: false,
    feed: true,
    badge: "primary",
    closes: false,
  },
  {
    key: "answer-key",
    urlPrefix: "/answer-key",
    adminSegment: "manage-answer-keys",
    label: { en: "Answer Key", hi: "आंसर की" },
    plural: { en: "Answer Keys", hi: "आंसर की" },
    menu: { en: "Answer Key", hi: "आंसर की" },
    nav: true,
    errorPage: false,
    home: 4,
    organization: 4,
    bell: false,
    alerts: true,
    feed: true,
    badge: "primary",
    closes: false,
  },
] as const satisfies readonly KindLine[];

export type Kind = (typeof KIND_CATALOGUE)[number]["key"];

type Line = KindLine & { key: Kind };
type Flag = "nav" | "errorPage" | "bell" | "alerts" | "feed";

const keysOf = (lines: readonly Line[]) =>
  lines.map((k) => k.key) as unknown as readonly [Kind, ...Kind[]];
const having = (lines: readonly Line[], flag: Flag) => lines.filter((k) => k[flag]);
const ordered = (lines: readonly Line[], by: "home" | "organization") =>
  lines.filter((k) => k[by] !== false).sort((a, b) => Number(a[by]) - Number(b[by]));

// One export each (not one object), so that a page's script keeps only the lists it uses.

/** Every kind's line, in the catalogue's order (the menus' order). */
export const KIND_LINES: readonly Line[] = KIND_CATALOGUE;
/** The keys (a tuple, so `z.enum(KINDS)` takes it). */
export const KINDS = /* @__PURE__ */ keysOf(KIND_LINES);
export function isKind(value: string): value is Kind {
  return (KINDS as readonly string[]).includes(value);
}
/** A kind's line; `kind` must be a kind. */
export const kindLine = (kind: Kind): Line => KIND_LINES.find((k) => k.key === kind)!;
export const kindLineByUrlPrefix = (prefix: string) =>
  KIND_LINES.find((k) => k.urlPrefix === prefix);
export const kindLineByAdminSegment = (segment: string) =>
  KIND_LINES.find((k) => k.adminSegment === segment);
export const NAV_KINDS = /* @__PURE__ */ having(KIND_LINES, "nav");
export const ERROR_PAGE_KINDS = /* @__PURE__ */ having(KIND_LINES, "errorPage");
export const BELL_KINDS = /* @__PURE__ */ having(KIND_LINES, "bell");
export const ALERT_KINDS = /* @__PURE__ */ having(KIND_LINES, "alerts");
export const FEED_KINDS = /* @__PURE__ */ having(KIND_LINES, "feed");
export const HOME_KINDS = /* @__PURE__ */ ordered(KIND_LINES, "home");
export const ORGANIZATION_KINDS = /* @__PURE__ */ ordered(KIND_LINES, "organization");

/**
 * The same lists and lookups of other lines: a test adds a kind through it (see
 * test/fixtures/kind-notice.ts). Typed by this module's exports, so that none is left out.
 */
export function catalogueOf(lines: readonly Line[]) {
  const keys = keysOf(lines);
  return {
    KIND_LINES: lines,
    KINDS: keys,
    isKind: (value: string): value is Kind => (keys as readonly string[]).includes(value),
    kindLine: (kind: Kind): Line => lines.find((k) => k.key === kind)!,
    kindLineByUrlPrefix: (prefix: string) => lines.find((k) => k.urlPrefix === prefix),
    kindLineByAdminSegment: (segment: string) => lines.find((k) => k.adminSegment === segment),
    NAV_KINDS: having(lines, "nav"),
    ERROR_PAGE_KINDS: having(lines, "errorPage"),
    BELL_KINDS: having(lines, "bell"),
    ALERT_KINDS: having(lines, "alerts"),
    FEED_KINDS: having(lines, "feed"),
    HOME_KINDS: ordered(lines, "home"),
    ORGANIZATION_KINDS: ordered(lines, "organization"),
  } satisfies Omit<typeof import("./kinds.ts"), "KIND_CATALOGUE" | "catalogueOf" | "feedPath">;
}

/** A kind's RSS feed: /feeds/admit-cards.xml. */
export const feedPath = (line: { urlPrefix: string }) => `/feeds${line.urlPrefix}.xml`;
