import { Form, Link } from "react-router";
import { Banner, buttonClass } from "~/components/admin/banner.tsx";
import { Pager, SectionCard, TextField } from "~/components/admin/backoffice-ui.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { AdminTable } from "~/components/admin/admin-table.tsx";
import { ConfirmButton } from "~/components/admin/confirm-button.tsx";
import { FieldShell, describedBy, inputClass } from "~/components/admin/field-input.tsx";
import { useAdminForm } from "~/components/admin/form.tsx";
import { SEO_TOOLS, replyFor } from "~/components/admin/seo-tools/form-state.ts";
import type { FormReply } from "~/lib/form-contract.ts";
import { fieldErrorsOf, formErrorOf } from "~/lib/form-reply.ts";
import { RedirectFormSchema, type RedirectRule } from "~/redirects/redirect-rules.ts";
import type { loadRedirects } from "./redirects.server.ts";

type RedirectsData = Awaited<ReturnType<typeof loadRedirects>>;

/** The redirects section of the SEO tools: the rules, their pages, and the add / edit form. */
export function RedirectsSection({
  data: d,
  refusal,
  busy,
}: {
  data: RedirectsData;
  refusal: FormReply | undefined;
  busy: boolean;
}) {
  return (
    <SectionCard
      id="redirects"
      title="Redirects"
      description="Send visitors of an old path to a new address. Core pages (home, the five lists, contact, privacy policy) and the admin can never be redirected."
    >
      <RedirectTable rules={d.redirects} busy={busy} />
      <Pager
        label="Redirect pages"
        page={d.redirectPage}
        pages={d.redirectPages}
        hrefFor={(p) => `${SEO_TOOLS}?rpage=${p}#redirects`}
      />
      <RedirectForm
        key={d.editing?.id ?? `new-${d.prefill}`}
        editing={d.editing}
        editMissing={d.editMissing}
        prefill={d.prefill}
        reply={replyFor(refusal, "redirect")}
        busy={busy}
        limits={d.limits}
        statuses={d.statuses}
      />
    </SectionCard>
  );
}

function RedirectTable({ rules, busy }: { rules: RedirectRule[]; busy: boolean }) {
  if (rules.length === 0)
    return <p className="text-sm text-muted">No redirects yet. Add the first one below.</p>;
  return (
    <AdminTable
      caption="Redirects"
      rows={rules}
      rowKey={(rule) => rule.id}
      rowProps={(rule) => ({ className: rule.enabled ? "" : "text-muted" })}
      columns={[
        {
          key: "source",
          header: "Source",
          cellClass: "min-w-36 font-mono text-xs break-all",
          cell: (rule) => rule.source,
        },
        {
          key: "destination",
          header: "Destination",
          cellClass: "font-mono text-xs break-all",
          cell: (rule) => rule.destination || <span className="text-muted">(gone)</span>,
        },
        { key: "status", header: "Status", cell: (rule) => rule.statusCode },
        {
          key: "enabled",
          header: "Enabled",
          cell: (rule) =>
            rule.enabled ? (
              <span className="rounded-full bg-secondary-light px-2 py-0.5 text-xs font-semibold text-secondary">
                On
              </span>
            ) : (
              <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-700">
                Off
              </span>
            ),
        },
        {
          key: "hits",
          header: "Hits",
          align: "text-right",
          cellClass: "tabular-nums",
          cell: (rule) => rule.hits,
        },
        {
          key: "last-hit",
          header: "Last hit",
          cellClass: "whitespace-nowrap",
          cell: (rule) => (rule.lastHitAt ? formatDateTime(rule.lastHitAt) : "Never"),
        },
        {
          key: "actions",
          header: "Actions",
          hidden: true,
          cell: (rule) => (
            <Form method="post" className="flex items-start justify-end gap-2 whitespace-nowrap">
              <input type="hidden" name="id" value={rule.id} />
              <Link
                to={`${SEO_TOOLS}?edit=${encodeURIComponent(rule.id)}#redirect-form`}
                className={buttonClass.secondary}
                aria-label={`Edit redirect ${rule.source}`}
              >
                Edit
              </Link>
              <button
                type="submit"
                name="intent"
                value={rule.enabled ? "redirect-disable" : "redirect-enable"}
                disabled={busy}
                className={buttonClass.secondary}
                aria-label={`${rule.enabled ? "Disable" : "Enable"} redirect ${rule.source}`}
              >
                {rule.enabled ? "Disable" : "Enable"}
              </button>
              <ConfirmButton
                label="Delete"
                question={
                  <>
                    Delete the redirect from <code className="break-all">{rule.source}</code>?
                    Visitors of that path will get the not-found page.
                  </>
                }
                confirmLabel="Yes, delete it"
                value="redirect-delete"
                className="max-w-72 whitespace-normal"
              />
            </Form>
          ),
        },
      ]}
    />
  );
}

