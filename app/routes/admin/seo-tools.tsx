import { useNavigation } from "react-router";
import { AdminError } from "~/components/admin/admin-error.tsx";
import { AdminPageHeader, Banner } from "~/components/admin/banner.tsx";
import { useFocusFirstError } from "~/components/admin/backoffice-ui.tsx";
import { DONE, formErrorOf } from "~/components/admin/seo-tools/form-state.ts";
import { env } from "~/server/env.server.ts";
import { actorOf, requireAdmin } from "~/server/guard.server.ts";
import { db } from "~/server/services.server.ts";
import { getSettings } from "~/server/settings.server.ts";
import { refuse, type SeoToolsIntent } from "./seo-tools/intent.server.ts";
import { loadNotFound, notFoundIntents } from "./seo-tools/not-found.server.ts";
import { NotFoundSection } from "./seo-tools/not-found.tsx";
import { organizationIntents } from "./seo-tools/organization.server.ts";
import { OrganizationSection } from "./seo-tools/organization.tsx";
import { loadRedirects, redirectIntents } from "./seo-tools/redirects.server.ts";
import { RedirectsSection } from "./seo-tools/redirects.tsx";
import { seoDefaultsIntents } from "./seo-tools/seo-defaults.server.ts";
import { SeoDefaultsSection } from "./seo-tools/seo-defaults.tsx";
import type { Route } from "./+types/seo-tools";

/**
 * SEO tools: one page of four sections (redirects, the 404 log, SEO defaults, the organization
 * record), each in its own module under ./seo-tools/. Every form posts here with an `intent` that
 * names its section's handler, and comes back to /admin/seo-tools?done=…#section.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const conn = await db();
  const [redirects, notFound, settings] = await Promise.all([
    loadRedirects(conn, url),
    loadNotFound(conn, url),
    getSettings(conn),
  ]);
  return {
    redirects,
    notFound,
    seo: settings.seo,
    organization: settings.organization,
    done: url.searchParams.get("done"),
  };
}

const INTENTS: Record<string, SeoToolsIntent> = {
  ...redirectIntents,
  ...notFoundIntents,
  ...seoDefaultsIntents,
  ...organizationIntents,
};

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const form = await request.formData();
  const text = (key: string) => {
    const v = form.get(key);
    return typeof v === "string" ? v : "";
  };
  const handler = Object.hasOwn(INTENTS, text("intent")) ? INTENTS[text("intent")] : undefined;
  if (!handler)
    return refuse(
      "redirect-list",
      {},
      {},
      "This button is not known here. Reload the page and try again.",
    );
  return handler({ form, text, db: await db(), actor: actorOf(user), ownOrigin: env().BASE_URL });
}

export default function SeoTools({ loaderData: d, actionData }: Route.ComponentProps) {
  useFocusFirstError(actionData);
  const busy = useNavigation().state === "submitting";
  const listError = formErrorOf(actionData, "redirect-list", "not-found");

  return (
    <div className="mx-auto max-w-6xl">
      <AdminPageHeader title="SEO tools" />
      <nav aria-label="On this page" className="mb-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <a href="#redirects" className="text-accent underline">
          Redirects ({d.redirects.redirectTotal})
        </a>
        <a href="#not-found" className="text-accent underline">
          404 log ({d.notFound.notFoundTotal})
        </a>
        <a href="#seo-defaults" className="text-accent underline">
          SEO defaults
        </a>
        <a href="#organization" className="text-accent underline">
          Organization
        </a>
      </nav>
      {d.done && DONE[d.done] ? <Banner tone="success">{DONE[d.done]}</Banner> : null}
      {listError ? <Banner tone="error">{listError}</Banner> : null}
      <RedirectsSection data={d.redirects} refusal={actionData} busy={busy} />
      <NotFoundSection data={d.notFound} />
      <SeoDefaultsSection seo={d.seo} refusal={actionData} busy={busy} />
      <OrganizationSection organization={d.organization} refusal={actionData} busy={busy} />
    </div>
  );
}

export function meta() {
  return [{ title: "SEO tools | govjobs admin" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
