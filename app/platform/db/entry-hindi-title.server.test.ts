import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase } from "../../../test/databases.ts";
import { searchPublished } from "../../entries/search.repository.server.ts";
import { saveEntry } from "../../entries/entries.service.server.ts";
import { migrate, type AppDatabase } from "./db.server.ts";
import { migrationProvider } from "./migrations/index.ts";

const MIGRATION = "2026-11-23T1420-entry-hindi-title";
const ACTOR = { id: "user-hindi", email: "hindi@govjobs.test", name: "Hindi Desk" };

describe.each(DIALECTS)("the entries' Hindi title column [%s]", (dialect) => {
  let database: AppDatabase;

  beforeAll(async () => {
    database = await freshDatabase(dialect, { migrated: false });
    const names = Object.keys(await migrationProvider(dialect).getMigrations()).sort();
    const at = names.indexOf(MIGRATION);
    const migrator = new Migrator({
      db: database.db,
      provider: migrationProvider(dialect),
      migrationTableName: "kysely_migration",
      migrationLockTableName: "kysely_migration_lock",
    });
    expect((await migrator.migrateTo(names[at - 1])).error).toBeUndefined();
    // Entries written before the column existed, straight into the table.
    const row = (id: string, slug: string, data: Record<string, unknown>) => ({
      id,
      kind: "job",
      slug,
      title: `Old Job ${id}`,
      organization: "Old Board",
      status: "published",
      data: JSON.stringify(data),
      search_text: "",
      created_at: "2026-11-01T00:00:00.000Z",
      updated_at: "2026-11-01T00:00:00.000Z",
    });
    await database.db
      .insertInto("entries" as never)
      .values([
        row("with-hindi", "old-with-hindi", { summary: "x", hi_title: "  पुरानी भर्ती  " }),
        row("without-hindi", "old-without-hindi", { summary: "x" }),
        row("blank-hindi", "old-blank-hindi", { summary: "x", hi_title: "   " }),
      ] as never)
      .execute();
    await migrate(database);
  });
  afterAll(() => database?.close());

  it("is filled from data.hi_title for the entries written before it", async () => {
    const rows = await database.db
      .selectFrom("entries")
      .select(["id", "hi_title"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { id: "blank-hindi", hi_title: null },
      { id: "with-hindi", hi_title: "पुरानी भर्ती" },
      { id: "without-hindi", hi_title: null },
    ]);
  });

  it("follows every write, and lists carry it", async () => {
    const saved = await saveEntry(database.db, {
      kind: "job",
      actor: ACTOR,
      input: {
        title: "Forest Guard Recruitment 2026",
        organization: "Forest Board",
        status: "published",
        data: {
          summary: "Forest guard posts.",
          employmentType: "FULL_TIME",
          state: "Delhi",
          lastDate: "2030-01-31",
          feeNote: "Pay online.",
          qualification: "12th Pass",
          hi_title: "वन रक्षक भर्ती 2026",
        },
      },
    });
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    const hits = await searchPublished(database.db, "forest");
    expect(hits.items.map((h) => h.hiTitle)).toEqual(["वन रक्षक भर्ती 2026"]);
    const removed = await saveEntry(database.db, {
      kind: "job",
      id: saved.entry.id,
      actor: ACTOR,
      input: {
        title: saved.entry.title,
        organization: saved.entry.organization,
        status: "published",
        data: { ...saved.entry.data, hi_title: "" },
      },
    });
    expect(removed.ok && removed.entry.hiTitle).toBeNull();
  });
});
