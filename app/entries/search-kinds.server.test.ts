import { describe, expect, it } from "vitest";
import type { EntryData } from "~/content/fields.ts";
import type { Kind } from "~/content/kinds.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { job } from "../../test/entries.ts";
import { savedEntry, TEST_ACTOR } from "../../test/writes.ts";
import { insertGeneratedEntries } from "./bulk.repository.server.ts";
import { searchPublished } from "./search.repository.server.ts";
import { namedKind, searchWords } from "./search-words.server.ts";
import type { EntryWrite } from "./entries.repository.server.ts";

/** Issue 26: "result" listed five jobs (their text says "final result") before the results. */

const words = (query: string) => namedKind(searchWords(query));

describe("a kind named in a search", () => {
  it("is found by its names in both languages, one or many, and the rest stays words", () => {
    expect(words("result")).toEqual({ kind: "result", rest: [] });
    expect(words("SSC CGL Results 2026")).toEqual({ kind: "result", rest: ["ssc", "cgl", "2026"] });
    expect(words("railway jobs")).toEqual({ kind: "job", rest: ["railway"] });
    expect(words("admit card ctet")).toEqual({ kind: "admit-card", rest: ["ctet"] });
    expect(words("Answer Keys")).toEqual({ kind: "answer-key", rest: [] });
    expect(words("syllabus of upsc")).toEqual({ kind: "syllabus", rest: ["of", "upsc"] });
    expect(words("परिणाम")).toEqual({ kind: "result", rest: [] });
    expect(words("एसएससी रिजल्ट")).toEqual({ kind: "result", rest: ["एसएससी"] });
    expect(words("प्रवेश पत्र")).toEqual({ kind: "admit-card", rest: [] });
    expect(words("एडमिट कार्ड")).toEqual({ kind: "admit-card", rest: [] });
    expect(words("उत्तर कुंजी")).toEqual({ kind: "answer-key", rest: [] });
    expect(words("आंसर की")).toEqual({ kind: "answer-key", rest: [] });
    expect(words("पाठ्यक्रम")).toEqual({ kind: "syllabus", rest: [] });
    expect(words("सिलेबस")).toEqual({ kind: "syllabus", rest: [] });
    expect(words("पुलिस भर्ती")).toEqual({ kind: "job", rest: ["पुलिस"] });
    expect(words("नौकरी")).toEqual({ kind: "job", rest: [] });
  });

  it("needs the whole name: a part of one, or a word that begins like one, names nothing", () => {
    for (const query of ["answer", "admit", "card", "की", "उत्तर प्रदेश", "resultant", "jobless"])
      expect(words(query)).toEqual({ kind: undefined, rest: searchWords(query) });
    // Two kinds named: the first is ranked first, the second stays a word.
    expect(words("admit card result")).toEqual({ kind: "admit-card", rest: ["result"] });
  });
});

const entry = (title: string, data: EntryData): Omit<EntryWrite, "data"> & { data: EntryData } => ({
  title,
  organization: "Central Staff Selection Agency",
  status: "published",
  data,
});

const ids = (found: { items: { id: string }[] }) => found.items.map((h) => h.id);
const kinds = (found: { items: { kind: Kind }[] }) => found.items.map((h) => h.kind);

