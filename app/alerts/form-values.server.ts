import { optionKey } from "~/content/options.ts";
import { withinLimits } from "~/platform/forms.server.ts";
import { SubscribeSchema } from "./subscription-preferences.ts";

/** The alerts forms' values (sign-up at /alerts, choices at /alerts/manage), as a page shows them. */
export interface AlertFormValues {
  email: string;
  kinds: string[];
  states: string[];
  qualifications: string[];
  organizations: string[];
  language: "en" | "hi";
  cadence: "instant" | "daily";
  digestHour: number;
}

/**
 * What a refused alerts form shows again (read by `formFields`): what was sent, never more than
 * the form allows (issue 25), so that nothing ticked is lost.
 */
export function alertFormValues(fields: Record<string, unknown>): AlertFormValues {
  return withinLimits(
    {
      email: typeof fields.email === "string" ? fields.email : "",
      kinds: fields.kinds as string[],
      // By key, as the boxes carry them: an old page's "Goa" ticks the "goa" box (issue 27).
      states: (fields.states as string[]).map(optionKey),
      qualifications: (fields.qualifications as string[]).map(optionKey),
      organizations: fields.organizations as string[],
      language: fields.language === "hi" ? "hi" : "en",
      cadence: fields.cadence === "daily" ? "daily" : "instant",
      digestHour: Number(fields.digestHour ?? 7) || 0,
    } satisfies AlertFormValues,
    SubscribeSchema,
  ) as unknown as AlertFormValues;
}
