import path from "node:path";
import { inject } from "vitest";
import { openDatabase, type DB } from "~/platform/db/db.server.ts";
import { contentChanged } from "../app/page-cache/index.ts";

/**
 * `vi.waitFor` options for checking what a request wrote to the 404 log: the server counts 404s in
 * memory and writes them every NOT_FOUND_LOG_FLUSH_MS, after the response has gone.
 */
export const UNTIL_404_WRITTEN = { timeout: 15_000, interval: 50 };

/**
 * Direct access to the e2e server's SQLite database, for tests that prepare data the UI does not
 * make (or check what a request wrote). Writes bump the content generation, as the app's own do.
 */
export async function withE2eDb<T>(fn: (db: DB) => Promise<T>, { write = false } = {}): Promise<T> {
  const database = openDatabase({
    dialect: "sqlite",
    file: path.join(inject("dataDir"), "e2e.db"),
  });
  try {
    const result = await fn(database.db);
    if (write) await contentChanged(database.db);
    return result;
  } finally {
    await database.close();
  }
}

/**
 * Every stored setting as it is now, and a function that puts exactly these back (inside a
 * `withE2eDb(…, { write: true })`), for a test that saves settings through a screen or a form.
 */
export async function snapshotSettings(): Promise<(db: DB) => Promise<void>> {
  const rows = await withE2eDb((db) => db.selectFrom("settings").selectAll().execute());
  return async (db) => {
    await db.deleteFrom("settings").execute();
    if (rows.length) await db.insertInto("settings").values(rows).execute();
  };
}
