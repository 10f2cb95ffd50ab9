// The link monitor's SQL (issue 30): the links of each entry, their claim by one process at a
// time, their checks and history (what the back-office lists and counts is in
// links-admin.repository.server.ts). SQL only: the services (monitor, entry-links, admin) decide.
import { sql, type ExpressionBuilder, type Selectable } from "kysely";
import type { DB } from "~/platform/db/db.server.ts";
import { dialectOf, newId } from "~/platform/db/dialect.ts";
import type { Database } from "~/platform/db/schema.ts";
import type {
  OfficialLinkChecksTable,
  OfficialLinksTable,
} from "../platform/db/link-monitor-tables.ts";

export type LinkRow = Selectable<OfficialLinksTable>;

/**
 * An entry whose links are checked: published, not in the trash, and (a job) not closed. A
 * condition on the `entries` row joined or looked up by its id (never `entry_id IN (all open
 * entries)`, which reads every entry: 300 ms of a blocked process on 100,000 entries).
 */
function entryIsOpen(eb: ExpressionBuilder<Database, "entries">, today: string) {
  return eb.and([
    eb("entries.status", "=", "published"),
    eb("entries.deleted_at", "is", null),
    eb.or([
      eb("entries.kind", "<>", "job"),
      eb("entries.last_date", "is", null),
      eb("entries.last_date", ">=", today),
    ]),
  ]);
}

/**
 * Whether the link's entry is open (and, with `kind`, of that kind): a lookup by its id, so a
 * query over a few links never reads every entry.
 */
export function linkEntryIsOpen(
  eb: ExpressionBuilder<Database, "official_links">,
  today: string,
  kind?: string,
) {
  let entry = eb
    .selectFrom("entries")
    .select("entries.id")
    .whereRef("entries.id", "=", "official_links.entry_id")
    .where((e) => entryIsOpen(e, today));
  if (kind) entry = entry.where("entries.kind", "=", kind);
  return eb.exists(entry);
}

export async function linksOfEntry(db: DB, entryId: string): Promise<LinkRow[]> {
  return db
    .selectFrom("official_links")
    .selectAll()
    .where("entry_id", "=", entryId)
    .orderBy("created_at")
    .orderBy("url")
    .execute();
}

export interface NewLink {
  entryId: string;
  url: string;
  field: string;
  label: string | null;
}

/** New links, due at `at`; one already stored for the entry is left as it is. */
export async function insertLinks(trx: DB, links: readonly NewLink[], at: string): Promise<void> {
  // Rows per INSERT: well under either database's parameter limit (7 columns each).
  for (let i = 0; i < links.length; i += 500) await insertSome(trx, links.slice(i, i + 500), at);
}

async function insertSome(trx: DB, links: readonly NewLink[], at: string): Promise<void> {
  await trx
    .insertInto("official_links")
    .values(
      links.map((l) => ({
        id: newId(),
        entry_id: l.entryId,
        url: l.url,
        field: l.field,
        label: l.label,
        due_at: at,
        created_at: at,
      })),
    )
    .onConflict((oc) => oc.columns(["entry_id", "url"]).doNothing())
    .execute();
}

/** Where a stored link now sits in its entry (its field or its row's label changed). */
export async function relabelLink(
  trx: DB,
  id: string,
  place: { field: string; label: string | null },
): Promise<void> {
  await trx.updateTable("official_links").set(place).where("id", "=", id).execute();
}

export async function deleteLinks(trx: DB, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .deleteFrom("official_links")
    .where("id", "in", [...ids])
    .execute();
}

/** The links of these entries are checked at the next round. */
export async function makeEntryLinksDue(
  trx: DB,
  entryIds: readonly string[],
  at: string,
): Promise<void> {
  if (entryIds.length === 0) return;
  await trx
    .updateTable("official_links")
    .set({ due_at: at })
    .where("entry_id", "in", [...entryIds])
    .where("due_at", ">", at)
    .execute();
}

