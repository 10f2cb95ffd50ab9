import { refused, type Refused, type WriteResult } from "~/lib/write-result.ts";
// The back-office's side of the link monitor (issue 30): what the Links screen, the dashboard and
// an entry's form show, and the editors' and admins' changes (mark checked, check again, the
// vendor hosts and known fakes), each with its audit row in one transaction.
import { z } from "zod";
import { EVERYTHING } from "~/page-cache/index.ts";
import { allFields, type EntryData } from "~/content/fields.ts";
import { REGISTRY } from "~/content/registry.ts";
import { isKind } from "~/content/kinds.ts";
import { todayInIndia } from "~/lib/india-date.ts";
import type { DB } from "~/platform/db/db.server.ts";
import { now } from "~/platform/db/dialect.ts";
import { listOrganizations } from "~/organizations/organizations.repository.server.ts";
import { inWrite, type Actor } from "~/writes/transaction.server.ts";
import { entryLinks } from "./entry-links.server.ts";
import {
  countMonitoredLinks,
  listMonitoredLinks,
  markLinkReviewed,
  unreviewedBreakages,
  type ListedLink,
} from "./links-admin.repository.server.ts";
import {
  linksOfEntry,
  makeLinkDue,
  makeLinksDueMatching,
  type LinkRow,
} from "./links.repository.server.ts";
import {
  deleteKnownFake,
  deleteVendorHost,
  insertKnownFake,
  insertVendorHost,
  listKnownFakes,
  listVendorHosts,
} from "./lists.repository.server.ts";
import type { AdminLink, AdminListedLink } from "./admin-links.ts";
import type { KnownFakeInput, VendorHostInput } from "./host-inputs.ts";
import { LINK_GROUPS, type LinkGroup, type LinkHop } from "./rules.ts";

/** Where a link sits in its entry, in the form's words. */
function placeOf(kind: string, field: string, label: string | null): string {
  const found = isKind(kind)
    ? allFields(REGISTRY[kind].sections).find((f) => f.name === field)
    : undefined;
  const name = found?.label ?? field;
  return label ? `${name}: ${label}` : name;
}

function toAdminLink(row: LinkRow, kind: string): AdminLink {
  return {
    id: row.id,
    url: row.url,
    place: placeOf(kind, row.field, row.label),
    state: row.state,
    status: row.status,
    reason: row.reason,
    finalUrl: row.final_url,
    chain: JSON.parse(row.chain) as LinkHop[],
    contentType: row.content_type,
    checkedAt: row.checked_at,
    lastOkAt: row.last_ok_at,
    brokenSince: row.broken_since,
    reviewedAt: row.reviewed_at,
    reviewedBy: row.reviewed_by,
    needsReview: !!row.broken_since && (!row.reviewed_at || row.reviewed_at < row.broken_since),
  };
}

function toListed(row: ListedLink): AdminListedLink {
  return {
    ...toAdminLink(row, row.entry_kind),
    entry: {
      id: row.entry_id,
      kind: row.entry_kind,
      title: row.entry_title,
      organization: row.entry_organization,
      editHref: isKind(row.entry_kind)
        ? `/admin/${REGISTRY[row.entry_kind].adminSegment}/edit/${row.entry_id}`
        : "/admin",
    },
  };
}

export const LINKS_PER_PAGE = 50;

/** How long this process shows the same counts per state. */
const SUMMARY_MS = 30_000;
const summaries = new WeakMap<
  DB,
  { until: number; today: string; value: Awaited<ReturnType<typeof countMonitoredLinks>> }
>();

/**
 * The counts per state on the dashboard and the Links screen, at most 30 s old: counting them
 * reads every link (300 ms of a blocked process at 235,000 links), so not at each page view. The
 * lists beside them are always read fresh.
 */
async function linkSummary(db: DB, today: string) {
  const kept = summaries.get(db);
  if (kept && kept.until > Date.now() && kept.today === today) return kept.value;
  const value = await countMonitoredLinks(db, today);
  summaries.set(db, { until: Date.now() + SUMMARY_MS, today, value });
  return value;
}

