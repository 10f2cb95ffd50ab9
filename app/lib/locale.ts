/**
 * The two languages of the public site (issue 14). English lives at the root, Hindi under `/hi/`:
 * the same slugs, the same routes, one prefix. Nothing here reads a header or a cookie: the URL
 * alone says the language, so every page is cacheable and a search engine sees both.
 */
export const LOCALES = ["en", "hi"] as const;
export type Locale = (typeof LOCALES)[number];

/** `<html lang>`, `og:locale` and `Intl` per language. */
export const LOCALE_TAG: Record<Locale, string> = { en: "en-IN", hi: "hi-IN" };
export const OG_LOCALE: Record<Locale, string> = { en: "en_IN", hi: "hi_IN" };

const HINDI = /^\/hi(?=\/|$)/;

export function localeFromPath(pathname: string): Locale {
  return HINDI.test(pathname) ? "hi" : "en";
}

/** "/hi/jobs/x" → "/jobs/x"; "/hi" → "/". English paths come back unchanged. */
export function stripLocale(pathname: string): string {
  return pathname.replace(HINDI, "") || "/";
}

/** A site path ("/jobs", "/") in a language: "/hi/jobs", "/hi". Absolute URLs pass through. */
export function localePath(locale: Locale, path: string): string {
  if (locale === "en" || !path.startsWith("/") || path.startsWith("//")) return path;
  if (HINDI.test(path)) return path;
  return path === "/" ? "/hi" : path.startsWith("/?") ? `/hi${path.slice(1)}` : `/hi${path}`;
}

/** The same page in the other language (query string kept). */
export function otherLanguagePath(pathname: string, search = ""): string {
  const locale = localeFromPath(pathname);
  const bare = stripLocale(pathname);
  return `${locale === "hi" ? bare : localePath("hi", bare)}${search}`;
}

/** "{n} days left" with { n: 3 } → "3 days left". Unknown names stay as written. */
export function fmt(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
