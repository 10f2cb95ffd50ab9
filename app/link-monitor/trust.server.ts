// What links are judged against (issue 30): the organizations' domains, the vendor hosts and the
// known fakes, read once per round or page, and each entry's share of them.
import type { EntryData } from "~/content/fields.ts";
import type { DB } from "~/platform/db/db.server.ts";
import {
  getOrganizationByName,
  listOrganizations,
  type Organization,
} from "~/organizations/organizations.repository.server.ts";
import { dateInIndia } from "~/lib/india-date.ts";
import {
  listKnownFakes,
  listVendorHosts,
  type StoredVendorHost,
} from "./lists.repository.server.ts";
import { linksOfEntry, type LinkRow } from "./links.repository.server.ts";
import {
  hostOf,
  hostTrust,
  isWorking,
  readerStatus,
  type HostDirectory,
  type ReaderLinkStatus,
  type TrustContext,
} from "./rules.ts";

export interface TrustDirectory extends HostDirectory {
  organizations: Organization[];
}

export async function trustDirectory(db: DB): Promise<TrustDirectory> {
  const [organizations, vendors, fakes] = await Promise.all([
    listOrganizations(db),
    listVendorHosts(db),
    listKnownFakes(db),
  ]);
  return { organizations, vendors, fakes };
}

/**
 * The organization's own hosts: its domains once an admin has given them, until then the host
 * of the entry's official website (an editor's word for it).
 */
export function ownDomains(organization: Organization | undefined, data: EntryData): string[] {
  if (organization?.domains.length) return organization.domains;
  const site = typeof data.officialWebsite === "string" ? hostOf(data.officialWebsite) : null;
  return site ? [site] : [];
}

/** What one entry's links may lead to. */
export function trustContextFor(
  directory: Pick<TrustDirectory, "organizations" | "vendors" | "fakes">,
  entry: { organization: string; data: EntryData },
): TrustContext & { organization: Organization | undefined } {
  const organization = directory.organizations.find((o) => o.name === entry.organization);
  return {
    organization,
    domains: ownDomains(organization, entry.data),
    vendors: directory.vendors.filter(
      (v) => v.organizationId === "" || v.organizationId === organization?.id,
    ),
    fakes: directory.fakes,
  };
}

/** A stored link as the public page reads it (the India dates of its last check and success). */
export function readerStatusOf(
  row: Pick<LinkRow, "url" | "state" | "checked_at" | "last_ok_at" | "final_url">,
  context: TrustContext,
  fallback: string | null,
): ReaderLinkStatus | null {
  const start = hostOf(row.url);
  const trust = start ? hostTrust(start, context) : "unknown";
  return readerStatus(
    {
      state: row.state,
      checkedOn: row.checked_at ? dateInIndia(Date.parse(row.checked_at)) : null,
      workingOn: row.last_ok_at ? dateInIndia(Date.parse(row.last_ok_at)) : null,
      finalHost: row.final_url ? hostOf(row.final_url) : null,
      startsOfficial: trust !== "unknown" && trust !== "known-fake",
    },
    fallback,
  );
}

/**
 * Where to send a reader when a link does not work: the entry's official website, else the
 * organization's first domain; never the broken address itself.
 */
export function fallbackFor(
  brokenUrl: string,
  context: TrustContext,
  officialWebsite: unknown,
  /** Addresses found not working: never offered instead. */
  notWorking: ReadonlySet<string> = new Set(),
): string | null {
  const candidates = [
    ...(typeof officialWebsite === "string" ? [officialWebsite.trim()] : []),
    ...context.domains.map((d) => `https://${d}/`),
  ];
  for (const url of candidates) {
    const host = hostOf(url);
    if (!host || url === brokenUrl || notWorking.has(url)) continue;
    const trust = hostTrust(host, context);
    if (trust === "organization" || trust === "government") return url;
  }
  return null;
}

/** What every entry page judges links against but the known fakes: kept per content generation. */
export interface PageTrustDirectory {
  organizations: ReadonlyMap<string, Organization>;
  vendors: StoredVendorHost[];
}

/** The organizations by name and every vendor host (a change to either draws every page again). */
export async function pageTrustDirectory(db: DB): Promise<PageTrustDirectory> {
  const [organizations, vendors] = await Promise.all([listOrganizations(db), listVendorHosts(db)]);
  return { organizations: new Map(organizations.map((o) => [o.name, o])), vendors };
}

/**
 * One entry's trust context, read for its page (three small reads). With a `directory` (the
 * public pages' copy of the content generation), only the known fakes are read, whose changes
 * draw no page again; an organization made since (a draft's save does not move the generation)
 * is read on its own.
 */
export async function entryTrustContext(
  db: DB,
  entry: { organization: string; data: EntryData },
  directory?: PageTrustDirectory,
): Promise<TrustContext & { organization: Organization | undefined }> {
  const organization =
    directory?.organizations.get(entry.organization) ??
    (await getOrganizationByName(db, entry.organization));
  const [vendors, fakes] = await Promise.all([
    directory?.vendors ??
      listVendorHosts(db, { organizationIds: organization ? [organization.id] : [] }),
    listKnownFakes(db),
  ]);
  return trustContextFor(
    { organizations: organization ? [organization] : [], vendors, fakes },
    entry,
  );
}

/**
 * The hosts a page calls "Official site" (linkTrust's domains): the organization's own and its
 * vendors' (a pattern's `*.` dropped: its parent counts too, which no one else can host under).
 */
export function pageOfficialDomains(context: TrustContext): string[] {
  return [...context.domains, ...context.vendors.map((v) => v.pattern.replace(/^\*\./, ""))];
}

/** What each checked link of an entry tells its reader, by address. */
export async function readerLinks(
  db: DB,
  entry: { id: string; data: EntryData },
  context: TrustContext,
): Promise<Record<string, ReaderLinkStatus>> {
  const rows = await linksOfEntry(db, entry.id);
  const out: Record<string, ReaderLinkStatus> = {};
  const notWorking = new Set(
    rows.filter((r) => !isWorking(r.state) && r.checked_at).map((r) => r.url),
  );
  for (const row of rows) {
    const fallback = fallbackFor(row.url, context, entry.data.officialWebsite, notWorking);
    const status = readerStatusOf(row, context, fallback);
    if (status) out[row.url] = status;
  }
  return out;
}
