import { afterEach, expect, it } from "vitest";
import { describeEachDatabase } from "../../test/databases.ts";
import { setClock } from "~/india-date.ts";
import {
  createEntry,
  EntryConflictError,
  entriesOfJob,
  filterValues,
  findPublishedBySlug,
  jobsClosingSoon,
  latestPublished,
  listPublished,
  searchPublished,
  updateEntry,
  type EntryWrite,
} from "./entries.server.ts";
import { listRevisions } from "./revisions.server.ts";
import { publishDue } from "./write/entries.server.ts";

const editor = { id: null, name: "Test editor" };

function job(
  title: string,
  extra: Partial<EntryWrite["data"]> = {},
  status: EntryWrite["status"] = "published",
): EntryWrite {
  return {
    title,
    organization: "Central Staff Selection Agency",
    status,
    data: {
      summary: `Summary of ${title}`,
      employmentType: "FULL_TIME",
      state: "Delhi",
      lastDate: "2030-01-31",
      qualification: "Graduate",
      ...extra,
    },
  };
}

describeEachDatabase("entries repository", (db) => {
  it("creates an entry with a slug from its title and a first revision", async () => {
    const entry = await createEntry(db(), "job", job("Junior Clerk Recruitment 2026"), editor);
    expect(entry.slug).toBe("junior-clerk-recruitment-2026");
    expect(entry.state).toBe("Delhi");
    expect(entry.lastDate).toBe("2030-01-31");
    expect(entry.publishedAt).not.toBeNull();
    const revisions = await listRevisions(db(), "entry", entry.id);
    expect(revisions).toHaveLength(1);
    expect(revisions[0].authorName).toBe("Test editor");
  });

  it("gives a second entry with the same title a numbered slug", async () => {
    const a = await createEntry(db(), "job", job("Forest Guard Recruitment"), editor);
    const b = await createEntry(db(), "job", job("Forest Guard Recruitment"), editor);
    expect([a.slug, b.slug]).toEqual(["forest-guard-recruitment", "forest-guard-recruitment-2"]);
  });

  it("refuses an explicit slug that is taken", async () => {
    await createEntry(db(), "job", { ...job("Constable Recruitment"), slug: "constable" }, editor);
    await expect(
      createEntry(db(), "job", { ...job("Other"), slug: "constable" }, editor),
    ).rejects.toBeInstanceOf(EntryConflictError);
  });

  it("keeps answering the old slug with the new one after a rename", async () => {
    const entry = await createEntry(db(), "job", job("Staff Nurse Recruitment"), editor);
    await updateEntry(
      db(),
      entry.id,
      { ...job("Staff Nurse Recruitment"), slug: "staff-nurse-2026" },
      editor,
    );
    expect(await findPublishedBySlug(db(), "job", "staff-nurse-recruitment")).toEqual({
      found: "moved",
      slug: "staff-nurse-2026",
    });
    const found = await findPublishedBySlug(db(), "job", "staff-nurse-2026");
    expect(found.found === "entry" && found.entry.id).toBe(entry.id);
    expect(await listRevisions(db(), "entry", entry.id)).toHaveLength(2);
  });

  it("answers an entry's id (the spec's route parameter) with its slug, only for its own kind", async () => {
    const entry = await createEntry(db(), "job", job("Forest Guard Recruitment"), editor);
    for (const id of [entry.id, entry.id.toUpperCase()])
      expect(await findPublishedBySlug(db(), "job", id)).toEqual({
        found: "moved",
        slug: entry.slug,
      });
    expect(await findPublishedBySlug(db(), "result", entry.id)).toEqual({ found: "none" });
    const draft = await createEntry(db(), "job", job("Draft By Id", {}, "draft"), editor);
    expect(await findPublishedBySlug(db(), "job", draft.id)).toEqual({ found: "none" });
  });

  it("never shows drafts publicly", async () => {
    const draft = await createEntry(db(), "job", job("Secret Draft Post", {}, "draft"), editor);
    expect(await findPublishedBySlug(db(), "job", draft.slug)).toEqual({ found: "none" });
    const latest = await latestPublished(db(), "job", 100);
    expect(latest.map((e) => e.id)).not.toContain(draft.id);
  });

  it("lists published entries newest first with filters and pages", async () => {
    await createEntry(db(), "job", job("Bihar Teacher Post", { state: "Bihar" }), editor);
    await new Promise((r) => setTimeout(r, 5));
    await createEntry(db(), "job", job("Bihar Clerk Post", { state: "Bihar" }), editor);
    const page = await listPublished(db(), "job", { filters: { state: "Bihar" }, perPage: 1 });
    expect(page.total).toBe(2);
    expect(page.pages).toBe(2);
    expect(page.items[0].title).toBe("Bihar Clerk Post");
    const second = await listPublished(db(), "job", {
      filters: { state: "Bihar" },
      perPage: 1,
      page: 2,
    });
    expect(second.items[0].title).toBe("Bihar Teacher Post");
  });

  it("finds jobs closing within a window, soonest first", async () => {
    const today = "2031-03-01";
    await createEntry(db(), "job", job("Closes In Three Days", { lastDate: "2031-03-04" }), editor);
    await createEntry(db(), "job", job("Closes Tomorrow", { lastDate: "2031-03-02" }), editor);
    await createEntry(db(), "job", job("Closes Next Month", { lastDate: "2031-04-20" }), editor);
    const soon = await jobsClosingSoon(db(), 7, 10, today);
    expect(soon.map((e) => e.title)).toEqual(["Closes Tomorrow", "Closes In Three Days"]);
  });

  it("links a result to its job and lists it from the job", async () => {
    const parent = await createEntry(db(), "job", job("Linked Parent Job"), editor);
    const result = await createEntry(
      db(),
      "result",
      {
        title: "Linked Parent Exam Result",
        organization: "CSSA",
        status: "published",
        jobId: parent.id,
        data: { summary: "Out now", resultDate: "2030-02-01" },
      },
      editor,
    );
    expect((await entriesOfJob(db(), parent.id)).map((e) => e.id)).toEqual([result.id]);
    await expect(
      createEntry(
        db(),
        "result",
        {
          title: "Orphan Result",
          organization: "CSSA",
          status: "published",
          jobId: "missing",
          data: {},
        },
        editor,
      ),
    ).rejects.toThrow("The linked job does not exist");
  });

  it("publishes scheduled entries when their time has come", async () => {
    const entry = await createEntry(
      db(),
      "job",
      { ...job("Scheduled Post", {}, "scheduled"), publishAt: "2030-06-01T09:00:00Z" },
      editor,
    );
    expect(await publishDue(db(), "2030-05-31T00:00:00.000Z")).toBe(0);
    expect(await publishDue(db(), "2030-06-01T09:00:01.000Z")).toBeGreaterThanOrEqual(1);
    const found = await findPublishedBySlug(db(), "job", entry.slug);
    expect(found.found).toBe("entry");
  });

  it("searches published entries by words and prefixes, marking the words found", async () => {
    await createEntry(
      db(),
      "job",
      job("Lighthouse Keeper Recruitment", { summary: "Coastal lighthouse posts in Goa" }),
      editor,
    );
    await createEntry(db(), "job", job("Lighthouse Draft", {}, "draft"), editor);
    const hits = await searchPublished(db(), "lighthou");
    expect(hits.items.map((h) => h.title)).toEqual(["Lighthouse Keeper Recruitment"]);
    expect(hits.items[0].snippet.toLowerCase()).toContain("\u0001lighthouse\u0002");
    expect((await searchPublished(db(), "'; drop table entries; --")).total).toBe(0);
    expect((await searchPublished(db(), "   ")).total).toBe(0);
  });

  it("ranks the jobs one can still apply for first, counts matches by kind and filters by kind", async () => {
    const open = await createEntry(
      db(),
      "job",
      job("Quokka Junior Clerk Recruitment 2026", { lastDate: "2030-01-31" }),
      editor,
    );
    const others = [
      await createEntry(
        db(),
        "job",
        job("Quokka Junior Clerk Recruitment 2019", { lastDate: "2019-05-01" }),
        editor,
      ),
      await createEntry(
        db(),
        "result",
        {
          title: "Quokka Junior Clerk Result 2026",
          organization: "Central Staff Selection Agency",
          status: "published",
          data: { summary: "Quokka junior clerk result", resultDate: "2026-11-01" },
        },
        editor,
      ),
      await createEntry(
        db(),
        "answer-key",
        {
          title: "Quokka Junior Clerk Answer Key 2026",
          organization: "Central Staff Selection Agency",
          status: "published",
          data: {
            summary: "Quokka junior clerk key",
            keyType: "provisional",
            releaseDate: "2026-10-01",
          },
        },
        editor,
      ),
    ];
    const found = await searchPublished(db(), "quokka junior clerk", { today: "2026-11-23" });
    expect(found.items[0].id).toBe(open.id);
    expect(new Set(found.items.slice(1).map((h) => h.id))).toEqual(
      new Set(others.map((o) => o.id)),
    );
    expect(found.kindCounts).toEqual({ job: 2, result: 1, "answer-key": 1 });
    expect(found.total).toBe(4);
    const results = await searchPublished(db(), "quokka junior clerk", { kind: "result" });
    expect(results.items.map((h) => h.kind)).toEqual(["result"]);
    expect(results.total).toBe(1);
    expect(results.kindCounts.job).toBe(2);
  });

  it("keeps the search index to public entries as their status changes", async () => {
    const entry = await createEntry(
      db(),
      "job",
      { ...job("Zebrafish Warden Post", {}, "scheduled"), publishAt: "2030-07-01T00:00:00Z" },
      editor,
    );
    expect((await searchPublished(db(), "zebrafish")).total).toBe(0);
    await publishDue(db(), "2030-07-02T00:00:00.000Z");
    expect((await searchPublished(db(), "zebrafish")).items.map((h) => h.id)).toEqual([entry.id]);
    await db()
      .updateTable("entries")
      .set({ deleted_at: "2030-07-03T00:00:00.000Z" })
      .where("id", "=", entry.id)
      .execute();
    expect((await searchPublished(db(), "zebrafish")).total).toBe(0);
  });

  it("lists the distinct filter values of public entries only", async () => {
    await createEntry(
      db(),
      "job",
      { ...job("Filter Value One"), organization: "Aardvark Board" },
      editor,
    );
    await createEntry(
      db(),
      "job",
      { ...job("Filter Value Two", {}, "draft"), organization: "Aaa Hidden Draft Board" },
      editor,
    );
    const orgs = await filterValues(db(), "job", "organization");
    expect(orgs).toContain("Aardvark Board");
    expect(orgs).not.toContain("Aaa Hidden Draft Board");
    expect([...orgs].sort()).toEqual(orgs);
  });
});