describeEachDatabase("a search that names a kind ranks that kind first", (db) => {
  it("lists the results before the open jobs whose text says 'final result' (English)", async () => {
    const jobs = [];
    for (const n of [1, 2, 3])
      jobs.push(
        await savedEntry(
          db(),
          "job",
          job(`Walrus Clerk Recruitment ${n}`, {
            summary: "Candidates awaiting their final result may not apply.",
          }),
          TEST_ACTOR,
        ),
      );
    const results = [];
    for (const n of ["Alpha", "Beta"])
      results.push(
        await savedEntry(
          db(),
          "result",
          entry(`Walrus Clerk Exam ${n} Result`, {
            summary: "The result is out.",
            resultDate: "2026-11-01",
          }),
          TEST_ACTOR,
        ),
      );
    // A result whose words never say "result": still a result.
    const merit = await savedEntry(
      db(),
      "result",
      entry("Walrus Clerk Merit List", { summary: "Merit list.", resultDate: "2026-11-02" }),
      TEST_ACTOR,
    );
    const today = { today: "2026-11-23" };
    for (const query of ["result", "Result"]) {
      const found = await searchPublished(db(), query, today);
      expect(kinds(found), query).toEqual(["result", "result", "result", "job", "job", "job"]);
      expect(new Set(ids(found).slice(0, 3))).toEqual(
        new Set([...results, merit].map((r) => r.id)),
      );
      expect(found.kindCounts).toEqual({ result: 3, job: 3 });
      expect(found.total).toBe(6);
    }
    // "results" names the kind too; as a word it is not in the jobs' text.
    const plural = await searchPublished(db(), "results", today);
    expect(kinds(plural)).toEqual(["result", "result", "result"]);
    // The rest of the query still has to match, as words.
    const walrus = await searchPublished(db(), "walrus clerk result", today);
    expect(kinds(walrus)).toEqual(["result", "result", "result", "job", "job", "job"]);
    const alpha = await searchPublished(db(), "alpha result", today);
    expect(ids(alpha)).toEqual([results[0].id]);
    // "jobs": every job, though no job says "jobs".
    const walrusJobs = await searchPublished(db(), "walrus jobs", today);
    expect(new Set(ids(walrusJobs))).toEqual(new Set(jobs.map((j) => j.id)));
    // The type chips still filter: jobs that mention a result, or the results alone.
    const onlyJobs = await searchPublished(db(), "result", { ...today, kind: "job" });
    expect(kinds(onlyJobs)).toEqual(["job", "job", "job"]);
    expect(onlyJobs.total).toBe(3);
    const onlyResults = await searchPublished(db(), "result", { ...today, kind: "result" });
    expect(kinds(onlyResults)).toEqual(["result", "result", "result"]);
    expect(onlyResults.total).toBe(3);
    // The words found are still marked, the kind's word too.
    expect(walrus.items[0].snippet.toLowerCase()).toContain("\u0001walrus\u0002");
  });

  it("ranks admit cards, answer keys and syllabi first when the query names them", async () => {
    const mention = await savedEntry(
      db(),
      "job",
      job("Okapi Guard Recruitment", {
        summary: "The admit card, answer key and syllabus will be on the okapi portal.",
      }),
      TEST_ACTOR,
    );
    const card = await savedEntry(
      db(),
      "admit-card",
      entry("Okapi Guard Hall Ticket", { summary: "Hall ticket out.", examDate: "2026-12-01" }),
      TEST_ACTOR,
    );
    const key = await savedEntry(
      db(),
      "answer-key",
      entry("Okapi Guard Provisional Key", {
        summary: "Key out.",
        keyType: "provisional",
        releaseDate: "2026-11-20",
      }),
      TEST_ACTOR,
    );
    const syllabus = await savedEntry(
      db(),
      "syllabus",
      entry("Okapi Guard Exam Pattern", { summary: "Papers and topics." }),
      TEST_ACTOR,
    );
    const today = { today: "2026-11-23" };
    expect(ids(await searchPublished(db(), "okapi admit card", today))).toEqual([
      card.id,
      mention.id,
    ]);
    expect(ids(await searchPublished(db(), "okapi answer key", today))).toEqual([
      key.id,
      mention.id,
    ]);
    expect(ids(await searchPublished(db(), "okapi syllabus", today))).toEqual([
      syllabus.id,
      mention.id,
    ]);
  });

  it("does the same for the Hindi names: परिणाम, रिजल्ट, उत्तर कुंजी, भर्ती", async () => {
    // An English-only result, one with Hindi, and a job whose Hindi text says "परिणाम"; the
    // Hindi words of the kind find the English-only result too.
    const english = await savedEntry(
      db(),
      "result",
      entry("Ibis Constable Exam Result", { summary: "Out.", resultDate: "2026-11-01" }),
      TEST_ACTOR,
    );
    const hindi = await savedEntry(
      db(),
      "result",
      entry("Ibis Constable Final Result", {
        summary: "Out.",
        resultDate: "2026-11-02",
        hi_title: "आइबिस कांस्टेबल परीक्षा परिणाम",
      }),
      TEST_ACTOR,
    );
    const jobSays = await savedEntry(
      db(),
      "job",
      job("Ibis Constable Recruitment", {
        hi_title: "आइबिस कांस्टेबल भर्ती",
        hi_summary: "अंतिम परिणाम की प्रतीक्षा करने वाले उम्मीदवार आवेदन न करें।",
      }),
      TEST_ACTOR,
    );
    const key = await savedEntry(
      db(),
      "answer-key",
      entry("Ibis Constable Answer Key", {
        summary: "Key.",
        keyType: "final",
        releaseDate: "2026-11-20",
        hi_title: "आइबिस कांस्टेबल उत्तर कुंजी",
      }),
      TEST_ACTOR,
    );
    const today = { today: "2026-11-23" };
    for (const query of ["ibis परिणाम", "ibis रिजल्ट"]) {
      const found = await searchPublished(db(), query, today);
      expect(new Set(ids(found).slice(0, 2)), query).toEqual(new Set([english.id, hindi.id]));
      expect(kinds(found).slice(0, 2), query).toEqual(["result", "result"]);
    }
    // The job's Hindi says "परिणाम": after the results; nothing says "रिजल्ट" but the results.
    expect(ids(await searchPublished(db(), "ibis परिणाम", today)).slice(2)).toEqual([jobSays.id]);
    expect(ids(await searchPublished(db(), "ibis रिजल्ट", today))).toHaveLength(2);
    expect(ids(await searchPublished(db(), "ibis उत्तर कुंजी", today))).toEqual([key.id]);
    expect(ids(await searchPublished(db(), "ibis आंसर की", today))).toEqual([key.id]);
    // "भर्ती" names jobs: the job first, then the others that say it (none here).
    const bharti = await searchPublished(db(), "कांस्टेबल भर्ती", today);
    expect(ids(bharti)).toEqual([jobSays.id]);
    // "ibis नौकरी": the job, though its words never say "नौकरी".
    expect(ids(await searchPublished(db(), "ibis नौकरी", today))).toEqual([jobSays.id]);
  });
});

