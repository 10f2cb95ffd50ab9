import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "./index.ts";

/** The kinds there are (app/content/kinds.ts) when this runs: a new kind widens it in its own migration. */
const KIND_CHECK = `"kind" in ('job', 'result', 'admit-card', 'syllabus', 'answer-key')`;
const KIND_COLUMN = '"kind" text not null';

/**
 * Issue 27: the database refuses a kind the code does not know (before, any text was stored, and a
 * row of an unknown kind reached no page and no admin list). A CHECK on `entries.kind`.
 *
 * PostgreSQL adds the constraint in place. SQLite cannot, so the table is rebuilt as its manual
 * prescribes, exactly as 2026-11-23T1330-pending-status does (create the new table, copy, drop,
 * rename, re-create indexes and triggers) with foreign keys off for the swap; Kysely runs SQLite
 * migrations outside a transaction, so this one opens its own and checks the foreign keys before
 * it commits. `search_id` is a real column, so the full-text index keeps pointing at the same rows.
 */
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  if (dialect === "postgres") {
    await sql`alter table entries add constraint entries_kind_check check (${sql.raw(KIND_CHECK)})`.execute(
      db,
    );
    return;
  }

  const { rows: tables } = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'table' and name = 'entries'`.execute(db);
  const createSql = tables[0]?.sql;
  if (!createSql) throw new Error("entries table not found");
  if (createSql.split(KIND_COLUMN).length !== 2)
    throw new Error("entries.kind is not the expected column");
  const newCreate = createSql
    .replace(KIND_COLUMN, `${KIND_COLUMN} check (${KIND_CHECK})`)
    .replace(/^create table "entries"/i, 'create table "entries_new"');
  if (!newCreate.includes('"entries_new"')) throw new Error("unexpected entries table definition");
  const { rows: attached } = await sql<{ sql: string }>`
    select sql from sqlite_master
    where tbl_name = 'entries' and type in ('index', 'trigger') and sql is not null`.execute(db);

  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin immediate`.execute(db);
    try {
      await sql.raw(newCreate).execute(db);
      await sql`insert into entries_new select * from entries`.execute(db);
      await sql`drop table entries`.execute(db);
      await sql`alter table entries_new rename to entries`.execute(db);
      for (const row of attached) await sql.raw(row.sql).execute(db);
      const { rows: broken } = await sql`pragma foreign_key_check`.execute(db);
      if (broken.length) throw new Error(`foreign key check failed: ${JSON.stringify(broken[0])}`);
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
