import { countEntries } from "~/entries/entry-row.server.ts";
import { sweep } from "~/entries/sweep.server.ts";
import { env } from "~/platform/env.server.ts";
import { processLog } from "~/platform/logger.server.ts";
import { contentGeneration } from "~/page-cache/index.ts";
import { atBoot, db } from "~/platform/services.server.ts";
import { stopNotFoundLog } from "~/redirects/not-found-log.repository.server.ts";
import { seedDemoContent } from "../demo/seed.ts";

/**
 * The process composed (issue 27: the platform imports no feature, the edge puts them together):
 * what runs beside the database, in this order, stopped in the same order at shutdown.
 */
const config = env();

// SEED_DEMO fills an empty database, before anything reads it.
atBoot(async ({ db }) => {
  if (!config.SEED_DEMO || (await countEntries(db)) > 0) return;
  await seedDemoContent(db);
  // A line for the person starting the server, under LOG_LEVEL=warn too (e2e/cluster counts it).
  processLog.info("[govjobs] filled the empty database with fictional demo content");
});

// Scheduled entries go live within a minute of their time, on every instance; unused uploads go.
atBoot(async ({ db }) => {
  let sweeping: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    sweeping = sweep(db);
  }, 30_000);
  timer.unref();
  await sweep(db);
  return async () => {
    clearInterval(timer);
    await sweeping;
  };
});

// The 404 log batches its writes: the last batch is written before the pool closes.
atBoot(async () => stopNotFoundLog);

/** What the page cache reads: the database and the content generation (http/app.ts). */
export const pageCacheSources = async () => ({
  db: await db(),
  generation: await contentGeneration(),
});
