import cluster from "node:cluster";
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
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

/** The file next to a SQLite database that names the server using it: `govjobs.db.pid`. */
export function serverPidFile(database: string): string {
  return `${database}.pid`;
}

/**
 * Mark a SQLite database as used by this server (restoreSqlite names it when it refuses). Returns
 * the function that removes the mark at a clean shutdown. Of several processes on one file the
 * last one started is named; each removes the mark only while it still names itself.
 */
export function claimSqliteDatabase(file: string): () => void {
  // In a cluster the primary has named itself (http/cluster.ts): stopping it stops every worker.
  if (cluster.isWorker) return () => {};
  const pidFile = serverPidFile(file);
  writeFileSync(pidFile, `${process.pid}\n`);
  return () => {
    if (runningPid(pidFile) === process.pid) rmSync(pidFile, { force: true });
  };
}

/** The pid a pid file names, if that process is alive; a stale or unreadable file counts as none. */
function runningPid(pidFile: string): number | undefined {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(pidFile, "utf8"), 10);
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    // EPERM: alive, but someone else's process.
    return (err as NodeJS.ErrnoException).code === "EPERM" ? pid : undefined;
  }
}

/**
 * Refuse while any process has the database open. A server keeps the replaced file open and goes
 * on serving (and writing to) the old database, which then no longer has a name, while its WAL
 * belongs to neither: the restore would seem to work and be lost at the next restart.
 *
 * Leaving WAL mode needs every other connection, in any process, to be closed, and the operating
 * system drops a process's locks when it ends (even by kill -9), so a crashed server never blocks
 * a restore. The pid file only names the server in the message. Leaving WAL mode also checkpoints
 * the WAL into the file, so the -wal and -shm files hold nothing any more.
 */
function refuseWhileOpen(target: string): void {
  const live = new SQLite(target, { fileMustExist: true });
  let mode: unknown;
  try {
    live.pragma("busy_timeout = 0");
    mode = live.pragma("journal_mode = DELETE", { simple: true });
  } catch {
    mode = "busy";
  } finally {
    live.close();
  }
  if (mode === "delete") return;
  const pid = runningPid(serverPidFile(target));
  throw new BackupError(
    pid
      ? `A govjobs server (pid ${pid}) is using ${target}. Stop it first, then run npm run restore again.`
      : `${target} is in use by another process (a govjobs server, npm run backup or an sqlite3 shell). Stop it first, then run npm run restore again.`,
  );
}

/**
 * Put a backup in place of the database. Refuses while the database is in use (stop the server
 * first) and refuses a backup that fails its checks, so a bad file never replaces a good one.
 */
export async function restoreSqlite(backup: string, target: string): Promise<{ entries: number }> {
  const checked = verifySqliteDatabase(backup);
  if (existsSync(target)) refuseWhileOpen(target);
  const restoring = `${target}.restoring`;
  const source = new SQLite(backup, { readonly: true });
  try {
    await source.backup(restoring);
  } finally {
    source.close();
  }
  // Again, as a server may have started during the copy; nothing awaits from here to the rename.
  try {
    if (existsSync(target)) refuseWhileOpen(target);
  } catch (err) {
    rmSync(restoring, { force: true });
    throw err;
  }
  for (const suffix of ["-wal", "-shm", "-journal"]) rmSync(`${target}${suffix}`, { force: true });
  renameSync(restoring, target);
  return checked;
}
