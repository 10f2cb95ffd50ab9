import { packOnce, type Packed } from "~/lib/packed.ts";
import type { Area, Catalog } from "./catalog/types.ts";
import { en } from "./catalog/en/index.ts";
import { hi } from "./catalog/hi/index.ts";
import { pagePath } from "~/lib/page-path.ts";
import { localeFromPath, type Locale } from "../lib/locale.ts";

const CATALOGS: Record<Locale, Catalog> = { en, hi };

export function catalog(locale: Locale): Catalog {
  return CATALOGS[locale];
}

/**
 * The language of a request: its page's path says it (`/hi/…`), nothing else. The page's path, not
 * the request's: a client-side navigation to the Hindi home page asks for `/hi.data`.
 */
export function requestLocale(request: Request): Locale {
  return localeFromPath(pagePath(request));
}

/** The areas a loader sends with its data, in the request's language. */
export function stringsFor<const A extends Area>(locale: Locale, ...areas: A[]): Pick<Catalog, A> {
  const all = CATALOGS[locale];
  const out = {} as Pick<Catalog, A>;
  for (const area of areas) out[area] = all[area];
  return out;
}

/** The areas a loader sends with its data, packed (see ~/lib/packed.ts) once per language and set. */
export function packedStrings<const A extends Area>(
  locale: Locale,
  ...areas: A[]
): Packed<Pick<Catalog, A>> {
  return packOnce(`strings:${locale}:${areas.join()}`, () => stringsFor(locale, ...areas));
}
