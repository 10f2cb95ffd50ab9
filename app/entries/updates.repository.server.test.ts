import { afterEach, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../test/databases.ts";
import type { Kind } from "~/content/kinds.ts";
import { setClock } from "~/lib/india-date.ts";
import type { DB } from "../platform/db/db.server.ts";
import { listEntryChanges } from "./public.repository.server.ts";
import type { EntryWrite } from "./entries.repository.server.ts";
import { feedInLanguage, readUpdates, type UpdatesFeed } from "./updates.repository.server.ts";
import { changedEntry, savedEntry, TEST_ACTOR } from "../../test/writes.ts";

function write(title: string, status: EntryWrite["status"] = "published"): EntryWrite {
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
    },
  };
}

/** An entry that went public at a chosen minute, so the expected order is known. */
async function entryAt(
  db: DB,
  kind: Kind,
  title: string,
  minute: number,
  status: EntryWrite["status"] = "published",
) {
  const entry = await savedEntry(db, kind, write(title, status), TEST_ACTOR);
  const at = new Date(Date.UTC(2026, 0, 1, 10, minute)).toISOString();
  await db
    .updateTable("entries")
    .set({ published_at: status === "published" ? at : null, created_at: at })
    .where("id", "=", entry.id)
    .execute();
  return entry;
}

describeEachDatabase("updates for the bell and the latest bar", (db) => {
  it("is empty when nothing is published", async () => {
    expect(await readUpdates(db())).toEqual({ bell: [], latest: [] });
  });

  it("merges the newest 5 of each kind, newest first, and keeps the top 10", async () => {
    // Jobs at minutes 0..6, results at 10..16, admit cards at 20..26: 7 of each.
    for (let i = 0; i < 7; i++) {
      await entryAt(db(), "job", `Job ${i}`, i);
      await entryAt(db(), "result", `Result ${i}`, 10 + i);
      await entryAt(db(), "admit-card", `Admit ${i}`, 20 + i);
    }
    // Neither drafts nor other kinds are announced, however new.
    await entryAt(db(), "job", "Draft job", 59, "draft");
    await entryAt(db(), "syllabus", "Newest syllabus", 58);
    await entryAt(db(), "answer-key", "Newest answer key", 57);

    const { bell, latest } = await readUpdates(db());
    expect(bell.map((u) => u.title)).toEqual([
      "Admit 6",
      "Admit 5",
      "Admit 4",
      "Admit 3",
      "Admit 2",
      "Result 6",
      "Result 5",
      "Result 4",
      "Result 3",
      "Result 2",
    ]);
    expect(bell[0]).toMatchObject({ type: "Admit Card", url: "/admit-cards/admit-6" });
    expect(bell[5]).toMatchObject({ type: "Result", url: "/results/result-6" });
    expect(bell[0].createdAt).toBe(new Date(Date.UTC(2026, 0, 1, 10, 26)).toISOString());
    expect(latest.map((u) => u.title)).toEqual([
      "Admit 6",
      "Admit 5",
      "Admit 4",
      "Admit 3",
      "Admit 2",
    ]);
  });

  it("takes at most perKind of one kind even when it has all the newest entries", async () => {
    const { bell } = await readUpdates(db(), { perKind: 2, max: 10, latestCount: 3 });
    expect(bell.map((u) => u.title)).toEqual([
      "Admit 6",
      "Admit 5",
      "Result 6",
      "Result 5",
      "Job 6",
      "Job 5",
    ]);
    expect(bell.map((u) => u.type)).toEqual([
      "Admit Card",
      "Admit Card",
      "Result",
      "Result",
      "Job",
      "Job",
    ]);
  });

  it("lists every item once, with unique ids, in the bar and the bell", async () => {
    const { bell, latest } = await readUpdates(db(), { perKind: 20, max: 50, latestCount: 20 });
    expect(new Set(bell.map((u) => u.id)).size).toBe(bell.length);
    expect(new Set(latest.map((u) => u.id)).size).toBe(latest.length);
    expect(latest).toHaveLength(20);
    expect(bell).toHaveLength(21);
    expect(bell.some((u) => u.title === "Draft job")).toBe(false);
  });
});

describeEachDatabase("updates leave closed jobs out", (db) => {
  afterEach(() => setClock());

  it("announces no job whose last date has passed in India, though UTC is still on it", async () => {
    // The bar gives every item a NEW chip: a closed job must not reach it.
    const closing = (title: string, lastDate: string) => {
      const job = write(title);
      return savedEntry(db(), "job", { ...job, data: { ...job.data, lastDate } }, TEST_ACTOR);
    };
    await closing("Closed Last Night", "2026-11-23");
    const open = await closing("Closes Tonight", "2026-11-24");
    const result = await savedEntry(db(), "result", write("A Result"), TEST_ACTOR);
    // 00:10 in India on 24 Nov 2026 (18:40 on the 23rd in UTC).
    setClock("2026-11-24T00:10:00+05:30");
    const { bell, latest } = await readUpdates(db());
    for (const list of [bell, latest]) {
      expect(list.map((u) => u.id).sort()).toEqual([open.id, result.id].sort());
    }
  });
});

