import type { Option } from "./fields.ts";
import { ALL_INDIA, optionKey, QUALIFICATIONS, STATES, toOptionKey } from "./options.ts";
import { fmt } from "../lib/locale.ts";

/**
 * Landing pages of the job list: /jobs/state/bihar, /jobs/qualification/12th-pass. Clean
 * addresses that search engines index and people share, each with its own RSS feed; the list's
 * ?state= and ?qualification= filters answer 301 to them.
 */
export const LANDING_FACETS = ["state", "qualification"] as const;
export type LandingFacet = (typeof LANDING_FACETS)[number];

const OPTIONS: Record<LandingFacet, readonly Option[]> = {
  state: STATES,
  qualification: QUALIFICATIONS,
};

/** A stored key is its own slug; an old label gives the same slug ("12th Pass" → "12th-pass"). */
export const landingSlug = optionKey;

/** The option a landing page's slug stands for, or undefined for a slug that names none. */
export function landingValue(facet: LandingFacet, slug: string): string | undefined {
  return OPTIONS[facet].find((o) => landingSlug(o.value) === slug)?.value;
}

/**
 * The key an input means on a facet: a key, or an option's English label as old links and
 * bookmarks carry it (?state=Uttar+Pradesh); undefined for anything else.
 */
export function landingKey(facet: LandingFacet, input: string): string | undefined {
  const key = toOptionKey(OPTIONS[facet], input);
  return OPTIONS[facet].some((o) => o.value === key) ? key : undefined;
}

export function landingPath(facet: LandingFacet, value: string): string {
  return `/jobs/${facet}/${landingSlug(value)}`;
}

/** The feed of a landing page: /feeds/jobs-state-bihar.xml. */
export function landingFeedPath(facet: LandingFacet, value: string): string {
  return `/feeds/jobs-${facet}-${landingSlug(value)}.xml`;
}

/**
 * A landing page's title words: the pages send them from the catalogue (`list.landing`), in the
 * page's language; `names` are the options' names in that language by key (English: the label).
 */
export interface LandingWords {
  allIndia: string;
  /** {value}: the state's name */
  state: string;
  /** {value}: the qualification's name */
  qualification: string;
  names: Record<string, string>;
}

export const ENGLISH_LANDING_WORDS: LandingWords = {
  allIndia: "All India Government Jobs",
  state: "Government Jobs in {value}",
  qualification: "Government Jobs for {value}",
  names: /* @__PURE__ */ Object.fromEntries(
    [...STATES, ...QUALIFICATIONS].map((o) => [o.value, o.label]),
  ),
};

/** "Government Jobs in Bihar"; in Hindi "बिहार में सरकारी नौकरियां". */
export function landingTitle(
  facet: LandingFacet,
  value: string,
  t: LandingWords = ENGLISH_LANDING_WORDS,
): string {
  if (facet === "state" && value === ALL_INDIA) return t.allIndia;
  return fmt(facet === "state" ? t.state : t.qualification, { value: t.names[value] ?? value });
}

export function isLandingFacet(value: string | undefined): value is LandingFacet {
  return (LANDING_FACETS as readonly string[]).includes(value ?? "");
}
