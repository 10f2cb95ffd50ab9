import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase, DIALECTS, freshDatabase } from "../../test/databases.ts";
import type { EntryData } from "~/content/fields.ts";
import { findPosts, jobPostRules } from "~/content/job-eligibility.ts";
import { insertLegacyEntry } from "../../test/legacy-entries.ts";
import { migrate, migratorFor, type DB } from "../platform/db/db.server.ts";
import { migrationProvider } from "../platform/db/migrations/index.ts";
import { openJobRules } from "./rules.repository.server.ts";
import type { EntryWrite } from "../entries/entries.repository.server.ts";
import { savedEntry, TEST_ACTOR } from "../../test/writes.ts";

const ELIGIBILITY_MIGRATION = "2026-11-23T1200-job-eligibility";

/** The relaxation table the migration writes into old jobs (the central rules, frozen there). */
const CENTRAL_TABLE = [
  { category: "general", years: 0, pwbdYears: 10 },
  { category: "ews", years: 0, pwbdYears: 10 },
  { category: "obc", years: 3, pwbdYears: 13 },
  { category: "sc", years: 5, pwbdYears: 15 },
  { category: "st", years: 5, pwbdYears: 15 },
];

function job(
  title: string,
  data: EntryData = {},
  status: EntryWrite["status"] = "published",
): EntryWrite {
  return {
    title,
    organization: "Central Staff Selection Agency",
    status,
    data: {
      summary: `Summary of ${title}`,
      employmentType: "FULL_TIME",
      // Option keys, as the later option keys migration leaves them (its own test converts labels).
      state: "delhi",
      lastDate: "2031-06-30",
      qualification: "graduate",
      ...data,
    },
  };
}

function result(title: string): EntryWrite {
  return {
    title,
    organization: "Central Staff Selection Agency",
    status: "published",
    data: { summary: `Result of ${title}`, resultDate: "2031-05-01" },
  };
}

async function rowData(db: DB, id: string) {
  const row = await db
    .selectFrom("entries")
    .select("data")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return row.data;
}

async function trash(db: DB, id: string) {
  await db
    .updateTable("entries")
    .set({ deleted_at: new Date().toISOString() })
    .where("id", "=", id)
    .execute();
}

