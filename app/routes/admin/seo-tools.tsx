import { Form, Link, data, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { AdminPageHeader, Banner, buttonClass } from "~/components/admin/banner.tsx";
import {
  Pager,
  SectionCard,
  TextAreaField,
  TextField,
  formatDateTime,
  pageParam,
  tableClass,
  tdClass,
  thClass,
  useFocusFirstError,
} from "~/components/admin/backoffice-ui.tsx";
import { AdminError } from "~/components/admin/admin-error.tsx";
import { ConfirmButton } from "~/components/admin/confirm-button.tsx";
import { FieldShell, describedBy, inputClass } from "~/components/admin/field-input.tsx";
import { recordAudit } from "~/server/audit.server.ts";
import { contentChanged } from "~/server/content-events.server.ts";
import { env } from "~/server/env.server.ts";
import { requireAdmin } from "~/server/guard.server.ts";
import { clearNotFound, deleteNotFound, listNotFound } from "~/server/not-found-log.server.ts";
import {
  MAX_DESTINATION_LENGTH,
  MAX_SOURCE_LENGTH,
  REDIRECT_STATUSES,
  REDIRECT_STATUS_LABELS,
  RedirectNotFoundError,
  createRedirect,
  deleteRedirect,
  getRedirect,
  listRedirects,
  parseRedirectForm,
  setRedirectEnabled,
  updateRedirect,
} from "~/server/redirects.server.ts";
import { db } from "~/server/services.server.ts";
import {
  OrganizationSchema,
  SeoSchema,
  getSettings,
  saveSettings,
  settingsFieldErrors,
} from "~/server/settings.server.ts";
import type { Route } from "./+types/seo-tools";

const PAGE_SIZE = 50;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const conn = await db();
  const redirectPage = pageParam(url.searchParams.get("rpage"));
  const notFoundPage = pageParam(url.searchParams.get("npage"));
  const [redirects, notFound, settings] = await Promise.all([
    listRedirects(conn, { limit: PAGE_SIZE, offset: (redirectPage - 1) * PAGE_SIZE }),
    listNotFound(conn, { limit: PAGE_SIZE, offset: (notFoundPage - 1) * PAGE_SIZE }),
    getSettings(conn),
  ]);
  const editId = url.searchParams.get("edit");
  const editing = editId ? await getRedirect(conn, editId) : undefined;
  // "Create redirect" in the 404 log links here with the path filled in.
  const prefill = (url.searchParams.get("source") ?? "").slice(0, MAX_SOURCE_LENGTH);
  return {
    redirects: redirects.rules,
    redirectPage,
    redirectPages: Math.max(1, Math.ceil(redirects.total / PAGE_SIZE)),
    redirectTotal: redirects.total,
    notFound: notFound.entries,
    notFoundPage,
    notFoundPages: Math.max(1, Math.ceil(notFound.total / PAGE_SIZE)),
    notFoundTotal: notFound.total,
    editing: editing ?? null,
    editMissing: !!editId && !editing,
    prefill,
    seo: settings.seo,
    organization: settings.organization,
    done: url.searchParams.get("done"),
    limits: { source: MAX_SOURCE_LENGTH, destination: MAX_DESTINATION_LENGTH },
    statuses: REDIRECT_STATUSES.map((code) => ({ code, label: REDIRECT_STATUS_LABELS[code] })),
  };
}

type FormName = "redirect" | "redirect-list" | "not-found" | "seo" | "organization";

function invalid(
  form: FormName,
  fieldErrors: Record<string, string | undefined>,
  values: Record<string, string> = {},
  formError?: string,
) {
  return data({ form, fieldErrors, values, formError: formError ?? null }, { status: 400 });
}

const IdSchema = z.string().trim().min(1).max(100);

