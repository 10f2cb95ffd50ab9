import { requestLocale } from "~/i18n/catalog.server.ts";
import { publicUpdates } from "~/entries/public-data.server.ts";
import { feedInLanguage } from "~/entries/updates.repository.server.ts";
import type { RouteHandle } from "~/page-cache/index.ts";
import { logger } from "~/platform/logger.server.ts";

/** Short-lived: the bell and the latest bar poll it, and a CDN may serve it on result day. */
const CACHE_CONTROL = "public, max-age=60, s-maxage=60, stale-while-revalidate=300";

export const handle = { cacheScope: ["updates"] } satisfies RouteHandle;

/** `/updates.json`: what the bell and the latest bar show, `{ bell, latest }` (spec §9). */
export async function loader({ request }: { request: Request }) {
  try {
    const feed = feedInLanguage(await publicUpdates(), requestLocale(request));
    return Response.json(feed, { headers: { "Cache-Control": CACHE_CONTROL } });
  } catch (err) {
    logger.error(`[updates.json] could not read the updates: ${(err as Error).message}`);
    return Response.json(
      { error: "The updates could not be read; try again in a minute." },
      { status: 503, headers: { "Cache-Control": "no-store", "Retry-After": "60" } },
    );
  }
}
