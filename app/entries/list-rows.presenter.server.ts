import type { ListedEntry } from "~/content/entry-shapes.ts";
import type { EntryData } from "~/content/fields.ts";
import { REGISTRY } from "~/content/registry.ts";
import { listFact } from "~/i18n/glance-words.ts";
import { definitionIn } from "~/i18n/registry-words.ts";
import { catalog } from "~/i18n/catalog.server.ts";
import type { Locale } from "~/lib/locale.ts";
import { organizationIn, titleIn } from "~/lib/title.ts";
import type { EntrySummary } from "../content/entry.ts";

/** A kind's sections in the page's language (a fact without words of its own takes its label). */
const sectionsIn = (kind: EntrySummary["kind"], locale: Locale) =>
  definitionIn(REGISTRY[kind], catalog(locale).detail.registry).sections;

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
    keyDate:
      listFact(sectionsIn(e.kind, locale), e, today, catalog(locale).list.facts, locale) ?? null,
    updatedAt: updatedAt ?? null,
  };
}

/** A filter menu's values: those entries hold now, and the reader's choice even when none does. */
export const menuValues = (values: readonly string[], chosen?: string): readonly string[] =>
  chosen && !values.includes(chosen) ? [...values, chosen] : values;
