import type { ProfileForm, RulesFile } from "~/content/job-eligibility.ts";

/**
 * What the finder page (routes/site/eligibility.tsx) loads beside itself: the rules code (and its
 * checks) is fetched when the form is first touched, not with the page, so the page itself stays
 * as light as any other; the open jobs' rules come from /eligibility/rules.json.
 */
export const rulesCode = () => import("~/i18n/eligibility-code.ts");
export const preloadRulesCode = () => void rulesCode().catch(() => {});

/** The request carries nothing of the profile: the same file for everyone, from the cache. */
export async function fetchRules(): Promise<RulesFile> {
  const response = await fetch("/eligibility/rules.json");
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as RulesFile;
}

/** The finder form's fields, as the server and the browser read them. */
export const FORM_NAMES = [
  "dobDay",
  "dobMonth",
  "dobYear",
  "gender",
  "category",
  "pwbd",
  "exServiceman",
  "serviceYears",
  "domicileState",
  "qualification",
  "discipline",
  "finalYear",
] as const satisfies readonly (keyof ProfileForm)[];

/** The profile as the form holds it: each field's text, `max` characters at most. */
export function readProfileForm(formData: FormData, max = Infinity): ProfileForm {
  const values: ProfileForm = {};
  for (const name of FORM_NAMES) {
    const value = formData.get(name);
    if (typeof value === "string") values[name] = value.slice(0, max);
  }
  return values;
}
