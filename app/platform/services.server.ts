import { env } from "./env.server.ts";
import { processLog } from "./logger.server.ts";
import { createAuth, type Auth } from "./auth.server.ts";
import { migrate, openDatabase, type AppDatabase, type DB } from "./db/db.server.ts";
import { countEntries } from "../entries/entry-row.server.ts";
import { sweep } from "./sweep.server.ts";
// The one arrow up to the edge: SEED_DEMO fills an empty database at boot, in this module instance
// (dev's Vite graph included). Seeding composed in http/ is the next step (PLAN-27 §E.4).
// eslint-disable-next-line import-x/no-restricted-paths
import { seedDemoContent } from "../../demo/seed.ts";
import {
  generationMemo,
  watchContentGeneration,
  type GenerationSource,
} from "~/page-cache/index.ts";
import { stopNotFoundLog } from "../redirects/not-found-log.repository.server.ts";

export interface Services {
  database: AppDatabase;
  db: DB;
  auth: Auth;
  /** The content generation the page cache follows. */
  generation: GenerationSource;
}

let booting: Promise<Services> | undefined;
/** Undoes what boot() started; set once boot() has opened everything. */
let shutdown: (() => Promise<void>) | undefined;

/** The process's database and auth, opened, migrated (and seeded with demo content) once. */
export function services(): Promise<Services> {
  return (booting ??= boot());
}

async function boot(): Promise<Services> {
  const config = env();
  // The pid file a restore looks for is written once the server listens (http/serve.ts).
  const database = openDatabase(config.DATABASE_URL);
  await migrate(database);
  if (config.SEED_DEMO && (await countEntries(database.db)) === 0) {
    await seedDemoContent(database.db);
    // A line for the person starting the server, under LOG_LEVEL=warn too (e2e/cluster counts it).
    processLog.info("[govjobs] filled the empty database with fictional demo content");
  }
  const auth = createAuth(database.db, database.dialect, config);
  // Scheduled entries go live within a minute of their time, on every instance; unused uploads go.
  let sweeping: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    sweeping = sweep(database.db);
  }, 30_000);
  timer.unref();
  await sweep(database.db);
  const generation = watchContentGeneration(
    database,
    config.DATABASE_URL.dialect === "postgres" ? config.DATABASE_URL.url : undefined,
  );
  shutdown = async () => {
    clearInterval(timer);
    // A sweep or a 404-log write under way would otherwise meet a closed pool.
    await sweeping;
    await stopNotFoundLog();
    await generation.stop();
    await database.close();
  };
  return { database, db: database.db, auth, generation };
}

/**
 * Close what services() opened: the publishing sweep, the 404 log's pending writes, the LISTEN
 * client and the database (pool). For shutdown, once no request needs them any more.
 */
export async function closeServices(): Promise<void> {
  const opened = booting;
  booting = undefined;
  // A boot that failed has nothing to close; the process is leaving because of it anyway.
  if (!(await opened?.catch(() => undefined))) return;
  const close = shutdown;
  shutdown = undefined;
  await close?.();
}

export async function db(): Promise<DB> {
  return (await services()).db;
}

/**
 * A value derived only from public content, computed once per content generation and shared by
 * every request until the next write (app/page-cache/per-generation.server.ts). Here, with the
 * services it reads, so that every feature can use it (issue 27: My exams sits below entries).
 */
export const perGeneration = generationMemo(services);
