import { useLocation } from "react-router";
import { useLocale, useT } from "~/i18n/context.tsx";
import { otherLanguagePath } from "~/lib/locale.ts";

/**
 * The same page in the other language. On an English page the word is Devanagari, drawn in a
 * font of those few letters only (`font-switch`, app.css), so English pages never download the
 * Devanagari font for one word and a phone without a Devanagari font still reads it. Its name is
 * the word it shows (what a voice-control user says; an aria-label that did not contain it failed
 * Lighthouse's label-content-name-mismatch); the sentence is its description.
 */
export function LanguageSwitch({
  className = "",
  wide = false,
}: {
  className?: string;
  /** The whole word at every width (the drawer), not "हिं" on a phone. */
  wide?: boolean;
}) {
  const t = useT("shell");
  const locale = useLocale();
  const { pathname, search } = useLocation();
  return (
    <a
      href={otherLanguagePath(pathname, search)}
      hrefLang={locale === "en" ? "hi" : "en"}
      lang={locale === "en" ? "hi" : "en"}
      title={t.otherLanguageLabel}
      className={`${locale === "en" ? "font-switch" : ""} ${className}`}
    >
      {wide ? (
        t.otherLanguage
      ) : (
        <>
          <span className="sm:hidden">{t.otherLanguageShort}</span>
          <span className="hidden sm:inline">{t.otherLanguage}</span>
        </>
      )}
    </a>
  );
}
