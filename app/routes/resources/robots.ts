import { env } from "~/server/env.server.ts";
import { robotsTxt } from "~/server/seo-files.server.ts";
import { publicSettings } from "~/server/public-data.server.ts";
import type { RouteHandle } from "~/page-cache/index.ts";

/** The settings and the site's address only. */
export const handle = { cacheScope: [] } satisfies RouteHandle;

export async function loader() {
  const settings = await publicSettings();
  return new Response(robotsTxt(settings.seo.robotsTxt, env().BASE_URL), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