function RedirectForm({
  editing,
  editMissing,
  prefill,
  reply,
  busy,
  limits,
  statuses,
}: {
  limits: RedirectsData["limits"];
  statuses: RedirectsData["statuses"];
  editing: RedirectRule | null;
  editMissing: boolean;
  prefill: string;
  reply: FormReply | undefined;
  busy: boolean;
}) {
  const form = useAdminForm({
    id: "redirect-form",
    reply,
    constraint: undefined,
    defaults: {
      id: editing?.id ?? "",
      source: editing?.source ?? prefill,
      destination: editing?.destination ?? "",
      statusCode: String(editing?.statusCode ?? 301),
      enabled: editing ? (editing.enabled ? "on" : "") : "on",
    },
    schema: RedirectFormSchema,
  });
  const v = { id: form.value("id"), source: form.value("source") };
  const errors = {
    source: form.error("source"),
    destination: form.error("destination"),
    statusCode: form.error("statusCode"),
  };
  // Said when the server refused the form; with JavaScript the fields' own messages come first.
  const formError = formErrorOf(reply);
  const hasErrors = Object.keys(fieldErrorsOf(reply)).length > 0 || !!formError;
  const isEdit = !!v.id;
  return (
    <Form
      method="post"
      {...form.props}
      noValidate
      className="mt-5 scroll-mt-4 rounded-app border border-stone-200 bg-stone-50 p-4"
      aria-labelledby="redirect-form-heading"
    >
      <h3 id="redirect-form-heading" className="mb-3 font-semibold">
        {isEdit ? "Edit redirect" : "Add a redirect"}
      </h3>
      {editMissing ? (
        <Banner tone="warning">That redirect no longer exists; you can add a new one.</Banner>
      ) : null}
      {hasErrors ? (
        <Banner tone="error">
          {formError ?? "The redirect was not saved. Correct the fields marked below."}
        </Banner>
      ) : null}
      <input type="hidden" name="id" value={v.id} />
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          name="source"
          label="Old path (source)"
          required
          defaultValue={v.source}
          error={errors.source}
          maxLength={limits.source}
          help="A path on this site, like /old-job-page."
        />
        <TextField
          name="destination"
          label="New address (destination)"
          defaultValue={form.value("destination")}
          error={errors.destination}
          maxLength={limits.destination}
          help="A path like /jobs/new-page or a full https:// address. Leave empty for 410 Gone."
        />
        <FieldShell name="statusCode" label="Status" error={errors.statusCode}>
          <select
            {...describedBy("statusCode", { error: errors.statusCode })}
            defaultValue={form.value("statusCode")}
            className={inputClass}
          >
            {statuses.map((s) => (
              <option key={s.code} value={s.code}>
                {s.label}
              </option>
            ))}
          </select>
        </FieldShell>
        <div className="flex items-end pb-2">
          <label className="inline-flex items-center gap-2 text-sm font-semibold">
            <input
              type="checkbox"
              name="enabled"
              defaultChecked={form.value("enabled") === "on"}
              className="size-4 accent-primary"
            />
            Enabled
          </label>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <button
          type="submit"
          name="intent"
          value="redirect-save"
          disabled={busy}
          className={buttonClass.primary}
        >
          {isEdit ? "Save redirect" : "Add redirect"}
        </button>
        {isEdit || v.source ? (
          <Link to={`${SEO_TOOLS}#redirects`} className={buttonClass.secondary}>
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
