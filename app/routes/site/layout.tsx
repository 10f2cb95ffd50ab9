import { useEffect } from "react";
import { Outlet, useNavigation } from "react-router";
import { LatestBar } from "~/components/latest-bar.tsx";
import { SiteFooter } from "~/components/site-footer.tsx";
import { SiteHeader } from "~/components/site-header.tsx";
import { packedStrings, requestLocale } from "~/i18n/catalog.server.ts";
import { unpack } from "~/lib/packed.ts";
import { Strings } from "~/i18n/context.tsx";
import { NavigationProgress } from "~/components/spinner.tsx";
import { MARK_PUSH_SCRIPT } from "~/lib/push-support.ts";
import { cacheFonts, MARK_FONTS_SCRIPT } from "~/lib/fonts.ts";
import { InlineScript } from "~/components/inline-script.tsx";
import { emailEnabled } from "~/alerts/worker.server.ts";
import { redirectMiddleware } from "~/redirects/redirect-middleware.server.ts";
import { db } from "~/platform/services.server.ts";
import { contentGeneration } from "~/page-cache/index.ts";
import { publicSettings, publicUpdates } from "~/entries/public-data.server.ts";
import { settingsIn } from "~/settings/settings.repository.server.ts";
import { feedInLanguage, type UpdatesFeed } from "~/entries/updates.repository.server.ts";
import type { Route } from "./+types/layout";
import { logger } from "~/platform/logger.server.ts";

// Spec §4: the redirect check of every public path, for documents and client-side navigations.
export const middleware: Route.MiddlewareFunction[] = [
  redirectMiddleware(db, async () => (await contentGeneration()).current()),
];

export async function loader({ request }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  const settings = await publicSettings();
  let feed: UpdatesFeed = { bell: [], latest: [] };
  try {
    feed = feedInLanguage(await publicUpdates(), locale);
  } catch (err) {
    // Spec §8: the bar hides and the bell stays empty; the page itself is still served.
    logger.error(`[layout] could not read the updates: ${(err as Error).message}`);
  }
  return {
    locale,
    strings: packedStrings(locale, "shell", "common", "saved"),
    siteName: settings.siteName,
    tagline: settingsIn(settings, locale).tagline,
    latest: feed.latest,
    bellStamps: feed.bell.map((item) => item.createdAt),
    // No mail server: links to /alerts only where the browser takes push (useAlertsNeedPush).
    alertsNeedPush: !emailEnabled(),
    latestBar: { rotateMs: settings.latestBar.rotateMs, refreshMs: settings.latestBar.refreshMs },
  };
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { shell } = unpack(loaderData.strings);
  // The page has hydrated: `<html data-hydrated>`, what tests and bench/first-paint wait for;
  // then the fonts are fetched for the next page.
  const hindi = loaderData.locale === "hi";
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
    void cacheFonts(hindi);
  }, [hindi]);
  return (
    <Strings locale={loaderData.locale} areas={loaderData.strings}>
      {/* Before anything is drawn: shows the links only push makes sense of (the server cannot
          know whether this browser takes push), and Poppins where it is cached. */}
      <InlineScript code={`${MARK_PUSH_SCRIPT};${MARK_FONTS_SCRIPT}`} />
      <a
        href="#content"
        className="sr-only z-50 rounded-app bg-white px-4 py-2 text-ink focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {shell.skipToContent}
      </a>
      <NavigationProgress busy={navigation.state !== "idle"} label={shell.loading} />
      <LatestBar
        items={loaderData.latest}
        rotateMs={loaderData.latestBar.rotateMs}
        refreshMs={loaderData.latestBar.refreshMs}
      />
      <SiteHeader siteName={loaderData.siteName} bellStamps={loaderData.bellStamps} />
      <div
        id="content"
        tabIndex={-1}
        className="mx-auto min-h-[60vh] max-w-6xl px-4 py-6 outline-none"
      >
        <Outlet />
      </div>
      <SiteFooter siteName={loaderData.siteName} tagline={loaderData.tagline} />
    </Strings>
  );
}
