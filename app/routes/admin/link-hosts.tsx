import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { AdminError } from "~/components/admin/admin-error.tsx";
import { AdminPageHeader, Banner, buttonClass } from "~/components/admin/banner.tsx";
import { TextField } from "~/components/admin/backoffice-ui.tsx";
import { ConfirmButton } from "~/components/admin/confirm-button.tsx";
import { useAdminForm } from "~/components/admin/form.tsx";
import { formErrorOf } from "~/lib/form-reply.ts";
import type { FormReply } from "~/lib/form-contract.ts";
import { formatDateTime } from "~/lib/format.ts";
import { can } from "~/content/policy.ts";
import { todayInIndia } from "~/lib/india-date.ts";
import {
  addKnownFake,
  addVendorHost,
  linkLists,
  removeKnownFake,
  removeVendorHost,
} from "~/link-monitor/admin.server.ts";
import { KnownFakeInput, VendorHostInput } from "~/link-monitor/host-inputs.ts";
import { refuse, refuseWrite } from "~/platform/forms.server.ts";
import { formConstraint, parseForm } from "~/lib/form-parse.ts";
import { formatDate } from "~/lib/format.ts";
import { actorOf, requireStaff } from "~/users/guard.server.ts";
import { db } from "~/platform/services.server.ts";
import type { Route } from "./+types/link-hosts";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, "links");
  return {
    ...(await linkLists(await db())),
    // Editors see the lists; admins change them.
    canEdit: can(user.role, "administer"),
    done: new URL(request.url).searchParams.get("done"),
    today: todayInIndia(),
    constraint: formConstraint(HostsForm),
  };
}

const OnRow = z.object({ id: z.string().min(1).max(100) });
const HostsForm = z.discriminatedUnion("intent", [
  VendorHostInput.extend({ intent: z.literal("add-vendor") }),
  OnRow.extend({ intent: z.literal("remove-vendor") }),
  KnownFakeInput.extend({ intent: z.literal("add-fake") }),
  OnRow.extend({ intent: z.literal("remove-fake") }),
]);

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, "administer");
  const submission = parseForm(await request.formData(), HostsForm);
  if (submission.status !== "success") return refuse(submission);
  const form = submission.value;
  const conn = await db();
  const actor = actorOf(user);
  if (form.intent === "add-vendor" || form.intent === "add-fake") {
    const result =
      form.intent === "add-vendor"
        ? await addVendorHost(conn, form, actor)
        : await addKnownFake(conn, form, actor);
    if (!result.ok) return refuseWrite(submission, result, { messageAt: result.field });
  } else {
    const gone =
      form.intent === "remove-vendor"
        ? await removeVendorHost(conn, form.id, actor)
        : await removeKnownFake(conn, form.id, actor);
    if (!gone) return refuse(submission, { status: 404, formError: "It was removed already." });
  }
  return redirect(`/admin/links/hosts?done=${form.intent}`);
}

const DONE: Record<string, string> = {
  "add-vendor": "Vendor host added. Links that end on it are checked again now.",
  "remove-vendor": "Vendor host removed. Links that ended on it are checked again now.",
  "add-fake": "Known fake added. Links that passed through it are checked again now.",
  "remove-fake": "Known fake removed.",
};

const input =
  "mt-1 block w-full rounded-app border border-stone-300 bg-white px-2 py-1.5 font-normal";

