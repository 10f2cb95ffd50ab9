import { afterAll, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import { describeEachDatabase, freshDatabase } from "../../test/databases.ts";
import { job } from "../../test/entries.ts";
import { HINDI_CHANGED_AT, TEXT_CHANGED_AT, type EntryData } from "~/content/fields.ts";
import type { Kind } from "~/content/kinds.ts";
import type { DB } from "~/platform/db/db.server.ts";
import { seedDemoContent } from "../../demo/seed.ts";
import { toEntry } from "~/entries/entry-row.server.ts";
import type { Entry } from "~/content/entry.ts";
import { saveEntry, trashEntries } from "~/entries/entries.service.server.ts";
import type { Actor } from "~/writes/transaction.server.ts";
import { exportEntries, exportTrash } from "./export.server.ts";
import { BOM, csvColumns, csvLine, readHeader, readRow } from "./format.ts";
import { checkImport, commitImport } from "./import.server.ts";

/**
 * Issue 32: entries out as CSV and back in as drafts. A round trip through an empty database
 * gives drafts equal to the originals field by field; a file with a bad date in row 7 and a
 * duplicate in row 9 reports both, with row and column, and writes nothing.
 */

const EDITOR: Actor = { id: "user-editor", email: "editor@govjobs.test", name: "Editor" };
const MB = 1024 * 1024;

async function exported(db: DB, kind: Kind, query = {}): Promise<string> {
  let out = "";
  for await (const chunk of exportEntries(db, kind, query)) out += chunk;
  return out;
}

/** A string as a stream of small chunks (cut mid-character, as a network would). */
async function* streamed(text: string, size = 1000): AsyncGenerator<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function allOf(db: DB, kind: Kind): Promise<Entry[]> {
  const rows = await db
    .selectFrom("entries")
    .selectAll()
    .where("kind", "=", kind)
    .orderBy("title")
    .execute();
  return rows.map(toEntry);
}

/** An entry's own words and fields, without what the write path stamps anew on every save. */
function content(e: Entry) {
  const data: EntryData = { ...e.data };
  delete data[TEXT_CHANGED_AT];
  delete data[HINDI_CHANGED_AT];
  return { title: e.title, slug: e.slug, organization: e.organization, jobId: e.jobId, data };
}

const count = async (db: DB, table: "entries" | "revisions" | "audit_log") =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describeEachDatabase("CSV export and import", (db, dialect) => {
  const targets: { dispose(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const t of targets) await t.dispose();
  });

  it("exports all jobs, imports them into an empty database as drafts, equal field by field", async () => {
    await seedDemoContent(db());
    const originals = await allOf(db(), "job");
    expect(originals.length).toBeGreaterThan(5);
    const csv = await exported(db(), "job");
    expect(csv.startsWith(BOM)).toBe(true);

    const target = await freshDatabase(dialect);
    targets.push(target);
    const checked = await checkImport(target.db, {
      kind: "job",
      fileName: "jobs.csv",
      source: streamed(csv),
      by: EDITOR.id,
      maxBytes: 10 * MB,
    });
    expect(checked.report.errors).toEqual([]);
    expect(checked.report.duplicates).toEqual([]);
    expect(checked.report.fileErrors).toEqual([]);
    expect(checked.report.creates).toHaveLength(originals.length);
    // The dry run writes no entry.
    expect(await count(target.db, "entries")).toBe(0);

    const result = await commitImport(target.db, checked.id, EDITOR);
    expect(result).toMatchObject({ ok: true, created: originals.length });
    const drafts = await allOf(target.db, "job");
    expect(drafts.map((d) => d.status)).toEqual(originals.map(() => "draft"));
    expect(drafts.map(content)).toEqual(originals.map(content));
    // Each draft has its revision and audit row, as any save.
    expect(await count(target.db, "revisions")).toBe(originals.length);
    expect(await count(target.db, "audit_log")).toBe(originals.length + 1);
    // The same file again: every row is now a duplicate, and nothing more is written.
    const again = await checkImport(target.db, {
      kind: "job",
      fileName: "jobs.csv",
      source: streamed(csv),
      by: EDITOR.id,
      maxBytes: 10 * MB,
    });
    expect(again.report.duplicates).toHaveLength(originals.length);
    expect(await commitImport(target.db, again.id, EDITOR)).toMatchObject({ reason: "invalid" });
    expect(await count(target.db, "entries")).toBe(originals.length);
  });

  it("exports what the list shows: its search and status applied", async () => {
    const drafts = await exported(db(), "job", { status: "draft" });
    const published = await allOf(db(), "job");
    const rows = parse(drafts.slice(1), { columns: true }) as Record<string, string>[];
    expect(rows.every((r) => r.status === "draft")).toBe(true);
    expect(rows.length).toBe(published.filter((e) => e.status === "draft" && !e.deletedAt).length);
    const someTitle = published.find((e) => !e.deletedAt)!.title;
    const found = parse((await exported(db(), "job", { q: someTitle })).slice(1), {
      columns: true,
    }) as Record<string, string>[];
    expect(found.map((r) => r.title)).toContain(someTitle);
    expect(
      found.every((r) => r.title.includes(someTitle) || r.organization.includes(someTitle)),
    ).toBe(true);
  });

  it("exports the trash as it shows: every kind, with its fields and when it was trashed", async () => {
    const [victim] = await allOf(db(), "result");
    await trashEntries(db(), "result", [victim.id], EDITOR);
    let csv = "";
    for await (const chunk of exportTrash(db())) csv += chunk;
    const rows = parse(csv.slice(1), { columns: true }) as Record<string, string>[];
    const row = rows.find((r) => r.id === victim.id)!;
    expect([row.kind, row.title, row.deleted_at !== ""]).toEqual(["result", victim.title, true]);
    expect(JSON.parse(row.data)).toEqual(victim.data);
    expect(rows.every((r) => r.deleted_at !== "")).toBe(true);
  });

  it("guards cells a spreadsheet would run as formulas, and reads them back as written", async () => {
    const title = '=HYPERLINK("http://evil.example","Click") Clerk Recruitment';
    const saved = await saveEntry(db(), {
      kind: "job",
      input: job(title, { advertisementNumber: "+91/2027" }),
      actor: EDITOR,
    });
    expect(saved.ok).toBe(true);
    const csv = await exported(db(), "job", { q: "HYPERLINK" });
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"") Clerk Recruitment"`);
    expect(csv).toContain(",'+91/2027,");
    const target = await freshDatabase(dialect);
    targets.push(target);
    const checked = await checkImport(target.db, {
      kind: "job",
      fileName: "one.csv",
      source: streamed(csv),
      by: EDITOR.id,
      maxBytes: MB,
    });
    expect(await commitImport(target.db, checked.id, EDITOR)).toMatchObject({ ok: true });
    const [draft] = await allOf(target.db, "job");
    expect(draft.title).toBe(title);
    expect(draft.data.advertisementNumber).toBe("+91/2027");
  });

  // What broke: a ticked-boxes field (the subjects a job accepts) went out as a JSON list and came
  // back as one unknown option, so every job with subjects failed its own round trip.
  it("reads a ticked-boxes field as the export writes it and as a person types it", () => {
    const given = {
      title: "Clerk",
      organization: "SSC",
      summary: "Clerks wanted",
      employmentType: "FULL_TIME",
      state: "All India",
      lastDate: "2027-01-15",
      qualification: "Graduate",
    };
    const header = readHeader("job", [...Object.keys(given), "disciplines"]);
    expect(header.errors).toEqual([]);
    const row = (cell: string) => readRow("job", header, [...Object.values(given), cell]);
    for (const cell of [
      '["medicine","law"]',
      "medicine; law",
      "Law, Medicine (MBBS)",
      "law;MEDICINE",
    ])
      expect(row(cell), cell).toMatchObject({
        ok: true,
        input: { data: { disciplines: ["medicine", "law"] } },
      });
    expect(row("medicine; astrology")).toMatchObject({
      ok: false,
      errors: [{ column: "disciplines", message: expect.stringMatching(/listed options/) }],
    });
  });

  it("reports a bad date in row 7 and a duplicate in row 9, with row and column, and writes nothing", async () => {
    const target = await freshDatabase(dialect);
    targets.push(target);
    const columns = [
      "title",
      "organization",
      "summary",
      "employmentType",
      "state",
      "lastDate",
      "qualification",
    ];
    const row = (title: string, lastDate = "15/01/2027") =>
      csvLine([
        title,
        "Central Recruitment Board",
        `About ${title}.`,
        "FULL_TIME",
        "Bihar",
        lastDate,
        "Graduate",
      ]);
    let file = BOM + csvLine(columns);
    for (let n = 2; n <= 10; n++) {
      // Row 7: a date that does not exist; row 9: row 3's title again.
      file += n === 7 ? row(`Post ${n}`, "31/02/2027") : n === 9 ? row("Post 3") : row(`Post ${n}`);
    }
    const checked = await checkImport(target.db, {
      kind: "job",
      fileName: "bad.csv",
      source: streamed(file, 37),
      by: EDITOR.id,
      maxBytes: MB,
    });
    expect(checked.report.rows).toBe(9);
    expect(checked.report.errors).toEqual([
      {
        row: 7,
        column: "lastDate",
        letter: "F",
        message: "Last date to apply: “31/02/2027” is not a date (write 2027-01-15 or 15/01/2027).",
      },
    ]);
    expect(checked.report.duplicates).toEqual([
      { row: 9, title: "Post 3", why: "Same title as row 3." },
    ]);
    const result = await commitImport(target.db, checked.id, EDITOR);
    expect(result).toMatchObject({ ok: false, reason: "invalid" });
    for (const table of ["entries", "revisions", "audit_log"] as const)
      expect(await count(target.db, table)).toBe(0);
    expect(await count(target.db, "entries")).toBe(0);
  });

  it("refuses a header that is not the kind's columns, and a file over its limit keeps nothing", async () => {
    const target = await freshDatabase(dialect);
    targets.push(target);
    const checked = await checkImport(target.db, {
      kind: "job",
      fileName: "odd.csv",
      source: streamed(csvLine(["title", "organisation", "salary"]) + csvLine(["A", "B", "C"])),
      by: EDITOR.id,
      maxBytes: MB,
    });
    expect(checked.report.fileErrors).toEqual([
      "Column B (“organisation”) is not a field of a job. Use the column names of an export.",
      "Column C (“salary”) is not a field of a job. Use the column names of an export.",
      "The file has no “organization” column.",
    ]);
    const big = csvLine(csvColumns("job").map((c) => c.name)) + "x".repeat(3000);
    await expect(
      checkImport(target.db, {
        kind: "job",
        fileName: "big.csv",
        source: streamed(big),
        by: null,
        maxBytes: 2000,
      }),
    ).rejects.toThrow();
    // Only the first file is kept (for its report); nothing of the second.
    const kept = await target.db.selectFrom("csv_import_chunks").select("import_id").execute();
    expect(new Set(kept.map((k) => k.import_id))).toEqual(new Set([checked.id]));
    expect(await target.db.selectFrom("csv_imports").select("id").execute()).toEqual([
      { id: checked.id },
    ]);
  });
});
