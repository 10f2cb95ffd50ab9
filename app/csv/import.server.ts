import { refused, type Refused, type WriteResult } from "~/lib/write-result.ts";
import { Readable } from "node:stream";
import { parse } from "csv-parse";
import { REGISTRY } from "~/content/registry.ts";
import type { Kind } from "~/content/kinds.ts";
import type { DB } from "~/platform/db/db.server.ts";
import { dialectOf, newId, now } from "~/platform/db/dialect.ts";
import type { MigrationDialect } from "~/platform/db/migrations/index.ts";
import { createEntryIn } from "~/entries/entries.service.server.ts";
import { inWrite, type Actor } from "~/writes/transaction.server.ts";
import { duplicateKeys, readHeader, readRow, type Header, type RowInput } from "./format.ts";
import { importBlocked, LISTED_MAX, type ImportReport } from "./report.ts";
import {
  deleteImport,
  deleteOldImports,
  entriesLike,
  findImport,
  finishImportCheck,
  importChunks,
  insertChunk,
  insertImport,
  markImported,
  type StoredImport,
} from "./imports.server.ts";

/**
 * CSV in (issue 32): a file of new drafts, checked as it streams in (the dry run), kept, and
 * imported on the editor's word in one transaction through the write path: each row a draft with
 * its revision and audit row. A row with an error, or one that duplicates an entry (same
 * advertisement number and organization, or same title) or an earlier row, stops the whole
 * import: nothing is written, and the report says which row and column. Memory stays flat: rows
 * are read, checked and written a batch at a time, never the whole file.
 */

/** Rows checked against the database at once. */
const BATCH = 200;
/** The file is kept in chunks of this size. */
const CHUNK_BYTES = 256 * 1024;

function emptyReport(): ImportReport {
  return {
    rows: 0,
    creates: [],
    duplicates: [],
    errors: [],
    fileErrors: [],
    more: { creates: 0, duplicates: 0, errors: 0 },
  };
}

function list<K extends "creates" | "duplicates" | "errors">(
  report: ImportReport,
  key: K,
  item: ImportReport[K][number],
) {
  if (report[key].length < LISTED_MAX) (report[key] as ImportReport[K][number][]).push(item);
  else report.more[key] += 1;
}

export class FileTooLargeError extends Error {}

/** CSV records, one array of cells each, from a stream of bytes. */
function records(source: AsyncIterable<Uint8Array>): AsyncIterable<string[]> {
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    // A cell of a million characters is a broken file, not a notification.
    max_record_size: 1_000_000,
  });
  const input = Readable.from(source);
  input.on("error", (err) => parser.destroy(err));
  return input.pipe(parser);
}

/**
 * Read every row of the file: check it, find duplicates, and hand each row that may be created to
 * `create` (in order). Returns the report; `create` is not called again once a row fails.
 */
async function runRows(
  db: DB,
  dialect: MigrationDialect,
  kind: Kind,
  source: AsyncIterable<Uint8Array>,
  create: (row: number, input: RowInput) => Promise<void>,
): Promise<ImportReport> {
  const report = emptyReport();
  const seenTitles = new Map<string, number>();
  const seenAdvts = new Map<string, number>();
  let header: Header | undefined;
  let batch: { row: number; input: RowInput }[] = [];
  let row = 0;

  const flush = async () => {
    const keys = batch.map((b) => duplicateKeys(b.input));
    const existing = await entriesLike(
      db,
      dialect,
      kind,
      [...new Set(keys.map((k) => k.title))],
      [...new Set(keys.flatMap((k) => (k.advt ? [k.advt.split("\n")[0]] : [])))],
    );
    const byTitle = new Map(existing.map((e) => [e.title.trim().toLowerCase(), e]));
    const byAdvt = new Map(
      existing
        .filter((e) => e.advt)
        .map((e) => [`${e.advt!.trim().toLowerCase()}\n${e.organization.trim().toLowerCase()}`, e]),
    );
    for (const [i, item] of batch.entries()) {
      const key = keys[i];
      const label = REGISTRY[kind].label.toLowerCase();
      const why =
        key.advt && byAdvt.has(key.advt)
          ? `Same advertisement number and organization as the existing ${label} “${byAdvt.get(key.advt)!.title}”.`
          : byTitle.has(key.title)
            ? `Same title as an existing ${label}.`
            : key.advt && seenAdvts.has(key.advt)
              ? `Same advertisement number and organization as row ${seenAdvts.get(key.advt)}.`
              : seenTitles.has(key.title)
                ? `Same title as row ${seenTitles.get(key.title)}.`
                : null;
      seenTitles.set(key.title, seenTitles.get(key.title) ?? item.row);
      if (key.advt) seenAdvts.set(key.advt, seenAdvts.get(key.advt) ?? item.row);
      if (why) {
        list(report, "duplicates", { row: item.row, title: item.input.title, why });
        continue;
      }
      list(report, "creates", { row: item.row, title: item.input.title });
      if (!importBlocked(report)) await create(item.row, item.input);
    }
    batch = [];
  };

  try {
    for await (const cells of records(source)) {
      row += 1;
      if (!header) {
        header = readHeader(kind, cells);
        if (header.errors.length) {
          report.fileErrors.push(...header.errors);
          break;
        }
        continue;
      }
      report.rows += 1;
      const read = readRow(kind, header, cells);
      if (!read.ok) {
        for (const e of read.errors) list(report, "errors", { row, ...e });
        continue;
      }
      batch.push({ row, input: read.input });
      if (batch.length >= BATCH) await flush();
    }
    if (batch.length) await flush();
  } catch (err) {
    if (err instanceof FileTooLargeError) throw err;
    const code = (err as { code?: string }).code ?? "";
    if (!code.startsWith("CSV_")) throw err;
    report.fileErrors.push(`Row ${row + 1} could not be read as CSV: ${(err as Error).message}`);
  }
  if (!header) report.fileErrors.push("The file is empty: it has no header row.");
  else if (report.rows === 0 && !report.fileErrors.length)
    report.fileErrors.push("The file has a header row but no rows to import.");
  return report;
}

