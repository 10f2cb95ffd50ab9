import { describe, expect, it } from "vitest";
import { searchableText, type EntryData } from "~/content/fields.ts";
import { REGISTRY } from "~/content/registry.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { job } from "../../test/entries.ts";
import { changedEntry, savedEntry, TEST_ACTOR } from "../../test/writes.ts";
import { searchPublished } from "./search.repository.server.ts";
import { searchWords } from "./search-words.server.ts";
import { searchTextOf } from "./entries.repository.server.ts";

/** Issue 14, "Search in Hindi". */
const HINDI_TITLE = "उत्तर प्रदेश पुलिस कांस्टेबल भर्ती 2026";
/** Hindi as an entry keeps it: `hi_<field>` beside the English (content/fields.ts `HINDI`). */
const withHi = (hi: Record<string, unknown>): EntryData =>
  Object.fromEntries(Object.entries(hi).map(([k, v]) => [`hi_${k}`, v])) as EntryData;

describe("search words", () => {
  it("keeps a Devanagari word whole with its vowel signs, virama and nukta", () => {
    expect(searchWords("भर्ती 2026")).toEqual(["भर्ती", "2026"]);
    expect(searchWords("कांस्टेबल, शिक्षक; नौकरी परीक्षा")).toEqual([
      "कांस्टेबल",
      "शिक्षक",
      "नौकरी",
      "परीक्षा",
    ]);
    // The old split (letters and digits only) broke it at every mark.
    expect("भर्ती".split(/[^\p{L}\p{N}]+/u).filter(Boolean)).toEqual(["भर", "त"]);
    // A nukta letter typed as one code point is the same word as when typed as two (NFC).
    expect(searchWords("\u0958ानून")).toEqual(searchWords("\u0915\u093cानून"));
    // ZWJ/ZWNJ do not split a word; a mark on its own (an emoji's variation selector) is none.
    expect(searchWords("क्\u200dष ⚠\ufe0f")).toEqual(["क्ष"]);
  });

  it("splits English exactly as before", () => {
    for (const query of ["Junior Clerk 2026", "don't e-mail", "SSC-CGL (10+2)", "  A&B_x "]) {
      expect(searchWords(query)).toEqual(
        query
          .toLowerCase()
          .split(/[^\p{L}\p{N}]+/u)
          .filter((w) => w.length > 0),
      );
    }
  });
});

describe("search text", () => {
  it("is the English fields' text, unchanged, when the entry has no Hindi", () => {
    const data = job("Lighthouse Keeper", { summary: "Coastal posts — naïve café" }).data;
    const english = searchableText(REGISTRY.job.sections, data);
    expect(english).toContain("Coastal posts");
    expect(searchTextOf("job", data)).toBe(english);
  });

  it("adds every Hindi string of the hi_ fields, Hindi title first, without the stamp", () => {
    const data = {
      ...job("Constable", { summary: "English summary" }).data,
      hi_summary: "हिंदी सारांश",
      hi_title: "सिपाही भर्ती",
      hi_faqs: [
        { question: "प्रश्न", answer: "उत्तर" },
        { question: "कब?", answer: "जल्द" },
      ],
      hi_changedAt: "2026-11-23T10:00:00.000Z",
    } as EntryData;
    const text = searchTextOf("job", data);
    expect(text.startsWith(`${searchableText(REGISTRY.job.sections, data)}\n`)).toBe(true);
    const hindi = text.split("\n").slice(-6);
    expect(hindi).toEqual(["सिपाही भर्ती", "हिंदी सारांश", "प्रश्न", "उत्तर", "कब?", "जल्द"]);
    expect(text).not.toContain("2026-11-23T10");
    // Stored in NFC (a nukta letter is two code points) without ZWJ/ZWNJ.
    const nukta = searchTextOf("job", { ...withHi({ title: "\u0958ानून क्\u200dष" }) });
    expect(nukta).toBe("\u0915\u093cानून क्ष");
  });
});

