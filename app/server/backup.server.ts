import { existsSync, renameSync, rmSync } from "node:fs";
import SQLite from "better-sqlite3";

export class BackupError extends Error {}

/** Check that a file is a healthy govjobs SQLite database; returns how many entries it holds. */
export function verifySqliteDatabase(file: string): { entries: number } {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
    const check = db.pragma("integrity_check", { simple: true });
    if (check !== "ok")
      throw new BackupError(`${file} failed the integrity check: ${String(check)}`);
    const migrated = db
      .prepare("select count(*) as n from sqlite_master where name = 'kysely_migration'")
      .get() as { n: number };
    if (migrated.n !== 1)
      throw new BackupError(`${file} is not a govjobs database (no migrations table)`);
    const { n } = db.prepare("select count(*) as n from entries").get() as { n: number };
    return { entries: n };
  } catch (err) {
    if (err instanceof BackupError) throw err;
    throw new BackupError(`${file} is not a readable SQLite database: ${(err as Error).message}`);
  } finally {
    db?.close();
  }
}

/**
 * A consistent copy of a live SQLite database, made with SQLite's online backup API: the server
 * keeps serving and writing while it runs, and the copy is a single point in time.
 */
export async function backupSqlite(
  source: string,
  destination: string,
): Promise<{ entries: number }> {
  if (existsSync(destination))
    throw new BackupError(`${destination} already exists; choose a new file name`);
  const db = new SQLite(source, { fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  try {
    await db.backup(`${destination}.partial`);
  } finally {
    db.close();
  }
  renameSync(`${destination}.partial`, destination);
  return verifySqliteDatabase(destination);
}

/**
 * Put a backup in place of the database. Refuses while the database is in use (stop the server
 * first) and refuses a backup that fails its checks, so a bad file never replaces a good one.
 */
export async function restoreSqlite(backup: string, target: string): Promise<{ entries: number }> {
  const checked = verifySqliteDatabase(backup);
  if (existsSync(target)) {
    const live = new SQLite(target);
    try {
      live.pragma("busy_timeout = 0");
      // An exclusive lock fails when a server holds the database.
      try {
        live.exec("begin exclusive; commit;");
      } catch {
        throw new BackupError(`${target} is in use: stop the server before restoring`);
      }
      live.pragma("wal_checkpoint(TRUNCATE)");
    } finally {
      live.close();
    }
  }
  const source = new SQLite(backup, { readonly: true });
  try {
    await source.backup(`${target}.restoring`);
  } finally {
    source.close();
  }
  for (const suffix of ["-wal", "-shm"]) rmSync(`${target}${suffix}`, { force: true });
  renameSync(`${target}.restoring`, target);
  return checked;
}
