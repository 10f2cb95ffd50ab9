import { Form } from "react-router";
import { Banner, buttonClass } from "~/components/admin/banner.tsx";
import { SectionCard, TextAreaField, TextField } from "~/components/admin/backoffice-ui.tsx";
import { useAdminForm } from "~/components/admin/form.tsx";
import { replyFor } from "~/components/admin/seo-tools/form-state.ts";
import type { FormConstraint, FormReply } from "~/lib/form-contract.ts";
import { fieldErrorsOf } from "~/lib/form-reply.ts";
import { OrganizationFormSchema } from "~/settings/seo-schemas.ts";
import type { Settings } from "~/settings/settings.repository.server.ts";

/** The Organization section: the structured-data record search engines read on the home page. */
export function OrganizationSection({
  organization,
  constraint,
  refusal,
  busy,
}: {
  organization: Settings["organization"];
  /** Limits from the organization record's schema. */
  constraint: FormConstraint;
  refusal: FormReply | undefined;
  busy: boolean;
}) {
  const reply = replyFor(refusal, "organization");
  const form = useAdminForm({
    id: "organization-form",
    reply,
    constraint,
    defaults: { ...organization, sameAs: organization.sameAs.join("\n") },
    schema: OrganizationFormSchema,
  });
  return (
    <SectionCard
      id="organization"
      title="Organization (structured data)"
      description="The Organization record search engines read on the home page. Social profiles are the same links as in Content settings."
    >
      <Form method="post" {...form.props} noValidate className="grid gap-4 md:grid-cols-2">
        {Object.keys(fieldErrorsOf(reply)).length ? (
          <Banner tone="error">
            The organization record was not saved. Correct the fields marked below.
          </Banner>
        ) : null}
        <TextField {...form.field("name")} label="Name" required />
        <TextField
          {...form.field("url")}
          label="Web address"
          type="url"
          help="Empty means the site's own address."
        />
        <TextField
          {...form.field("logo")}
          label="Logo"
          help="A path on this site (/logo.svg) or a full https:// address."
        />
        <TextField
          {...form.field("contactType")}
          label="Contact type"
          help="For the contact point, e.g. customer service."
        />
        <TextAreaField
          {...form.field("sameAs")}
          label="Social profiles"
          rows={4}
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
    </SectionCard>
  );
}
