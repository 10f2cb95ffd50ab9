/**
 * The eligibility profile form (job-eligibility.ts), checked the same way in the browser and on
 * the server: its inputs, the codes of what is wrong with them, and the profile they make.
 */
import * as z from "zod/mini";
import type { Profile } from "./eligibility-types.ts";
import { isDiscipline } from "./disciplines.ts";
import { CATEGORIES, LEVELS } from "./eligibility-terms.ts";
import { DOMICILE_STATES, STATES, toOptionKey } from "./options.ts";

/** The profile form's inputs, by name: strings as a form sends them ("on" for a ticked box). */
export type ProfileForm = Partial<Record<keyof typeof PROFILE_FIELDS, string>>;

/**
 * What is wrong with a form's input, as a code: the catalogue's `eligibility.rules.errors` words
 * it (`sayErrors`).
 */
export type FormError =
  | "dobMissing"
  | "dobPartial"
  | "dobNumbers"
  | "dobNotReal"
  | "dobFuture"
  | "dobYear"
  | "gender"
  | "category"
  | "qualification"
  | "discipline"
  | "serviceYears"
  | "domicileState";

/**
 * A date of birth typed as day, month and year (three boxes, as on GOV.UK: faster than a
 * calendar on a phone) → YYYY-MM-DD, or what is wrong with it.
 */
export function dateFromParts(
  day: string | undefined,
  month: string | undefined,
  year: string | undefined,
): string | { error: FormError } {
  const parts = [day, month, year].map((p) => (p ?? "").trim());
  if (parts.every((p) => p === "")) return { error: "dobMissing" };
  if (parts.some((p) => p === "")) return { error: "dobPartial" };
  if (!parts.every((p) => /^\d+$/.test(p)) || parts[2].length !== 4) {
    return { error: "dobNumbers" };
  }
  const iso = `${parts[2]}-${parts[1].padStart(2, "0")}-${parts[0].padStart(2, "0")}`;
  const t = Date.parse(`${iso}T00:00:00Z`);
  if (iso.length !== 10 || Number.isNaN(t) || !new Date(t).toISOString().startsWith(iso)) {
    return { error: "dobNotReal" };
  }
  return iso;
}
/** A ticked box is "on"; anything else is not ticked. */
const ticked = z.optional(z.unknown());

const PROFILE_FIELDS = {
  dobDay: z.optional(z.string()),
  dobMonth: z.optional(z.string()),
  dobYear: z.optional(z.string()),
  gender: z.enum(["female", "male", "other"]),
  category: z.enum(CATEGORIES),
  pwbd: ticked,
  exServiceman: ticked,
  serviceYears: z.optional(z.string()),
  domicileState: z.optional(z.string()),
  qualification: z.enum(LEVELS),
  discipline: z.optional(z.string()),
  finalYear: ticked,
};

/** A code per wrong input; `dob` stands for the three date-of-birth boxes. */
export type ProfileErrors = Partial<Record<keyof ProfileForm | "dob", FormError>>;

export type ProfileResult = { ok: true; profile: Profile } | { ok: false; errors: ProfileErrors };

/**
 * The error of a field that is not what the form sends (a choice not made, a value that is not
 * text): a code per field. The boxes ticked take anything (not "on" is not ticked).
 */
const FIELD_ERRORS = {
  dobDay: "dobNumbers",
  dobMonth: "dobNumbers",
  dobYear: "dobNumbers",
  gender: "gender",
  category: "category",
  qualification: "qualification",
  serviceYears: "serviceYears",
  domicileState: "domicileState",
  discipline: "discipline",
} as const satisfies Partial<Record<keyof ProfileForm, FormError>>;

/** The form's values → a profile, or a code per wrong field. `today` is India's date. */
export function parseProfile(form: ProfileForm, today: string): ProfileResult {
  const errors: ProfileErrors = {};
  const parsed = z.object(PROFILE_FIELDS).safeParse(form);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof typeof FIELD_ERRORS;
      errors[key] ??= FIELD_ERRORS[key];
    }
  }
  const v = parsed.data;
  const born = dateFromParts(form.dobDay, form.dobMonth, form.dobYear);
  if (typeof born === "object") errors.dob = born.error;
  else if (born > today) errors.dob = "dobFuture";
  else if (born < "1930-01-01") errors.dob = "dobYear";
  // Read from the form itself, so these are reported together with any other mistake.
  const years = Number(form.serviceYears);
  const exServiceman = form.exServiceman === "on";
  if (exServiceman && (!form.serviceYears?.trim() || !(years >= 0 && years <= 40))) {
    errors.serviceYears = "serviceYears";
  }
  // A key; a profile remembered before keys holds the English name ("Bihar").
  const typed = form.domicileState?.trim() || undefined;
  const domicile = typed && toOptionKey(STATES, typed);
  if (domicile && !DOMICILE_STATES.includes(domicile)) {
    errors.domicileState = "domicileState";
  }
  const discipline = form.discipline?.trim() || undefined;
  if (discipline !== undefined && !isDiscipline(discipline)) {
    errors.discipline = "discipline";
  }
  if (!v || Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    profile: {
      dateOfBirth: born as string,
      gender: v.gender,
      category: v.category,
      pwbd: v.pwbd === "on",
      qualification: v.qualification,
      finalYear: v.finalYear === "on",
      ...(exServiceman ? { exServicemanYears: years } : {}),
      ...(domicile ? { domicileState: domicile } : {}),
      ...(isDiscipline(discipline) ? { discipline } : {}),
    },
  };
}

/** A profile back into the form's values (for "remember on this device" and re-rendering). */
export function profileForm(profile: Profile): ProfileForm {
  const [dobYear, dobMonth, dobDay] = profile.dateOfBirth.split("-");
  return {
    dobDay: String(Number(dobDay)),
    dobMonth: String(Number(dobMonth)),
    dobYear,
    gender: profile.gender,
    category: profile.category,
    qualification: profile.qualification,
    ...(profile.pwbd ? { pwbd: "on" } : {}),
    ...(profile.finalYear ? { finalYear: "on" } : {}),
    ...(profile.exServicemanYears !== undefined
      ? { exServiceman: "on", serviceYears: String(profile.exServicemanYears) }
      : {}),
    ...(profile.domicileState ? { domicileState: profile.domicileState } : {}),
    ...(profile.discipline ? { discipline: profile.discipline } : {}),
  };
}

/** A profile read back from storage, checked again (it may be old, edited or from a bug). */
export function rememberedProfile(saved: unknown, today: string): Profile | null {
  if (!saved || typeof saved !== "object") return null;
  try {
    const parsed = parseProfile(profileForm(saved as Profile), today);
    return parsed.ok ? parsed.profile : null;
  } catch {
    return null;
  }
}
