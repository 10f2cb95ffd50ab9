import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { startChild } from "../../test/child-process.ts";
import { DIALECTS } from "../../test/databases.ts";
import { job } from "../../test/entries.ts";
import { migrate, openDatabase, type AppDatabase } from "../platform/db/db.server.ts";
import { publishDue, saveEntry } from "./entries.service.server.ts";
import type { Actor } from "../writes/transaction.server.ts";

const PRIYA: Actor = { id: "user-priya", email: "priya@govjobs.test", name: "Priya" };
const DUE = 30;
const AT = "2030-06-01T09:00:01.000Z";

/**
 * Every cluster worker (and every instance on one PostgreSQL) runs the scheduler sweep. Two
 * sweeps at the same moment, in two processes, must publish each due entry once: one revision
 * and one audit row each. On SQLite the second sweep used to fail with "database is locked"
 * (a deferred transaction cannot write after another process has).
 */
describe.each(DIALECTS)("two scheduler sweeps at once [%s]", (dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("publish each due entry exactly once, and neither fails", async () => {
    const { database, url } = await openFresh(dialect, cleanups);
    const db = database.db;
    const ids: string[] = [];
    for (let i = 0; i < DUE; i++) {
      const saved = await saveEntry(db, {
        kind: "job",
        input: { ...job(`Race Recruitment ${i}`), status: "scheduled", publishAt: AT },
        actor: PRIYA,
      });
      if (!saved.ok) throw new Error(`entry ${i} not saved: ${saved.reason}`);
      ids.push(saved.entry.id);
    }

    const sweeps = [sweeper(url), sweeper(url)];
    await Promise.all(sweeps.map((s) => s.ready));
    for (const s of sweeps) s.go();
    const results = await Promise.all(sweeps.map((s) => s.done));
    for (const r of results) expect(r.code, r.output).toBe(0);
    const published = results.map((r) => (JSON.parse(r.last) as { published: number }).published);
    console.log(`[publish race ${dialect}] the two sweeps published ${published.join(" and ")}`);
    expect(published[0] + published[1]).toBe(DUE);

    const revisions = await db
      .selectFrom("revisions")
      .select(["subject_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("subject_id", "in", ids)
      .where("author_name", "=", "scheduler")
      .groupBy("subject_id")
      .execute();
    expect(revisions).toHaveLength(DUE);
    expect(revisions.every((r) => Number(r.n) === 1)).toBe(true);
    const audits = await db
      .selectFrom("audit_log")
      .select("detail")
      .where("action", "=", "entry.publish-scheduled")
      .execute();
    expect(audits.map((a) => a.detail).sort()).toEqual(ids.map((id) => `id ${id}`).sort());
    const left = await db
      .selectFrom("entries")
      .select("id")
      .where("id", "in", ids)
      .where("status", "!=", "published")
      .execute();
    expect(left).toEqual([]);
    // A third sweep finds nothing to do.
    expect(await publishDue(db, AT)).toBe(0);
  }, 60_000);
});

/** A migrated, empty database of its own, and the URL a child process opens it by. */
async function openFresh(
  dialect: (typeof DIALECTS)[number],
  cleanups: (() => Promise<void>)[],
): Promise<{ database: AppDatabase; url: string }> {
  if (dialect === "sqlite") {
    const dir = mkdtempSync(path.join(tmpdir(), "govjobs-race-"));
    const file = path.join(dir, "race.db");
    const database = openDatabase({ dialect: "sqlite", file });
    cleanups.push(async () => {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    });
    await migrate(database);
    return { database, url: file };
  }
  const adminUrl = inject("postgresUrl");
  const name = `t_race_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ dialect: "postgres", url: url.toString() });
  cleanups.push(async () => {
    await database.close();
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  await migrate(database);
  return { database, url: url.toString() };
}

/** test/publish-due-race.ts in a process of its own: connected (ready), then sweeping on go(). */
const sweeper = (url: string) => startChild("test/publish-due-race.ts", [url, AT]);
