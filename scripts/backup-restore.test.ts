import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * `npm run backup` and `npm run restore` as an operator runs them, on a SQLite file in a temporary
 * DATA_DIR. What backup.server.test.ts does not cover: the scripts themselves, and a restore under
 * a server that is running but idle (no transaction open), which overwrote the live database.
 */
const dir = mkdtempSync(path.join(tmpdir(), "govjobs-restore-"));
const dbFile = path.join(dir, "govjobs.db");
const backupFile = path.join(dir, "backups", "before.db");
const env = {
  ...process.env,
  DATA_DIR: dir,
  DATABASE_URL: `file:${dbFile}`,
  // Vitest sets BASE_URL to "/" in its own environment; the app needs an origin.
  BASE_URL: "http://localhost",
};

function npm(...args: string[]) {
  const r = spawnSync("npm", ["run", "--silent", ...args], { env, encoding: "utf8" });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Entries and the title of one of them, read the way a support engineer would check. */
function contents(): { entries: number; title: string } {
  const db = new SQLite(dbFile, { readonly: true, fileMustExist: true });
  try {
    const { n } = db.prepare("select count(*) as n from entries").get() as { n: number };
    const row = db.prepare("select title from entries order by id limit 1").get() as
      { title: string } | undefined;
    return { entries: n, title: row?.title ?? "" };
  } finally {
    db.close();
  }
}

function write(sql: string) {
  const db = new SQLite(dbFile, { fileMustExist: true });
  try {
    db.exec(sql);
  } finally {
    db.close();
  }
}

let original: { entries: number; title: string };

beforeAll(() => {
  const seeded = npm("seed");
  expect(seeded.stderr + seeded.stdout).toContain("Demo content added");
  original = contents();
  expect(original.entries).toBeGreaterThan(0);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("npm run backup / npm run restore on SQLite", () => {
  it("backs up, and restores the entries deleted and edited since", () => {
    const backup = npm("backup", "--", "--out", backupFile);
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`Backed up ${original.entries} entries to ${backupFile}`);

    write(
      "update entries set title = 'Changed after the backup' where id = (select min(id) from entries);" +
        "delete from entries where id not in (select min(id) from entries);",
    );
    expect(contents()).toEqual({ entries: 1, title: "Changed after the backup" });

    const restore = npm("restore", "--", backupFile);
    expect(restore.status, restore.stderr).toBe(0);
    expect(restore.stdout).toContain(`Restored ${original.entries} entries into ${dbFile}`);
    expect(contents()).toEqual(original);
  }, 60_000);

  it("refuses while a govjobs server has the database open, and names its pid", async () => {
    write("delete from entries where id = (select max(id) from entries)");
    const before = { bytes: readFileSync(dbFile), ...contents() };
    const server = await startServer();
    try {
      const restore = npm("restore", "--", backupFile);
      expect(restore.status).not.toBe(0);
      expect(restore.stderr).toContain(
        `A govjobs server (pid ${server.pid}) is using ${dbFile}. Stop it first, then run npm run restore again.`,
      );
      expect(readFileSync(dbFile).equals(before.bytes)).toBe(true);
      expect(contents().entries).toBe(before.entries);
    } finally {
      await stopServer(server);
    }
    // Stopped, it no longer stands in the way (its pid file is gone with it).
    expect(() => readFileSync(`${dbFile}.pid`)).toThrow();
    const restore = npm("restore", "--", backupFile);
    expect(restore.status, restore.stderr).toBe(0);
    expect(contents()).toEqual(original);
  }, 120_000);

  it("ignores the pid file a crashed server left behind", () => {
    const gone = spawnSync(process.execPath, ["-e", ""]);
    writeFileSync(`${dbFile}.pid`, `${gone.pid}\n`);
    write("delete from entries");
    const restore = npm("restore", "--", backupFile);
    expect(restore.status, restore.stderr).toBe(0);
    expect(contents()).toEqual(original);
    rmSync(`${dbFile}.pid`);
  }, 60_000);

  it("refuses while any other process has the database open, with or without a pid file", () => {
    // This test process holds it open, idle, as an older server or an sqlite3 shell would: no pid
    // file names it.
    const holder = new SQLite(dbFile);
    try {
      holder.pragma("journal_mode = WAL");
      const bytes = readFileSync(dbFile);
      const restore = npm("restore", "--", backupFile);
      expect(restore.status).not.toBe(0);
      expect(restore.stderr).toContain(`${dbFile} is in use by another process`);
      expect(readFileSync(dbFile).equals(bytes)).toBe(true);
    } finally {
      holder.close();
    }
  }, 60_000);
});

/** The production server from BUILD_DIR (or build/) on this database, answering /healthz. */
async function startServer(): Promise<ChildProcess> {
  const port = 41_000 + Math.floor(Math.random() * 9_000);
  const child = spawn(process.execPath, ["server.ts"], {
    env: {
      ...env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
      WEB_CONCURRENCY: "1",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the server exited with ${child.exitCode} (did \`npm run build\` run?)`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the server did not answer /healthz within 60 s");
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}