describeEachDatabase("key changes as updates", (db) => {
  it("announces a key change of a published entry, once, as its newest news", async () => {
    const job = await entryAt(db(), "job", "Forest Guard", 1);
    await entryAt(db(), "job", "Newer Job", 2);
    // A draft's edits are nobody's news; nor is a reworded summary of a public job.
    const draft = await entryAt(db(), "job", "Draft Job", 3, "draft");
    await changedEntry(
      db(),
      draft.id,
      { ...write("Draft Job", "draft"), data: { ...write("x").data, lastDate: "2031-01-01" } },
      TEST_ACTOR,
    );
    await changedEntry(
      db(),
      job.id,
      { ...write("Forest Guard"), data: { ...write("x").data, summary: "Reworded" } },
      TEST_ACTOR,
    );
    expect(await listEntryChanges(db(), job.id)).toEqual([]);

    await changedEntry(
      db(),
      job.id,
      { ...write("Forest Guard"), data: { ...write("x").data, lastDate: "2030-02-28" } },
      TEST_ACTOR,
    );
    const changes = await listEntryChanges(db(), job.id);
    expect(changes.map((c) => c.detail)).toEqual([
      "Last date extended from 31 Jan 2030 to 28 Feb 2030",
    ]);
    const { bell, latest } = await readUpdates(db());
    expect(bell[0]).toMatchObject({
      id: job.id,
      title: "Last date extended: Forest Guard",
      createdAt: changes[0].createdAt,
    });
    expect(bell.filter((u) => u.id === job.id)).toHaveLength(1);
    expect(latest[0].title).toBe("Last date extended: Forest Guard");
    expect(await listEntryChanges(db(), draft.id)).toEqual([]);
  });
});

describe("feedInLanguage", () => {
  const base = { type: "Job" as const, createdAt: "2026-11-20T10:00:00.000Z" };
  const feed: UpdatesFeed = {
    bell: [
      {
        ...base,
        id: "a",
        title: "Forest Guard Recruitment 2026",
        url: "/jobs/forest-guard",
        words: { title: "Forest Guard Recruitment 2026", hiTitle: "वन रक्षक भर्ती 2026" },
      },
      {
        ...base,
        id: "b",
        title: "Last date extended: Forest Guard Recruitment 2026",
        url: "/jobs/forest-guard",
        words: {
          title: "Forest Guard Recruitment 2026",
          hiTitle: "वन रक्षक भर्ती 2026",
          change: {
            headline: "Last date extended",
            detail: "Last date extended from 20 Nov 2026 to 30 Nov 2026",
            facts: { field: "lastDate", code: "extended", from: "2026-11-20", to: "2026-11-30" },
          },
        },
      },
      {
        ...base,
        id: "c",
        title: "Clerk Recruitment 2026",
        url: "/jobs/clerk",
        words: { title: "Clerk Recruitment 2026", hiTitle: null },
      },
      {
        ...base,
        id: "d",
        title: "Exam date announced: Clerk Recruitment 2026",
        url: "/jobs/clerk",
        words: {
          title: "Clerk Recruitment 2026",
          hiTitle: null,
          change: {
            headline: "Exam date announced",
            detail: "Exam date announced: 10 Jan 2027",
            facts: { field: "examDate", code: "announced", to: "2027-01-10" },
          },
        },
      },
    ],
    latest: [],
  };

  it("gives Hindi pages Hindi titles, headlines and links, the English title where there is no Hindi", () => {
    const hi = feedInLanguage(feed, "hi");
    expect(hi.bell.map((i) => [i.title, i.url, i.lang])).toEqual([
      ["वन रक्षक भर्ती 2026", "/hi/jobs/forest-guard", undefined],
      // Issue 29: what changed, in Hindi (it said "अपडेट: …" whatever had changed).
      ["आवेदन की अंतिम तिथि बढ़ी: वन रक्षक भर्ती 2026", "/hi/jobs/forest-guard", undefined],
      // The English title inside a Hindi page says it is English (screen readers, fonts).
      ["Clerk Recruitment 2026", "/hi/jobs/clerk", "en"],
      // A change to an English-only entry: the Hindi words beside the English title, not in it
      // (one string marked lang="en" would call Hindi words English).
      ["Clerk Recruitment 2026", "/hi/jobs/clerk", "en"],
    ]);
    expect(hi.bell[3].headline).toBe("परीक्षा तिथि घोषित");
    expect(hi.bell.slice(0, 3).every((i) => !("headline" in i))).toBe(true);
    expect(hi.bell.every((i) => !("words" in i))).toBe(true);
  });

  it("leaves English pages as they were, without the server-side Hindi", () => {
    const en = feedInLanguage(feed, "en");
    expect(en.bell.map((i) => [i.title, i.url])).toEqual(feed.bell.map((i) => [i.title, i.url]));
    expect(en.bell.every((i) => !("words" in i) && !("lang" in i))).toBe(true);
  });
});
