import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase } from "../../../test/databases.ts";
import { uploadUsage } from "../../files/files.service.server.ts";
import { findFile } from "../../files/files.repository.server.ts";
import { migrate, type AppDatabase } from "./db.server.ts";
import { migrationProvider } from "./migrations/index.ts";

const MIGRATION = "2026-11-26T1200-upload-limits";
const sha = (c: string) => c.repeat(64);

/**
 * Issue 25's migration on a database that already has files: the links in entries and site pages
 * are recorded (so published copies stay public), and the site's storage starts with what is kept.
 */
describe.each(DIALECTS)("the upload limits migration [%s]", (dialect) => {
  let database: AppDatabase;

  beforeAll(async () => {
    database = await freshDatabase(dialect, { migrated: false });
    const names = Object.keys(await migrationProvider(dialect).getMigrations()).sort();
    const migrator = new Migrator({
      db: database.db,
      provider: migrationProvider(dialect),
      migrationTableName: "kysely_migration",
      migrationLockTableName: "kysely_migration_lock",
    });
    expect((await migrator.migrateTo(names[names.indexOf(MIGRATION) - 1])).error).toBeUndefined();
    const file = (c: string, size: number) => ({
      id: `file-${c}`,
      sha256: sha(c),
      type: "application/pdf",
      name: `${c}.pdf`,
      size,
      bytes: Buffer.alloc(size, 0x20),
      uploaded_by: null,
      created_at: "2026-11-01T00:00:00.000Z",
    });
    await database.db
      .insertInto("files" as never)
      .values([file("a", 100), file("b", 200), file("c", 300)] as never)
      .execute();
    const entry = (id: string, status: string, link: string) => ({
      id,
      kind: "job",
      slug: id,
      title: `Old ${id}`,
      organization: "Old Board",
      status,
      data: JSON.stringify({ summary: "x", notificationUrl: link }),
      search_text: "",
      created_at: "2026-11-01T00:00:00.000Z",
      updated_at: "2026-11-01T00:00:00.000Z",
    });
    await database.db
      .insertInto("entries" as never)
      .values([
        entry("published-a", "published", `/files/${sha("a")}.pdf`),
        entry("draft-c", "draft", `https://example.org/files/${sha("c")}.pdf`),
      ] as never)
      .execute();
    await database.db
      .insertInto("site_pages" as never)
      .values({
        slug: "about",
        title: "About",
        description: "",
        body: "<p>About</p>",
        updated_at: "2026-11-01T00:00:00.000Z",
        hindi: JSON.stringify({ title: "परिचय", body: `<a href="/files/${sha("b")}.pdf">PDF</a>` }),
      } as never)
      .execute();
    await migrate(database);
  });
  afterAll(() => database?.close());

  it("records the links already written, and the space already taken", async () => {
    const links = await database.db
      .selectFrom("file_references")
      .select(["subject_type", "subject_id", "sha256"])
      .orderBy("sha256")
      .execute();
    expect(links).toEqual([
      { subject_type: "entry", subject_id: "published-a", sha256: sha("a") },
      { subject_type: "page", subject_id: "about", sha256: sha("b") },
      { subject_type: "entry", subject_id: "draft-c", sha256: sha("c") },
    ]);
    expect((await findFile(database.db, sha("a")))?.public).toBe(true);
    expect((await findFile(database.db, sha("b")))?.public).toBe(true);
    expect((await findFile(database.db, sha("c")))?.public).toBe(false);
    expect((await uploadUsage(database.db, "nobody")).stored).toEqual({ files: 3, bytes: 600 });
  });
});
