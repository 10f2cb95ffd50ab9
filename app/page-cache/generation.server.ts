import { sql } from "kysely";
import { EVERYTHING, type CacheScope } from "./scopes.ts";
import type { DB } from "~/platform/db/db.server.ts";
import { dialectOf } from "~/platform/db/dialect.ts";

/**
 * The content generation: a number in the database that changes whenever anything public changes
 * (entries, site pages, settings, redirects). Public caches key on it, so a write is visible on the
 * next request, whichever process or instance made it. Writes go through `inWrite`
 * (app/writes/transaction.server.ts), which bumps it with the scopes the write affected.
 */
const KEY = "content_generation";
export const CONTENT_CHANNEL = "govjobs_content";
const listeners = new Set<(generation: number) => void>();

/**
 * SQLite: how long (ms) a process answers cache hits from one read of the generation row
 * (follow.server.ts): reading it for every event-loop turn cost 4% of a cache hit's
 * CPU. A write's caller waits as long after the commit (`announceGeneration`), so once a write
 * is answered no process can take an older page for fresh: each read made before the commit has
 * expired.
 */
export const SQLITE_GENERATION_MS = 5;

/** Change rows kept: a cache further behind than this (or just started) empties itself instead. */
export const KEPT_CHANGES = 5_000;

/** A change made outside the write path (scripts, tests): it affects everything. */
export async function contentChanged(
  db: DB,
  scopes: readonly CacheScope[] = [EVERYTHING],
): Promise<number> {
  const generation = await bumpGeneration(db, scopes);
  await announceGeneration(db, generation);
  return generation;
}

/**
 * The generation moved on, inside the caller's transaction (app/writes/), with the row that
 * says what it changed (`scopes`), so every page cache drops only what shows it. Rows older than
 * the last KEPT_CHANGES go in the same statement's transaction.
 */
export async function bumpGeneration(trx: DB, scopes: readonly CacheScope[]): Promise<number> {
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
  const generation = Number(row.value);
  await trx
    .insertInto("content_changes")
    .values({
      generation,
      scopes: JSON.stringify([...new Set(scopes)]),
      created_at: new Date().toISOString(),
    })
    .execute();
  await trx
    .deleteFrom("content_changes")
    .where("generation", "<=", generation - KEPT_CHANGES)
    .execute();
  return generation;
}

/**
 * What the generations after `after` up to `upTo` changed, each generation's scopes, oldest first;
 * undefined when a row is missing (pruned, or written before the table existed): then only
 * emptying the whole cache is safe. One primary-key range read.
 */
export async function readContentChanges(
  db: DB,
  after: number,
  upTo: number,
): Promise<string[][] | undefined> {
  if (upTo <= after) return [];
  if (upTo - after > KEPT_CHANGES) return undefined;
  const rows = await db
    .selectFrom("content_changes")
    .select(["generation", "scopes"])
    .where("generation", ">", after)
    .where("generation", "<=", upTo)
    .orderBy("generation")
    .execute();
  if (rows.length !== upTo - after) return undefined;
  return rows.map((r) => JSON.parse(r.scopes) as string[]);
}

/**
 * After the commit: caches in this process and in other instances hear of the new generation. On
 * SQLite it returns SQLITE_GENERATION_MS after the commit, when every other process reads it:
 * this process's own pages are moved on before that.
 */
export async function announceGeneration(db: DB, generation: number): Promise<void> {
  const committed = performance.now();
  // Other instances on the same PostgreSQL drop their caches when they hear this.
  if (dialectOf(db) === "postgres")
    await sql`select pg_notify(${CONTENT_CHANNEL}, ${String(generation)})`.execute(db);
  for (const listener of listeners) listener(generation);
  if (dialectOf(db) === "sqlite") {
    // The thread sleeps (as it does for the commit's fsync), not a timer: a timer would also wait
    // for the page renders that this write's stale pages start, and the writer answered only
    // after them (editor's saves on result day: 68 → 209 ms).
    for (
      let left = SQLITE_GENERATION_MS;
      left > 0;
      left = committed + SQLITE_GENERATION_MS - performance.now()
    )
      Atomics.wait(sleeper, 0, 0, left);
  }
}

/** What `announceGeneration` sleeps on: nothing ever wakes it, its timeout ends the sleep. */
const sleeper = new Int32Array(new SharedArrayBuffer(4));

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
