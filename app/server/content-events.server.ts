import { sql } from "kysely";
import type { DB } from "./db/db.server.ts";

/**
 * The content generation: a number in the database that changes whenever anything public changes
 * (entries, site pages, settings, redirects). Public caches key on it, so a write is visible on the
 * next request, whichever process or instance made it. Every write path calls
 * `await contentChanged(db)` after its transaction commits.
 */
const KEY = "content_generation";
const listeners = new Set<() => void>();

export async function contentChanged(db: DB): Promise<void> {
  await db
    .insertInto("app_meta")
    .values({ key: KEY, value: "1" })
    .onConflict((oc) =>
      oc
        .column("key")
        .doUpdateSet({ value: sql<string>`cast(cast(app_meta.value as integer) + 1 as text)` }),
    )
    .execute();
  for (const listener of listeners) listener();
}

export async function readContentGeneration(db: DB): Promise<number> {
  const row = await db
    .selectFrom("app_meta")
    .select("value")
    .where("key", "=", KEY)
    .executeTakeFirst();
  return row ? Number(row.value) : 0;
}

/** Called in this process after every local content write (the page cache listens). */
export function onContentChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