describe.each(DIALECTS)("job eligibility migration [%s]", (dialect) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  const ids: Record<string, string> = {};
  const before: Record<string, string> = {};

  beforeAll(async () => {
    database = await freshDatabase(dialect, { migrated: false });
    const names = Object.keys(await migrationProvider(dialect).getMigrations()).sort();
    const at = names.indexOf(ELIGIBILITY_MIGRATION);
    expect(at).toBeGreaterThan(0);
    const { error, results } = await migratorFor(database).migrateTo(names[at - 1]);
    expect(error).toBeUndefined();
    expect(results?.every((r) => r.status === "Success")).toBe(true);
    const applied = await database.db
      .selectFrom("kysely_migration" as never)
      .select("name" as never)
      .execute();
    expect((applied as { name: string }[]).map((r) => r.name)).not.toContain(ELIGIBILITY_MIGRATION);

    const db = database.db;
    // Old-style jobs: only a free-text relaxation, ages and no table.
    const old = await insertLegacyEntry(
      db,
      "job",
      job("Old Style Clerk", {
        ageMin: 18,
        ageMax: 27,
        ageCutoffDate: "2031-01-01",
        ageRelaxation: "As per Government of India rules.",
      }),
    );
    // Old, but with a rule and an ex-servicemen figure already set: those are kept.
    const oldWithRule = await insertLegacyEntry(
      db,
      "job",
      job("Old Style State Clerk", {
        ageMin: 21,
        ageMax: 40,
        ageRule: "completed-years",
        exServicemenPlusYears: 5,
      }),
    );
    // Every job is a job: a draft and a trashed one get the table too.
    const oldDraft = await insertLegacyEntry(
      db,
      "job",
      job("Old Style Draft", { ageMax: 30 }, "draft"),
    );
    const oldTrashed = await insertLegacyEntry(db, "job", job("Old Style Trashed", { ageMax: 30 }));
    await trash(db, oldTrashed.id);
    const own = await insertLegacyEntry(
      db,
      "job",
      job("Own Table Constable", {
        ageMin: 18,
        ageMax: 25,
        ageRule: "completed-years",
        ageRelaxations: [
          { category: "obc", years: 2, pwbdYears: 12 },
          { category: "sc", years: 4 },
        ],
      }),
    );
    // An empty table is a table: the editor cleared it on purpose.
    const emptyTable = await insertLegacyEntry(
      db,
      "job",
      job("Empty Table Guard", { ageMax: 30, ageRelaxations: [] }),
    );
    const other = await insertLegacyEntry(db, "result", result("Old Style Result"));
    Object.assign(ids, {
      old: old.id,
      oldWithRule: oldWithRule.id,
      oldDraft: oldDraft.id,
      oldTrashed: oldTrashed.id,
      own: own.id,
      emptyTable: emptyTable.id,
      other: other.id,
    });
    for (const [key, id] of Object.entries(ids)) before[key] = await rowData(db, id);
    for (const key of ["old", "oldWithRule", "oldDraft", "oldTrashed"])
      expect(JSON.parse(before[key])).not.toHaveProperty("ageRelaxations");

    // The rest, the way the app runs it on start.
    await migrate(database);
  });

  afterAll(async () => {
    await database?.dispose();
  });

  it("records the eligibility migration as applied, once", async () => {
    const applied = (await database.db
      .selectFrom("kysely_migration" as never)
      .select("name" as never)
      .execute()) as { name: string }[];
    expect(applied.filter((r) => r.name === ELIGIBILITY_MIGRATION)).toHaveLength(1);
  });

  it("gives an old job the central table, the not-attained rule and 3 ex-servicemen years", async () => {
    const data = JSON.parse(await rowData(database.db, ids.old)) as EntryData;
    expect(data.ageRelaxations).toEqual(CENTRAL_TABLE);
    expect(data.ageRule).toBe("not-attained");
    expect(data.exServicemenPlusYears).toBe(3);
    // Everything else is as it was.
    const { ageRelaxations, ageRule, exServicemenPlusYears, ...rest } = data;
    void [ageRelaxations, ageRule, exServicemenPlusYears];
    expect(rest).toEqual(JSON.parse(before.old));
  });

  it("keeps a rule and an ex-servicemen figure an old job already had", async () => {
    const data = JSON.parse(await rowData(database.db, ids.oldWithRule)) as EntryData;
    expect(data.ageRelaxations).toEqual(CENTRAL_TABLE);
    expect(data.ageRule).toBe("completed-years");
    expect(data.exServicemenPlusYears).toBe(5);
  });

  it("fills drafts and trashed jobs too", async () => {
    for (const key of ["oldDraft", "oldTrashed"]) {
      const data = JSON.parse(await rowData(database.db, ids[key])) as EntryData;
      expect(data.ageRelaxations, key).toEqual(CENTRAL_TABLE);
      expect(data.ageRule, key).toBe("not-attained");
      expect(data.exServicemenPlusYears, key).toBe(3);
    }
  });

  it("leaves a job with its own table, even an empty one, and a non-job entry untouched", async () => {
    for (const key of ["own", "emptyTable", "other"])
      expect(await rowData(database.db, ids[key]), key).toBe(before[key]);
  });

  it("makes an old open job's rules carry the central relaxation", async () => {
    const rules = await openJobRules(database.db, "2031-05-10");
    const old = rules.jobs.find((j) => j.title === "Old Style Clerk");
    expect(old?.posts).toHaveLength(1);
    expect(old?.posts[0].rules).toMatchObject({
      cutoffDate: "2031-01-01",
      upperRule: "not-attained",
      minAge: 18,
      maxAge: 27,
      relaxation: { general: 0, ews: 0, obc: 3, sc: 5, st: 5 },
      pwbdRelaxation: { general: 10, ews: 10, obc: 13, sc: 15, st: 15 },
      exServicemen: { plusYears: 3 },
    });
    const own = rules.jobs.find((j) => j.title === "Own Table Constable");
    expect(own?.posts[0].rules).toMatchObject({
      upperRule: "completed-years",
      relaxation: { obc: 2, sc: 4 },
      pwbdRelaxation: { obc: 12 },
    });
    expect(own?.posts[0].rules?.exServicemen).toBeUndefined();
  });

  it("is idempotent: running it again changes nothing", async () => {
    const { up } = await import("../platform/db/migrations/2026-11-23T1200-job-eligibility.ts");
    const snapshot = await database.db
      .selectFrom("entries")
      .select(["id", "data"])
      .orderBy("id")
      .execute();
    await up(database.db);
    expect(
      await database.db.selectFrom("entries").select(["id", "data"]).orderBy("id").execute(),
    ).toEqual(snapshot);
  });
});

