import { env } from "./env.server.ts";
import { createAuth, type Auth } from "./auth.server.ts";
import { migrate, openDatabase, type AppDatabase, type DB } from "./db/db.server.ts";

export interface Services {
  database: AppDatabase;
  db: DB;
  auth: Auth;
}

/**
 * What the process runs beside the database, added by the edge that composes it (http/boot.ts:
 * demo seeding, the scheduler's sweep, the 404 log's last writes): each runs
 * once the database is open and migrated, in the order added, and gives back how to stop it.
 */
export type BootStep = (services: Services) => Promise<(() => Promise<void>) | void>;
const steps: BootStep[] = [];

/** Add a step to the boot; before the first services() call (a later one would never run). */
export function atBoot(step: BootStep): void {
  if (booting)
    throw new Error("atBoot() after services() has booted: compose before the first use");
  steps.push(step);
}

/** What closeServices() stops before it closes the database, in the order they started. */
let stops: (() => Promise<void>)[] = [];

/** Stop this at shutdown, before the database closes (what a module starts on first use). */
export function beforeClose(stop: () => Promise<void>): void {
  stops.push(stop);
}

let booting: Promise<Services> | undefined;
/** The database boot() opened, closed last. */
let opened: AppDatabase | undefined;

/** The process's database and auth, opened and migrated once, with the edge's steps run. */
export function services(): Promise<Services> {
  return (booting ??= boot());
}

async function boot(): Promise<Services> {
  const config = env();
  // The pid file a restore looks for is written once the server listens (http/serve.ts).
  const database = openDatabase(config.DATABASE_URL);
  await migrate(database);
  const ready: Services = {
    database,
    db: database.db,
    auth: createAuth(database.db, database.dialect, config),
  };
  opened = database;
  for (const step of steps) {
    const stop = await step(ready);
    if (stop) beforeClose(stop);
  }
  return ready;
}

/**
 * Close what services() opened: the edge's steps (the sweep, the 404 log's pending writes) and what
 * started on first use (the page cache's LISTEN client), then the database (pool). For shutdown, once no request needs them any more.
 */
export async function closeServices(): Promise<void> {
  const started = booting;
  booting = undefined;
  // A boot that failed has nothing to close; the process is leaving because of it anyway.
  if (!(await started?.catch(() => undefined))) return;
  const [running, database] = [stops, opened];
  stops = [];
  opened = undefined;
  // In the order started: a sweep or a 404-log write under way would otherwise meet a closed pool.
  for (const stop of running) await stop();
  await database?.close();
}

export async function db(): Promise<DB> {
  return (await services()).db;
}