describeEachDatabase("a kind named alone", (db) => {
  it("lists that kind newest first, the open jobs first among jobs, then what else says it", async () => {
    const older = await savedEntry(
      db(),
      "result",
      entry("Heron Exam Result", { summary: "Out.", resultDate: "2026-10-01" }),
      TEST_ACTOR,
    );
    const newer = await savedEntry(
      db(),
      "result",
      entry("Crane Exam Merit List", { summary: "Out.", resultDate: "2026-11-01" }),
      TEST_ACTOR,
    );
    const says = await savedEntry(
      db(),
      "admit-card",
      entry("Stork Exam Admit Card", {
        summary: "Results follow in March.",
        examDate: "2026-12-01",
      }),
      TEST_ACTOR,
    );
    // The open job is the older one: it comes first all the same.
    const open = await savedEntry(db(), "job", job("Crane Keeper"), TEST_ACTOR);
    const closed = await savedEntry(
      db(),
      "job",
      job("Heron Keeper", { lastDate: "2020-01-01" }),
      TEST_ACTOR,
    );
    // Published a day apart, in the order they were written.
    for (const [day, { id }] of [older, newer, says, open, closed].entries())
      await db()
        .updateTable("entries")
        .set({ published_at: `2026-11-${String(10 + day).padStart(2, "0")}T00:00:00.000Z` })
        .where("id", "=", id)
        .execute();
    const today = { today: "2026-11-23" };
    expect(ids(await searchPublished(db(), "result", today))).toEqual([
      newer.id,
      older.id,
      says.id,
    ]);
    expect(ids(await searchPublished(db(), "परिणाम", today))).toEqual([newer.id, older.id]);
    expect(ids(await searchPublished(db(), "jobs", today))).toEqual([open.id, closed.id]);
    expect(ids(await searchPublished(db(), "नौकरी", today))).toEqual([open.id, closed.id]);
  });
});

describeEachDatabase("a kind named, over 1,000 matches", (db) => {
  it("counts the kind asked on its own when the first matches are all of the kind named", async () => {
    const at = (minute: number) => new Date(Date.UTC(2024, 0, 1, 0, minute)).toISOString();
    await insertGeneratedEntries(
      db(),
      [
        ...Array.from({ length: 40 }, (_, i) => ({
          kind: "job" as const,
          title: `Yak Herder ${i}`,
          organization: "Livestock Board",
          publishedAt: at(i),
          data: job(`Yak Herder ${i}`, { summary: "Until the census result is out." }).data,
        })),
        ...Array.from({ length: 1100 }, (_, i) => ({
          kind: "result" as const,
          title: `Yak Census Result ${i}`,
          organization: "Livestock Board",
          publishedAt: at(100 + i),
          data: { summary: "Yak census result", resultDate: "2024-06-01" },
        })),
      ],
      20_000,
    );
    const all = await searchPublished(db(), "yak result");
    expect(all).toMatchObject({ total: 1000, totalCapped: true, pages: 15 });
    expect(kinds(all)).toEqual(Array(20).fill("result"));
    const jobs = await searchPublished(db(), "yak result", { kind: "job" });
    expect(jobs).toMatchObject({ total: 40, totalCapped: false, pages: 2 });
    expect(kinds(jobs)).toEqual(Array(20).fill("job"));
    expect(await searchPublished(db(), "yak result", { kind: "result" })).toMatchObject({
      total: 1000,
      totalCapped: true,
    });
  });
});
