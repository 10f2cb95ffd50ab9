import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase } from "../../../test/databases.ts";
import { insertLegacyEntry } from "../../../test/legacy-entries.ts";
import type { Kind } from "~/content/kinds.ts";
import { searchPublished } from "../../entries/search.repository.server.ts";
import { migrate, migratorFor } from "./db.server.ts";
import { migrationProvider } from "./migrations/index.ts";

const KIND_MIGRATION = "2026-11-27T0300-entries-kind-check";

const entry = (title: string) => ({
  title,
  organization: "Kind Check Board",
  status: "published",
  data: { summary: `Summary of ${title}`, state: "Delhi", lastDate: "2030-01-31" },
});

describe.each(DIALECTS)("CHECK on entries.kind (issue 27) [%s]", (dialect) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let jobId = "";
  let resultId = "";

  beforeAll(async () => {
    database = await freshDatabase(dialect, { migrated: false });
    const names = Object.keys(await migrationProvider(dialect).getMigrations()).sort();
    const at = names.indexOf(KIND_MIGRATION);
    expect(at).toBeGreaterThan(0);
    const { error } = await migratorFor(database).migrateTo(names[at - 1]);
    expect(error).toBeUndefined();

    // Before: any kind was stored (what this migration stops).
    const stray = await insertLegacyEntry(database.db, "notice" as Kind, entry("Stray Notice"));
    await database.db.deleteFrom("entries").where("id", "=", stray.id).execute();

    jobId = (await insertLegacyEntry(database.db, "job", entry("Yak Census Assistant"))).id;
    resultId = (await insertLegacyEntry(database.db, "result", entry("Yak Census Result"))).id;
    await database.db
      .updateTable("entries")
      .set({ job_id: jobId })
      .where("id", "=", resultId)
      .execute();
    await migrate(database);
  });
  afterAll(() => database?.dispose());

  it("refuses an unknown kind and takes every known one", async () => {
    const refused = await insertLegacyEntry(
      database.db,
      "notice" as Kind,
      entry("Refused Notice"),
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Error);
    expect(String(refused)).toMatch(/check/i);
    for (const kind of ["admit-card", "syllabus", "answer-key"] as const)
      await insertLegacyEntry(database.db, kind, entry(`Yak ${kind}`));
    const kinds = await database.db.selectFrom("entries").select("kind").execute();
    expect(kinds.map((r) => r.kind).sort()).toEqual(
      ["admit-card", "answer-key", "job", "result", "syllabus"].sort(),
    );
  });

  it("keeps the rows, their search index, links, foreign keys and triggers", async () => {
    const db = database.db;
    const result = await db
      .selectFrom("entries")
      .select("job_id")
      .where("id", "=", resultId)
      .executeTakeFirstOrThrow();
    expect(result.job_id).toBe(jobId);
    expect((await searchPublished(db, "yak census")).items.map((h) => h.id).sort()).toEqual(
      [jobId, resultId].sort(),
    );
    await db.deleteFrom("entries").where("id", "=", jobId).execute();
    const after = await db
      .selectFrom("entries")
      .select("job_id")
      .where("id", "=", resultId)
      .executeTakeFirstOrThrow();
    expect(after.job_id).toBeNull();
    expect((await searchPublished(db, "yak census")).items.map((h) => h.id)).toEqual([resultId]);
  });
});