/** The Links screen's query: which group, which organization, which page. */
export const LinksQuery = z.object({
  group: z.enum(Object.keys(LINK_GROUPS) as [LinkGroup, ...LinkGroup[]]).catch("problems"),
  organization: z.string().max(200).catch(""),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export async function linksScreen(db: DB, query: z.infer<typeof LinksQuery>) {
  const today = todayInIndia();
  const [list, summary, organizations] = await Promise.all([
    listMonitoredLinks(db, {
      today,
      states: LINK_GROUPS[query.group],
      organization: query.organization || undefined,
      limit: LINKS_PER_PAGE,
      offset: (query.page - 1) * LINKS_PER_PAGE,
    }),
    linkSummary(db, today),
    listOrganizations(db),
  ]);
  return {
    links: list.rows.map(toListed),
    total: list.total,
    pages: Math.max(1, Math.ceil(list.total / LINKS_PER_PAGE)),
    ...summary,
    organizations: organizations.map((o) => o.name),
  };
}

/** The dashboard's card and the menu's count: links of open jobs that broke, not yet looked at. */
export async function linksNotice(db: DB, limit = 5) {
  const today = todayInIndia();
  const [breakages, summary] = await Promise.all([
    unreviewedBreakages(db, today, limit),
    linkSummary(db, today),
  ]);
  return { newlyBroken: breakages.rows.map(toListed), unreviewed: breakages.total, ...summary };
}

/** Only the count, for the menu on every admin page. */
export async function countUnreviewedBreakages(db: DB): Promise<number> {
  return (await unreviewedBreakages(db, todayInIndia(), 0)).total;
}

/** An entry's links and what was found, for its edit form. */
export async function entryLinksForEditor(
  db: DB,
  entry: { id: string; kind: string; data: EntryData },
): Promise<AdminLink[]> {
  // In the order the form shows them.
  const order = entryLinks(entry.kind, entry.data).map((l) => l.url);
  const at = (url: string) => (order.includes(url) ? order.indexOf(url) : order.length);
  return (await linksOfEntry(db, entry.id))
    .sort((a, b) => at(a.url) - at(b.url))
    .map((r) => toAdminLink(r, entry.kind));
}

// ---------------------------------------------------------------------------------------------
// Changes

/** "Mark checked": the link leaves the notice until it breaks again. */
export function reviewLink(db: DB, id: string, actor: Actor): Promise<boolean> {
  return inWrite(
    db,
    actor,
    async (trx, audit) => {
      const done = await markLinkReviewed(trx, id, actor.name || actor.email || "", now());
      if (done) await audit("link.review", id);
      return done;
    },
    () => [],
  );
}

/** "Check again": the monitor takes it at its next round. */
export function recheckLink(db: DB, id: string, actor: Actor): Promise<boolean> {
  return inWrite(
    db,
    actor,
    async (trx, audit) => {
      const done = await makeLinkDue(trx, id, now());
      if (done) await audit("link.recheck", id);
      return done;
    },
    () => [],
  );
}

/** Refused as invalid: `message` belongs at the input `field`. */
export type ListChange = WriteResult<
  object,
  Refused<"invalid", { field: string; message: string }>
>;
const invalidAt = (field: string, message: string) => refused("invalid", { field, message });

/** What a change to the lists did, for its audit row; undefined when it changed nothing. */
type ListEdit = { action: string; host: string; detail?: string } | undefined;

/**
 * A change to the vendor hosts or known fakes with its audit row, in one transaction; the links
 * that mention the host, or ended off the official hosts, are checked again at once. A vendor
 * host labels links on the pages ("Official site"), so its changes draw every page again.
 */
async function changeList(
  db: DB,
  actor: Actor,
  change: (trx: DB) => Promise<ListEdit>,
  { pages }: { pages: boolean },
): Promise<boolean> {
  return inWrite(
    db,
    actor,
    async (trx, audit) => {
      const edit = await change(trx);
      if (!edit) return false;
      await audit(edit.action, edit.host, edit.detail);
      await makeLinksDueMatching(trx, edit.host.replace(/^\*\./, ""), now());
      return true;
    },
    (done) => (done && pages ? [EVERYTHING] : []),
  );
}

const by = (actor: Actor) => actor.name || actor.email;
const scopeOf = (organizationId: string) => organizationId || "every organization";

/** A vendor host for one organization (or '' for every one). */
export async function addVendorHost(
  db: DB,
  input: z.output<typeof VendorHostInput>,
  actor: Actor,
): Promise<ListChange> {
  if (
    input.organizationId &&
    !(await listOrganizations(db)).some((o) => o.id === input.organizationId)
  )
    return invalidAt("organizationId", "Choose an organization from the list.");
  const added = await changeList(
    db,
    actor,
    async (trx) =>
      (await insertVendorHost(trx, { ...input, createdBy: by(actor) }, now()))
        ? { action: "link.vendor-add", host: input.pattern, detail: scopeOf(input.organizationId) }
        : undefined,
    { pages: true },
  );
  return added ? { ok: true } : invalidAt("pattern", "This organization has this host already.");
}

export function removeVendorHost(db: DB, id: string, actor: Actor): Promise<boolean> {
  return changeList(
    db,
    actor,
    async (trx) => {
      const gone = await deleteVendorHost(trx, id);
      return (
        gone && {
          action: "link.vendor-remove",
          host: gone.pattern,
          detail: scopeOf(gone.organizationId),
        }
      );
    },
    { pages: true },
  );
}

/** A known fake (and its subdomains). */
export async function addKnownFake(
  db: DB,
  input: z.output<typeof KnownFakeInput>,
  actor: Actor,
): Promise<ListChange> {
  const added = await changeList(
    db,
    actor,
    async (trx) =>
      (await insertKnownFake(trx, { ...input, createdBy: by(actor) }, now()))
        ? {
            action: "link.fake-add",
            host: input.host,
            detail: `${input.reportedOn}; ${input.source}`,
          }
        : undefined,
    { pages: false },
  );
  return added ? { ok: true } : invalidAt("host", "This host is listed already.");
}

export function removeKnownFake(db: DB, id: string, actor: Actor): Promise<boolean> {
  return changeList(
    db,
    actor,
    async (trx) => {
      const host = await deleteKnownFake(trx, id);
      return host ? { action: "link.fake-remove", host } : undefined;
    },
    { pages: false },
  );
}

/** What the vendor hosts and fakes screen lists. */
export async function linkLists(db: DB) {
  const [vendors, fakes, organizations] = await Promise.all([
    listVendorHosts(db),
    listKnownFakes(db),
    listOrganizations(db),
  ]);
  const names = new Map(organizations.map((o) => [o.id, o.name]));
  return {
    vendors: vendors.map((v) => ({
      ...v,
      organization: v.organizationId ? (names.get(v.organizationId) ?? "(removed)") : "",
    })),
    fakes,
    organizations: organizations.map((o) => ({ id: o.id, name: o.name })),
  };
}
