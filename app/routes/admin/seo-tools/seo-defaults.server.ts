import { redirect } from "react-router";
import { SEO_TOOLS } from "~/components/admin/seo-tools/form-state.ts";
import { saveSeoDefaults } from "~/settings/settings.service.server.ts";
import { intentForm, refuseWritten, type SeoToolsIntent } from "./intent.server.ts";

/** The form of the SEO defaults section. */
export const seoDefaultsForms = [
  intentForm("seo-save", ["titleTemplate", "defaultDescription", "robotsTxt"]),
] as const;

/** The button of the SEO defaults section, by its `intent`. */
export const seoDefaultsIntents: Record<string, SeoToolsIntent> = {
  "seo-save": async (sub) => {
    const { text, db, actor } = sub;
    const values = {
      titleTemplate: text("titleTemplate"),
      defaultDescription: text("defaultDescription"),
      robotsTxt: text("robotsTxt").replace(/\r\n/g, "\n"),
    };
    const result = await saveSeoDefaults(db, values, actor);
    if (!result.ok) return refuseWritten(sub, result);
    return redirect(`${SEO_TOOLS}?done=seo-saved#seo-defaults`);
  },
};
