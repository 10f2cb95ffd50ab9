// npm run restore -- FILE: put a backup made by `npm run backup` in place of the SQLite database.
// Stop the server first. On PostgreSQL use pg_restore instead (see README).
import path from "node:path";
import { parseArgs } from "node:util";
import { BackupError, restoreSqlite } from "~/platform/backup.server.ts";
import { ConfigError, parseEnv } from "~/platform/env.server.ts";

try {
  const env = parseEnv();
  if (env.DATABASE_URL.dialect === "postgres") {
    console.error(
      'DATABASE_URL is PostgreSQL: restore with pg_restore, e.g.\n  pg_restore --clean --if-exists --dbname="$DATABASE_URL" govjobs.dump',
    );
    process.exit(2);
  }
  const { positionals } = parseArgs({ allowPositionals: true });
  if (positionals.length !== 1) {
    console.error("usage: npm run restore -- BACKUP_FILE");
    process.exit(1);
  }
  const { entries } = await restoreSqlite(path.resolve(positionals[0]), env.DATABASE_URL.file);
  console.log(`Restored ${entries} entries into ${env.DATABASE_URL.file}`);
} catch (err) {
  if (err instanceof BackupError || err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
