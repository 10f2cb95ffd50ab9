import type { Locale } from "./locale.ts";

/**
 * The title a list on a page in `locale` shows, and the only one sent to the browser: a Hindi
 * page shows the entry's Hindi title, or the English one marked `lang: "en"` when it has none (so
 * screen readers read it as English). English pages show the English title, unmarked. A module of
 * its own: the loaders and the finder's lazily loaded rules code use it, the shared script does
 * not carry it.
 */
export function titleIn(
  e: { title: string; hiTitle?: string | null },
  locale: Locale,
): { title: string; lang?: "en" } {
  if (locale === "en") return { title: e.title };
  return e.hiTitle ? { title: e.hiTitle } : { title: e.title, lang: "en" };
}

/**
 * An organization's name on a page in `locale` (issue 29): its Hindi name on a Hindi page when
 * an admin has written one (`names`: Hindi names by English name), else the name entries carry.
 */
export function organizationIn(
  name: string,
  names: ReadonlyMap<string, string>,
  locale: Locale,
): string {
  return (locale === "hi" && names.get(name)) || name;
}
