import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase } from "../../../test/databases.ts";
import { searchPublished } from "../../entries/search.repository.server.ts";
import type { EntryWrite } from "../../entries/entries.repository.server.ts";
import { saveEntry } from "../../entries/entries.service.server.ts";
import type { Actor } from "../../writes/transaction.server.ts";
import { insertLegacyEntry } from "../../../test/legacy-entries.ts";
import { migrate, migratorFor, type AppDatabase } from "./db.server.ts";
import { migrationProvider } from "./migrations/index.ts";

const PENDING_MIGRATION = "2026-11-23T1330-pending-status";
const AUTHOR: Actor = { id: "user-asha", email: "asha@govjobs.test", name: "Asha" };

function entry(title: string, status: string, extra: Record<string, unknown> = {}): EntryWrite {
  return {
    title,
    organization: "Pending Review Board",
    status: status as EntryWrite["status"],
    data: {
      summary: `Summary of ${title}`,
      employmentType: "FULL_TIME",
      state: "Delhi",
      lastDate: "2030-01-31",
      feeNote: "Pay online.",
      qualification: "Graduate",
      ...extra,
    },
  };
}

describe.each(DIALECTS)("'Pending review' status migration [%s]", (dialect) => {
  let database: AppDatabase;
  let jobId = "";
  let resultId = "";

  beforeAll(async () => {
    database = await freshDatabase(dialect, { migrated: false });
    const names = Object.keys(await migrationProvider(dialect).getMigrations()).sort();
    const at = names.indexOf(PENDING_MIGRATION);
    expect(at).toBeGreaterThan(0);
    const { error } = await migratorFor(database).migrateTo(names[at - 1]);
    expect(error).toBeUndefined();

    // Before: the old CHECK refuses "pending" (the bug this migration fixes).
    const refused = await insertLegacyEntry(
      database.db,
      "job",
      entry("Too Early Pending Clerk", "pending"),
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Error);

    // Rows that must survive the rebuild: a published job and a result linked to it.
    jobId = (
      await insertLegacyEntry(database.db, "job", entry("Zeppelin Survey Assistant", "published"))
    ).id;
    resultId = (
      await insertLegacyEntry(
        database.db,
        "result",
        entry("Zeppelin Survey Assistant Result", "published"),
      )
    ).id;
    await database.db
      .updateTable("entries")
      .set({ job_id: jobId })
      .where("id", "=", resultId)
      .execute();

    await migrate(database);
  });
  afterAll(() => database?.close());

  it("keeps every row, its search index entry and its links", async () => {
    const db = database.db;
    const rows = await db.selectFrom("entries").select(["id", "job_id", "status"]).execute();
    expect(rows.find((r) => r.id === jobId)?.status).toBe("published");
    expect(rows.find((r) => r.id === resultId)?.job_id).toBe(jobId);
    const hits = await searchPublished(db, "zeppelin");
    expect(hits.items.map((h) => h.id).sort()).toEqual([jobId, resultId].sort());
  });

  it("accepts 'pending' and still refuses an unknown status", async () => {
    const saved = await saveEntry(database.db, {
      kind: "job",
      input: entry("Quokka Pending Clerk", "pending"),
      actor: AUTHOR,
    });
    expect(saved.ok).toBe(true);
    if (saved.ok) expect(saved.entry.status).toBe("pending");
    const wrong = await saveEntry(database.db, {
      kind: "job",
      input: entry("Quokka Wrong Status", "lost"),
      actor: AUTHOR,
    }).catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(Error);
    const stored = await database.db
      .selectFrom("entries")
      .select("id")
      .where("title", "=", "Quokka Wrong Status")
      .execute();
    expect(stored).toEqual([]);
  });

  it("keeps the foreign keys and the search triggers working after the rebuild", async () => {
    const db = database.db;
    const fresh = await saveEntry(db, {
      kind: "job",
      input: entry("Narwhal Index Keeper", "published"),
      actor: AUTHOR,
    });
    expect(fresh.ok).toBe(true);
    expect((await searchPublished(db, "narwhal")).total).toBe(1);
    // Deleting the job clears the result's link (on delete set null) and its slugs (cascade).
    await db.deleteFrom("entries").where("id", "=", jobId).execute();
    const result = await db
      .selectFrom("entries")
      .select("job_id")
      .where("id", "=", resultId)
      .executeTakeFirstOrThrow();
    expect(result.job_id).toBeNull();
    const slugs = await db
      .selectFrom("entry_slugs")
      .select("entry_id")
      .where("entry_id", "=", jobId)
      .execute();
    expect(slugs).toEqual([]);
    expect((await searchPublished(db, "zeppelin")).items.map((h) => h.id)).toEqual([resultId]);
  });
});
