import { expect, it } from "vitest";
import { describeEachDatabase } from "../../test/databases.ts";
import { job } from "../../test/entries.ts";
import { changedEntry, savedEntry, TEST_ACTOR } from "../../test/writes.ts";
import { listRevisions } from "../writes/revisions.repository.server.ts";
import { publishDue, saveEntry } from "./entries.service.server.ts";
import { entriesOfJob, findPublishedBySlug } from "./public.repository.server.ts";

describeEachDatabase("entry writes", (db) => {
  it("creates an entry with a slug from its title and a first revision", async () => {
    const entry = await savedEntry(db(), "job", job("Junior Clerk Recruitment 2026"), TEST_ACTOR);
    expect(entry.slug).toBe("junior-clerk-recruitment-2026");
    expect(entry.state).toBe("delhi"); // stored by key (issue 27)
    expect(entry.lastDate).toBe("2030-01-31");
    expect(entry.publishedAt).not.toBeNull();
    const revisions = await listRevisions(db(), "entry", entry.id);
    expect(revisions).toHaveLength(1);
    expect(revisions[0].authorName).toBe("Test editor");
  });

  it("gives a second entry with the same title a numbered slug", async () => {
    const a = await savedEntry(db(), "job", job("Forest Guard Recruitment"), TEST_ACTOR);
    const b = await savedEntry(db(), "job", job("Forest Guard Recruitment"), TEST_ACTOR);
    expect([a.slug, b.slug]).toEqual(["forest-guard-recruitment", "forest-guard-recruitment-2"]);
  });

  it("refuses an explicit slug that is taken", async () => {
    await savedEntry(
      db(),
      "job",
      { ...job("Constable Recruitment"), slug: "constable" },
      TEST_ACTOR,
    );
    expect(
      await saveEntry(db(), {
        kind: "job",
        input: { ...job("Other"), slug: "constable" },
        actor: TEST_ACTOR,
      }),
    ).toMatchObject({ ok: false, reason: "conflict", field: "slug" });
  });

  it("keeps answering the old slug with the new one after a rename", async () => {
    const entry = await savedEntry(db(), "job", job("Staff Nurse Recruitment"), TEST_ACTOR);
    await changedEntry(
      db(),
      entry.id,
      { ...job("Staff Nurse Recruitment"), slug: "staff-nurse-2026" },
      TEST_ACTOR,
    );
    expect(await findPublishedBySlug(db(), "job", "staff-nurse-recruitment")).toEqual({
      found: "moved",
      slug: "staff-nurse-2026",
    });
    const found = await findPublishedBySlug(db(), "job", "staff-nurse-2026");
    expect(found.found === "entry" && found.entry.id).toBe(entry.id);
    expect(await listRevisions(db(), "entry", entry.id)).toHaveLength(2);
  });

  it("links a result to its job and lists it from the job", async () => {
    const parent = await savedEntry(db(), "job", job("Linked Parent Job"), TEST_ACTOR);
    const result = await savedEntry(
      db(),
      "result",
      {
        title: "Linked Parent Exam Result",
        organization: "CSSA",
        status: "published",
        jobId: parent.id,
        data: { summary: "Out now", resultDate: "2030-02-01" },
      },
      TEST_ACTOR,
    );
    expect((await entriesOfJob(db(), parent.id)).map((e) => e.id)).toEqual([result.id]);
    expect(
      await saveEntry(db(), {
        kind: "result",
        input: {
          title: "Orphan Result",
          organization: "CSSA",
          status: "published",
          jobId: "missing",
          data: {},
        },
        actor: TEST_ACTOR,
      }),
    ).toMatchObject({
      ok: false,
      reason: "conflict",
      field: "jobId",
      message: expect.stringContaining("The linked job does not exist"),
    });
  });

  it("publishes scheduled entries when their time has come", async () => {
    const entry = await savedEntry(
      db(),
      "job",
      { ...job("Scheduled Post", {}, "scheduled"), publishAt: "2030-06-01T09:00:00Z" },
      TEST_ACTOR,
    );
    expect(await publishDue(db(), "2030-05-31T00:00:00.000Z")).toBe(0);
    expect(await publishDue(db(), "2030-06-01T09:00:01.000Z")).toBeGreaterThanOrEqual(1);
    const found = await findPublishedBySlug(db(), "job", entry.slug);
    expect(found.found).toBe("entry");
  });
});
