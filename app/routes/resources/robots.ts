import { env } from "~/server/env.server.ts";
import { robotsTxt } from "~/server/seo.server.ts";
import { db } from "~/server/services.server.ts";
import { getSettings } from "~/server/settings.server.ts";

export async function loader() {
  const settings = await getSettings(await db());
  return new Response(robotsTxt(settings.seo.robotsTxt, env().BASE_URL), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
