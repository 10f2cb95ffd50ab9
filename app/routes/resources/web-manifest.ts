import { catalog, requestLocale } from "~/i18n/catalog.server.ts";
import { LOCALE_TAG, localePath } from "~/lib/locale.ts";
import { publicSettings } from "~/entries/public-data.server.ts";
import type { RouteHandle } from "~/page-cache/index.ts";
import type { Route } from "./+types/web-manifest";

/** It shows the site's name, a setting: only site-wide changes (`*`) drop it. */
export const handle = { cacheScope: [] } satisfies RouteHandle;

/**
 * `/manifest.webmanifest` (and `/hi/…`): the web app manifest that makes the site installable
 * (issue 28), with "My exams" as a shortcut.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  const { siteName } = await publicSettings();
  const manifest = {
    name: siteName,
    short_name: siteName.slice(0, 12),
    lang: LOCALE_TAG[locale],
    start_url: localePath(locale, "/"),
    scope: "/",
    display: "standalone",
    background_color: "#fafaf9",
    theme_color: "#c2410c",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
    ],
    shortcuts: [
      { name: catalog(locale).saved.myExams, url: localePath(locale, "/my") },
      {
        name: catalog(locale).myExams.examCalendar.title,
        url: localePath(locale, "/exam-calendar"),
      },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