export default function LinkHosts({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { canEdit, vendors, fakes, organizations } = loaderData;
  const refusedIntent = actionData?.initialValue?.intent;
  const replyFor = (intent: string) =>
    refusedIntent === intent ? (actionData as FormReply) : undefined;
  // Two forms post here: each shows only its own reply.
  const addForm = (intent: "add-vendor" | "add-fake", defaults: Record<string, string>) => ({
    id: `${intent}-form`,
    reply: replyFor(intent),
    constraint: loaderData.constraint,
    schema: HostsForm,
    intent,
    defaults,
  });
  const vendor = useAdminForm(
    addForm("add-vendor", { organizationId: "", pattern: "", note: "", source: "" }),
  );
  const fake = useAdminForm(
    addForm("add-fake", { host: "", reportedOn: loaderData.today, source: "", note: "" }),
  );
  const formError = formErrorOf(actionData);
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <AdminPageHeader
        title="Vendor hosts and known fakes"
        crumbs={
          <Link to="/admin/links" className="text-accent underline">
            Links
          </Link>
        }
      />
      {loaderData.done && DONE[loaderData.done] ? (
        <Banner tone="success">{DONE[loaderData.done]}</Banner>
      ) : null}
      {formError ? <Banner tone="error">{formError}</Banner> : null}

      <section
        aria-labelledby="vendors-title"
        className="rounded-app border border-stone-200 bg-white p-4"
      >
        <h2 id="vendors-title" className="text-base font-semibold">
          Vendor hosts
        </h2>
        <p className="mt-1 text-sm text-muted">
          Hosts a recruiter’s applications really run on although they are not its own domain (an
          application portal run for it). A link that ends on one of its organization’s vendor
          hosts, or on a platform of every organization, is official. Each says where it is known
          from.
        </p>
        <ul className="mt-3 divide-y divide-stone-100 text-sm">
          {vendors.map((v) => (
            <ListedHost
              key={v.id}
              id={v.id}
              host={v.pattern}
              about={v.organization || "every organization"}
              note={v.note}
              source={`${v.source} · added ${formatDateTime(v.createdAt)}${v.createdBy ? ` by ${v.createdBy}` : ""}`}
              remove={
                canEdit && {
                  intent: "remove-vendor",
                  question: `Remove ${v.pattern}? Links that end on it will be flagged as off the official hosts.`,
                }
              }
            />
          ))}
        </ul>
        {canEdit ? (
          <AddForm
            title="Add a vendor host"
            intent="add-vendor"
            button="Add vendor host"
            busy={busy}
            formProps={vendor.props}
          >
            <label className="text-sm font-semibold">
              Organization
              <select
                name="organizationId"
                defaultValue={vendor.value("organizationId")}
                className={input}
              >
                <option value="">Every organization (a shared platform)</option>
                {organizations.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
            </label>
            <TextField
              label="Host"
              help="ibpsreg.ibps.in, or *.ucanapply.com for any of its subdomains"
              {...vendor.field("pattern")}
            />
            <TextField
              label="Source"
              help="Where it is known from: a link or a notice"
              {...vendor.field("source")}
            />
            <TextField label="Note" help="What it is (optional)" {...vendor.field("note")} />
          </AddForm>
        ) : (
          <p className="mt-3 text-sm text-muted">Only an admin can change this list.</p>
        )}
      </section>

      <section
        aria-labelledby="fakes-title"
        className="rounded-app border border-stone-200 bg-white p-4"
      >
        <h2 id="fakes-title" className="text-base font-semibold">
          Known fakes
        </h2>
        <p className="mt-1 text-sm text-muted">
          Sites that impersonate recruiters. A link whose redirects pass through one (or its
          subdomains) is flagged, and “Is this link official?” names it as a fake, with its date and
          source.
        </p>
        {fakes.length === 0 ? (
          <p className="mt-3 text-sm text-muted">None listed yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-stone-100 text-sm">
            {fakes.map((f) => (
              <ListedHost
                key={f.id}
                id={f.id}
                host={f.host}
                about={`reported ${formatDate(f.reportedOn)}`}
                note={f.note}
                source={f.source}
                remove={
                  canEdit && {
                    intent: "remove-fake",
                    question: `Remove ${f.host} from the known fakes?`,
                  }
                }
              />
            ))}
          </ul>
        )}
        {canEdit ? (
          <AddForm
            title="Add a known fake"
            intent="add-fake"
            button="Add known fake"
            busy={busy}
            formProps={fake.props}
          >
            <TextField
              label="Domain"
              help="ssc-gov-recruitment.example (its subdomains count too)"
              idPrefix="fake-"
              {...fake.field("host")}
            />
            <TextField
              label="Reported on"
              help="YYYY-MM-DD"
              idPrefix="fake-"
              {...fake.field("reportedOn")}
            />
            <TextField
              label="Source"
              help="Who reported it: PIB Fact Check, a notice…"
              idPrefix="fake-"
              {...fake.field("source")}
            />
            <TextField label="Note" help="Optional" idPrefix="fake-" {...fake.field("note")} />
          </AddForm>
        ) : null}
      </section>
    </div>
  );
}

/** One vendor host or fake, with its source, and (for an admin) a button to remove it. */
function ListedHost({
  id,
  host,
  about,
  note,
  source,
  remove,
}: {
  id: string;
  host: string;
  about: string;
  note: string;
  source: string;
  remove: false | { intent: string; question: string };
}) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 py-2">
      <div className="min-w-0">
        <p>
          <span className="font-semibold break-all">{host}</span>{" "}
          <span className="text-muted">· {about}</span>
        </p>
        {note ? <p className="text-muted">{note}</p> : null}
        <p className="text-xs break-words text-muted">Source: {source}</p>
      </div>
      {remove ? (
        <Form method="post">
          <input type="hidden" name="id" value={id} />
          <ConfirmButton
            label="Remove"
            question={remove.question}
            confirmLabel="Remove it"
            value={remove.intent}
          />
        </Form>
      ) : null}
    </li>
  );
}

function AddForm({
  title,
  intent,
  button,
  busy,
  formProps,
  children,
}: {
  title: string;
  intent: string;
  button: string;
  busy: boolean;
  /** The form's id and submit check (useAdminForm). */
  formProps: ReturnType<typeof useAdminForm>["props"];
  children: React.ReactNode;
}) {
  return (
    <Form
      method="post"
      {...formProps}
      className="mt-4 grid gap-3 border-t border-stone-100 pt-4 sm:grid-cols-2"
    >
      <h3 className="font-semibold sm:col-span-2">{title}</h3>
      {children}
      <div className="sm:col-span-2">
        <button
          type="submit"
          name="intent"
          value={intent}
          disabled={busy}
          className={buttonClass.primary}
        >
          {button}
        </button>
      </div>
    </Form>
  );
}

export function meta() {
  return [{ title: "Vendor hosts and known fakes | govjobs admin" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
