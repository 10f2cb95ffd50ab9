import type { Option } from "./fields.ts";
import { ALL_INDIA, optionKey, QUALIFICATIONS, STATES, toOptionKey } from "./options.ts";

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
 * What a landing page's title says, as a code and its values (issue 27): all of India, a state,
 * a qualification (the option's stored key). The catalogue words it (app/i18n/landing-words.ts).
 */
export type LandingHeading =
  | { code: "allIndia"; values: Record<string, never> }
  | { code: LandingFacet; values: { value: string } };

export function landingHeading(facet: LandingFacet, value: string): LandingHeading {
  if (facet === "state" && toOptionKey(STATES, value) === ALL_INDIA)
    return { code: "allIndia", values: {} };
  return { code: facet, values: { value } };
}

export function isLandingFacet(value: string | undefined): value is LandingFacet {
  return (LANDING_FACETS as readonly string[]).includes(value ?? "");
}
