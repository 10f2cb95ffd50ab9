import { afterEach, expect, it } from "vitest";
import { describeEachDatabase } from "../../test/databases.ts";
import { job } from "../../test/entries.ts";
import { savedEntry, TEST_ACTOR } from "../../test/writes.ts";
import { setClock } from "~/lib/india-date.ts";
import {
  countPublished,
  filterValues,
  findPublishedBySlug,
  jobsClosingSoon,
  latestPublished,
  listPublished,
} from "./public.repository.server.ts";

describeEachDatabase("public reads of entries", (db) => {
  it("answers an entry's id (the spec's route parameter) with its slug, only for its own kind", async () => {
    const entry = await savedEntry(db(), "job", job("Forest Guard Recruitment"), TEST_ACTOR);
    for (const id of [entry.id, entry.id.toUpperCase()])
      expect(await findPublishedBySlug(db(), "job", id)).toEqual({
        found: "moved",
        slug: entry.slug,
      });
    expect(await findPublishedBySlug(db(), "result", entry.id)).toEqual({ found: "none" });
    const draft = await savedEntry(db(), "job", job("Draft By Id", {}, "draft"), TEST_ACTOR);
    expect(await findPublishedBySlug(db(), "job", draft.id)).toEqual({ found: "none" });
  });

  it("never shows drafts publicly", async () => {
    const draft = await savedEntry(db(), "job", job("Secret Draft Post", {}, "draft"), TEST_ACTOR);
    expect(await findPublishedBySlug(db(), "job", draft.slug)).toEqual({ found: "none" });
    const latest = await latestPublished(db(), "job", 100);
    expect(latest.map((e) => e.id)).not.toContain(draft.id);
  });

  it("lists published entries newest first with filters and pages", async () => {
    await savedEntry(db(), "job", job("Bihar Teacher Post", { state: "Bihar" }), TEST_ACTOR);
    await new Promise((r) => setTimeout(r, 5));
    await savedEntry(db(), "job", job("Bihar Clerk Post", { state: "Bihar" }), TEST_ACTOR);
    // Saved by its English name, stored and filtered by key (the list route reads old names).
    const page = await listPublished(db(), "job", { filters: { state: "bihar" }, perPage: 1 });
    expect(page.total).toBe(2);
    expect(page.pages).toBe(2);
    expect(page.items[0].title).toBe("Bihar Clerk Post");
    const second = await listPublished(db(), "job", {
      filters: { state: "bihar" },
      perPage: 1,
      page: 2,
    });
    expect(second.items[0].title).toBe("Bihar Teacher Post");
  });

  it("finds jobs closing within a window, soonest first", async () => {
    const today = "2031-03-01";
    await savedEntry(
      db(),
      "job",
      job("Closes In Three Days", { lastDate: "2031-03-04" }),
      TEST_ACTOR,
    );
    await savedEntry(db(), "job", job("Closes Tomorrow", { lastDate: "2031-03-02" }), TEST_ACTOR);
    await savedEntry(db(), "job", job("Closes Next Month", { lastDate: "2031-04-20" }), TEST_ACTOR);
    const soon = await jobsClosingSoon(db(), 7, 10, today);
    expect(soon.map((e) => e.title)).toEqual(["Closes Tomorrow", "Closes In Three Days"]);
  });

  it("lists the distinct filter values of public entries only", async () => {
    await savedEntry(
      db(),
      "job",
      { ...job("Filter Value One"), organization: "Aardvark Board" },
      TEST_ACTOR,
    );
    await savedEntry(
      db(),
      "job",
      { ...job("Filter Value Two", {}, "draft"), organization: "Aaa Hidden Draft Board" },
      TEST_ACTOR,
    );
    const orgs = await filterValues(db(), "job", "organization");
    expect(orgs).toContain("Aardvark Board");
    expect(orgs).not.toContain("Aaa Hidden Draft Board");
    expect([...orgs].sort()).toEqual(orgs);
  });
});

describeEachDatabase("counting open jobs", (db) => {
  it("counts jobs with no last date or one not passed, whole list and filtered alike", async () => {
    const today = "2040-06-01";
    const org = { organization: "Open Count Board" };
    const before = await countPublished(db(), "job", { openOn: today });
    const noLastDate = { lastDate: undefined };
    const made = [
      ["Closed Yesterday", { lastDate: "2040-05-31" }, "published"],
      ["Closes Today", { lastDate: today }, "published"],
      ["Closes Next Month", { lastDate: "2040-07-01" }, "published"],
      ["No Last Date", noLastDate, "published"],
      ["Draft, No Last Date", noLastDate, "draft"],
    ] as const;
    for (const [title, data, status] of made)
      await savedEntry(db(), "job", { ...job(title, data, status), ...org }, TEST_ACTOR);
    // The whole list (two ranges of one index) and a filter (one condition) give one answer.
    expect(await countPublished(db(), "job", { openOn: today })).toBe(before + 3);
    expect(await countPublished(db(), "job", { ...org, openOn: today })).toBe(3);
    expect(await countPublished(db(), "job", org)).toBe(4);
    const page = await listPublished(db(), "job", { filters: { ...org, openOn: today } });
    expect(page.items.map((e) => e.title).sort()).toEqual([
      "Closes Next Month",
      "Closes Today",
      "No Last Date",
    ]);
  });
});

// 00:10 in India on 24 Nov 2026 is 18:40 on 23 Nov in UTC.
const INDIA_JUST_AFTER_MIDNIGHT = "2026-11-24T00:10:00+05:30";

describeEachDatabase("closing soon, by India's date", (db) => {
  afterEach(() => setClock());

  it("leaves out a job that closed at midnight in India while UTC is still on its last date", async () => {
    // Regression: the home page's box took the UTC date and kept yesterday's jobs until 05:30 IST.
    await savedEntry(db(), "job", job("Closed Last Night", { lastDate: "2026-11-23" }), TEST_ACTOR);
    await savedEntry(db(), "job", job("Closes Tonight", { lastDate: "2026-11-24" }), TEST_ACTOR);
    await savedEntry(db(), "job", job("Closes In A Week", { lastDate: "2026-12-01" }), TEST_ACTOR);
    await savedEntry(
      db(),
      "job",
      job("Closes In Eight Days", { lastDate: "2026-12-02" }),
      TEST_ACTOR,
    );
    setClock(INDIA_JUST_AFTER_MIDNIGHT);
    expect(new Date(INDIA_JUST_AFTER_MIDNIGHT).toISOString()).toBe("2026-11-23T18:40:00.000Z");
    const soon = await jobsClosingSoon(db(), 7, 10);
    expect(soon.map((e) => e.title)).toEqual(["Closes Tonight", "Closes In A Week"]);
  });
});
