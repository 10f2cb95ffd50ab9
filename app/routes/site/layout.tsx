import { Outlet } from "react-router";
import { SiteHeader } from "~/components/site-header.tsx";
import { db } from "~/server/services.server.ts";
import { getSettings } from "~/server/settings.server.ts";
import type { Route } from "./+types/layout";

export async function loader() {
  const settings = await getSettings(await db());
  return { siteName: settings.siteName };
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SiteHeader siteName={loaderData.siteName} />
      <div className="mx-auto max-w-6xl px-4 py-6">
        <Outlet />
      </div>
    </>
  );
}
