import { redirect } from "react-router";
import { SEO_TOOLS } from "~/components/admin/seo-tools/form-state.ts";
import { sameAsLines, sameAsProblem } from "~/settings/seo-schemas.ts";
import { saveOrganizationRecord } from "~/settings/settings.service.server.ts";
import { intentForm, refuseWritten, type SeoToolsIntent } from "./intent.server.ts";

/** The form of the Organization (structured data) section. */
export const organizationForms = [
  intentForm("organization-save", ["name", "url", "logo", "sameAs", "contactType"]),
] as const;

/** The button of the Organization (structured data) section, by its `intent`. */
export const organizationIntents: Record<string, SeoToolsIntent> = {
  "organization-save": async (sub) => {
    const { text, db, actor } = sub;
    const values = {
      name: text("name"),
      url: text("url"),
      logo: text("logo"),
      sameAs: text("sameAs"),
      contactType: text("contactType"),
    };
    const result = await saveOrganizationRecord(
      db,
      {
        ...values,
        // One textarea holds every profile, one per line.
        sameAs: sameAsLines(values.sameAs),
      },
      actor,
    );
    if (!result.ok) {
      // Say which line of the textarea is wrong.
      const sameAs = sameAsProblem(result.fieldErrors ?? {});
      const errors = { ...result.fieldErrors, ...(sameAs && { sameAs }) };
      return refuseWritten(sub, result, { fieldErrors: errors });
    }
    return redirect(`${SEO_TOOLS}?done=organization-saved#organization`);
  },
};
