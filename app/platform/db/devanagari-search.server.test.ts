import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EntryData } from "~/content/fields.ts";
import { DIALECTS, freshDatabase } from "../../../test/databases.ts";
import { job } from "../../../test/entries.ts";
import { changedEntry, savedEntry, TEST_ACTOR } from "../../../test/writes.ts";
import { searchPublished } from "../../entries/search.repository.server.ts";
import { namedKind, searchWords } from "../../entries/search-words.server.ts";
import { searchTextOf } from "../../entries/entries.repository.server.ts";
import { migrate, migratorFor } from "./db.server.ts";
import { migrationProvider } from "./migrations/index.ts";

const MIGRATION = "2026-11-23T1430-devanagari-search";
const HINDI_TITLE = "उत्तर प्रदेश पुलिस कांस्टेबल भर्ती 2026";
/**
 * The words searched for below, each with vowel signs or a virama the old index split at. None
 * names a kind: "भर्ती" and "नौकरी" do, and a search naming a kind lists every entry of it first.
 */
const PROBES = ["कांस्टेबल", "प्रदेश", "प्रदेश पुलिस 2026", "शिक्षक", "सरकारी"];
const withHi = (hi: Record<string, unknown>): EntryData =>
  Object.fromEntries(Object.entries(hi).map(([k, v]) => [`hi_${k}`, v])) as EntryData;