// 00:10 in India on 24 Nov 2026 is 18:40 on 23 Nov in UTC.
const INDIA_JUST_AFTER_MIDNIGHT = "2026-11-24T00:10:00+05:30";

describeEachDatabase("closing soon, by India's date", (db) => {
  afterEach(() => setClock());

  it("leaves out a job that closed at midnight in India while UTC is still on its last date", async () => {
    // Regression: the home page's box took the UTC date and kept yesterday's jobs until 05:30 IST.
    await createEntry(db(), "job", job("Closed Last Night", { lastDate: "2026-11-23" }), editor);
    await createEntry(db(), "job", job("Closes Tonight", { lastDate: "2026-11-24" }), editor);
    await createEntry(db(), "job", job("Closes In A Week", { lastDate: "2026-12-01" }), editor);
    await createEntry(db(), "job", job("Closes In Eight Days", { lastDate: "2026-12-02" }), editor);
    setClock(INDIA_JUST_AFTER_MIDNIGHT);
    expect(new Date(INDIA_JUST_AFTER_MIDNIGHT).toISOString()).toBe("2026-11-23T18:40:00.000Z");
    const soon = await jobsClosingSoon(db(), 7, 10);
    expect(soon.map((e) => e.title)).toEqual(["Closes Tonight", "Closes In A Week"]);
  });
});
