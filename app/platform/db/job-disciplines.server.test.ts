import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EntryData } from "~/content/fields.ts";
import { jobPostRules } from "~/content/job-eligibility.ts";
import { DIALECTS, freshDatabase } from "../../../test/databases.ts";
import { insertLegacyEntry } from "../../../test/legacy-entries.ts";
import type { AppDatabase } from "./db.server.ts";
import { migrationProvider } from "./migrations/index.ts";

const MIGRATION = "2026-11-26T1400-job-disciplines";

/** A job as it was saved before subjects could be ticked: the subject only in words. */
const job = (title: string, data: EntryData) => ({
  title,
  organization: "Old Board",
  status: "published",
  data: {
    summary: "x",
    state: "Delhi",
    lastDate: "2031-06-30",
    ageMax: 30,
    qualification: "Graduate",
    ...data,
  },
});

/** The subjects the old words say, and what the migration must make of them. */
const CASES: [string, EntryData, { disciplines?: string[]; alsoRequired?: string[] }][] = [
  ["Medicine", { qualificationSubjects: "Medicine" }, { disciplines: ["medicine"] }],
  [
    "MBBS",
    { qualificationSubjects: "MBBS from a recognised college" },
    { disciplines: ["medicine"] },
  ],
  ["Medical choice", { qualification: "Medical" }, { disciplines: ["medicine"] }],
  [
    "Engineering",
    { qualificationSubjects: "Engineering (any branch)" },
    { disciplines: ["engineering"] },
  ],
  [
    "Civil",
    { qualification: "Diploma", qualificationSubjects: "Civil" },
    { disciplines: ["engineering"] },
  ],
  ["B.E./B.Tech", { qualificationSubjects: "B.E./B.Tech" }, { disciplines: ["engineering"] }],
  [
    "Engineering choice, Civil",
    { qualification: "Engineering", qualificationSubjects: "Civil or Mechanical" },
    { disciplines: ["engineering"] },
  ],
  ["LLB", { qualificationSubjects: "LLB" }, { disciplines: ["law"] }],
  ["Law choice", { qualification: "Law" }, { disciplines: ["law"] }],
  ["B.Ed", { qualificationSubjects: "B.Ed" }, { alsoRequired: ["education"] }],
  [
    "B.Sc. and B.Ed.",
    { qualificationSubjects: "B.Sc. with B.Ed." },
    { disciplines: ["science"], alsoRequired: ["education"] },
  ],
  [
    "B.Sc. Nursing",
    { qualificationSubjects: "B.Sc. Nursing or GNM" },
    { disciplines: ["nursing"] },
  ],
  ["B.Com", { qualificationSubjects: "B.Com / M.Com" }, { disciplines: ["commerce"] }],
  ["BCA/MCA", { qualificationSubjects: "BCA or MCA" }, { disciplines: ["computer-applications"] }],
  ["B.Pharm", { qualificationSubjects: "D.Pharm / B.Pharm" }, { disciplines: ["pharmacy"] }],
  [
    "Agriculture",
    { qualificationSubjects: "B.Sc. (Agriculture)" },
    { disciplines: ["agriculture"] },
  ],
  ["B.A.", { qualificationSubjects: "B.A. with Hindi" }, { disciplines: ["arts"] }],
  // Words that name no subject on the list stay words: the finder asks candidates to check them.
  ["Statistics", { qualificationSubjects: "Statistics" }, {}],
  ["Political Science", { qualificationSubjects: "Political Science" }, {}],
  ["must be", { qualificationSubjects: "Must be a graduate; any discipline" }, {}],
  ["no words", {}, {}],
];

describe.each(DIALECTS)("the job subjects migration [%s]", (dialect) => {
  let database: AppDatabase;
  const ids = new Map<string, string>();
  let rows = "";
  let ticked = "";
  let notJob = "";
  let migrator: Migrator;

  beforeAll(async () => {
    database = await freshDatabase(dialect, { migrated: false });
    migrator = new Migrator({
      db: database.db,
      provider: migrationProvider(dialect),
      migrationTableName: "kysely_migration",
      migrationLockTableName: "kysely_migration_lock",
    });
    const names = Object.keys(await migrationProvider(dialect).getMigrations()).sort();
    const at = names.indexOf(MIGRATION);
    expect(at).toBeGreaterThan(0);
    expect((await migrator.migrateTo(names[at - 1])).error).toBeUndefined();
    for (const [name, data] of CASES) {
      ids.set(name, (await insertLegacyEntry(database.db, "job", job(name, data))).id);
    }
    // Post rows with their own qualification choice; one that already has ticks keeps them.
    rows = (
      await insertLegacyEntry(
        database.db,
        "job",
        job("Rows", {
          posts: [
            { post: "Clerk", total: 3 },
            { post: "Medical Officer", total: 2, qualification: "Medical" },
            { post: "Assistant Engineer", total: 1, qualification: "Engineering" },
            { post: "Law Officer", total: 1, qualification: "Law", disciplines: ["law"] },
          ],
        }),
      )
    ).id;
    // Already ticked (saved by the new form): left exactly as it is.
    ticked = (
      await insertLegacyEntry(
        database.db,
        "job",
        job("Ticked", { qualificationSubjects: "MBBS", disciplines: ["science"] }),
      )
    ).id;
    notJob = (
      await insertLegacyEntry(database.db, "result", {
        title: "A result",
        organization: "Old Board",
        status: "published",
        data: { summary: "x", resultDate: "2026-01-01", qualificationSubjects: "MBBS" },
      })
    ).id;
    // Up to this migration: the later option keys one turns the labels below into keys.
    expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();
  });
  afterAll(() => database?.close());

  const dataOf = async (id: string) => {
    const row = await database.db
      .selectFrom("entries")
      .select("data")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return JSON.parse(row.data) as EntryData;
  };

  it.each(CASES)("%s", async (name, before, want) => {
    const data = await dataOf(ids.get(name)!);
    expect({ disciplines: data.disciplines, alsoRequired: data.alsoRequired }).toEqual({
      disciplines: want.disciplines,
      alsoRequired: want.alsoRequired,
    });
    // Everything else, the words included, is as it was.
    const { disciplines: _d, alsoRequired: _a, ...rest } = data;
    expect(rest).toEqual(job(name, before).data);
  });

  it("ticks each post row's own qualification, and leaves rows already ticked alone", async () => {
    const data = await dataOf(rows);
    expect((data.posts as { disciplines?: string[] }[]).map((r) => r.disciplines)).toEqual([
      undefined,
      ["medicine"],
      ["engineering"],
      ["law"],
    ]);
    // The finder now reads the same subjects from the ticks as it did from the choices.
    expect(jobPostRules(data).map((p) => p.rules?.disciplines)).toEqual([
      undefined,
      ["medicine"],
      ["engineering"],
      ["law"],
    ]);
  });

  it("leaves ticked jobs and other kinds alone", async () => {
    expect((await dataOf(ticked)).disciplines).toEqual(["science"]);
    expect(await dataOf(notJob)).not.toHaveProperty("disciplines");
  });

  it("records itself once; a second run changes nothing", async () => {
    const before = await dataOf(ids.get("B.Sc. and B.Ed.")!);
    // Again up to itself: the later option keys migration changes labels to keys.
    expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();
    expect(await dataOf(ids.get("B.Sc. and B.Ed.")!)).toEqual(before);
    const applied = (await database.db
      .selectFrom("kysely_migration" as never)
      .select("name" as never)
      .execute()) as { name: string }[];
    expect(applied.filter((r) => r.name === MIGRATION)).toHaveLength(1);
  });
});