describe.each(DIALECTS)("Devanagari search migration [%s]", (dialect) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  const ids = { hindi: "", english: "", draft: "", trashed: "" };
  const before = {
    fragment: [] as string[],
    word: [] as string[],
    tokenizer: "",
    terms: [] as string[],
  };
  const found = async (query: string) =>
    (await searchPublished(database.db, query)).items.map((h) => h.id).sort();
  /**
   * The public entries the index matches for a word typed (as a prefix, as the search asks), by
   * hand: the search's own query reads columns that later migrations add.
   */
  const matched = async (word: string) => {
    const { rows } =
      dialect === "sqlite"
        ? await sql<{ id: string }>`
            select e.id from entries_fts join entries e on e.search_id = entries_fts.rowid
            where entries_fts match ${`"${word}"*`}`.execute(database.db)
        : await sql<{ id: string }>`
            select id from entries where search_vector @@ to_tsquery('simple', ${`${word}:*`})
            and status = 'published' and deleted_at is null`.execute(database.db);
    return rows.map((r) => r.id).sort();
  };
  const ftsDefinition = async () =>
    (
      await sql<{ sql: string }>`
        select sql from sqlite_master where name = 'entries_fts'`.execute(database.db)
    ).rows[0]?.sql ?? "";

  /** Every word in SQLite's index (fts5vocab over entries_fts). */
  const indexTerms = async () => {
    const db = database.db;
    await sql`create virtual table temp.fts_terms using fts5vocab(main, entries_fts, row)`.execute(
      db,
    );
    try {
      const { rows } = await sql<{ term: string }>`select term from temp.fts_terms`.execute(db);
      return rows.map((r) => r.term);
    } finally {
      await sql`drop table temp.fts_terms`.execute(db);
    }
  };

  beforeAll(async () => {
    database = await freshDatabase(dialect, { migrated: false });
    const names = Object.keys(await migrationProvider(dialect).getMigrations()).sort();
    const at = names.indexOf(MIGRATION);
    expect(at).toBeGreaterThan(0);
    const { error } = await migratorFor(database).migrateTo(names[at - 1]);
    expect(error).toBeUndefined();

    // Rows as the app wrote them before this migration, inserted by hand: the app's write path
    // now writes columns that later migrations add.
    const db = database.db;
    let n = 0;
    const oldRow = async (
      title: string,
      hi: Record<string, unknown> | undefined,
      status = "published",
    ) => {
      n += 1;
      const id = `devanagari-${n}`;
      const data = { ...job(title).data, ...(hi ? withHi(hi) : {}) };
      const at = "2026-11-23T09:00:00.000Z";
      await sql`insert into entries (id, kind, slug, title, organization, status, published_at,
          last_date, data, search_text, created_at, updated_at)
        values (${id}, 'job', ${`old-${n}`}, ${title}, 'Old Board', ${status},
          ${status === "published" ? at : null}, '2030-01-31', ${JSON.stringify(data)},
          ${searchTextOf("job", data)}, ${at}, ${at})`.execute(db);
      return id;
    };
    ids.hindi = await oldRow("Zeppelin Police Constable", { title: HINDI_TITLE });
    ids.english = await oldRow("Yak Herder Recruitment", undefined);
    ids.draft = await oldRow("Zeppelin Draft", { title: "कांस्टेबल मसौदा" }, "draft");
    ids.trashed = await oldRow("Zeppelin Trashed", { title: "कांस्टेबल कचरा" });
    await db
      .updateTable("entries")
      .set({ deleted_at: "2026-11-23T00:00:00.000Z" })
      .where("id", "=", ids.trashed)
      .execute();

    before.fragment = await matched("बल");
    before.word = await matched("कांस्टेबल");
    if (dialect === "sqlite") {
      before.tokenizer = await ftsDefinition();
      before.terms = await indexTerms();
    }

    await migrate(database);
  });
  afterAll(() => database?.dispose());

  it("the index before it: SQLite split Hindi words and matched a non-word, PostgreSQL did not", () => {
    if (dialect === "sqlite") {
      // "कांस्टेबल" was indexed as क, स, ट, बल: "बल" found an entry that has no such word.
      expect(before.fragment).toEqual([ids.hindi]);
      expect(before.tokenizer).not.toContain("tokenchars");
      expect(before.terms).toEqual(expect.arrayContaining(["क", "स", "ट", "बल", "भर", "त"]));
      expect(before.terms).not.toContain("कांस्टेबल");
    } else {
      expect(before.fragment).toEqual([]);
    }
    expect(before.word).toEqual([ids.hindi]);
  });

  it("searches with words that name no kind (a kind named lists every entry of it first)", () => {
    for (const query of PROBES) expect(namedKind(searchWords(query)).kind, query).toBeUndefined();
  });

  it("keeps Devanagari words whole: words find the entry, fragments do not", async () => {
    expect(await found("कांस्टेबल")).toEqual([ids.hindi]);
    expect(await found("प्रदेश")).toEqual([ids.hindi]);
    expect(await found("प्रदेश पुलिस 2026")).toEqual([ids.hindi]);
    for (const fragment of ["बल", "रद", "त"]) expect(await found(fragment)).toEqual([]);
    if (dialect === "sqlite") {
      const definition = await ftsDefinition();
      expect(definition).toContain("tokenchars");
      expect(definition).toContain("title, organization, search_text");
      // The index's own words: whole, with their marks.
      const terms = await indexTerms();
      expect(terms).toEqual(expect.arrayContaining(["उत्तर", "प्रदेश", "पुलिस", "कांस्टेबल", "भर्ती"]));
      for (const fragment of ["बल", "रद", "भर", "त", "क", "स"])
        expect(terms).not.toContain(fragment);
    }
  });

  it("keeps existing rows searchable, public ones only, under the same rowids", async () => {
    expect(await found("zeppelin")).toEqual([ids.hindi]);
    expect(await found("yak herder")).toEqual([ids.english]);
    expect(await found("मसौदा")).toEqual([]);
    expect(await found("कचरा")).toEqual([]);
    if (dialect === "sqlite") {
      const db = database.db;
      const indexed = await sql<{
        rowid: number;
      }>`select rowid from entries_fts order by rowid`.execute(db);
      const publicRows = await db
        .selectFrom("entries")
        .select("search_id")
        .where("status", "=", "published")
        .where("deleted_at", "is", null)
        .orderBy("search_id")
        .execute();
      expect(indexed.rows.map((r) => r.rowid)).toEqual(publicRows.map((r) => r.search_id));
      expect(indexed.rows).toHaveLength(2);
      await sql`insert into entries_fts(entries_fts) values ('integrity-check')`.execute(db);
    }
  });

  it("keeps the triggers filling the new index as entries change", async () => {
    const db = database.db;
    const fresh = await savedEntry(
      db,
      "job",
      job("Narwhal Teacher Post", withHi({ title: "शिक्षक भर्ती सरकारी" })),
      TEST_ACTOR,
    );
    expect(await found("शिक्षक")).toEqual([fresh.id]);
    expect(await found("सरकारी")).toEqual([fresh.id]);
    await changedEntry(
      db,
      fresh.id,
      job("Narwhal Teacher Post", withHi({ title: "शिक्षक भर्ती सरकारी" }), "draft"),
      TEST_ACTOR,
    );
    expect(await found("शिक्षक")).toEqual([]);
    await db.deleteFrom("entries").where("id", "=", ids.hindi).execute();
    expect(await found("कांस्टेबल")).toEqual([]);
    expect(await found("yak")).toEqual([ids.english]);
  });
});
