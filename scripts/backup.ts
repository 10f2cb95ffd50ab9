// npm run backup [-- --out FILE]: a consistent copy of the live SQLite database (the server may
// keep running). On PostgreSQL use pg_dump instead (see README).
import path from "node:path";
import { parseArgs } from "node:util";
import { backupSqlite, BackupError } from "~/platform/backup.server.ts";
import { ConfigError, DATA_DIR, parseEnv } from "~/platform/env.server.ts";

try {
  const env = parseEnv();
  if (env.DATABASE_URL.dialect === "postgres") {
    console.error(
      'DATABASE_URL is PostgreSQL: back it up with pg_dump, e.g.\n  pg_dump --format=custom --file=govjobs.dump "$DATABASE_URL"',
    );
    process.exit(2);
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  const out = path.resolve(values.out ?? path.join(DATA_DIR, "backups", `govjobs-${stamp}.db`));
  (await import("node:fs")).mkdirSync(path.dirname(out), { recursive: true });
  const { entries } = await backupSqlite(env.DATABASE_URL.file, out);
  console.log(`Backed up ${entries} entries to ${out}`);
} catch (err) {
  if (err instanceof BackupError || err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