/** robots.txt and the organization record are plain settings; their forms read like this. */
const SeoFormSchema = SeoSchema;
const OrganizationFormSchema = OrganizationSchema.extend({
  sameAs: z.preprocess(
    (v) =>
      String(v ?? "")
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    OrganizationSchema.shape.sameAs,
  ),
});

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const actor = { id: user.id, email: user.email };
  const form = await request.formData();
  const text = (key: string) => {
    const v = form.get(key);
    return typeof v === "string" ? v : "";
  };
  const intent = text("intent");
  const conn = await db();
  const ownOrigin = env().BASE_URL;

  if (intent === "redirect-save") {
    const values = {
      id: text("id"),
      source: text("source"),
      destination: text("destination"),
      statusCode: text("statusCode"),
      enabled: form.get("enabled") ? "on" : "",
    };
    const parsed = parseRedirectForm(values);
    if (!parsed.ok) return invalid("redirect", parsed.fieldErrors, values);
    const id = values.id ? IdSchema.safeParse(values.id) : undefined;
    if (id && !id.success) return invalid("redirect", {}, values, "This redirect is unknown.");
    let result;
    try {
      result = id
        ? await updateRedirect(conn, id.data!, parsed.value, { ownOrigin })
        : await createRedirect(conn, parsed.value, { ownOrigin });
    } catch (err) {
      if (err instanceof RedirectNotFoundError) return invalid("redirect", {}, values, err.message);
      throw err;
    }
    if (!result.ok) return invalid("redirect", result.fieldErrors, values);
    const rule = result.rule;
    await recordAudit(
      conn,
      actor,
      id ? "redirect.update" : "redirect.create",
      rule.source,
      `${rule.statusCode} ${rule.destination || "(gone)"}${rule.enabled ? "" : " (disabled)"}`,
    );
    // The path is handled now: it no longer belongs in the list of pages not found.
    await deleteNotFound(conn, rule.source);
    await contentChanged(conn);
    return redirect(
      `/admin/seo-tools?done=${id ? "redirect-updated" : "redirect-added"}#redirects`,
    );
  }

  if (intent === "redirect-enable" || intent === "redirect-disable") {
    const id = IdSchema.safeParse(text("id"));
    if (!id.success) return invalid("redirect-list", {}, {}, "This redirect is unknown.");
    const enable = intent === "redirect-enable";
    let result;
    try {
      result = await setRedirectEnabled(conn, id.data, enable, { ownOrigin });
    } catch (err) {
      if (err instanceof RedirectNotFoundError)
        return invalid("redirect-list", {}, {}, err.message);
      throw err;
    }
    if (!result.ok)
      return invalid(
        "redirect-list",
        {},
        {},
        `This redirect cannot be switched on: ${Object.values(result.fieldErrors).join(" ")}`,
      );
    await recordAudit(
      conn,
      actor,
      enable ? "redirect.enable" : "redirect.disable",
      result.rule.source,
    );
    await contentChanged(conn);
    return redirect(
      `/admin/seo-tools?done=${enable ? "redirect-enabled" : "redirect-disabled"}#redirects`,
    );
  }

  if (intent === "redirect-delete") {
    const id = IdSchema.safeParse(text("id"));
    if (!id.success) return invalid("redirect-list", {}, {}, "This redirect is unknown.");
    const deleted = await deleteRedirect(conn, id.data);
    if (!deleted)
      return invalid(
        "redirect-list",
        {},
        {},
        "This redirect no longer exists; it may have been deleted.",
      );
    await recordAudit(
      conn,
      actor,
      "redirect.delete",
      deleted.source,
      `${deleted.statusCode} ${deleted.destination || "(gone)"}`,
    );
    await contentChanged(conn);
    return redirect("/admin/seo-tools?done=redirect-deleted#redirects");
  }

  if (intent === "not-found-delete") {
    const path = z.string().min(1).max(MAX_SOURCE_LENGTH).safeParse(text("path"));
    if (!path.success) return invalid("not-found", {}, {}, "This path is unknown.");
    await deleteNotFound(conn, path.data);
    await recordAudit(conn, actor, "not-found.delete", path.data);
    return redirect("/admin/seo-tools?done=not-found-deleted#not-found");
  }

  if (intent === "not-found-clear") {
    const removed = await clearNotFound(conn);
    await recordAudit(conn, actor, "not-found.clear", "404 log", `${removed} paths`);
    return redirect("/admin/seo-tools?done=not-found-cleared#not-found");
  }

  if (intent === "seo-save") {
    const values = {
      titleTemplate: text("titleTemplate"),
      defaultDescription: text("defaultDescription"),
      robotsTxt: text("robotsTxt").replace(/\r\n/g, "\n"),
    };
    const parsed = SeoFormSchema.safeParse(values);
    if (!parsed.success) return invalid("seo", settingsFieldErrors(parsed.error), values);
    await saveSettings(conn, { seo: parsed.data });
    await recordAudit(conn, actor, "settings.update", "seo");
    await contentChanged(conn);
    return redirect("/admin/seo-tools?done=seo-saved#seo-defaults");
  }

  if (intent === "organization-save") {
    const values = {
      name: text("name"),
      url: text("url"),
      logo: text("logo"),
      sameAs: text("sameAs"),
      contactType: text("contactType"),
    };
    const parsed = OrganizationFormSchema.safeParse(values);
    if (!parsed.success) {
      const errors = settingsFieldErrors(parsed.error);
      // One textarea holds every profile: say which line is wrong.
      const line = Object.keys(errors).find((k) => k.startsWith("sameAs."));
      if (line) errors.sameAs = `Line ${Number(line.split(".")[1]) + 1}: ${errors[line]}`;
      return invalid("organization", errors, values);
    }
    await saveSettings(conn, { organization: parsed.data });
    await recordAudit(conn, actor, "settings.update", "organization");
    await contentChanged(conn);
    return redirect("/admin/seo-tools?done=organization-saved#organization");
  }

  return invalid(
    "redirect-list",
    {},
    {},
    "This button is not known here. Reload the page and try again.",
  );
}