describeEachDatabase("search in Hindi", (db) => {
  it("finds an entry by the Hindi words of its title, and not by fragments of them", async () => {
    const hindi = await savedEntry(
      db(),
      "job",
      job("Uttar Pradesh Police Constable Recruitment 2026", withHi({ title: HINDI_TITLE })),
      TEST_ACTOR,
    );
    await savedEntry(db(), "job", job("Marsupial Clerk Post"), TEST_ACTOR);
    const ids = async (query: string, kind?: "job" | "result") =>
      (await searchPublished(db(), query, { kind })).items.map((h) => h.id);

    expect(await ids("कांस्टेबल")).toEqual([hindi.id]);
    // ("भर्ती" alone names the kind, every job: search-kinds.server.test.ts.)
    expect(await ids("प्रदेश")).toEqual([hindi.id]);
    expect(await ids("पुलिस भर्ती")).toEqual([hindi.id]);
    expect(await ids("उत्तर प्रदेश", "job")).toEqual([hindi.id]);
    expect(await ids("भर्ती", "result")).toEqual([]);
    // A word being typed still finds it, like English prefixes do.
    expect(await ids("कांस्टे")).toEqual([hindi.id]);
    // Fragments the old SQLite tokenizer indexed ("कांस्टेबल" as क, स, ट, बल; "प्रदेश" as प,
    // रद, श; "भर्ती" as भर, त): none is a word of the entry, none finds it.
    for (const fragment of ["बल", "रद", "त", "ट"]) expect(await ids(fragment)).toEqual([]);
    // And a word it does not contain, sharing letters with one it does.
    expect(await ids("भारत")).toEqual([]);

    const [hit] = (await searchPublished(db(), "पुलिस भर्ती")).items;
    expect(hit.snippet).toContain("\u0001भर्ती\u0002");
    expect(hit.snippet).not.toContain("\u0001भर\u0002");
  });

  it("finds Hindi kept in hi_ fields, follows changes to it and keeps drafts out", async () => {
    const entry = await savedEntry(
      db(),
      "job",
      job("Teacher Recruitment", { hi_title: "शिक्षक भर्ती", hi_summary: "सरकारी नौकरी परीक्षा" }),
      TEST_ACTOR,
    );
    await savedEntry(
      db(),
      "job",
      job("Teacher Draft", { hi_title: "शिक्षक मसौदा" }, "draft"),
      TEST_ACTOR,
    );
    const ids = async (query: string) =>
      (await searchPublished(db(), query)).items.map((h) => h.id);
    expect(await ids("शिक्षक")).toEqual([entry.id]);
    expect(await ids("नौकरी परीक्षा")).toEqual([entry.id]);
    expect(await ids("सरकारी")).toEqual([entry.id]);
    expect(await ids("मसौदा")).toEqual([]);
    // A nukta letter typed as one code point finds the text where it is two, and the reverse.
    await changedEntry(
      db(),
      entry.id,
      {
        ...job("Teacher Recruitment", {
          hi_title: "शिक्षक भर्ती",
          hi_summary: "\u0958ानून की परीक्षा",
        }),
      },
      TEST_ACTOR,
    );
    expect(await ids("सरकारी")).toEqual([]);
    expect(await ids("\u0915\u093cानून")).toEqual([entry.id]);
    expect(await ids("\u0958ानून")).toEqual([entry.id]);
  });

  it("leaves English search as it was", async () => {
    const english = await savedEntry(
      db(),
      "job",
      job("Quetzal Railway Clerk 2026", { summary: "Clerks for the quetzal line" }),
      TEST_ACTOR,
    );
    const found = await searchPublished(db(), "quetzal clerk");
    expect(found.items.map((h) => h.id)).toEqual([english.id]);
    expect(found.items[0].snippet.toLowerCase()).toContain("\u0001quetzal\u0002");
    expect((await searchPublished(db(), "quetz")).items.map((h) => h.id)).toEqual([english.id]);
    expect((await searchPublished(db(), "Constable Recruitment")).total).toBe(1);
    expect((await searchPublished(db(), "quetzal hindi")).total).toBe(0);
  });
});
