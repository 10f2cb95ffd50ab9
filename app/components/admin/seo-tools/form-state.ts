import type { FormReply } from "~/lib/form-contract.ts";

/** Where the SEO tools live; every form on the page posts here and comes back here. */
export const SEO_TOOLS = "/admin/seo-tools";

/** The forms of the SEO tools page; a refusal belongs to the one whose button sent it. */
export type SeoToolsForm = "redirect" | "redirect-list" | "not-found" | "seo" | "organization";

/** The form each button (`intent`) belongs to; an unknown button is the redirect list's. */
const FORM_OF_INTENT: Record<string, SeoToolsForm> = {
  "redirect-save": "redirect",
  "redirect-enable": "redirect-list",
  "redirect-disable": "redirect-list",
  "redirect-delete": "redirect-list",
  "not-found-delete": "not-found",
  "not-found-clear": "not-found",
  "seo-save": "seo",
  "organization-save": "organization",
};

function formOfReply(result: FormReply | undefined): SeoToolsForm | undefined {
  if (!result) return undefined;
  const intent = result.initialValue?.intent;
  return typeof intent === "string" && Object.hasOwn(FORM_OF_INTENT, intent)
    ? FORM_OF_INTENT[intent]
    : "redirect-list";
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

/** The reply when it is about `form` (each form shows only its own refusal), else undefined. */
export function replyFor(result: FormReply | undefined, form: SeoToolsForm): FormReply | undefined {
  return formOfReply(result) === form ? result : undefined;
}

/** A form-level message of one of the given forms. */
export function formErrorOf(
  result: FormReply | undefined,
  ...forms: SeoToolsForm[]
): string | null {
  const form = formOfReply(result);
  return form && forms.includes(form) ? (result?.error?.[""]?.[0] ?? null) : null;
}
