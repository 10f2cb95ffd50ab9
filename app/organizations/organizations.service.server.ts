import { refused, type Refused, type WriteResult } from "~/lib/write-result.ts";
import { z } from "zod";
import { STATES, toOptionKey } from "~/content/options.ts";
import type { DB } from "../platform/db/db.server.ts";
import {
  OrganizationInputError,
  parseDomains,
  updateOrganization,
} from "./organizations.repository.server.ts";
import { EVERYTHING } from "~/page-cache/index.ts";
import { inWrite, type Actor } from "../writes/transaction.server.ts";

/** Refused as invalid with what is wrong, written for the admin; nothing was written. */
export type OrganizationSaveResult = WriteResult<
  { domains: string[] },
  Refused<"invalid", { message: string }> | Refused<"not-found">
>;

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

/**
 * An organization's Hindi name, short name, official domains (as typed, one per line) and state, with its
 * audit row and a new content generation in one transaction: pages label their links by these
 * domains, so cached pages must be drawn again.
 */
export async function saveOrganization(
  db: DB,
  { id, input, actor }: { id: string; input: z.input<typeof OrganizationEditSchema>; actor: Actor },
): Promise<OrganizationSaveResult> {
  const parsed = OrganizationEditSchema.safeParse(input);
  if (!parsed.success) return refused("invalid", { message: parsed.error.issues[0].message });
  let domains: string[];
  try {
    domains = parseDomains(parsed.data.domains);
  } catch (err) {
    if (err instanceof OrganizationInputError) return refused("invalid", { message: err.message });
    throw err;
  }
  const changed = await inWrite(
    db,
    actor,
    async (trx, audit) => {
      const name = await updateOrganization(trx, id, {
        hiName: parsed.data.hiName?.normalize("NFC"),
        shortName: parsed.data.shortName,
        domains,
        state: parsed.data.state,
      });
      // Named by its name: the dashboard's "Latest changes" showed the row's id.
      if (name !== undefined) await audit("organization.update", name, domains.join(", "));
      return name !== undefined;
    },
    // Its page, and every page of its entries (their links' trust comes from its domains).
    (found) => (found ? [EVERYTHING] : []),
  );
  return changed ? { ok: true, domains } : refused("not-found");
}
