import { z } from "zod";
import { linkHost } from "~/content/official-links.ts";
import { STATES, toOptionKey } from "~/content/options.ts";

export class OrganizationInputError extends Error {}

/**
 * "https://www.upsc.gov.in/", "upsc.gov.in" → "upsc.gov.in". Throws, naming the line, for anything
 * that is not a host name.
 */
export function parseDomains(text: string): string[] {
  const hosts: string[] = [];
  for (const line of text.split(/[\n,]+/).map((l) => l.trim())) {
    if (!line) continue;
    const host = linkHost(/^https?:\/\//i.test(line) ? line : `https://${line}`);
    if (!host || !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host))
      throw new OrganizationInputError(
        `"${line.slice(0, 80)}" is not a web address. Give one host per line, such as upsc.gov.in.`,
      );
    if (!hosts.includes(host)) hosts.push(host);
  }
  if (hosts.length > 20) throw new OrganizationInputError("Give at most 20 official domains.");
  return hosts;
}

/** What the Organizations screen edits, with the limits its inputs show. */
export const OrganizationEditSchema = z.object({
  /** Left out, the Hindi name stays as it is. */
  hiName: z.string().trim().max(200, "The Hindi name must be at most 200 characters.").optional(),
  shortName: z.string().trim().max(40, "The short name must be at most 40 characters."),
  domains: z
    .string()
    .max(2000, "Give at most 20 official domains.")
    .superRefine((text, ctx) => {
      try {
        parseDomains(text);
      } catch (err) {
        if (!(err instanceof OrganizationInputError)) throw err;
        ctx.addIssue({ code: "custom", message: err.message });
      }
    }),
  /** A key; the English name of a form or client from before keys is taken too. */
  state: z
    .string()
    .transform((s) => toOptionKey(STATES, s))
    .refine((s) => s === "" || STATES.some((o) => o.value === s), "Choose a state from the list."),
});

/** One organization's row on the screen: which one, and the write path's own rules for the rest. */
export const OrganizationForm = OrganizationEditSchema.extend({ id: z.string().min(1).max(100) });
