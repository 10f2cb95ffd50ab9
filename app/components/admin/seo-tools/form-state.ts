/** Where the SEO tools live; every form on the page posts here and comes back here. */
export const SEO_TOOLS = "/admin/seo-tools";

/** The forms of the SEO tools page; a refusal names the one it belongs to. */
export type SeoToolsForm = "redirect" | "redirect-list" | "not-found" | "seo" | "organization";

/** What a refused action sends back (status 400): shown next to the form that sent it. */
export interface SeoToolsRefusal {
  form: SeoToolsForm;
  fieldErrors: Record<string, string | undefined>;
  values: Record<string, string>;
  formError: string | null;
}

/** The banner after a successful action, by the `done` parameter of the page it lands on. */
export const DONE: Record<string, string> = {
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

/** The field errors of one form, when the refusal is about it. */
export function errorsFor(
  result: SeoToolsRefusal | undefined,
  form: SeoToolsForm,
): Record<string, string | undefined> {
  return result?.form === form ? result.fieldErrors : {};
}

/** The values a refused form was sent with, to show again; undefined for the other forms. */
export function valuesFor(
  result: SeoToolsRefusal | undefined,
  form: SeoToolsForm,
): Record<string, string> | undefined {
  return result?.form === form ? result.values : undefined;
}

/** A form-level message of one of the given forms. */
export function formErrorOf(
  result: SeoToolsRefusal | undefined,
  ...forms: SeoToolsForm[]
): string | null {
  return result && forms.includes(result.form) ? result.formError : null;
}
