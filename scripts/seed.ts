// npm run seed: fill an empty database with the fictional demo content (the quick start does this
// on its own through SEED_DEMO=1). Refuses a database that already has entries.
import { migrate, openDatabase } from "~/platform/db/db.server.ts";
import { seedDemoContent } from "../demo/seed.ts";
import { countEntries } from "~/entries/entry-row.server.ts";
import { ConfigError, parseEnv } from "~/platform/env.server.ts";

let env;
try {
  env = parseEnv();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
const database = openDatabase(env.DATABASE_URL);
await migrate(database);
const existing = await countEntries(database.db);
if (existing > 0) {
  console.error(
    `The database already has ${existing} entries; demo content goes only into an empty one.`,
  );
  process.exitCode = 1;
} else {
  await seedDemoContent(database.db);
  console.log("Demo content added.");
}
await database.close();
