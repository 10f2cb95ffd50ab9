import source from "~/my-exams/service-worker.js?raw";
import { catalog } from "~/i18n/catalog.server.ts";
import { LOCALE_TAG, LOCALES } from "~/lib/locale.ts";

/**
 * The offline copy's banner (the worker writes it into the saved page's HTML, so its classes are
 * named here, where the style sheet's build sees them).
 */
const BANNER_CLASS =
  "sticky top-0 z-40 block bg-amber-100 px-4 py-2 text-center text-sm font-semibold text-amber-950 shadow";

/** The worker's words, from the catalogues, in front of its code (my-exams/service-worker.js). */
const script = `const WORDS = ${JSON.stringify({
  bannerClass: BANNER_CLASS,
  ...Object.fromEntries(
    LOCALES.map((locale) => {
      const t = catalog(locale);
      return [
        locale,
        {
          tag: LOCALE_TAG[locale],
          savedCopy: t.myExams.savedCopy,
          offlineTitle: t.myExams.offlineTitle,
          offlineBody: t.myExams.offlineBody,
          myExams: t.saved.myExams,
        },
      ];
    }),
  ),
})};\n${source}`;

/**
 * `/sw.js`: the site's one service worker (issue 28: push, and offline copies of what the reader
 * saved), at the root so its scope is the whole site. Browsers check it for updates themselves,
 * bypassing their HTTP cache; a deploy that changes it is picked up on the next visit.
 */
export function loader() {
  return new Response(script, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-cache",
      "Service-Worker-Allowed": "/",
    },
  });
}
