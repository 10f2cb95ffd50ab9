import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase } from "../../../test/databases.ts";
import { insertLegacyEntry } from "../../../test/legacy-entries.ts";
import { migrate, migratorFor, type AppDatabase } from "./db.server.ts";
import { migrationProvider } from "./migrations/index.ts";
import { up } from "./migrations/2026-11-27T1000-option-keys.ts";

const MIGRATION = "2026-11-27T1000-option-keys";

describe.each(DIALECTS)("option keys migration [%s]", (dialect) => {
  let database: AppDatabase;
  let jobId = "";
  let oddId = "";

  const entry = async (id: string) =>
    database.db
      .selectFrom("entries")
      .select(["state", "qualification", "data", "search_text"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    database = await freshDatabase(dialect, { migrated: false });
    const names = Object.keys(await migrationProvider(dialect).getMigrations()).sort();
    const at = names.indexOf(MIGRATION);
    expect(at).toBeGreaterThan(0);
    const { error } = await migratorFor(database).migrateTo(names[at - 1]);
    expect(error).toBeUndefined();
    const db = database.db;

    // Rows as they were stored before keys: by English name.
    const data = {
      summary: "Clerks for the district courts.",
      state: "Uttar Pradesh",
      qualification: "12th Pass",
      lastDate: "2030-01-31",
      posts: [
        { post: "Clerk", vacancies: 10, qualification: "Graduate" },
        { post: "Peon", vacancies: 5 },
      ],
    };
    jobId = (
      await insertLegacyEntry(db, "job", {
        title: "Quokka District Court Clerk",
        organization: "Quokka Courts",
        status: "published",
        data,
      })
    ).id;
    // Values that are no option's name stay as they are.
    oddId = (
      await insertLegacyEntry(db, "job", {
        title: "Quokka Odd Values",
        organization: "Quokka Courts",
        status: "draft",
        data: { summary: "Odd.", state: "Atlantis", qualification: "PhD", lastDate: "2030-01-31" },
      })
    ).id;
    const at0 = new Date().toISOString();
    await db
      .insertInto("revisions")
      .values({
        id: crypto.randomUUID(),
        subject_type: "entry",
        subject_id: jobId,
        snapshot: JSON.stringify({ title: "Quokka District Court Clerk", data }),
        author_id: null,
        author_name: "Asha",
        created_at: at0,
      })
      .execute();
    await db
      .insertInto("alert_subscriptions")
      .values({
        id: "sub-quokka",
        channel: "email",
        email: "quokka@govjobs.test",
        language: "en",
        topic_states: JSON.stringify(["Bihar", "Uttar Pradesh", "Atlantis"]),
        topic_qualifications: JSON.stringify(["12th Pass", "Post Graduate"]),
        topic_organizations: JSON.stringify(["Quokka Courts"]),
        topic_kinds: JSON.stringify(["job"]),
        cadence: "instant",
        digest_hour: 7,
        status: "active",
        created_at: at0,
      })
      .execute();
    await db
      .insertInto("organizations")
      .values({
        id: "org-quokka",
        slug: "quokka-courts",
        name: "Quokka Courts",
        state: "Jammu and Kashmir",
        created_at: at0,
        updated_at: at0,
      })
      .execute();

    await migrate(database);
  });
  afterAll(() => database?.close());

  it("stores entries' states and qualifications as keys, columns and data alike", async () => {
    const row = await entry(jobId);
    expect(row.state).toBe("uttar-pradesh");
    expect(row.qualification).toBe("12th-pass");
    const data = JSON.parse(row.data) as Record<string, unknown>;
    expect(data.state).toBe("uttar-pradesh");
    expect(data.qualification).toBe("12th-pass");
    expect(data.posts).toEqual([
      { post: "Clerk", vacancies: 10, qualification: "graduate" },
      { post: "Peon", vacancies: 5 },
    ]);
    expect(data.summary).toBe("Clerks for the district courts.");
  });

  it("leaves values that are no option's name as they are", async () => {
    const row = await entry(oddId);
    expect(row.state).toBe("Atlantis");
    expect(row.qualification).toBe("PhD");
    expect(JSON.parse(row.data)).toMatchObject({ state: "Atlantis", qualification: "PhD" });
  });

  it("converts revisions, so a restore brings keys", async () => {
    const rev = await database.db
      .selectFrom("revisions")
      .select("snapshot")
      .where("subject_id", "=", jobId)
      .executeTakeFirstOrThrow();
    const snapshot = JSON.parse(rev.snapshot) as { title: string; data: Record<string, unknown> };
    expect(snapshot.title).toBe("Quokka District Court Clerk");
    expect(snapshot.data).toMatchObject({ state: "uttar-pradesh", qualification: "12th-pass" });
  });

  it("converts alert topics (sorted, unknown kept) and organizations' states", async () => {
    const sub = await database.db
      .selectFrom("alert_subscriptions")
      .select(["topic_states", "topic_qualifications", "topic_organizations"])
      .where("id", "=", "sub-quokka")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(sub.topic_states)).toEqual(["Atlantis", "bihar", "uttar-pradesh"]);
    expect(JSON.parse(sub.topic_qualifications)).toEqual(["12th-pass", "post-graduate"]);
    expect(JSON.parse(sub.topic_organizations)).toEqual(["Quokka Courts"]);
    const org = await database.db
      .selectFrom("organizations")
      .select("state")
      .where("id", "=", "org-quokka")
      .executeTakeFirstOrThrow();
    expect(org.state).toBe("jammu-and-kashmir");
  });

  it("changes nothing when run a second time", async () => {
    const before = await database.db.selectFrom("entries").selectAll().orderBy("id").execute();
    await up(database.db, dialect);
    const after = await database.db.selectFrom("entries").selectAll().orderBy("id").execute();
    expect(after).toEqual(before);
  });
});
