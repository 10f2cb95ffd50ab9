import { sql, type Kysely } from "kysely";

/**
 * The link monitor (issue 30): each web link of each entry, the last check of it and its history,
 * the vendor hosts that recruiters' applications really run on, and the known fake sites.
 *
 * A link row is due at `due_at`; a process checking it holds it until `locked_until` under its
 * `claim`, so two processes (cluster workers, instances on one PostgreSQL) never check one link
 * at once. What is stored of an answer is what the monitor decides on: a status, a fixed reason,
 * the URLs of the redirect chain, a content type and whether the page said "not found". Never a
 * body.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const STATES = sql`('unchecked', 'ok', 'moved', 'broken', 'soft-404', 'off-official', 'known-fake', 'unreachable', 'refused')`;
  await db.schema
    .createTable("official_links")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("entry_id", "text", (c) => c.notNull().references("entries.id").onDelete("cascade"))
    .addColumn("url", "text", (c) => c.notNull())
    // The entry's field holding it ("applyUrl"), or its table ("links") with the row's `label`.
    .addColumn("field", "text", (c) => c.notNull())
    .addColumn("label", "text")
    .addColumn("state", "text", (c) =>
      c
        .notNull()
        .defaultTo("unchecked")
        .check(sql`state in ${STATES}`),
    )
    .addColumn("status", "integer")
    .addColumn("reason", "text")
    .addColumn("final_url", "text")
    .addColumn("chain", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("content_type", "text")
    .addColumn("soft_404", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("checked_at", "text")
    .addColumn("last_ok_at", "text")
    // Checks in a row that found it not working (a timeout counts as broken only the second time).
    .addColumn("bad_checks", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("broken_since", "text")
    .addColumn("reviewed_at", "text")
    .addColumn("reviewed_by", "text")
    .addColumn("due_at", "text", (c) => c.notNull())
    .addColumn("locked_until", "text")
    .addColumn("claim", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("official_links_entry_url")
    .on("official_links")
    .columns(["entry_id", "url"])
    .unique()
    .execute();
  await db.schema.createIndex("official_links_due").on("official_links").column("due_at").execute();
  await db.schema
    .createIndex("official_links_state")
    .on("official_links")
    .column("state")
    .execute();

  await db.schema
    .createTable("official_link_checks")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("link_id", "text", (c) =>
      c.notNull().references("official_links.id").onDelete("cascade"),
    )
    .addColumn("checked_at", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull().check(sql`state in ${STATES}`))
    .addColumn("status", "integer")
    .addColumn("reason", "text")
    .addColumn("final_url", "text")
    .addColumn("chain", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("content_type", "text")
    .addColumn("soft_404", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("official_link_checks_link")
    .on("official_link_checks")
    .columns(["link_id", "checked_at"])
    .execute();

  // `organization_id` '' is every organization: a platform that several recruiters use.
  await db.schema
    .createTable("link_vendor_hosts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organization_id", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("pattern", "text", (c) => c.notNull())
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("created_by", "text")
    .execute();
  await db.schema
    .createIndex("link_vendor_hosts_pattern")
    .on("link_vendor_hosts")
    .columns(["organization_id", "pattern"])
    .unique()
    .execute();

  await db.schema
    .createTable("link_known_fakes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("host", "text", (c) => c.notNull().unique())
    .addColumn("reported_on", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("created_by", "text")
    .execute();

  // The common vendor platforms, for every organization; admins add each recruiter's own and
  // remove what does not hold. Frozen here: a migration must not change with the app's list.
  const at = new Date().toISOString();
  await db
    .insertInto("link_vendor_hosts")
    .values(
      VENDORS.map(([pattern, note, source]) => ({
        id: crypto.randomUUID(),
        organization_id: "",
        pattern,
        note,
        source,
        created_at: at,
        created_by: null,
      })),
    )
    .execute();
}

const VENDORS: [pattern: string, note: string, source: string][] = [
  [
    "ibpsonline.ibps.in",
    "IBPS online applications (bank and RRB recruitment)",
    "Linked from IBPS's own site, https://www.ibps.in/ (pre-filled, issue 30)",
  ],
  [
    "ibpsreg.ibps.in",
    "IBPS registration pages",
    "Linked from IBPS's own site, https://www.ibps.in/ (pre-filled, issue 30)",
  ],
  [
    "*.ucanapply.com",
    "Application portals of state commissions and universities (e.g. wbpsc.ucanapply.com)",
    "WBPSC's applications, linked from https://psc.wb.gov.in/ (pre-filled, issue 30)",
  ],
  [
    "*.cbexams.com",
    "Exam application portals (e.g. sscexams.cbexams.com)",
    "Named in issue 30 (pre-filled); confirm on the recruiter's official site",
  ],
  [
    "*.digialm.com",
    "TCS iON exam pages: response sheets, answer keys, admit cards",
    "Linked from recruiters' official notices (SSC, RRBs) (pre-filled, issue 30)",
  ],
  [
    "*.tcsion.com",
    "TCS iON registration and exam pages",
    "Linked from recruiters' official notices (pre-filled, issue 30)",
  ],
  [
    "*.nta.ac.in",
    "National Testing Agency exam portals (UGC NET, CUET, NEET)",
    "https://www.nta.ac.in/ (pre-filled, issue 30)",
  ],
];
