import { sql } from "kysely";
import type { DB } from "./db/db.server.ts";
import { dialectOf } from "./db/dialect.ts";

/**
 * The content generation: a number in the database that changes whenever anything public changes
 * (entries, site pages, settings, redirects). Public caches key on it, so a write is visible on the
 * next request, whichever process or instance made it. Every write path calls
 * `await contentChanged(db)` after its transaction commits.
 */
const KEY = "content_generation";
export const CONTENT_CHANNEL = "govjobs_content";
const listeners = new Set<(generation: number) => void>();

export async function contentChanged(db: DB): Promise<number> {
  const generation = await bumpGeneration(db);
  await announceGeneration(db, generation);
  return generation;
}

/** The generation moved on, inside the caller's transaction (app/server/write/). */
export async function bumpGeneration(trx: DB): Promise<number> {
  const row = await trx
    .insertInto("app_meta")
    .values({ key: KEY, value: "1" })
    .onConflict((oc) =>
      oc
        .column("key")
        .doUpdateSet({ value: sql<string>`cast(cast(app_meta.value as integer) + 1 as text)` }),
    )
    .returning("value")
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

/** After the commit: caches in this process and in other instances hear of the new generation. */
export async function announceGeneration(db: DB, generation: number): Promise<void> {
  // Other instances on the same PostgreSQL drop their caches when they hear this.
  if (dialectOf(db) === "postgres")
    await sql`select pg_notify(${CONTENT_CHANNEL}, ${String(generation)})`.execute(db);
  for (const listener of listeners) listener(generation);
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
export function onContentChanged(listener: (generation: number) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
