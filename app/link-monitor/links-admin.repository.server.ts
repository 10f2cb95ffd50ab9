// What the back-office lists and counts of the link monitor (issue 30): the links of open
// entries by state, the counts, the dashboard's notice of breakages nobody has looked at, and an
// editor's "checked". SQL only: admin.server.ts decides.
import { sql } from "kysely";
import type { DB } from "~/platform/db/db.server.ts";
import { linkEntryIsOpen, type LinkRow } from "./links.repository.server.ts";
import type { LinkState } from "../content/link-states.ts";

export interface ListedLink extends LinkRow {
  entry_kind: string;
  entry_title: string;
  entry_organization: string;
  entry_last_date: string | null;
}

/** The links of open entries, with their entries' columns the back-office shows. */
function monitoredLinks(db: DB, today: string, kind?: string) {
  return db
    .selectFrom("official_links")
    .innerJoin("entries", "entries.id", "official_links.entry_id")
    .where((eb) => linkEntryIsOpen(eb, today, kind));
}

const ENTRY_COLUMNS = [
  "entries.kind as entry_kind",
  "entries.title as entry_title",
  "entries.organization as entry_organization",
  "entries.last_date as entry_last_date",
] as const;

/** Links of open entries in these states (and of one organization), worst news first. */
export async function listMonitoredLinks(
  db: DB,
  {
    today,
    states,
    organization,
    limit,
    offset = 0,
  }: {
    today: string;
    states: readonly LinkState[];
    /** An organization's name. */
    organization?: string;
    limit: number;
    offset?: number;
  },
): Promise<{ rows: ListedLink[]; total: number }> {
  let base = monitoredLinks(db, today).where("official_links.state", "in", [...states]);
  if (organization) base = base.where("entries.organization", "=", organization);
  const [rows, count] = await Promise.all([
    base
      .selectAll("official_links")
      .select(ENTRY_COLUMNS)
      .orderBy(sql`case when official_links.broken_since is null then 1 else 0 end`)
      .orderBy("official_links.broken_since", "desc")
      .orderBy("official_links.checked_at", "desc")
      .orderBy("official_links.id")
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** How many links of open entries are in each state. */
export async function countMonitoredLinks(
  db: DB,
  today: string,
): Promise<{ counts: Partial<Record<LinkState, number>>; lastCheckedAt: string | null }> {
  const rows = await db
    .selectFrom("official_links")
    .select([
      "state",
      (eb) => eb.fn.countAll<number>().as("n"),
      (eb) => eb.fn.max("checked_at").as("last"),
    ])
    .where((eb) => linkEntryIsOpen(eb, today))
    .groupBy("state")
    .execute();
  const counts: Partial<Record<LinkState, number>> = {};
  let lastCheckedAt: string | null = null;
  for (const r of rows) {
    counts[r.state] = Number(r.n);
    if (r.last && (!lastCheckedAt || r.last > lastCheckedAt)) lastCheckedAt = String(r.last);
  }
  return { counts, lastCheckedAt };
}

/**
 * The back-office notice: links of open jobs that broke and nobody has marked checked since.
 * Newest first.
 */
export async function unreviewedBreakages(
  db: DB,
  today: string,
  limit: number,
): Promise<{ rows: ListedLink[]; total: number }> {
  // `> ''` rather than `is not null`: SQLite then reads the few broken links along their index.
  const base = monitoredLinks(db, today, "job")
    .where("official_links.broken_since", ">", "")
    .where((eb) =>
      eb.or([
        eb("official_links.reviewed_at", "is", null),
        eb("official_links.reviewed_at", "<", eb.ref("official_links.broken_since")),
      ]),
    );
  const [rows, count] = await Promise.all([
    base
      .selectAll("official_links")
      .select(ENTRY_COLUMNS)
      .orderBy("official_links.broken_since", "desc")
      .limit(limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** An editor has looked at it: it leaves the notice until it breaks again. */
export async function markLinkReviewed(
  db: DB,
  id: string,
  by: string,
  at: string,
): Promise<boolean> {
  const done = await db
    .updateTable("official_links")
    .set({ reviewed_at: at, reviewed_by: by })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}
