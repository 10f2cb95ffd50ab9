import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { migrate, openDatabase, type AppDatabase, type DB } from "~/platform/db/db.server.ts";

export type DialectName = "sqlite" | "postgres";
export const DIALECTS: DialectName[] = ["sqlite", "postgres"];

/**
 * A freshly migrated, empty database of the given kind, private to the caller; with
 * `{ migrated: false }` not migrated at all (for tests of a migration itself). `url` is what a
 * child process opens it by (the SQLite file, or the PostgreSQL URL).
 */
export async function freshDatabase(
  dialect: DialectName,
  { migrated = true } = {},
): Promise<AppDatabase & { url: string; dispose(): Promise<void> }> {
  if (dialect === "sqlite") {
    const dir = mkdtempSync(path.join(tmpdir(), "govjobs-test-"));
    const file = path.join(dir, "test.db");
    const app = openDatabase({ dialect: "sqlite", file });
    if (migrated) await migrate(app);
    return {
      ...app,
      url: file,
      async dispose() {
        await app.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = inject("postgresUrl");
  const name = `t_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const app = openDatabase({ dialect: "postgres", url: url.toString() });
  if (migrated) await migrate(app);
  return {
    ...app,
    url: url.toString(),
    async dispose() {
      await app.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * Run a block of tests once on SQLite and once on PostgreSQL; the test names say which.
 * Each block gets its own freshly migrated database.
 */
export function describeEachDatabase(
  title: string,
  body: (get: () => DB, dialect: DialectName) => void,
) {
  describe.each(DIALECTS)(`${title} [%s]`, (dialect) => {
    let database: Awaited<ReturnType<typeof freshDatabase>>;
    beforeAll(async () => {
      database = await freshDatabase(dialect);
    });
    afterAll(async () => {
      await database?.dispose();
    });
    body(() => database.db, dialect);
  });
}
