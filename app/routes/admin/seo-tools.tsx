import { useNavigation } from "react-router";
import { AdminError } from "~/components/admin/admin-error.tsx";
import { AdminPageHeader, Banner } from "~/components/admin/banner.tsx";
import { useFocusFirstError } from "~/components/admin/backoffice-ui.tsx";
import { DONE, formErrorOf } from "~/components/admin/seo-tools/form-state.ts";
import { env } from "~/platform/env.server.ts";
import { actorOf, requireAdmin } from "~/users/guard.server.ts";
import { db } from "~/platform/services.server.ts";
import { getSettings } from "~/settings/settings.repository.server.ts";
import { z } from "zod";
import { refuse } from "~/platform/forms.server.ts";
import { formConstraint, parseForm } from "~/lib/form-parse.ts";
import { OrganizationSchema, SeoSchema } from "~/settings/seo-schemas.ts";
import type { SeoToolsIntent } from "./seo-tools/intent.server.ts";
import { loadNotFound, notFoundForms, notFoundIntents } from "./seo-tools/not-found.server.ts";
import { NotFoundSection } from "./seo-tools/not-found.tsx";
import { organizationForms, organizationIntents } from "./seo-tools/organization.server.ts";
import { OrganizationSection } from "./seo-tools/organization.tsx";
import { loadRedirects, redirectForms, redirectIntents } from "./seo-tools/redirects.server.ts";
import { RedirectsSection } from "./seo-tools/redirects.tsx";
import { seoDefaultsForms, seoDefaultsIntents } from "./seo-tools/seo-defaults.server.ts";
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
    constraint: {
      seo: formConstraint(SeoSchema),
      organization: formConstraint(OrganizationSchema),
    },
    done: url.searchParams.get("done"),
  };
}

/** Every button of the page, by its `intent`: one parse says which and what it carries. */
const SeoToolsFormSchema = z.discriminatedUnion("intent", [
  ...redirectForms,
  ...notFoundForms,
  ...seoDefaultsForms,
  ...organizationForms,
]);

const INTENTS: Record<string, SeoToolsIntent> = {
  ...redirectIntents,
  ...notFoundIntents,
  ...seoDefaultsIntents,
  ...organizationIntents,
};

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const submission = parseForm(await request.formData(), SeoToolsFormSchema);
  if (submission.status !== "success") return refuse(submission);
  const value: Record<string, string> = submission.value;
  const text = (key: string) => (Object.hasOwn(value, key) ? value[key] : "");
  return INTENTS[value.intent]({
    submission,
    text,
    db: await db(),
    actor: actorOf(user),
    ownOrigin: env().BASE_URL,
  });
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
      <SeoDefaultsSection
        seo={d.seo}
        constraint={d.constraint.seo}
        refusal={actionData}
        busy={busy}
      />
      <OrganizationSection
        organization={d.organization}
        constraint={d.constraint.organization}
        refusal={actionData}
        busy={busy}
      />
    </div>
  );
}

export function meta() {
  return [{ title: "SEO tools | govjobs admin" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
