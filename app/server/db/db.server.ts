import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import type { DatabaseTarget } from "../env.server.ts";
import { registerDialect } from "./dialect.ts";
import { migrationProvider, type MigrationDialect } from "./migrations/index.ts";
import type { Database } from "./schema.ts";

export type DB = Kysely<Database>;

export interface AppDatabase {
  db: DB;
  dialect: MigrationDialect;
  /** PostgreSQL only: the pool, for LISTEN/NOTIFY. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

// PostgreSQL returns bigint counts as strings; our counts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export function openDatabase(target: DatabaseTarget): AppDatabase {
  if (target.dialect === "postgres") {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle client that loses its connection must not crash the process.
    pool.on("error", (err) => console.error(`[db] idle PostgreSQL client error: ${err.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    registerDialect(db, "postgres");
    return { db, dialect: "postgres", pool, close: () => db.destroy() };
  }
  mkdirSync(path.dirname(target.file), { recursive: true });
  const sqlite = new SQLite(target.file);
  sqlite.pragma("journal_mode = WAL");
  // FULL: an acknowledged write is on disk even if the machine loses power, not only the process.
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  registerDialect(db, "sqlite");
  return { db, dialect: "sqlite", close: () => db.destroy() };
}

export async function migrate(app: AppDatabase): Promise<void> {
  const migrator = new Migrator({
    db: app.db,
    provider: migrationProvider(app.dialect),
    migrationTableName: "kysely_migration",
    migrationLockTableName: "kysely_migration_lock",
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? "");
    throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${reason}`);
  }
}
