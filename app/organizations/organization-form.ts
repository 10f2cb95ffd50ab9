import { z } from "zod";
import { STATES, toOptionKey } from "~/content/options.ts";

/** What the Organizations screen edits, with the limits its inputs show. */
export const OrganizationEditSchema = z.object({
  /** Left out, the Hindi name stays as it is. */
  hiName: z.string().trim().max(200, "The Hindi name must be at most 200 characters.").optional(),
  shortName: z.string().trim().max(40, "The short name must be at most 40 characters."),
  domains: z.string().max(2000, "Give at most 20 official domains."),
  /** A key; the English name of a form or client from before keys is taken too. */
  state: z
    .string()
    .transform((s) => toOptionKey(STATES, s))
    .refine((s) => s === "" || STATES.some((o) => o.value === s), "Choose a state from the list."),
});

/** One organization's row on the screen: which one, and the write path's own rules for the rest. */
export const OrganizationForm = OrganizationEditSchema.extend({ id: z.string().min(1).max(100) });
