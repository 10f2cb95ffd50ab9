import type { Kysely } from "kysely";
import type { MigrationDialect } from "./migrations/index.ts";

const dialects = new WeakMap<object, MigrationDialect>();

/** Remember which database a Kysely instance talks to, for the few queries that differ. */
export function registerDialect(db: Kysely<any>, dialect: MigrationDialect) {
  dialects.set(db, dialect);
}

export function dialectOf(db: Kysely<any>): MigrationDialect {
  const d = dialects.get(db);
  if (!d) throw new Error("dialectOf: this Kysely instance was not opened through openDatabase()");
  return d;
}

export const now = () => new Date().toISOString();

/**
 * Now, or a millisecond after `previous` if the clock has not moved past it: each write gives a
 * row a new `updated_at`, which is the version an edit form carries.
 */
export function nowAfter(previous: string): string {
  const at = now();
  return at > previous ? at : new Date(Date.parse(previous) + 1).toISOString();
}
export const newId = () => crypto.randomUUID();
