import type { ListedEntry } from "~/content/entry-shapes.ts";
import type { EntryData } from "~/content/fields.ts";
import { listFact } from "~/content/glance.ts";
import { catalog } from "~/i18n/catalog.server.ts";
import type { Locale } from "~/lib/locale.ts";
import { organizationIn, titleIn } from "~/lib/title.ts";
import type { EntrySummary } from "./entries/shared.server.ts";

/**
 * A loader's entry as a list row: its title and organization in the page's language (`titleIn`,
 * `organizationIn` with the Hindi names of `organizations`), its one key date (worded and dated
 * in the page's language), and when a key fact last changed.
 */
export function listedEntry(
  e: EntrySummary & { data: EntryData },
  today: string,
  updatedAt: string | undefined,
  locale: Locale = "en",
  organizations: ReadonlyMap<string, string> = new Map(),
): ListedEntry & { slug: string } {
  return {
    id: e.id,
    slug: e.slug,
    ...titleIn(e, locale),
    organization: organizationIn(e.organization, organizations, locale),
    publishedAt: e.publishedAt,
    lastDate: e.lastDate,
    keyDate: listFact(e.kind, e, today, catalog(locale).list.facts, locale) ?? null,
    updatedAt: updatedAt ?? null,
  };
}