/** Bytes from `source`, counted against `maxBytes` and kept in the import's chunks as they pass. */
async function* keptAndCounted(
  db: DB,
  importId: string,
  source: AsyncIterable<Uint8Array>,
  maxBytes: number,
  counter: { bytes: number },
): AsyncGenerator<Uint8Array> {
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let seq = 0;
  const store = async () => {
    if (!pendingBytes) return;
    await insertChunk(db, importId, seq++, Buffer.concat(pending));
    pending = [];
    pendingBytes = 0;
  };
  for await (const chunk of source) {
    counter.bytes += chunk.byteLength;
    if (counter.bytes > maxBytes) throw new FileTooLargeError();
    pending.push(chunk);
    pendingBytes += chunk.byteLength;
    if (pendingBytes >= CHUNK_BYTES) await store();
    yield chunk;
  }
  await store();
}

/**
 * The dry run: the file is read as it arrives, checked row by row, and kept for the import.
 * Returns the import's id and report. Over `maxBytes`, FileTooLargeError (nothing is kept).
 */
export async function checkImport(
  db: DB,
  {
    kind,
    fileName,
    source,
    by,
    maxBytes,
  }: {
    kind: Kind;
    fileName: string;
    source: AsyncIterable<Uint8Array>;
    by: string | null;
    maxBytes: number;
  },
): Promise<{ id: string; report: ImportReport }> {
  await deleteOldImports(db);
  const id = newId();
  await insertImport(db, {
    id,
    kind,
    fileName: fileName.replace(/[^\p{L}\p{N} ._()-]+/gu, "_").slice(0, 120) || "import.csv",
    size: 0,
    createdBy: by,
    createdAt: now(),
    report: JSON.stringify(emptyReport()),
    status: "checked",
  });
  const counter = { bytes: 0 };
  try {
    const report = await runRows(
      db,
      dialectOf(db),
      kind,
      keptAndCounted(db, id, source, maxBytes, counter),
      async () => {},
    );
    await finishImportCheck(db, id, counter.bytes, JSON.stringify(report));
    return { id, report };
  } catch (err) {
    await deleteImport(db, id);
    throw err;
  }
}

/** Refused: no such import, imported already (`gone`), or its rows do not pass (`invalid`). */
export type ImportResult = WriteResult<
  { created: number; report: ImportReport },
  Refused<"not-found"> | Refused<"gone"> | Refused<"invalid", { report: ImportReport }>
>;

class Blocked extends Error {
  constructor(readonly report: ImportReport) {
    super("import blocked");
  }
}

/**
 * The import: the kept file read again, checked again (entries may have been added since the
 * dry run), and every row written as a draft in one transaction through the write path (a
 * revision and an audit row each, the organization added if new). Anything wrong: nothing is
 * written, and the new report says why.
 */
export async function commitImport(db: DB, id: string, actor: Actor): Promise<ImportResult> {
  const stored: StoredImport | undefined = await findImport(db, id);
  if (!stored) return refused("not-found");
  if (stored.status === "imported") return refused("gone");
  const dialect = dialectOf(db);
  try {
    const result = await inWrite(
      db,
      actor,
      async (trx, audit) => {
        let created = 0;
        const report = await runRows(
          trx,
          dialect,
          stored.kind,
          importChunks(trx, id),
          async (row, input) => {
            const entry = await createEntryIn(trx, stored.kind, input, actor, { notify: false });
            await audit(
              "entry.import",
              `${stored.kind}:${entry.title}`,
              `id ${entry.id}; status draft; row ${row} of ${stored.fileName}`,
            );
            created += 1;
          },
        );
        if (importBlocked(report)) throw new Blocked(report);
        await audit(
          "csv.import",
          stored.fileName,
          `${created} ${stored.kind} drafts; import ${id}`,
        );
        await markImported(trx, id, JSON.stringify(report));
        return { created, report };
      },
      // Drafts: nothing public changed.
      () => [],
    );
    return { ok: true, ...result };
  } catch (err) {
    if (!(err instanceof Blocked)) throw err;
    await finishImportCheck(db, id, stored.size, JSON.stringify(err.report));
    return refused("invalid", { report: err.report });
  }
}

export { deleteImport, findImport };
export type { ImportReport };
