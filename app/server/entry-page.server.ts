import type { EntryData } from "~/content/fields.ts";
import { glance, type Glance } from "~/content/glance.ts";
import { linkHost } from "~/content/official-links.ts";
import type { Kind } from "~/content/registry.ts";
import type { DB } from "./db/db.server.ts";
import { getOrganizationByName } from "./organizations.server.ts";

export interface EntryPresentation {
  glance: Glance;
  /** The hosts this entry's links may lead to and be called official. */
  officialDomains: string[];
  /** The organization's public page, when it has one. */
  organizationHref: string | null;
}

/**
 * What an entry's page shows besides its fields, decided on the server (the public page and the
 * admin preview alike), so the browser receives the facts and not the code that derives them.
 * The organization's domains, once an admin has given them, decide which links are official;
 * until then the entry's own official website does.
 */
export async function entryPresentation(
  db: DB,
  entry: { kind: Kind; organization: string; lastDate: string | null; data: EntryData },
  today: string,
): Promise<EntryPresentation> {
  const organization = await getOrganizationByName(db, entry.organization);
  const site =
    typeof entry.data.officialWebsite === "string" ? linkHost(entry.data.officialWebsite) : null;
  const officialDomains = organization?.domains.length ? organization.domains : site ? [site] : [];
  return {
    glance: glance(entry.kind, entry, today, officialDomains),
    officialDomains,
    organizationHref: organization ? `/organizations/${organization.slug}` : null,
  };
}