describeEachDatabase("open job rules for the eligibility finder", (db) => {
  const today = "2031-05-10";
  const yesterday = "2031-05-09";
  const ids: Record<string, { id: string; slug: string }> = {};

  beforeAll(async () => {
    const make = async (key: string, kind: "job" | "result", input: EntryWrite) => {
      const entry = await savedEntry(db(), kind, input, TEST_ACTOR);
      ids[key] = { id: entry.id, slug: entry.slug };
    };
    // Inserted out of order: the query orders them.
    await make(
      "later",
      "job",
      job("Later Assistant", { lastDate: "2031-07-15", ageMin: 18, ageMax: 30 }),
    );
    await make(
      "bravo",
      "job",
      job("Bravo Inspector", {
        lastDate: "2031-06-01",
        ageMin: 20,
        ageMax: 27,
        ageCutoffDate: "2031-01-01",
        ageRule: "not-attained",
        ageRelaxations: CENTRAL_TABLE,
        exServicemenPlusYears: 3,
        qualification: "Graduate",
        state: "Delhi",
        hi_title: "ब्रावो इंस्पेक्टर",
      }),
    );
    await make("alpha", "job", job("Alpha Inspector", { lastDate: "2031-06-01", ageMax: 32 }));
    await make("today", "job", job("Closes Today Clerk", { lastDate: today, ageMax: 25 }));
    await make(
      "posts",
      "job",
      job("Multi Post Recruitment", {
        lastDate: "2031-06-20",
        ageMin: 18,
        ageMax: 27,
        ageCutoffDate: "2031-01-01",
        bornFrom: "2004-01-02",
        bornTo: "2013-01-01",
        ageRelaxations: [{ category: "obc", years: 3 }],
        qualification: "12th Pass",
        posts: [
          { post: "Lower Division Clerk", total: 10 },
          {
            post: "Stenographer",
            total: 4,
            ageMin: 21,
            ageMax: 35,
            ageCutoffDate: "2031-03-01",
            qualification: "Graduate",
          },
          { post: "Driver", total: 2, ageMax: 40 },
        ],
      }),
    );
    await make("draft", "job", job("Draft Clerk", { ageMax: 30 }, "draft"));
    await make("trashed", "job", job("Trashed Clerk", { ageMax: 30 }));
    await trash(db(), ids.trashed.id);
    await make("closed", "job", job("Closed Yesterday Clerk", { lastDate: yesterday, ageMax: 30 }));
    await make("scheduled", "job", {
      ...job("Scheduled Clerk", { ageMax: 30 }, "scheduled"),
      publishAt: "2099-01-01T00:00:00Z",
    });
    await make("result", "result", result("Open Looking Result"));
    // A result row with a last date that would otherwise match: only jobs are rules.
    await db()
      .updateTable("entries")
      .set({ last_date: "2031-06-30" })
      .where("id", "=", ids.result.id)
      .execute();
  });

  it("lists only published, not deleted jobs open today, by last date then title", async () => {
    const rules = await openJobRules(db(), today);
    expect(rules.jobs.map((j) => j.title)).toEqual([
      "Closes Today Clerk",
      "Alpha Inspector",
      "Bravo Inspector",
      "Multi Post Recruitment",
      "Later Assistant",
    ]);
    expect(rules.jobs.map((j) => j.lastDate)).toEqual([
      today,
      "2031-06-01",
      "2031-06-01",
      "2031-06-20",
      "2031-07-15",
    ]);
  });

  it("gives each job its address, organization and last date", async () => {
    const rules = await openJobRules(db(), today);
    const bravo = rules.jobs.find((j) => j.title === "Bravo Inspector");
    expect(bravo).toMatchObject({
      href: `/jobs/${ids.bravo.slug}`,
      organization: "Central Staff Selection Agency",
      lastDate: "2031-06-01",
    });
    // The Hindi title, for the Hindi finder, only on a job that has one.
    expect(bravo?.hiTitle).toBe("ब्रावो इंस्पेक्टर");
    const alpha = rules.jobs.find((j) => j.title === "Alpha Inspector");
    expect(alpha && "hiTitle" in alpha).toBe(false);
  });

  it("carries a post's age limits, cut-off date and relaxation", async () => {
    const rules = await openJobRules(db(), today);
    const bravo = rules.jobs.find((j) => j.title === "Bravo Inspector");
    expect(bravo?.posts).toEqual([
      {
        post: "",
        rules: {
          cutoffDate: "2031-01-01",
          upperRule: "not-attained",
          relaxation: { general: 0, ews: 0, obc: 3, sc: 5, st: 5 },
          pwbdRelaxation: { general: 10, ews: 10, obc: 13, sc: 15, st: 15 },
          exServicemen: { plusYears: 3 },
          finalYearAllowed: false,
          minAge: 20,
          maxAge: 27,
          state: "delhi",
          qualification: "graduate",
        },
      },
    ]);
    // Without a cut-off date of its own, ages count on the last date.
    const alpha = rules.jobs.find((j) => j.title === "Alpha Inspector");
    expect(alpha?.posts[0].rules?.cutoffDate).toBe("2031-06-01");
    expect(alpha?.posts[0].rules?.maxAge).toBe(32);
    expect(alpha?.posts[0].rules?.relaxation).toEqual({});
  });

  it("gives one entry per post row, a post's own ages overriding the job's", async () => {
    const rules = await openJobRules(db(), today);
    const multi = rules.jobs.find((j) => j.title === "Multi Post Recruitment");
    expect(multi?.posts.map((p) => p.post)).toEqual([
      "Lower Division Clerk",
      "Stenographer",
      "Driver",
    ]);
    const [clerk, steno, driver] = multi!.posts;
    expect(clerk.rules).toMatchObject({
      minAge: 18,
      maxAge: 27,
      cutoffDate: "2031-01-01",
      birthWindow: { from: "2004-01-02", to: "2013-01-01" },
      relaxation: { obc: 3 },
      qualification: "12th",
    });
    expect(steno.rules).toMatchObject({
      minAge: 21,
      maxAge: 35,
      cutoffDate: "2031-03-01",
      relaxation: { obc: 3 },
      qualification: "graduate",
    });
    // A post with its own ages does not inherit the job's printed birth dates.
    expect(steno.rules?.birthWindow).toBeUndefined();
    expect(driver.rules).toMatchObject({ minAge: 18, maxAge: 40, cutoffDate: "2031-01-01" });
    expect(driver.rules?.birthWindow).toBeUndefined();
    // The same as the pure function over the stored data.
    const stored = JSON.parse(await rowData(db(), ids.posts.id)) as EntryData;
    expect(multi?.posts).toEqual(jobPostRules(stored));
  });

  it("leaves out a job the day after its last date, and keeps it on the day itself", async () => {
    const onTheDay = await openJobRules(db(), yesterday);
    expect(onTheDay.jobs.map((j) => j.title)).toContain("Closed Yesterday Clerk");
    const dayAfter = await openJobRules(db(), "2031-06-02");
    expect(dayAfter.jobs.map((j) => j.title)).toEqual([
      "Multi Post Recruitment",
      "Later Assistant",
    ]);
  });

  it("answers the finder: a profile's eligible posts come in the rules' order", async () => {
    const rules = await openJobRules(db(), today);
    const found = findPosts(
      {
        dateOfBirth: "2006-05-01",
        gender: "female",
        category: "general",
        pwbd: false,
        qualification: "graduate",
        finalYear: false,
      },
      rules.jobs,
      today,
    );
    const key = (f: { job: { title: string }; post: string }) => `${f.job.title}#${f.post}`;
    // Born 1 May 2006: 24 on 1 Jan and 1 Mar 2031, 25 from 1 May 2031. "Closes Today Clerk"
    // (under 25 on 10 May 2031) is the one post they have outgrown; the clerk's printed birth
    // dates (2 Jan 2004 – 1 Jan 2013) admit them.
    expect(found.eligible.map(key)).toEqual([
      "Alpha Inspector#",
      "Bravo Inspector#",
      "Multi Post Recruitment#Lower Division Clerk",
      "Multi Post Recruitment#Stenographer",
      "Multi Post Recruitment#Driver",
      "Later Assistant#",
    ]);
    expect(found.close).toEqual([]);
    expect(found.undecided).toEqual([]);
  });
});
