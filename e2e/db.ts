import path from "node:path";
import { inject } from "vitest";
import { openDatabase, type DB } from "~/server/db/db.server.ts";
import { contentChanged } from "~/server/content-events.server.ts";

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
