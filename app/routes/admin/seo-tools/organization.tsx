import { Form } from "react-router";
import { Banner, buttonClass } from "~/components/admin/banner.tsx";
import { SectionCard, TextAreaField, TextField } from "~/components/admin/backoffice-ui.tsx";
import { errorsFor, valuesFor } from "~/components/admin/seo-tools/form-state.ts";
import type { FormConstraint, FormReply } from "~/lib/form-contract.ts";
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
  const errors = errorsFor(refusal, "organization");
  const v = valuesFor(refusal, "organization") ?? {
    ...organization,
    sameAs: organization.sameAs.join("\n"),
  };
  return (
    <SectionCard
      id="organization"
      title="Organization (structured data)"
      description="The Organization record search engines read on the home page. Social profiles are the same links as in Content settings."
    >
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
          maxLength={constraint.name?.maxLength}
        />
        <TextField
          name="url"
          label="Web address"
          type="url"
          defaultValue={v.url}
          error={errors.url}
          maxLength={constraint.url?.maxLength}
          help="Empty means the site's own address."
        />
        <TextField
          name="logo"
          label="Logo"
          defaultValue={v.logo}
          error={errors.logo}
          maxLength={constraint.logo?.maxLength}
          help="A path on this site (/logo.svg) or a full https:// address."
        />
        <TextField
          name="contactType"
          label="Contact type"
          defaultValue={v.contactType}
          error={errors.contactType}
          maxLength={constraint.contactType?.maxLength}
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
    </SectionCard>
  );
}
