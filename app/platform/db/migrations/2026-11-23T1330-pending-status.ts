import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "./index.ts";

const OLD_CHECK = "status in ('draft', 'scheduled', 'published', 'archived')";
const NEW_CHECK = "status in ('draft', 'pending', 'scheduled', 'published', 'archived')";

/**
 * Issue 13's "Pending review" state: an author's entry waits for an editor. The first schema's
 * CHECK on `entries.status` did not know the value, so a submitted entry failed on both databases.
 *
 * PostgreSQL changes a constraint in place. SQLite cannot, so the table is rebuilt as its manual
 * prescribes (create the new table, copy, drop, rename, re-create indexes and triggers) with
 * foreign keys off for the swap; Kysely runs SQLite migrations outside a transaction, so this one
 * opens its own and checks the foreign keys before it commits. `search_id` is a real column, so
 * the full-text index keeps pointing at the same rows.
 */
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  if (dialect === "postgres") {
    const { rows } = await sql<{ name: string }>`
      select conname as name from pg_constraint
      where conrelid = 'entries'::regclass and contype = 'c'
        and pg_get_constraintdef(oid) like '%status%'`.execute(db);
    for (const { name } of rows) {
      await sql`alter table entries drop constraint ${sql.id(name)}`.execute(db);
    }
    await sql`alter table entries add constraint entries_status_check check (${sql.raw(NEW_CHECK)})`.execute(
      db,
    );
    return;
  }

  const { rows: tables } = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'table' and name = 'entries'`.execute(db);
  const createSql = tables[0]?.sql;
  if (!createSql) throw new Error("entries table not found");
  if (!createSql.includes(OLD_CHECK))
    throw new Error("entries.status check is not the expected one");
  const newCreate = createSql
    .replace(OLD_CHECK, NEW_CHECK)
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
