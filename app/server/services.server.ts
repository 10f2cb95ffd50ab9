import { env } from "./env.server.ts";
import { createAuth, type Auth } from "./auth.server.ts";
import { migrate, openDatabase, type AppDatabase, type DB } from "./db/db.server.ts";
import { countEntries, publishDueEntries } from "./entries.server.ts";
import { seedDemoContent } from "./demo-content.server.ts";
import { contentChanged } from "./content-events.server.ts";
import { watchContentGeneration, type GenerationSource } from "./cache-invalidation.server.ts";

export interface Services {
  database: AppDatabase;
  db: DB;
  auth: Auth;
  /** The content generation the page cache follows. */
  generation: GenerationSource;
}

let booting: Promise<Services> | undefined;

/** The process's database and auth, opened, migrated (and seeded with demo content) once. */
export function services(): Promise<Services> {
  return (booting ??= boot());
}

async function boot(): Promise<Services> {
  const config = env();
  const database = openDatabase(config.DATABASE_URL);
  await migrate(database);
  if (config.SEED_DEMO && (await countEntries(database.db)) === 0) {
    await seedDemoContent(database.db);
    console.log("[govjobs] filled the empty database with fictional demo content");
  }
  const auth = createAuth(database.db, database.dialect, config);
  // Scheduled entries go live within a minute of their time, on every instance.
  const publishDue = async () => {
    if ((await publishDueEntries(database.db)) > 0) await contentChanged(database.db);
  };
  const timer = setInterval(() => {
    publishDue().catch((err: Error) =>
      console.error(`[govjobs] scheduled publishing failed: ${err.message}`),
    );
  }, 30_000);
  timer.unref();
  await publishDue();
  const generation = watchContentGeneration(
    database,
    config.DATABASE_URL.dialect === "postgres" ? config.DATABASE_URL.url : undefined,
  );
  return { database, db: database.db, auth, generation };
}

export async function db(): Promise<DB> {
  return (await services()).db;
}
