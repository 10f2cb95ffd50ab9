import { refused, type Refused, type WriteResult } from "~/lib/write-result.ts";
import { z } from "zod";
import type { DB } from "../platform/db/db.server.ts";
import { updateOrganization } from "./organizations.repository.server.ts";
import { EVERYTHING } from "~/page-cache/index.ts";
import {
  OrganizationEditSchema,
  OrganizationInputError,
  parseDomains,
} from "./organization-form.ts";
import { inWrite, type Actor } from "../writes/transaction.server.ts";

/** Refused as invalid with what is wrong, written for the admin; nothing was written. */
export type OrganizationSaveResult = WriteResult<
  { domains: string[] },
  Refused<"invalid", { message: string }> | Refused<"not-found">
>;

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
