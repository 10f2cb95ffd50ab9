import { allFields, type EntryData, type Row } from "~/content/fields.ts";
import { glance, type Glance } from "~/content/glance.ts";
import { linkHost, linkTrust, type LinkTrust } from "~/content/official-links.ts";
import { REGISTRY, type Kind } from "~/content/registry.ts";
import type { DB } from "./db/db.server.ts";
import { getOrganizationByName } from "./organizations.server.ts";

export interface EntryPresentation {
  glance: Glance;
  /** The hosts this entry's links may lead to and be called official. */
  officialDomains: string[];
  /** Each link of the entry: its host and whether it is official (null: not a web address). */
  trusts: Record<string, LinkTrust | null>;
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
    trusts: linkTrusts(entry.kind, entry.data, officialDomains),
    organizationHref: organization ? `/organizations/${organization.slug}` : null,
  };
}

/** Every web address in an entry's fields and tables, with its trust (the page only looks up). */
export function linkTrusts(
  kind: Kind,
  data: EntryData,
  officialDomains: readonly string[],
): Record<string, LinkTrust | null> {
  const out: Record<string, LinkTrust | null> = {};
  const add = (v: unknown) => {
    if (typeof v === "string" && v.trim() && !(v in out)) out[v] = linkTrust(v, officialDomains);
  };
  for (const field of allFields(REGISTRY[kind].sections)) {
    if (field.type === "url") add(data[field.name]);
    if (field.type !== "rows") continue;
    const urls = field.columns.filter((c) => c.type === "url");
    for (const row of (data[field.name] as Row[] | undefined) ?? [])
      for (const c of urls) add(row?.[c.name]);
  }
  return out;
}
