import type { Area, Catalog } from "./catalog/types.ts";
import { en } from "./catalog/en/index.ts";
import { hi } from "./catalog/hi/index.ts";
import { localeFromPath, type Locale } from "./locale.ts";

const CATALOGS: Record<Locale, Catalog> = { en, hi };

export function catalog(locale: Locale): Catalog {
  return CATALOGS[locale];
}

/** The language of a request: its path says it (`/hi/…`), nothing else. */
export function requestLocale(request: Request): Locale {
  return localeFromPath(new URL(request.url).pathname);
}

/** The areas a loader sends with its data, in the request's language. */
export function stringsFor<const A extends Area>(locale: Locale, ...areas: A[]): Pick<Catalog, A> {
  const all = CATALOGS[locale];
  const out = {} as Pick<Catalog, A>;
  for (const area of areas) out[area] = all[area];
  return out;
}
