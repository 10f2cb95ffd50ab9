import { sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { KINDS, type Kind } from "~/content/kinds.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { adminListEntries } from "../entries/admin.repository.server.ts";
import { dialectOf } from "./db/dialect.ts";
import type { DB } from "./db/db.server.ts";
import { createMessage, getMessage } from "../messages/messages.repository.server.ts";
import {
  filterValues,
  findPublishedBySlug,
  listPublished,
} from "../entries/public.repository.server.ts";
import { searchPublished } from "../entries/search.repository.server.ts";
import { getEntryById } from "../entries/entry-row.server.ts";
import type { EntryWrite } from "../entries/entries.repository.server.ts";
import { savedEntry, TEST_ACTOR } from "../../test/writes.ts";

/**
 * SQL injection and search-syntax attacks against every repository function that takes text a
 * visitor or an editor typed: nothing throws, nothing is matched that should not be, and the
 * tables are whole afterwards. On SQLite (FTS5) and PostgreSQL (tsquery) alike.
 */
const ATTACKS = [
  "' OR 1=1 --",
  "' OR '1'='1",
  '"; DROP TABLE entries; --',
  "'; DROP TABLE entries; --",
  "%' --",
  "\\",
  "\\'",
  "') UNION SELECT password FROM account --",
  "' UNION SELECT null, name, sql FROM sqlite_master --",
  "1; SELECT pg_sleep(5); --",
  "NEAR(",
  "NEAR(clerk recruitment, 2)",
  '"unterminated',
  "*",
  "title:",
  "title:clerk",
  "{title organization}: clerk",
  "^",
  "^clerk",
  "clerk OR recruitment",
  "clerk AND NOT recruitment",
  "-clerk",
  "&|!():*",
  "clerk & !recruitment | (a:* <-> b)",
  "clerk:*A",
  "%",
  "_",
  "%%",
  "\\%",
  "'",
  '"',
  "''",
  "$1",
  "?",
  ":name",
  "\u0000",
  "clerk\u0000recruitment",
  "\u202e\u200b",
  "नौकरी भर्ती",
  "😀 🎉",
  "x".repeat(200),
];

const HOSTILE_ORG = "' OR 1=1 -- Board";

function entry(title: string, organization: string, kind: Kind = "job"): EntryWrite {
  const common = { summary: `Summary of ${title}` };
  const data: Record<Kind, EntryWrite["data"]> = {
    job: {
      ...common,
      employmentType: "FULL_TIME",
      state: "Delhi",
      lastDate: "2031-01-31",
      qualification: "Graduate",
    },
    result: { ...common, resultDate: "2030-01-01" },
    "admit-card": { ...common, examDate: "2030-01-01" },
    syllabus: common,
    "answer-key": { ...common, keyType: "provisional", releaseDate: "2030-01-01" },
  };
  return { title, organization, status: "published", data: data[kind] };
}

async function tableCounts(db: DB) {
  const out: Record<string, number> = {};
  for (const table of ["entries", "entry_slugs", "revisions", "user", "account"]) {
    const { rows } = await sql<{
      n: number | string;
    }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    out[table] = Number(rows[0].n);
  }
  return out;
}

describeEachDatabase("injection through search, filters and the admin list", (db, dialect) => {
  let before: Record<string, number>;

  beforeAll(async () => {
    await savedEntry(
      db(),
      "job",
      entry("Clerk Recruitment 2030", "Staff Selection Board"),
      TEST_ACTOR,
    );
    await savedEntry(
      db(),
      "job",
      entry("Fifty % Quota Clerk Post", "Staff Selection Board"),
      TEST_ACTOR,
    );
    await savedEntry(
      db(),
      "job",
      entry("Under_score Clerk Post", "Staff Selection Board"),
      TEST_ACTOR,
    );
    await savedEntry(
      db(),
      "job",
      entry("Back\\slash Clerk Post", "Staff Selection Board"),
      TEST_ACTOR,
    );
    await savedEntry(db(), "job", entry("Quoted Clerk Post", HOSTILE_ORG), TEST_ACTOR);
    for (const kind of KINDS.filter((k) => k !== "job"))
      await savedEntry(
        db(),
        kind,
        entry(`Clerk ${kind} 2030`, "Staff Selection Board", kind),
        TEST_ACTOR,
      );
    before = await tableCounts(db());
  });

  it("searchPublished treats every attack as words, never as query syntax", async () => {
    const failures: string[] = [];
    for (const attack of ATTACKS) {
      try {
        const page = await searchPublished(db(), attack, { page: 1, perPage: 20 });
        // Only entries that really contain a typed word may come back; the attacks have none
        // of the titles' words except "clerk"/"recruitment"/"title" (which is in no entry).
        for (const hit of page.items) {
          const words = attack
            .toLowerCase()
            .split(/[^\p{L}\p{N}]+/u)
            .filter(Boolean);
          const text = `${hit.title} ${hit.organization}`.toLowerCase();
          if (!words.some((w) => text.includes(w) || `summary of ${text}`.includes(w)))
            failures.push(`${JSON.stringify(attack)} matched ${hit.title}`);
        }
        expect(page.total).toBeLessThanOrEqual(before.entries);
      } catch (err) {
        failures.push(`${JSON.stringify(attack)} threw ${(err as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
    // The operators are words here: "clerk OR recruitment" needs both words, like any query.
    const both = await searchPublished(db(), "clerk OR recruitment");
    expect(both.items.map((h) => h.title)).toEqual([]);
    expect((await searchPublished(db(), "NEAR(clerk recruitment, 2)")).total).toBe(0);
    expect((await searchPublished(db(), "clerk recruitment")).items.map((h) => h.title)).toEqual([
      "Clerk Recruitment 2030",
    ]);
  });

  it("listPublished filters match the literal value only", async () => {
    const failures: string[] = [];
    for (const attack of ATTACKS) {
      for (const name of ["organization", "state", "qualification"] as const) {
        try {
          const page = await listPublished(db(), "job", { filters: { [name]: attack } });
          if (page.total !== 0) failures.push(`${name}=${JSON.stringify(attack)} → ${page.total}`);
        } catch (err) {
          failures.push(`${name}=${JSON.stringify(attack)} threw ${(err as Error).message}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // The hostile organization is an ordinary value: exactly its one entry.
    const own = await listPublished(db(), "job", { filters: { organization: HOSTILE_ORG } });
    expect(own.items.map((e) => e.title)).toEqual(["Quoted Clerk Post"]);
  });

  it("filterValues returns stored values verbatim and nothing for a hostile kind", async () => {
    expect(await filterValues(db(), "job", "organization")).toEqual(
      [HOSTILE_ORG, "Staff Selection Board"].sort((a, b) => (a < b ? -1 : 1)),
    );
    expect(await filterValues(db(), "job", "state")).toEqual(["delhi"]);
    const failures: string[] = [];
    for (const attack of ATTACKS) {
      for (const column of ["organization", "state", "qualification"] as const) {
        try {
          const values = await filterValues(db(), attack as Kind, column);
          if (values.length) failures.push(`kind ${JSON.stringify(attack)} → ${values.join(",")}`);
        } catch (err) {
          failures.push(`kind ${JSON.stringify(attack)} threw ${(err as Error).message}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("adminListEntries reads % _ and \\ literally and never widens the match", async () => {
    const titles = async (q: string) =>
      (await adminListEntries(db(), "job", { q, perPage: 100 })).items.map((e) => e.title).sort();
    expect(await titles("%")).toEqual(["Fifty % Quota Clerk Post"]);
    expect(await titles("_")).toEqual(["Under_score Clerk Post"]);
    expect(await titles("\\")).toEqual(["Back\\slash Clerk Post"]);
    expect(await titles("' OR 1=1 --")).toEqual(["Quoted Clerk Post"]);
    const failures: string[] = [];
    for (const attack of ATTACKS) {
      for (const kind of KINDS) {
        try {
          const page = await adminListEntries(db(), kind, { q: attack, perPage: 100 });
          for (const e of page.items) {
            // A NUL never reaches the database (db.server.ts drops it), so it narrows nothing.
            const needle = attack.trim().slice(0, 200).replaceAll("\0", "").toLowerCase();
            const hay = `${e.title}\n${e.organization}`.toLowerCase();
            if (!hay.includes(needle))
              failures.push(`${JSON.stringify(attack)} matched ${e.title}`);
          }
        } catch (err) {
          failures.push(`${kind} q=${JSON.stringify(attack)} threw ${(err as Error).message}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("findPublishedBySlug finds nothing for any attack", async () => {
    const failures: string[] = [];
    for (const attack of ATTACKS) {
      try {
        const found = await findPublishedBySlug(db(), "job", attack);
        if (found.found !== "none") failures.push(`${JSON.stringify(attack)} → ${found.found}`);
      } catch (err) {
        failures.push(`${JSON.stringify(attack)} threw ${(err as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("leaves every table whole", async () => {
    expect(await tableCounts(db())).toEqual(before);
    if (dialectOf(db()) === "sqlite") {
      const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db());
      expect(rows.map((r) => r.integrity_check)).toEqual(["ok"]);
      const fts = await sql<{
        n: number;
      }>`select count(*) as n from entries_fts`.execute(db());
      expect(Number(fts.rows[0].n)).toBe(before.entries);
    } else {
      expect(dialect).toBe("postgres");
      const { rows } = await sql<{ n: string }>`select count(*) as n from pg_tables
        where schemaname = current_schema() and tablename = 'entries'`.execute(db());
      expect(Number(rows[0].n)).toBe(1);
    }
  });

  it("stores text that carries a NUL character without it (PostgreSQL text cannot hold one)", async () => {
    const saved = await savedEntry(
      db(),
      "result",
      entry("Nul\u0000 Result Post", "Board\u0000 of Exams", "result"),
      TEST_ACTOR,
    );
    const read = await getEntryById(db(), saved.id);
    expect([read?.title, read?.organization]).toEqual(["Nul Result Post", "Board of Exams"]);
    const message = await createMessage(db(), {
      name: "A\u0000B",
      email: "a@example.com",
      message: "Hello\u0000 there, a message.",
    });
    expect((await getMessage(db(), message.id))?.message).toBe("Hello there, a message.");
  });
});
