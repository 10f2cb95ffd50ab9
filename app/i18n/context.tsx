import { createContext, useContext, useMemo } from "react";
import { unpack, type Packed } from "~/lib/packed.ts";
import type { Area, Catalog } from "./catalog/types.ts";
import { localePath, type Locale } from "../lib/locale.ts";

/**
 * The strings a page shows, in its language. They come from the server with the loader data
 * (the layout's loader sends the shell's and the shared ones, each page's loader its own), so a
 * page's script carries neither language's words and a Hindi page never downloads English ones.
 * Loaders send them packed (packedStrings in ./catalog.server.ts): one JSON text per loader.
 */
interface Strings {
  locale: Locale;
  areas: Partial<Catalog>;
}

const I18n = createContext<Strings>({ locale: "en", areas: {} });

/** Adds a loader's strings to what the components below can read. */
export function Strings({
  locale,
  areas,
  children,
}: {
  locale?: Locale;
  areas: Packed<Partial<Catalog>>;
  children: React.ReactNode;
}) {
  const parent = useContext(I18n);
  const value = useMemo(
    () => ({ locale: locale ?? parent.locale, areas: { ...parent.areas, ...unpack(areas) } }),
    [locale, parent, areas],
  );
  return <I18n.Provider value={value}>{children}</I18n.Provider>;
}

/** One area of the catalogue; its loader must have sent it. */
export function useT<A extends Area>(area: A): Catalog[A] {
  const found = useContext(I18n).areas[area];
  if (!found) throw new Error(`The "${area}" strings were not sent with this page.`);
  return found as Catalog[A];
}

export function useLocale(): Locale {
  return useContext(I18n).locale;
}

/** Site paths in the page's language: `to("/jobs")` is "/hi/jobs" on a Hindi page. */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return (path: string) => localePath(locale, path);
}
