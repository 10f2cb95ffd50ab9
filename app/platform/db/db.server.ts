import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  Kysely,
  OperationNodeTransformer,
  PostgresDialect,
  SqliteDialect,
  type KyselyConfig,
  type KyselyPlugin,
  type LogEvent,
  type PrimitiveValueListNode,
  type ValueNode,
} from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import { diagnosticsEnv, type DatabaseTarget } from "../env.server.ts";
import { logger } from "../logger.server.ts";
import { registerDialect } from "./dialect.ts";
import { migrationProvider, type MigrationDialect } from "./migrations/index.ts";
import type { Database } from "./schema.ts";

export type DB = Kysely<Database>;

export interface AppDatabase {
  db: DB;
  dialect: MigrationDialect;
  /** PostgreSQL only: the pool, for LISTEN/NOTIFY. */
  pool?: pg.Pool;
  /** SQLite only: the connection itself, for the page cache's synchronous generation check. */
  sqlite?: SQLite.Database;
  close(): Promise<void>;
}

// PostgreSQL returns bigint counts as strings; our counts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

const withoutNul = (v: unknown) => (typeof v === "string" ? v.replaceAll("\0", "") : v);
const hasNul = (v: unknown) => typeof v === "string" && v.includes("\0");

/**
 * PostgreSQL's text cannot hold the NUL character (the whole query fails) and SQLite's LIKE stops
 * reading a pattern at one. No text this app keeps needs it, so every string parameter loses it:
 * `/jobs?organization=%00` or a pasted NUL in a form is then ordinary input on both databases.
 */
class StripNulTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    return hasNul(node.value) ? { ...node, value: withoutNul(node.value) } : node;
  }
  protected override transformPrimitiveValueList(
    node: PrimitiveValueListNode,
  ): PrimitiveValueListNode {
    return node.values.some(hasNul) ? { ...node, values: node.values.map(withoutNul) } : node;
  }
}
/**
 * Whether a query's tree holds a string with a NUL anywhere: a walk that neither copies the tree
 * nor allocates (it runs for every query; `Object.values` per node was 1% of a page's render).
 */
function holdsNul(node: unknown): boolean {
  if (typeof node === "string") return node.includes("\0");
  if (typeof node !== "object" || node === null || ArrayBuffer.isView(node)) return false;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) if (holdsNul(node[i])) return true;
    return false;
  }
  for (const key in node) if (holdsNul((node as Record<string, unknown>)[key])) return true;
  return false;
}
const stripNul: KyselyPlugin = {
  // The transformer copies the whole tree; nearly no query has a NUL, so look first.
  transformQuery: ({ node }) =>
    holdsNul(node) ? new StripNulTransformer().transformNode(node) : node,
  transformResult: async ({ result }) => result,
};

/**
 * `SLOW_QUERY_MS`: log every query that took longer (its SQL, the milliseconds) as a warning, to
 * find what a slow page or a benchmark spends its database time on. Unset: nothing is timed.
 */
function slowQueryLog(): KyselyConfig["log"] {
  const limit = diagnosticsEnv().SLOW_QUERY_MS;
  if (limit === undefined) return undefined;
  return (event: LogEvent) => {
    if (event.queryDurationMillis < limit) return;
    const sql = event.query.sql.replace(/\s+/g, " ").slice(0, 2000);
    // The message is the line bench/search-pg.ts reads.
    logger.warn(`[slow query] ${event.queryDurationMillis.toFixed(1)} ms ${event.level} ${sql}`);
  };
}

export function openDatabase(target: DatabaseTarget): AppDatabase {
  if (target.dialect === "postgres") {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle client that loses its connection must not crash the process.
    pool.on("error", (err) => logger.error(`[db] idle PostgreSQL client error: ${err.message}`));
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      plugins: [stripNul],
      log: slowQueryLog(),
    });
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
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: [stripNul],
    log: slowQueryLog(),
  });
  registerDialect(db, "sqlite");
  return { db, dialect: "sqlite", sqlite, close: () => db.destroy() };
}

/** Prepared statements kept per SQL text: preparing costs more than running most of our queries. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The connection as Kysely sees it, with its statements reused (Kysely prepares every query
 * afresh). A statement still being iterated is busy: that query gets a fresh one. SQLite prepares
 * a kept statement again by itself when the schema changes.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SQLite.Statement {
      // A transaction takes the write lock when it begins (Kysely's driver sends "begin"). A
      // deferred one that reads and then writes fails at once with SQLITE_BUSY when another
      // process (a cluster worker, a script) has written since its read; an immediate one waits
      // its turn (busy_timeout) instead.
      if (sql === "begin") sql = "begin immediate";
      const kept = statements.get(sql);
      if (kept && !kept.busy) {
        // Most recently used last: the first entry is the one to drop when full.
        statements.delete(sql);
        statements.set(sql, kept);
        return kept;
      }
      const statement = sqlite.prepare(sql);
      if (!kept) {
        statements.set(sql, statement);
        if (statements.size > STATEMENT_CACHE_SIZE)
          statements.delete(statements.keys().next().value!);
      }
      return statement;
    },
  };
}

/** The app's migrator: its migrations and bookkeeping tables (tests stop it at a chosen migration). */
export function migratorFor(app: AppDatabase): Migrator {
  return new Migrator({
    db: app.db,
    provider: migrationProvider(app.dialect),
    migrationTableName: "kysely_migration",
    migrationLockTableName: "kysely_migration_lock",
  });
}

export async function migrate(app: AppDatabase): Promise<void> {
  const { error, results } = await migratorFor(app).migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? "");
    const which = failed ? ` ${failed.migrationName}` : "";
    throw new Error(`Database migration${which} failed: ${reason}`);
  }
}