const DONE: Record<string, string> = {
  "redirect-added": "Redirect added.",
  "redirect-updated": "Redirect saved.",
  "redirect-enabled": "Redirect switched on.",
  "redirect-disabled": "Redirect switched off.",
  "redirect-deleted": "Redirect deleted.",
  "not-found-deleted": "Path removed from the 404 log.",
  "not-found-cleared": "The 404 log is empty.",
  "seo-saved": "SEO defaults saved.",
  "organization-saved": "Organization record saved.",
};

export default function SeoTools({ loaderData, actionData }: Route.ComponentProps) {
  useFocusFirstError(actionData);
  const busy = useNavigation().state === "submitting";
  const d = loaderData;
  const errorsFor = (form: FormName) =>
    actionData?.form === form ? (actionData.fieldErrors as Record<string, string | undefined>) : {};
  const valuesFor = (form: FormName) =>
    actionData?.form === form ? (actionData.values as Record<string, string>) : undefined;
  const listError =
    actionData && (actionData.form === "redirect-list" || actionData.form === "not-found")
      ? actionData.formError
      : null;

  return (
    <div className="mx-auto max-w-6xl">
      <AdminPageHeader title="SEO tools" />
      <nav aria-label="On this page" className="mb-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <a href="#redirects" className="text-accent underline">
          Redirects ({d.redirectTotal})
        </a>
        <a href="#not-found" className="text-accent underline">
          404 log ({d.notFoundTotal})
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
          hrefFor={(p) => `/admin/seo-tools?rpage=${p}#redirects`}
        />
        <RedirectForm
          key={d.editing?.id ?? `new-${d.prefill}`}
          editing={d.editing}
          editMissing={d.editMissing}
          prefill={d.prefill}
          errors={errorsFor("redirect")}
          values={valuesFor("redirect")}
          formError={actionData?.form === "redirect" ? actionData.formError : null}
          busy={busy}
          limits={d.limits}
          statuses={d.statuses}
        />
      </SectionCard>

      <SectionCard
        id="not-found"
        title="404 log"
        description="Paths visitors asked for that do not exist, most requested first. Create a redirect for the ones that deserve a new home."
        actions={
          d.notFoundTotal > 0 ? (
            <Form method="post">
              <ConfirmButton
                label="Clear log"
                question={`Remove all ${d.notFoundTotal} paths from the 404 log? This cannot be undone.`}
                confirmLabel="Yes, clear the log"
                value="not-found-clear"
              />
            </Form>
          ) : null
        }
      >
        <NotFoundTable entries={d.notFound} />
        <Pager
          label="404 log pages"
          page={d.notFoundPage}
          pages={d.notFoundPages}
          hrefFor={(p) => `/admin/seo-tools?npage=${p}#not-found`}
        />
      </SectionCard>

      <SectionCard
        id="seo-defaults"
        title="SEO defaults"
        description="Used by every public page that does not set its own."
      >
        <SeoForm seo={d.seo} errors={errorsFor("seo")} values={valuesFor("seo")} busy={busy} />
      </SectionCard>

      <SectionCard
        id="organization"
        title="Organization (structured data)"
        description="The Organization record search engines read on the home page. Social profiles are the same links as in Content settings."
      >
        <OrganizationForm
          organization={d.organization}
          errors={errorsFor("organization")}
          values={valuesFor("organization")}
          busy={busy}
        />
      </SectionCard>
    </div>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];
type Rule = LoaderData["redirects"][number];

function RedirectTable({ rules, busy }: { rules: Rule[]; busy: boolean }) {
  if (rules.length === 0)
    return <p className="text-sm text-muted">No redirects yet. Add the first one below.</p>;
  return (
    <div className="relative overflow-x-auto">
      <table className={tableClass}>
        <caption className="sr-only">Redirects</caption>
        <thead>
          <tr>
            <th scope="col" className={thClass}>
              Source
            </th>
            <th scope="col" className={thClass}>
              Destination
            </th>
            <th scope="col" className={thClass}>
              Status
            </th>
            <th scope="col" className={thClass}>
              Enabled
            </th>
            <th scope="col" className={`${thClass} text-right`}>
              Hits
            </th>
            <th scope="col" className={thClass}>
              Last hit
            </th>
            <th scope="col" className={thClass}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rules.map((rule) => (
            <tr key={rule.id} className={rule.enabled ? "" : "text-muted"}>
              <td className={`${tdClass} min-w-36 font-mono text-xs break-all`}>{rule.source}</td>
              <td className={`${tdClass} font-mono text-xs break-all`}>
                {rule.destination || <span className="text-muted">(gone)</span>}
              </td>
              <td className={tdClass}>{rule.statusCode}</td>
              <td className={tdClass}>
                {rule.enabled ? (
                  <span className="rounded-full bg-secondary-light px-2 py-0.5 text-xs font-semibold text-secondary">
                    On
                  </span>
                ) : (
                  <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-700">
                    Off
                  </span>
                )}
              </td>
              <td className={`${tdClass} text-right tabular-nums`}>{rule.hits}</td>
              <td className={`${tdClass} whitespace-nowrap`}>
                {rule.lastHitAt ? formatDateTime(rule.lastHitAt) : "Never"}
              </td>
              <td className={tdClass}>
                <Form
                  method="post"
                  className="flex items-start justify-end gap-2 whitespace-nowrap"
                >
                  <input type="hidden" name="id" value={rule.id} />
                  <Link
                    to={`/admin/seo-tools?edit=${encodeURIComponent(rule.id)}#redirect-form`}
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
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RedirectForm({
  editing,
  editMissing,
  prefill,
  errors,
  values,
  formError,
  busy,
  limits,
  statuses,
}: {
  limits: LoaderData["limits"];
  statuses: LoaderData["statuses"];
  editing: Rule | null;
  editMissing: boolean;
  prefill: string;
  errors: Record<string, string | undefined>;
  values?: Record<string, string>;
  formError: string | null;
  busy: boolean;
}) {
  const v = values ?? {
    id: editing?.id ?? "",
    source: editing?.source ?? prefill,
    destination: editing?.destination ?? "",
    statusCode: String(editing?.statusCode ?? 301),
    enabled: editing ? (editing.enabled ? "on" : "") : "on",
  };
  const isEdit = !!v.id;
  const hasErrors = Object.values(errors).some(Boolean) || !!formError;
  return (
    <Form
      method="post"
      id="redirect-form"
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
          defaultValue={v.destination}
          error={errors.destination}
          maxLength={limits.destination}
          help="A path like /jobs/new-page or a full https:// address. Leave empty for 410 Gone."
        />
        <FieldShell name="statusCode" label="Status" error={errors.statusCode}>
          <select
            {...describedBy("statusCode", { error: errors.statusCode })}
            defaultValue={v.statusCode}
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
              defaultChecked={v.enabled === "on"}
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
          <Link to="/admin/seo-tools#redirects" className={buttonClass.secondary}>
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

type NotFoundRow = Route.ComponentProps["loaderData"]["notFound"][number];

function NotFoundTable({ entries }: { entries: NotFoundRow[] }) {
  if (entries.length === 0)
    return <p className="text-sm text-muted">No missing pages recorded. Nothing to fix.</p>;
  return (
    <div className="relative overflow-x-auto">
      <table className={tableClass}>
        <caption className="sr-only">Paths not found</caption>
        <thead>
          <tr>
            <th scope="col" className={thClass}>
              Path
            </th>
            <th scope="col" className={`${thClass} text-right`}>
              Hits
            </th>
            <th scope="col" className={thClass}>
              Last referrer
            </th>
            <th scope="col" className={thClass}>
              Last seen
            </th>
            <th scope="col" className={thClass}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.path}>
              <td className={`${tdClass} font-mono text-xs break-all`}>{entry.path}</td>
              <td className={`${tdClass} text-right tabular-nums`}>{entry.hits}</td>
              <td className={`${tdClass} max-w-64 text-xs break-all`}>
                {entry.lastReferrer ?? <span className="text-muted">None</span>}
              </td>
              <td className={`${tdClass} whitespace-nowrap`}>{formatDateTime(entry.lastSeenAt)}</td>
              <td className={tdClass}>
                <Form method="post" className="flex justify-end gap-2 whitespace-nowrap">
                  <input type="hidden" name="path" value={entry.path} />
                  <Link
                    to={`/admin/seo-tools?source=${encodeURIComponent(entry.path)}#redirect-form`}
                    className={buttonClass.secondary}
                    aria-label={`Create redirect for ${entry.path}`}
                  >
                    Create redirect
                  </Link>
                  <button
                    type="submit"
                    name="intent"
                    value="not-found-delete"
                    className={buttonClass.secondary}
                    aria-label={`Remove ${entry.path} from the log`}
                  >
                    Remove
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SeoForm({
  seo,
  errors,
  values,
  busy,
}: {
  seo: Route.ComponentProps["loaderData"]["seo"];
  errors: Record<string, string | undefined>;
  values?: Record<string, string>;
  busy: boolean;
}) {
  const v = values ?? seo;
  return (
    <Form method="post" noValidate className="grid gap-4">
      {Object.values(errors).some(Boolean) ? (
        <Banner tone="error">
          The SEO defaults were not saved. Correct the fields marked below.
        </Banner>
      ) : null}
      <TextField
        name="titleTemplate"
        label="Title template"
        required
        defaultValue={v.titleTemplate}
        error={errors.titleTemplate}
        maxLength={120}
        help="%s is replaced by the page's own title, e.g. %s | govjobs."
      />
      <TextAreaField
        name="defaultDescription"
        label="Default description"
        rows={3}
        defaultValue={v.defaultDescription}
        error={errors.defaultDescription}
        maxLength={300}
        help="At most 300 characters; search engines show about 155."
      />
      <TextAreaField
        name="robotsTxt"
        label="robots.txt"
        rows={8}
        monospace
        defaultValue={v.robotsTxt}
        error={errors.robotsTxt}
        maxLength={5000}
        help="Served at /robots.txt. Leave empty for the default (allow everything, point to the sitemap)."
      />
      <div>
        <button
          type="submit"
          name="intent"
          value="seo-save"
          disabled={busy}
          className={buttonClass.primary}
        >
          Save SEO defaults
        </button>
      </div>
    </Form>
  );
}

function OrganizationForm({
  organization,
  errors,
  values,
  busy,
}: {
  organization: Route.ComponentProps["loaderData"]["organization"];
  errors: Record<string, string | undefined>;
  values?: Record<string, string>;
  busy: boolean;
}) {
  const v = values ?? { ...organization, sameAs: organization.sameAs.join("\n") };
  return (
    <Form method="post" noValidate className="grid gap-4 md:grid-cols-2">
      {Object.values(errors).some(Boolean) ? (
        <Banner tone="error">
          The organization record was not saved. Correct the fields marked below.
        </Banner>
      ) : null}
      <TextField
        name="name"
        label="Name"
        required
        defaultValue={v.name}
        error={errors.name}
        maxLength={120}
      />
      <TextField
        name="url"
        label="Web address"
        type="url"
        defaultValue={v.url}
        error={errors.url}
        maxLength={300}
        help="Empty means the site's own address."
      />
      <TextField
        name="logo"
        label="Logo"
        defaultValue={v.logo}
        error={errors.logo}
        maxLength={300}
        help="A path on this site (/logo.svg) or a full https:// address."
      />
      <TextField
        name="contactType"
        label="Contact type"
        defaultValue={v.contactType}
        error={errors.contactType}
        maxLength={60}
        help="For the contact point, e.g. customer service."
      />
      <TextAreaField
        name="sameAs"
        label="Social profiles"
        rows={4}
        defaultValue={v.sameAs}
        error={errors.sameAs}
        help="One https:// address per line, at most 10."
        className="md:col-span-2"
      />
      <div className="md:col-span-2">
        <button
          type="submit"
          name="intent"
          value="organization-save"
          disabled={busy}
          className={buttonClass.primary}
        >
          Save organization
        </button>
      </div>
    </Form>
  );
}

export function meta() {
  return [{ title: "SEO tools | govjobs admin" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
