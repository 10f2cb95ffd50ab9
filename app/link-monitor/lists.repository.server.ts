// The vendor hosts and known fakes (issue 30): SQL only.
import type { Selectable } from "kysely";
import type { DB } from "~/platform/db/db.server.ts";
import { newId } from "~/platform/db/dialect.ts";
import type { KnownFake, VendorHost } from "./rules.ts";
import type { LinkVendorHostsTable } from "../platform/db/link-monitor-tables.ts";

export interface StoredVendorHost extends VendorHost {
  id: string;
  createdAt: string;
  createdBy: string | null;
}

export interface StoredKnownFake extends KnownFake {
  id: string;
  createdAt: string;
  createdBy: string | null;
}

type VendorRow = Selectable<LinkVendorHostsTable>;

const toVendorHost = (r: VendorRow): StoredVendorHost => ({
  id: r.id,
  organizationId: r.organization_id,
  pattern: r.pattern,
  note: r.note,
  source: r.source,
  createdAt: r.created_at,
  createdBy: r.created_by,
});

/** Every vendor host, or those an organization may use (its own and every organization's). */
export async function listVendorHosts(
  db: DB,
  { organizationIds }: { organizationIds?: readonly string[] } = {},
): Promise<StoredVendorHost[]> {
  let q = db
    .selectFrom("link_vendor_hosts")
    .selectAll()
    .orderBy("organization_id")
    .orderBy("pattern");
  if (organizationIds) q = q.where("organization_id", "in", ["", ...organizationIds]);
  return (await q.execute()).map(toVendorHost);
}

/** False when the organization already has this pattern. */
export async function insertVendorHost(
  trx: DB,
  host: VendorHost & { createdBy: string | null },
  at: string,
): Promise<boolean> {
  const done = await trx
    .insertInto("link_vendor_hosts")
    .values({
      id: newId(),
      organization_id: host.organizationId,
      pattern: host.pattern,
      note: host.note,
      source: host.source,
      created_at: at,
      created_by: host.createdBy,
    })
    .onConflict((oc) => oc.columns(["organization_id", "pattern"]).doNothing())
    .executeTakeFirst();
  return Number(done.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deleteVendorHost(trx: DB, id: string): Promise<StoredVendorHost | undefined> {
  const row = await trx
    .deleteFrom("link_vendor_hosts")
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  return row && toVendorHost(row);
}

export async function listKnownFakes(db: DB): Promise<StoredKnownFake[]> {
  const rows = await db
    .selectFrom("link_known_fakes")
    .selectAll()
    .orderBy("reported_on", "desc")
    .orderBy("host")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    host: r.host,
    reportedOn: r.reported_on,
    source: r.source,
    note: r.note,
    createdAt: r.created_at,
    createdBy: r.created_by,
  }));
}

/** False when the host is listed already. */
export async function insertKnownFake(
  trx: DB,
  fake: KnownFake & { createdBy: string | null },
  at: string,
): Promise<boolean> {
  const done = await trx
    .insertInto("link_known_fakes")
    .values({
      id: newId(),
      host: fake.host,
      reported_on: fake.reportedOn,
      source: fake.source,
      note: fake.note,
      created_at: at,
      created_by: fake.createdBy,
    })
    .onConflict((oc) => oc.column("host").doNothing())
    .executeTakeFirst();
  return Number(done.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deleteKnownFake(trx: DB, id: string): Promise<string | undefined> {
  const row = await trx
    .deleteFrom("link_known_fakes")
    .where("id", "=", id)
    .returning("host")
    .executeTakeFirst();
  return row?.host;
}
