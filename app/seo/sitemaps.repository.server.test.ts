import { expect, it } from "vitest";
import { describeEachDatabase } from "../../test/databases.ts";
import { job } from "../../test/entries.ts";
import { changedEntry, savedEntry, TEST_ACTOR } from "../../test/writes.ts";
import { feedItems, publicKindStats, sitemapEntries } from "./sitemaps.repository.server.ts";
import type { EntryWrite } from "../entries/entries.repository.server.ts";

function result(title: string): EntryWrite {
  return {
    title,
    organization: "Central Staff Selection Agency",
    status: "published",
    data: { summary: `Result of ${title}`, resultDate: "2026-11-01" },
  };
}

const tick = () => new Promise((r) => setTimeout(r, 5));

describeEachDatabase("public sitemaps and feeds", (db) => {
  it("lists only published, not deleted entries of one kind in a sitemap, newest first", async () => {
    const older = await savedEntry(db(), "job", job("Sitemap Older Clerk"), TEST_ACTOR);
    await tick();
    const newer = await savedEntry(db(), "job", job("Sitemap Newer Clerk"), TEST_ACTOR);
    await savedEntry(db(), "job", job("Sitemap Draft Clerk", {}, "draft"), TEST_ACTOR);
    const trashed = await savedEntry(db(), "job", job("Sitemap Trashed Clerk"), TEST_ACTOR);
    await db()
      .updateTable("entries")
      .set({ deleted_at: new Date().toISOString() })
      .where("id", "=", trashed.id)
      .execute();
    await savedEntry(db(), "result", result("Sitemap Result"), TEST_ACTOR);

    const rows = await sitemapEntries(db(), "job");
    const slugs = rows.map((r) => r.slug);
    expect(slugs).toEqual(["sitemap-newer-clerk", "sitemap-older-clerk"]);
    expect(rows[0].updatedAt).toBe(newer.updatedAt);
    expect(rows[1].updatedAt).toBe(older.updatedAt);
    // Files of perPage entries, newest first: page 2 holds the next ones, past the end nothing.
    expect(await sitemapEntries(db(), "job", { perPage: 1 })).toEqual([rows[0]]);
    expect(await sitemapEntries(db(), "job", { page: 2, perPage: 1 })).toEqual([rows[1]]);
    expect(await sitemapEntries(db(), "job", { page: 3, perPage: 1 })).toEqual([]);
  });

  it("gives the sitemap the new slug and the new lastmod after an edit", async () => {
    const entry = await savedEntry(db(), "result", result("Renamed Result"), TEST_ACTOR);
    await tick();
    const edited = await changedEntry(
      db(),
      entry.id,
      { ...result("Renamed Result"), slug: "renamed-result-2026" },
      TEST_ACTOR,
    );
    const rows = await sitemapEntries(db(), "result");
    const row = rows.find((r) => r.slug === "renamed-result-2026");
    expect(row?.updatedAt).toBe(edited.updatedAt);
    expect(row!.updatedAt > entry.updatedAt).toBe(true);
    expect(rows.some((r) => r.slug === "renamed-result")).toBe(false);
  });

  it("feeds the newest published entries with their summaries", async () => {
    const items = await feedItems(db(), "job", 10);
    expect(items.map((i) => i.title)).toEqual(["Sitemap Newer Clerk", "Sitemap Older Clerk"]);
    expect(items[0].summary).toBe("Summary of Sitemap Newer Clerk");
    expect(items[0].organization).toBe("Central Staff Selection Agency");
    expect(Date.parse(items[0].publishedAt)).not.toBeNaN();
    expect(await feedItems(db(), "job", 1)).toHaveLength(1);
  });

  it("knows when each kind last changed and how many public entries it has, ignoring drafts", async () => {
    const stats = await publicKindStats(db());
    const jobs = await sitemapEntries(db(), "job");
    expect(stats.job?.last).toBe(
      jobs
        .map((j) => j.updatedAt)
        .sort()
        .at(-1),
    );
    expect(stats.job?.count).toBe(jobs.length);
    expect(stats.result?.count).toBe((await sitemapEntries(db(), "result")).length);
    expect(stats.syllabus).toBeUndefined();
  });
});
