import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AdminError } from "~/components/admin/admin-error.tsx";
import { AdminPageHeader, Banner, buttonClass } from "~/components/admin/banner.tsx";
import { FieldShell, describedBy, inputClass } from "~/components/admin/field-input.tsx";
import { useAdminForm } from "~/components/admin/form.tsx";
import { fieldErrorsOf } from "~/lib/form-reply.ts";
import { formatDateTime } from "~/lib/format.ts";
import { parseEntryForm, type FormTree } from "~/content/form-data.ts";
import { RowsEditor } from "~/components/admin/rows-editor.tsx";
import { presetRulesField } from "~/photo-kit/preset-form.ts";
import { getPreset } from "~/photo-kit/presets.server.ts";
import { savePreset } from "~/photo-kit/presets-write.server.ts";
import type { Preset } from "~/photo-kit/rules.ts";
import { refuseWrite } from "~/platform/forms.server.ts";
import { actorOf, requireStaff } from "~/users/guard.server.ts";
import { db } from "~/platform/services.server.ts";
import { todayInIndia } from "~/lib/india-date.ts";
import type { Route } from "./+types/photo-preset-edit";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, "publish");
  const preset = params.key ? await getPreset(await db(), params.key) : undefined;
  if (params.key && !preset) throw data(null, { status: 404 });
  return {
    preset: preset ? { key: preset.key, name: preset.name, updatedAt: preset.updatedAt } : null,
    values: preset ? formTreeOf(preset) : { checkedOn: todayInIndia() },
  };
}

/** A stored preset as the form's strings. */
function formTreeOf(p: Preset): FormTree {
  const text = (v: unknown) => (v === undefined || v === null ? "" : String(v));
  return {
    key: p.key,
    name: p.name,
    nameHi: p.nameHi,
    sourceTitle: p.sourceTitle,
    sourceUrl: p.sourceUrl,
    checkedOn: p.checkedOn,
    rules: p.rules.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, text(v)]))),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request, "publish");
  const formData = await request.formData();
  const form = parseEntryForm(formData);
  const version = formData.get("version");
  const result = await savePreset(await db(), {
    key: params.key,
    form,
    expectedVersion: typeof version === "string" && version ? version : undefined,
    actor: actorOf(user),
  });
  if (result.ok)
    return redirect(`/admin/photo-presets?saved=${encodeURIComponent(result.preset.key)}`);
  return refuseWrite({ values: form.value }, result, {
    formError:
      result.reason === "stale"
        ? `Not saved: someone saved this preset at ${formatDateTime(result.current.updatedAt)} (India time), after you opened it. Open it again to see their version; copy your changes across.`
        : undefined,
  });
}

export default function PhotoPresetEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { preset } = loaderData;
  const busy = useNavigation().state === "submitting";
  // Checked by the server only, which says every problem at once: the rows are read as the entry
  // editor's are (blank ones dropped), which the browser's parseForm does not do, and a check of
  // the other fields alone would hold back what is wrong in the rows until they pass.
  const form = useAdminForm({
    id: "photo-preset-form",
    reply: actionData,
    constraint: undefined,
    defaults: loaderData.values,
  });
  const values = (actionData?.initialValue as FormTree | undefined) ?? loaderData.values;
  const errors = fieldErrorsOf(actionData);
  const formError = form.formError;
  const rows = Array.isArray(values.rules) ? (values.rules as FormTree[]) : [];
  const field = (
    name: string,
    label: string,
    props: Record<string, unknown> = {},
    help?: string,
  ) => {
    const { error, defaultValue } = form.field(name);
    return (
      <FieldShell name={name} label={label} error={error} help={help}>
        <input
          {...describedBy(name, { error, help })}
          defaultValue={defaultValue}
          className={inputClass}
          {...props}
        />
      </FieldShell>
    );
  };
  return (
    <div className="mx-auto max-w-4xl">
      <AdminPageHeader
        crumbs={
          <Link to="/admin/photo-presets" className="text-accent underline">
            Photo presets
          </Link>
        }
        title={preset ? `Edit preset: ${preset.name}` : "Add a photo preset"}
      />
      {formError ? <Banner tone="error">{formError}</Banner> : null}
      {Object.keys(errors).length ? (
        <Banner tone="error">
          {Object.keys(errors).length === 1
            ? "1 field needs"
            : `${Object.keys(errors).length} fields need`}{" "}
          your attention. Nothing was saved.
        </Banner>
      ) : null}
      <Form
        key={actionData ? JSON.stringify(actionData.error) : "loaded"}
        method="post"
        {...form.props}
        noValidate
        className="space-y-4"
        aria-label="Photo preset"
      >
        <input type="hidden" name="version" value={preset?.updatedAt ?? ""} />
        <section className="grid gap-4 rounded-app border border-stone-200 bg-white p-4 sm:grid-cols-2">
          {preset ? (
            <div>
              <input type="hidden" name="key" value={preset.key} />
              <p className="text-sm font-semibold">Key</p>
              <p className="mt-1 font-mono text-sm">{preset.key}</p>
              <p className="mt-1 text-xs text-muted">
                Jobs name the preset by it; it does not change.
              </p>
            </div>
          ) : (
            field(
              "key",
              "Key",
              { required: true, maxLength: 40, autoCapitalize: "none", spellCheck: false },
              "Lower-case letters, digits and hyphens, like “uppsc”. It cannot change later.",
            )
          )}
          {field(
            "name",
            "Name",
            { required: true, maxLength: 120 },
            "As readers know the recruiter: “UPPSC (Uttar Pradesh PSC)”.",
          )}
          {field("nameHi", "Name in Hindi", { maxLength: 120, lang: "hi" })}
          {field("checkedOn", "Checked against the source on", { type: "date", required: true })}
          {field("sourceTitle", "Source (the notification)", { required: true, maxLength: 300 })}
          {field("sourceUrl", "Source's address", {
            type: "url",
            inputMode: "url",
            placeholder: "https://",
          })}
        </section>
        <section className="rounded-app border border-stone-200 bg-white p-4">
          <RowsEditor field={presetRulesField} name="rules" rows={rows} errors={errors} />
        </section>
        <div className="flex justify-end gap-2">
          <Link to="/admin/photo-presets" className={buttonClass.secondary}>
            Cancel
          </Link>
          <button type="submit" disabled={busy} className={buttonClass.primary}>
            {busy ? "Saving..." : "Save preset"}
          </button>
        </div>
      </Form>
    </div>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    {
      title: loaderData?.preset
        ? `Edit preset: ${loaderData.preset.name} | govjobs admin`
        : "Add a photo preset | govjobs admin",
    },
  ];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
