import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../test/databases.ts";
import { editor, job } from "../../../test/entries.ts";
import { publishDue } from "../write/entries.server.ts";
import { searchPublished } from "./search.server.ts";
import { createEntry } from "./writes.server.ts";

describeEachDatabase("search of published entries", (db) => {
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
});
