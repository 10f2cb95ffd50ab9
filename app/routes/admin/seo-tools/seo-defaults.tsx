import { Form } from "react-router";
import { Banner, buttonClass } from "~/components/admin/banner.tsx";
import { SectionCard, TextAreaField, TextField } from "~/components/admin/backoffice-ui.tsx";
import { errorsFor, valuesFor } from "~/components/admin/seo-tools/form-state.ts";
import type { FormConstraint, FormReply } from "~/lib/form-contract.ts";
import type { Settings } from "~/settings/settings.repository.server.ts";

/** The SEO defaults section: title template, default description, robots.txt. */
export function SeoDefaultsSection({
  seo,
  constraint,
  refusal,
  busy,
}: {
  seo: Settings["seo"];
  /** Limits from the settings' schema. */
  constraint: FormConstraint;
  refusal: FormReply | undefined;
  busy: boolean;
}) {
  const errors = errorsFor(refusal, "seo");
  const v = valuesFor(refusal, "seo") ?? seo;
  return (
    <SectionCard
      id="seo-defaults"
      title="SEO defaults"
      description="Used by every public page that does not set its own."
    >
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
          maxLength={constraint.titleTemplate?.maxLength}
          help="%s is replaced by the page's own title, e.g. %s | govjobs."
        />
        <TextAreaField
          name="defaultDescription"
          label="Default description"
          rows={3}
          defaultValue={v.defaultDescription}
          error={errors.defaultDescription}
          maxLength={constraint.defaultDescription?.maxLength}
          help="At most 300 characters; search engines show about 155."
        />
        <TextAreaField
          name="robotsTxt"
          label="robots.txt"
          rows={8}
          monospace
          defaultValue={v.robotsTxt}
          error={errors.robotsTxt}
          maxLength={constraint.robotsTxt?.maxLength}
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
    </SectionCard>
  );
}
