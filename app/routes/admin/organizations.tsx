import { Form, redirect, useNavigation } from "react-router";
import { AdminError } from "~/components/admin/admin-error.tsx";
import { AdminPageHeader, Banner, buttonClass } from "~/components/admin/banner.tsx";
import { useAdminForm } from "~/components/admin/form.tsx";
import type { FormConstraint, FormReply } from "~/lib/form-contract.ts";
import { STATES } from "~/content/options.ts";
import { refuse, refuseWrite } from "~/platform/forms.server.ts";
import { formConstraint, parseForm } from "~/lib/form-parse.ts";
import { actorOf, requireStaff } from "~/users/guard.server.ts";
import { listOrganizations } from "~/organizations/organizations.repository.server.ts";
import { db } from "~/platform/services.server.ts";
import { saveOrganization } from "~/organizations/organizations.service.server.ts";
import { OrganizationForm } from "~/organizations/organization-form.ts";
import type { Route } from "./+types/organizations";

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "organizations");
  const organizations = await listOrganizations(await db());
  const saved = new URL(request.url).searchParams.get("saved");
  return { organizations, saved, constraint: formConstraint(OrganizationForm) };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, "organizations");
  const submission = parseForm(await request.formData(), OrganizationForm);
  if (submission.status !== "success") return refuse(submission);
  const { id, ...input } = submission.value;
  const result = await saveOrganization(await db(), { id, input, actor: actorOf(user) });
  if (!result.ok) {
    // Whatever is wrong is said at the domains (the schema's own checks ran above).
    return refuseWrite(submission, result, { messageAt: "domains" });
  }
  return redirect(`/admin/organizations?saved=${encodeURIComponent(id)}`);
}

export default function Organizations({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const savedName = loaderData.organizations.find((o) => o.id === loaderData.saved)?.name;
  return (
    <div className="mx-auto max-w-5xl">
      <AdminPageHeader title="Organizations" />
      <p className="mb-4 text-sm text-muted">
        Every organization an entry names. Its name in Hindi is what Hindi pages, lists, filters,
        feeds and alerts show (the English name until it is written). Its official domains decide
        which links on its pages are marked “Official site”; every other link shows its address and
        a warning. A new organization is added when an entry names it.
      </p>
      {savedName && <Banner tone="success">Saved {savedName}.</Banner>}
      <ul className="space-y-3">
        {loaderData.organizations.map((org) => (
          <OrganizationRow
            key={org.id}
            org={org}
            // A refused save shows its row as sent, with the first reason under it.
            reply={actionData?.initialValue?.id === org.id ? actionData : undefined}
            constraint={loaderData.constraint}
            busy={busy}
          />
        ))}
      </ul>
    </div>
  );
}

type Organization = Route.ComponentProps["loaderData"]["organizations"][number];

/** One organization's form: its Hindi name, short name, official domains and state. */
function OrganizationRow({
  org,
  reply,
  constraint,
  busy,
}: {
  org: Organization;
  reply: FormReply | undefined;
  constraint: FormConstraint;
  busy: boolean;
}) {
  const form = useAdminForm({
    id: `org-${org.id}`,
    reply,
    constraint,
    schema: OrganizationForm,
    defaults: {
      hiName: org.hiName,
      shortName: org.shortName,
      domains: org.domains.join("\n"),
      state: org.state,
    },
  });
  const error =
    form.formError ??
    ["hiName", "shortName", "domains", "state", "id"].map(form.error).find(Boolean);
  return (
    <li className="rounded-app border border-stone-200 bg-white p-4">
      <Form
        method="post"
        {...form.props}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_7rem_1fr_9rem_auto]"
      >
        <input type="hidden" name="id" value={org.id} />
        <div>
          <p className="font-semibold">{org.name}</p>
          <a href={`/organizations/${org.slug}`} className="text-sm text-accent underline">
            /organizations/{org.slug}
          </a>
        </div>
        <label className="text-sm font-semibold">
          Name in Hindi
          <input
            name="hiName"
            lang="hi"
            defaultValue={form.value("hiName")}
            maxLength={form.field("hiName").maxLength}
            placeholder="e.g. संघ लोक सेवा आयोग"
            className="mt-1 block w-full rounded-app border border-stone-300 px-2 py-1 font-normal"
          />
        </label>
        <label className="text-sm font-semibold">
          Short name
          <input
            name="shortName"
            defaultValue={form.value("shortName")}
            maxLength={form.field("shortName").maxLength}
            className="mt-1 block w-full rounded-app border border-stone-300 px-2 py-1 font-normal"
          />
        </label>
        <label className="text-sm font-semibold">
          Official domains (one per line)
          <textarea
            name="domains"
            rows={2}
            defaultValue={form.value("domains")}
            maxLength={form.field("domains").maxLength}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `org-error-${org.id}` : undefined}
            className="mt-1 block w-full rounded-app border border-stone-300 px-2 py-1 font-normal"
          />
        </label>
        <label className="text-sm font-semibold">
          State
          <select
            name="state"
            defaultValue={form.value("state")}
            className="mt-1 block w-full rounded-app border border-stone-300 bg-white px-2 py-1 font-normal"
          >
            <option value="">Not set</option>
            {STATES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <div className="self-end">
          <button type="submit" disabled={busy} className={buttonClass.primary}>
            Save
          </button>
        </div>
        {error && (
          <p
            id={`org-error-${org.id}`}
            role="alert"
            className="text-sm text-red-800 sm:col-span-2 lg:col-span-6"
          >
            {error}
          </p>
        )}
      </Form>
    </li>
  );
}

export function meta() {
  return [{ title: "Organizations | govjobs admin" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
