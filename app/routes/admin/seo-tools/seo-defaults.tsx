import { Form } from "react-router";
import { Banner, buttonClass } from "~/components/admin/banner.tsx";
import { SectionCard, TextAreaField, TextField } from "~/components/admin/backoffice-ui.tsx";
import { useAdminForm } from "~/components/admin/form.tsx";
import { replyFor } from "~/components/admin/seo-tools/form-state.ts";
import type { FormConstraint, FormReply } from "~/lib/form-contract.ts";
import { fieldErrorsOf } from "~/lib/form-reply.ts";
import { SeoFormSchema } from "~/settings/seo-schemas.ts";
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
  const reply = replyFor(refusal, "seo");
  const form = useAdminForm({
    id: "seo-defaults-form",
    reply,
    constraint,
    defaults: seo,
    schema: SeoFormSchema,
  });
  return (
    <SectionCard
      id="seo-defaults"
      title="SEO defaults"
      description="Used by every public page that does not set its own."
    >
      <Form method="post" {...form.props} noValidate className="grid gap-4">
        {Object.keys(fieldErrorsOf(reply)).length ? (
          <Banner tone="error">
            The SEO defaults were not saved. Correct the fields marked below.
          </Banner>
        ) : null}
        <TextField
          {...form.field("titleTemplate")}
          label="Title template"
          required
          help="%s is replaced by the page's own title, e.g. %s | govjobs."
        />
        <TextAreaField
          {...form.field("defaultDescription")}
          label="Default description"
          rows={3}
          help="At most 300 characters; search engines show about 155."
        />
        <TextAreaField
          {...form.field("robotsTxt")}
          label="robots.txt"
          rows={8}
          monospace
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
