import { Kysely, SqliteDialect, type CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase, freshDatabase } from "../../test/databases.ts";
import { entryInputSchema } from "~/content/registry.ts";
import { registerDialect } from "../platform/db/dialect.ts";
import type { Database } from "../platform/db/schema.ts";
import type { EntryWrite } from "./entries.repository.server.ts";
import { parse } from "@conform-to/react";
import { checkEntry, readEntryForm } from "~/components/admin/entry-form/checks.ts";
import { readableForm } from "~/content/form-data.ts";
import { refuse } from "../platform/forms.server.ts";
import {
  JOB_SEARCH_LIMIT,
  getJobOption,
  jobsTitled,
  resolveJobPick,
  searchJobsForPicker,
  withJobPickText,
} from "./job-picker.server.ts";
import { savedEntry, TEST_ACTOR } from "../../test/writes.ts";
import { trashEntries } from "./entries.service.server.ts";

function job(
  title: string,
  status: EntryWrite["status"] = "published",
  extra: Partial<EntryWrite> = {},
): EntryWrite {
  return {
    title,
    organization: "Picker Test Board",
    status,
    data: {
      summary: `Summary of ${title}`,
      employmentType: "FULL_TIME",
      state: "Delhi",
      lastDate: "2030-01-31",
      qualification: "Graduate",
    },
    ...extra,
  };
}

describeEachDatabase("job picker", (db) => {
  let clerk: string;
  let clerkOld: string;
  let draft: string;
  let trashed: string;
  let twinA: string;
  let result: string;

  beforeAll(async () => {
    clerkOld = (await savedEntry(db(), "job", job("Junior Clerk Recruitment 2025"), TEST_ACTOR)).id;
    clerk = (await savedEntry(db(), "job", job("Junior Clerk Recruitment 2026"), TEST_ACTOR)).id;
    draft = (
      await savedEntry(db(), "job", job("Forest Guard Recruitment 2026", "draft"), TEST_ACTOR)
    ).id;
    trashed = (await savedEntry(db(), "job", job("Lighthouse Keeper Recruitment"), TEST_ACTOR)).id;
    await trashEntries(db(), "job", [trashed], TEST_ACTOR);
    twinA = (await savedEntry(db(), "job", job("Twin Titled Post"), TEST_ACTOR)).id;
    await savedEntry(db(), "job", job("Twin Titled Post", "draft"), TEST_ACTOR);
    result = (
      await savedEntry(
        db(),
        "result",
        {
          title: "Junior Clerk Recruitment 2026 Result",
          organization: "Picker Test Board",
          status: "published",
          data: { summary: "Result", resultDate: "2026-01-10" },
        },
        TEST_ACTOR,
      )
    ).id;
  });

  const titles = async (q: string) => (await searchJobsForPicker(db(), q)).map((j) => j.title);

  it("finds jobs by the beginnings of words anywhere in the title, newest first, jobs only", async () => {
    const found = await searchJobsForPicker(db(), "clerk recr");
    expect(found.map((j) => j.id)).toEqual([clerk, clerkOld]);
    expect(found[0]).toEqual({
      id: clerk,
      title: "Junior Clerk Recruitment 2026",
      status: "published",
      organization: "Picker Test Board",
    });
    expect(found.map((j) => j.id)).not.toContain(result);
    expect(await titles("CLERK 2026")).toEqual(["Junior Clerk Recruitment 2026"]);
    expect(await titles("picker test")).toContain("Junior Clerk Recruitment 2025");
    expect(await titles("no such words here")).toEqual([]);
    expect(await titles("   ")).toEqual([]);
  });

  it("finds a draft by the beginning of its title, and an id exactly, never a trashed job", async () => {
    expect(await titles("forest gu")).toEqual(["Forest Guard Recruitment 2026"]);
    expect((await searchJobsForPicker(db(), draft))[0]?.id).toBe(draft);
    expect(await titles("lighthouse")).toEqual([]);
    expect(await searchJobsForPicker(db(), trashed)).toEqual([]);
    // A result is not a job, even by its id.
    expect(await searchJobsForPicker(db(), result)).toEqual([]);
  });

  it("answers at most 20, and takes hostile text as plain words", async () => {
    for (let i = 0; i < JOB_SEARCH_LIMIT + 5; i++)
      await savedEntry(db(), "job", job(`Bulk Steno Post ${i}`), TEST_ACTOR);
    expect(await searchJobsForPicker(db(), "steno")).toHaveLength(JOB_SEARCH_LIMIT);
    for (const q of ['"', "steno*) OR (", "title:steno", "NEAR(a b)", "'; drop table entries; --"])
      await expect(searchJobsForPicker(db(), q)).resolves.toBeInstanceOf(Array);
    expect(await titles(`${"x".repeat(1000)}`)).toEqual([]);
  });

  it("finds jobs titled exactly so, of any status", async () => {
    expect((await jobsTitled(db(), "Junior Clerk Recruitment 2026")).map((j) => j.id)).toEqual([
      clerk,
    ]);
    expect(await jobsTitled(db(), "Junior Clerk Recruitment")).toEqual([]);
    expect(await jobsTitled(db(), "junior clerk recruitment 2026")).toEqual([]);
    expect((await jobsTitled(db(), "Forest Guard Recruitment 2026"))[0]?.id).toBe(draft);
    expect(await jobsTitled(db(), "Twin Titled Post")).toHaveLength(2);
    expect(await jobsTitled(db(), "Lighthouse Keeper Recruitment")).toEqual([]);
  });

  it("resolves what the picker sent: a kept choice, an id, a unique title, or a clear error", async () => {
    // No text field: nothing to resolve.
    expect(await resolveJobPick(db(), { jobId: clerk })).toBeNull();
    expect(await resolveJobPick(db(), { jobId: clerk, jobQuery: "" })).toEqual({
      ok: true,
      jobId: "",
    });
    // The chosen job with its own title, even trashed (the link predates the trash).
    expect(
      await resolveJobPick(db(), { jobId: clerk, jobQuery: " Junior Clerk Recruitment 2026 " }),
    ).toEqual({ ok: true, jobId: clerk });
    expect(
      await resolveJobPick(db(), { jobId: trashed, jobQuery: "Lighthouse Keeper Recruitment" }),
    ).toEqual({ ok: true, jobId: trashed });
    // Typed without JavaScript: the hidden id is stale, the text decides.
    expect(
      await resolveJobPick(db(), { jobId: clerk, jobQuery: "Forest Guard Recruitment 2026" }),
    ).toEqual({ ok: true, jobId: draft });
    expect(await resolveJobPick(db(), { jobId: "", jobQuery: clerkOld })).toEqual({
      ok: true,
      jobId: clerkOld,
    });
    const none = await resolveJobPick(db(), { jobId: "", jobQuery: "Junior Clerk" });
    expect(none).toEqual({
      ok: false,
      error: expect.stringMatching(/^No job matches “Junior Clerk”\./),
    });
    const several = await resolveJobPick(db(), { jobQuery: "Twin Titled Post" });
    expect(several).toEqual({
      ok: false,
      error: expect.stringMatching(/^Several jobs match “Twin Titled Post”\./),
    });
    expect(await resolveJobPick(db(), { jobQuery: result })).toMatchObject({ ok: false });
    expect(await resolveJobPick(db(), { jobQuery: "Lighthouse Keeper Recruitment" })).toMatchObject(
      { ok: false },
    );
    expect(await resolveJobPick(db(), { jobQuery: twinA })).toEqual({ ok: true, jobId: twinA });
  });

  it("reads one job for the form's opening, trashed only when asked", async () => {
    expect((await getJobOption(db(), clerk))?.title).toBe("Junior Clerk Recruitment 2026");
    expect(await getJobOption(db(), trashed)).toBeUndefined();
    expect((await getJobOption(db(), trashed, { includeTrashed: true }))?.id).toBe(trashed);
    expect(await getJobOption(db(), result)).toBeUndefined();
  });
});

