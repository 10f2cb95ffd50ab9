import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../test/databases.ts";
import { editor, job } from "../../../test/entries.ts";
import { listRevisions } from "../revisions.server.ts";
import { publishDue } from "../write/entries.server.ts";
import { entriesOfJob, findPublishedBySlug } from "./public-reads.server.ts";
import { createEntry, EntryConflictError, updateEntry } from "./writes.server.ts";

describeEachDatabase("entry writes", (db) => {
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
});
