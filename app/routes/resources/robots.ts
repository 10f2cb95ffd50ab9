import { env } from "~/platform/env.server.ts";
import { robotsTxt } from "~/seo/seo-files.server.ts";
import { publicSettings } from "~/entries/public-data.server.ts";
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