// A refused entry form echoed only the entry's own fields, so the picker's text (what was typed
// without JavaScript) came back empty beside its "No job matches" error.
describe("the picker's text in a refused entry form", () => {
  it("comes back as typed, cut at a title's length, beside the entry's fields", () => {
    // As the editor's action refuses: Conform's submission of the form, the tree as read echoed.
    const refused = (jobQuery: string) => {
      const form = new FormData();
      for (const [name, text] of Object.entries({ title: "A result", jobQuery, junk: "x" }))
        form.append(name, text);
      const { value } = readEntryForm(form);
      const submission = parse(readableForm(form), { resolve: () => checkEntry("result", value) });
      const schema = withJobPickText(entryInputSchema("result"));
      return (
        refuse(submission, { schema, values: value }) as unknown as {
          data: { initialValue: Record<string, unknown> };
        }
      ).data.initialValue;
    };
    expect(refused("No such job")).toEqual({ title: "A result", jobQuery: "No such job" });
    expect(refused("q".repeat(5000)).jobQuery).toBe("q".repeat(200));
  });
});

/**
 * Each keystroke asks the server: on SQLite none of the picker's queries may read the entries
 * table row by row (100,000 jobs took 0.7 s that way; these seek an index in under 40 ms).
 */
describe("query plans of the job picker [sqlite]", () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let captured: CompiledQuery[] = [];
  let db: Kysely<Database>;
  beforeAll(async () => {
    database = await freshDatabase("sqlite");
    db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: database.sqlite! }),
      log: (event) => {
        if (event.level === "query") captured.push(event.query);
      },
    });
    registerDialect(db, "sqlite");
  });
  afterAll(() => database.dispose());

  it.each([
    ["a search of one word", () => searchJobsForPicker(db, "clerk")],
    ["a search of several words", () => searchJobsForPicker(db, "junior clerk 2026")],
    ["a search by id", () => searchJobsForPicker(db, "0b6f1c2e-id")],
    ["an exact title", () => jobsTitled(db, "Junior Clerk Recruitment 2026")],
    ["a typed title", () => resolveJobPick(db, { jobId: "x", jobQuery: "Junior Clerk" })],
  ] as const)("%s uses an index", async (_name, run) => {
    captured = [];
    await run();
    expect(captured.length).toBeGreaterThan(0);
    for (const query of captured) {
      const plan = database
        .sqlite!.prepare(`explain query plan ${query.sql}`)
        .all(...(query.parameters as unknown[])) as { detail: string }[];
      const details = plan.map((row) => row.detail);
      const fullScans = details.filter(
        (d) => /^SCAN (entries|e)\b(?! USING)/.test(d) || /USE TEMP B-TREE/.test(d),
      );
      expect(fullScans, `${query.sql}\n${details.join("\n")}`).toEqual([]);
    }
  });
});
