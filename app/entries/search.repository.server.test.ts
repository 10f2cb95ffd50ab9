import { expect, it } from "vitest";
import { describeEachDatabase } from "../../test/databases.ts";
import { job } from "../../test/entries.ts";
import { savedEntry, TEST_ACTOR } from "../../test/writes.ts";
import { insertGeneratedEntries } from "./bulk.repository.server.ts";
import { publishDue } from "./entries.service.server.ts";
import { searchPublished } from "./search.repository.server.ts";

describeEachDatabase("search of published entries", (db) => {
  it("searches published entries by words and prefixes, marking the words found", async () => {
    await savedEntry(
      db(),
      "job",
      job("Lighthouse Keeper Recruitment", { summary: "Coastal lighthouse posts in Goa" }),
      TEST_ACTOR,
    );
    await savedEntry(db(), "job", job("Lighthouse Draft", {}, "draft"), TEST_ACTOR);
    const hits = await searchPublished(db(), "lighthou");
    expect(hits.items.map((h) => h.title)).toEqual(["Lighthouse Keeper Recruitment"]);
    expect(hits.items[0].snippet.toLowerCase()).toContain("\u0001lighthouse\u0002");
    expect((await searchPublished(db(), "'; drop table entries; --")).total).toBe(0);
    expect((await searchPublished(db(), "   ")).total).toBe(0);
  });

  it("ranks the jobs one can still apply for first, counts matches by kind and filters by kind", async () => {
    const open = await savedEntry(
      db(),
      "job",
      job("Quokka Junior Clerk Recruitment 2026", { lastDate: "2030-01-31" }),
      TEST_ACTOR,
    );
    const others = [
      await savedEntry(
        db(),
        "job",
        job("Quokka Junior Clerk Recruitment 2019", { lastDate: "2019-05-01" }),
        TEST_ACTOR,
      ),
      await savedEntry(
        db(),
        "result",
        {
          title: "Quokka Junior Clerk Result 2026",
          organization: "Central Staff Selection Agency",
          status: "published",
          data: { summary: "Quokka junior clerk result", resultDate: "2026-11-01" },
        },
        TEST_ACTOR,
      ),
      await savedEntry(
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
        TEST_ACTOR,
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
    const entry = await savedEntry(
      db(),
      "job",
      { ...job("Zebrafish Warden Post", {}, "scheduled"), publishAt: "2030-07-01T00:00:00Z" },
      TEST_ACTOR,
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

  it("finds the same page when it tests the newest entries first as when it asks the index", async () => {
    // 400 entries a minute apart that say "zebu", every 7th in its title (ranked higher), every
    // other one still open (boosted); the 40 oldest also say "ibex".
    await insertGeneratedEntries(
      db(),
      Array.from({ length: 400 }, (_, i) => {
        const title = i % 7 === 0 ? `Zebu Warden ${i}` : `Herd Warden ${i}`;
        return {
          kind: "job" as const,
          title,
          organization: "Livestock Board",
          publishedAt: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(),
          data: job(title, {
            summary: `Zebu herd posts${i < 40 ? ", ibex census" : ""}`,
            lastDate: i % 2 ? "2020-01-31" : "2030-01-31",
          }).data,
        };
      }),
      1,
    );
    // walk 0 tests no entry: the full-text index alone.
    const indexOnly = { walk: 0 };
    for (const page of [1, 2, 15]) {
      const ranked = await searchPublished(db(), "zebu", { ...indexOnly, page });
      expect(await searchPublished(db(), "zebu", { walk: 1_000_000, page })).toEqual(ranked);
      // The newest 350 hold 350 matches: enough, the older ones cannot be among the newest 300.
      expect(await searchPublished(db(), "zebu", { walk: 350, page })).toEqual(ranked);
      // The newest 250 (or 100) hold fewer than the 300 ranked: the index finds them instead.
      expect(await searchPublished(db(), "zebu", { walk: 250, page })).toEqual(ranked);
      expect(await searchPublished(db(), "zebu", { walk: 100, page })).toEqual(ranked);
    }
    const first = await searchPublished(db(), "zebu", indexOnly);
    // The word in the title, still open, newest first: 392 (399 and 385 have closed).
    expect(first.items.map((h) => h.title).slice(0, 3)).toEqual([
      "Zebu Warden 392",
      "Zebu Warden 378",
      "Zebu Warden 364",
    ]);
    // The 300 newest matches are ranked, in 15 pages of 20, on both databases; the count says 400.
    expect(first).toMatchObject({ total: 400, pages: 15 });
    expect((await searchPublished(db(), "zebu", { page: 15 })).items).toHaveLength(20);
    expect((await searchPublished(db(), "zebu", { page: 16 })).items).toEqual([]);
    // Only old entries match: none among the newest, all found.
    const old = await searchPublished(db(), "ibex", { walk: 350 });
    expect(old.total).toBe(40);
    expect(old).toEqual(await searchPublished(db(), "ibex", indexOnly));
  });

  it("counts the kind asked on its own when over 1,000 match and the first of them are of other kinds", async () => {
    const at = (minute: number) => new Date(Date.UTC(2024, 0, 1, 0, minute)).toISOString();
    await insertGeneratedEntries(
      db(),
      [
        ...Array.from({ length: 1100 }, (_, i) => ({
          kind: "result" as const,
          title: `Yak Census Result ${i}`,
          organization: "Livestock Board",
          publishedAt: at(i),
          data: { summary: "Yak census result", resultDate: "2024-06-01" },
        })),
        ...Array.from({ length: 40 }, (_, i) => ({
          kind: "job" as const,
          title: `Yak Herder ${i}`,
          organization: "Livestock Board",
          publishedAt: at(2000 + i),
          data: job(`Yak Herder ${i}`).data,
        })),
      ],
      10_000,
    );
    expect(await searchPublished(db(), "yak")).toMatchObject({ total: 1000, totalCapped: true });
    // The first 1,001 matches counted for the chips are all results: the jobs are counted apart.
    const jobs = await searchPublished(db(), "yak", { kind: "job" });
    expect(jobs).toMatchObject({ total: 40, totalCapped: false, pages: 2 });
    expect(jobs.items).toHaveLength(20);
    expect(await searchPublished(db(), "yak", { kind: "result" })).toMatchObject({
      total: 1000,
      totalCapped: true,
    });
  });
});
