import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { migrate, openDatabase } from "./db/db.server.ts";
import { backupSqlite, BackupError, restoreSqlite, verifySqliteDatabase } from "./backup.server.ts";
import { countEntries } from "../entries/entry-row.server.ts";
import { savedEntry, TEST_ACTOR } from "../../test/writes.ts";

const dir = mkdtempSync(path.join(tmpdir(), "govjobs-backup-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const job = (title: string) => ({
  title,
  organization: "Backup Board",
  status: "published" as const,
  data: {
    summary: "s",
    employmentType: "FULL_TIME",
    state: "Goa",
    lastDate: "2030-01-01",
    qualification: "Any",
  },
});

describe("backup and restore of SQLite", () => {
  it("copies a live database consistently while it is being written, and restores it", async () => {
    const file = path.join(dir, "live.db");
    const live = openDatabase({ dialect: "sqlite", file });
    await migrate(live);
    for (let i = 0; i < 20; i++)
      await savedEntry(live.db, "job", job(`Backup Job ${i}`), TEST_ACTOR);
    // Writes keep going during the backup; the copy is one point in time and passes its checks.
    const writing = (async () => {
      for (let i = 0; i < 20; i++)
        await savedEntry(live.db, "job", job(`During Backup ${i}`), TEST_ACTOR);
    })();
    const copy = path.join(dir, "copy.db");
    const { entries } = await backupSqlite(file, copy);
    await writing;
    expect(entries).toBeGreaterThanOrEqual(20);
    expect(entries).toBeLessThanOrEqual(40);
    expect(await countEntries(live.db)).toBe(40);

    // While the server holds the database, a restore is refused and changes nothing.
    const tx = live.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("app_meta")
        .values({ key: "holding-a-write-lock", value: "1" })
        .execute();
      await expect(restoreSqlite(copy, file)).rejects.toThrow(/in use/);
    });
    await tx;
    await live.close();

    await restoreSqlite(copy, file);
    const back = openDatabase({ dialect: "sqlite", file });
    expect(await countEntries(back.db)).toBe(entries);
    await back.close();
  });

  it("refuses a damaged or foreign file and leaves the database alone", async () => {
    const junk = path.join(dir, "junk.db");
    writeFileSync(junk, "this is not a database");
    await expect(restoreSqlite(junk, path.join(dir, "live.db"))).rejects.toBeInstanceOf(
      BackupError,
    );
    expect(() => verifySqliteDatabase(path.join(dir, "missing.db"))).toThrow(/does not exist/);
    expect(verifySqliteDatabase(path.join(dir, "live.db")).entries).toBeGreaterThan(0);
  });

  it("will not overwrite an existing backup file", async () => {
    await expect(
      backupSqlite(path.join(dir, "live.db"), path.join(dir, "copy.db")),
    ).rejects.toThrow(/already exists/);
  });
});
