import type { EntryFacts } from "~/content/glance.ts";
import { REGISTRY } from "~/content/registry.ts";
import type { Kind } from "~/content/kinds.ts";
import { ENGLISH_GLANCE_WORDS } from "~/i18n/catalog/en/glance-words.ts";
import { glance, type GlanceWords } from "~/i18n/glance-words.ts";
import type { Locale } from "~/lib/locale.ts";

/** A kind's first screen in words, as the pages make it (English unless told). */
export function glanceOf(
  kind: Kind,
  entry: EntryFacts,
  today: string,
  officialDomains: readonly string[],
  t: GlanceWords = ENGLISH_GLANCE_WORDS,
  locale: Locale = "en",
) {
  return glance(REGISTRY[kind].sections, entry, today, officialDomains, t, locale);
}
