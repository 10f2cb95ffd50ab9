// The link monitor's tables (migration 2026-11-26T1800-link-monitor), listed in the app's
// Database type (app/platform/db/schema.ts). Times are ISO-8601 UTC strings, flags 0/1.
import type { Generated } from "kysely";
import type { LinkState } from "~/content/link-states.ts";

/** One web link of one entry, with the last check's outcome. */
export interface OfficialLinksTable {
  id: string;
  entry_id: string;
  url: string;
  /** The entry's field holding it ("applyUrl"), or its table ("links"). */
  field: string;
  /** A table row's own label ("Admit card"); null for a field. */
  label: string | null;
  state: Generated<LinkState>;
  status: number | null;
  /** The guarded client's fixed reason when no answer came (OutboundReason). */
  reason: string | null;
  final_url: string | null;
  /** JSON `{url, status}[]`: the redirects followed, in order. */
  chain: Generated<string>;
  content_type: string | null;
  soft_404: Generated<number>;
  checked_at: string | null;
  last_ok_at: string | null;
  bad_checks: Generated<number>;
  /** When it stopped working (kept until it works again); the back-office notice's time. */
  broken_since: string | null;
  /** An editor's "mark checked". */
  reviewed_at: string | null;
  reviewed_by: string | null;
  due_at: string;
  locked_until: string | null;
  claim: string | null;
  created_at: string;
}

/** One check of a link: its history. */
export interface OfficialLinkChecksTable {
  id: string;
  link_id: string;
  checked_at: string;
  state: LinkState;
  status: number | null;
  reason: string | null;
  final_url: string | null;
  chain: string;
  content_type: string | null;
  soft_404: number;
}

/** A host a recruiter's applications run on although it is not its own domain. */
export interface LinkVendorHostsTable {
  id: string;
  /** '' for a platform of every organization. */
  organization_id: string;
  /** `ibpsreg.ibps.in` (that host) or `*.ucanapply.com` (its subdomains). */
  pattern: string;
  note: string;
  source: string;
  created_at: string;
  created_by: string | null;
}

/** A site known to impersonate a recruiter: its domain and every subdomain. */
export interface LinkKnownFakesTable {
  id: string;
  host: string;
  /** YYYY-MM-DD: when it was reported. */
  reported_on: string;
  source: string;
  note: string;
  created_at: string;
  created_by: string | null;
}

export interface LinkMonitorTables {
  official_links: OfficialLinksTable;
  official_link_checks: OfficialLinkChecksTable;
  link_vendor_hosts: LinkVendorHostsTable;
  link_known_fakes: LinkKnownFakesTable;
}
