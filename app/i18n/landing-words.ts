import { landingHeading, landingKey, type LandingFacet } from "~/content/landing.ts";
import { nameIn } from "~/content/options.ts";
import { fmt } from "~/lib/locale.ts";

/**
 * A landing page's title words (`list.landing`), in the page's language; `names` are the options'
 * names in that language (English: the value itself).
 */
export interface LandingWords {
  allIndia: string;
  /** {value}: the state's name */
  state: string;
  /** {value}: the qualification's name */
  qualification: string;
  names: Record<string, string>;
}

/** "Government Jobs in Bihar"; in Hindi "बिहार में सरकारी नौकरियां" (content/landing.ts's code, worded). */
export function landingTitle(facet: LandingFacet, value: string, t: LandingWords): string {
  const heading = landingHeading(facet, value);
  if (heading.code === "allIndia") return t.allIndia;
  // By key; an English name (an old link, a test) finds the same words ("Bihar" → "bihar").
  const key = landingKey(facet, heading.values.value);
  const name = key ? nameIn(t.names, key) : heading.values.value;
  return fmt(t[heading.code], { value: name });
}
