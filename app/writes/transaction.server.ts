import { EVERYTHING, type CacheScope } from "~/page-cache/index.ts";
import { recordAudit } from "./audit.repository.server.ts";
import { announceGeneration, bumpGeneration } from "~/page-cache/index.ts";
import type { DB } from "../platform/db/db.server.ts";

/** Who a write is attributed to: a signed-in user, or the scheduler. */
export interface Actor {
  id: string | null;
  email: string | null;
  /** What revisions show as the author. */
  name: string;
}

/** The author a revision records for this actor. */
export const authorOf = (actor: Actor) => ({ id: actor.id, name: actor.name });

export const SCHEDULER: Actor = { id: null, email: null, name: "scheduler" };

/** Records one audit row in the write's transaction. */
export type Audit = (action: string, subject: string, detail?: string) => Promise<void>;

/**
 * What a write's result changed, as cache scopes (app/page-cache/scopes.ts), read in its transaction if
 * need be; none means nothing public changed (no new generation, every cache kept).
 */
export type Affects<T> = (
  result: T,
  trx: DB,
) => readonly CacheScope[] | Promise<readonly CacheScope[]>;

/**
 * The one way content is written: `work` makes its row changes and revisions on `trx`, records
 * its audit rows with `audit`, and the content generation moves on with a row saying what changed
 * (`affects`), all in one transaction, so a failure anywhere leaves nothing behind. Caches hear of
 * the change after the commit and drop only the pages that show what changed.
 */
export async function inWrite<T>(
  db: DB,
  actor: Actor,
  work: (trx: DB, audit: Audit) => Promise<T>,
  affects: Affects<T>,
): Promise<T> {
  let generation: number | undefined;
  const result = await db.transaction().execute(async (trx) => {
    const audit: Audit = (action, subject, detail) =>
      recordAudit(trx, { id: actor.id, email: actor.email ?? actor.name }, action, subject, detail);
    const value = await work(trx, audit);
    const scopes = await affects(value, trx);
    if (scopes.length) generation = await bumpGeneration(trx, scopes);
    return value;
  });
  if (generation !== undefined) await announceGeneration(db, generation);
  return result;
}

/** For writes that change something every page may show (settings, redirects): all of it. */
export const EVERY_PAGE: Affects<unknown> = () => [EVERYTHING];