export async function makeLinkDue(db: DB, id: string, at: string): Promise<boolean> {
  const done = await db
    .updateTable("official_links")
    .set({ due_at: at })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

/**
 * Links whose address, end or chain mentions this host, or that ended off the official hosts:
 * due now, after a change to the vendor hosts or the known fakes (a host is letters, digits, dots
 * and dashes only, so it holds no LIKE wildcard).
 */
export async function makeLinksDueMatching(trx: DB, host: string, at: string): Promise<void> {
  const like = `%${host}%`;
  await trx
    .updateTable("official_links")
    .set({ due_at: at })
    .where((eb) =>
      eb.or([
        eb("state", "in", ["off-official", "known-fake"]),
        eb("url", "like", like),
        eb("final_url", "like", like),
        eb("chain", "like", like),
      ]),
    )
    .where("due_at", ">", at)
    .execute();
}

/** Due links looked at per link taken: the closed entries' links among them are parked. */
const LOOK_AHEAD = 8;

/**
 * Take up to `limit` due links of open entries for one process until `lease`. First the oldest
 * `limit × 8` due links are read along the due_at index, and those of closed entries among them
 * wait until `parkUntil` (a job whose closing date moves, or that is published again, makes its
 * links due at once); then one UPDATE … RETURNING takes the oldest due links of open entries,
 * atomic across processes on SQLite (the write lock) and, on PostgreSQL, with FOR UPDATE SKIP
 * LOCKED so concurrent claims take disjoint links. Each entry is looked up by its id, so a round
 * costs the same on 100 or 100,000 entries. A link whose lease ran out (a process killed
 * mid-check) is due again. `claim` names this claim when the results are written.
 */
export async function claimDueLinks(
  db: DB,
  {
    at,
    today,
    lease,
    claim,
    limit,
    parkUntil,
  }: {
    at: string;
    today: string;
    lease: string;
    claim: string;
    limit: number;
    /** When the due links of closed entries met on the way are looked at again. */
    parkUntil: string;
  },
): Promise<{ links: LinkRow[]; parked: number }> {
  const dueNow = (eb: ExpressionBuilder<Database, "official_links">) =>
    eb.and([
      eb("due_at", "<=", at),
      eb.or([eb("locked_until", "is", null), eb("locked_until", "<", at)]),
    ]);
  const parked = await db
    .updateTable("official_links")
    .set({ due_at: parkUntil })
    .where(
      "id",
      "in",
      db
        .selectFrom("official_links")
        .select("id")
        .where(dueNow)
        .orderBy("due_at")
        .limit(limit * LOOK_AHEAD),
    )
    .where((eb) => eb.not(linkEntryIsOpen(eb, today)))
    .executeTakeFirst();
  let due = db
    .selectFrom("official_links")
    .select("id")
    .where(dueNow)
    .where((eb) => linkEntryIsOpen(eb, today))
    .orderBy("due_at")
    .limit(limit);
  if (dialectOf(db) === "postgres") due = due.forUpdate().skipLocked();
  const links = await db
    .updateTable("official_links")
    .set({ locked_until: lease, claim })
    .where("id", "in", due)
    .returningAll()
    .execute();
  return { links, parked: Number(parked.numUpdatedRows) };
}

/** A check's result, written if the claim is still this one's. */
export type CheckWrite = Pick<
  LinkRow,
  | "state"
  | "status"
  | "reason"
  | "final_url"
  | "chain"
  | "content_type"
  | "soft_404"
  | "checked_at"
  | "last_ok_at"
  | "bad_checks"
  | "broken_since"
  | "reviewed_at"
  | "reviewed_by"
  | "due_at"
>;

export async function writeCheck(
  trx: DB,
  id: string,
  claim: string,
  check: CheckWrite,
): Promise<boolean> {
  const done = await trx
    .updateTable("official_links")
    .set({ ...check, locked_until: null, claim: null })
    .where("id", "=", id)
    .where("claim", "=", claim)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) return false;
  const history: OfficialLinkChecksTable = {
    id: newId(),
    link_id: id,
    checked_at: check.checked_at ?? "",
    state: check.state,
    status: check.status,
    reason: check.reason,
    final_url: check.final_url,
    chain: check.chain,
    content_type: check.content_type,
    soft_404: check.soft_404,
  };
  await trx.insertInto("official_link_checks").values(history).execute();
  return true;
}

/** History older than `before` goes (the link row keeps the last check). */
export async function pruneLinkHistory(db: DB, before: string): Promise<number> {
  const done = await db
    .deleteFrom("official_link_checks")
    .where("checked_at", "<", before)
    .executeTakeFirst();
  return Number(done.numDeletedRows);
}

export async function linkHistory(
  db: DB,
  linkId: string,
  limit = 30,
): Promise<Selectable<OfficialLinkChecksTable>[]> {
  return db
    .selectFrom("official_link_checks")
    .selectAll()
    .where("link_id", "=", linkId)
    .orderBy("checked_at", "desc")
    .limit(limit)
    .execute();
}

/** What a link's check is judged against: its entry, as it is now. */
export interface LinkEntry {
  id: string;
  kind: string;
  slug: string;
  title: string;
  organization: string;
  status: string;
  last_date: string | null;
  data: string;
}

export async function entriesByIds(db: DB, ids: readonly string[]): Promise<LinkEntry[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom("entries")
    .select(["id", "kind", "slug", "title", "organization", "status", "last_date", "data"])
    .where("id", "in", [...new Set(ids)])
    .execute();
}

/**
 * Published entries with no link rows at all, after `afterId` in id order (the monitor's
 * one-time pass over what was published before it existed).
 */
export async function entriesWithoutLinks(
  db: DB,
  afterId: string,
  limit: number,
): Promise<{ id: string; kind: string; data: string }[]> {
  return db
    .selectFrom("entries")
    .select(["id", "kind", "data"])
    .where(sql<boolean>`status = 'published' and deleted_at is null`)
    .where("id", ">", afterId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("official_links")
            .select("official_links.id")
            .whereRef("official_links.entry_id", "=", "entries.id"),
        ),
      ),
    )
    .orderBy("id")
    .limit(limit)
    .execute();
}

const BACKFILLED = "link_monitor_backfilled";

/** Whether the one-time pass over entries published before the monitor existed is done. */
export async function isBackfilled(db: DB): Promise<boolean> {
  const row = await db
    .selectFrom("app_meta")
    .select("value")
    .where("key", "=", BACKFILLED)
    .executeTakeFirst();
  return row?.value === "1";
}

export async function setBackfilled(db: DB): Promise<void> {
  await db
    .insertInto("app_meta")
    .values({ key: BACKFILLED, value: "1" })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: "1" }))
    .execute();
}
