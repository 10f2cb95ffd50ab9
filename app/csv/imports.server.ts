import { sql } from "kysely";
import type { Kind } from "~/content/kinds.ts";
import type { DB } from "~/platform/db/db.server.ts";
import type { MigrationDialect } from "~/platform/db/migrations/index.ts";

/**
 * The CSV imports' SQL (issue 32): the uploaded file kept in chunks between the dry run and the
 * import, its report, and the look-up of entries an imported row would duplicate.
 */

export interface StoredImport {
  id: string;
  kind: Kind;
  fileName: string;
  size: number;
  createdBy: string | null;
  createdAt: string;
  report: string;
  status: "checked" | "imported";
}

/** How long a checked file waits for its import. */
export const IMPORT_KEPT_MS = 24 * 60 * 60 * 1000;

export async function insertImport(db: DB, row: StoredImport): Promise<void> {
  await db
    .insertInto("csv_imports")
    .values({
      id: row.id,
      kind: row.kind,
      file_name: row.fileName,
      size: row.size,
      created_by: row.createdBy,
      created_at: row.createdAt,
      report: row.report,
      status: row.status,
    })
    .execute();
}

export async function insertChunk(db: DB, importId: string, seq: number, bytes: Uint8Array) {
  await db
    .insertInto("csv_import_chunks")
    .values({
      import_id: importId,
      seq,
      bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    })
    .execute();
}

export async function finishImportCheck(db: DB, id: string, size: number, report: string) {
  await db.updateTable("csv_imports").set({ size, report }).where("id", "=", id).execute();
}

export async function findImport(db: DB, id: string): Promise<StoredImport | undefined> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return undefined;
  const row = await db
    .selectFrom("csv_imports")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      kind: row.kind as Kind,
      fileName: row.file_name,
      size: Number(row.size),
      createdBy: row.created_by,
      createdAt: row.created_at,
      report: row.report,
      status: row.status as StoredImport["status"],
    }
  );
}

/** The file's chunks in order, read one at a time (a large file is never held whole). */
export async function* importChunks(db: DB, id: string): AsyncGenerator<Uint8Array> {
  for (let seq = 0; ; seq++) {
    const row = await db
      .selectFrom("csv_import_chunks")
      .select("bytes")
      .where("import_id", "=", id)
      .where("seq", "=", seq)
      .executeTakeFirst();
    if (!row) return;
    yield new Uint8Array(row.bytes);
  }
}

export async function markImported(db: DB, id: string, report: string) {
  await db.deleteFrom("csv_import_chunks").where("import_id", "=", id).execute();
  await db
    .updateTable("csv_imports")
    .set({ status: "imported", report })
    .where("id", "=", id)
    .execute();
}

export async function deleteImport(db: DB, id: string) {
  await db.deleteFrom("csv_import_chunks").where("import_id", "=", id).execute();
  await db.deleteFrom("csv_imports").where("id", "=", id).execute();
}

/** Checked files nobody imported within IMPORT_KEPT_MS, and reports of imports done then. */
export async function deleteOldImports(db: DB, now = Date.now()) {
  const cutoff = new Date(now - IMPORT_KEPT_MS).toISOString();
  const old = db.selectFrom("csv_imports").select("id").where("created_at", "<", cutoff);
  await db.deleteFrom("csv_import_chunks").where("import_id", "in", old).execute();
  await db.deleteFrom("csv_imports").where("created_at", "<", cutoff).execute();
}

export interface ExistingEntry {
  id: string;
  title: string;
  organization: string;
  advt: string | null;
}

/**
 * Entries of the kind (not in the trash) with one of these titles, or one of these advertisement
 * numbers, any case. The advertisement number lives in the JSON `data`: read with each
 * database's own JSON function.
 */
export async function entriesLike(
  db: DB,
  dialect: MigrationDialect,
  kind: Kind,
  titles: readonly string[],
  advts: readonly string[],
): Promise<ExistingEntry[]> {
  if (titles.length === 0 && advts.length === 0) return [];
  const advt =
    dialect === "postgres"
      ? sql<string | null>`(data::jsonb ->> 'advertisementNumber')`
      : sql<string | null>`json_extract(data, '$.advertisementNumber')`;
  const none = ["\u0000"];
  return db
    .selectFrom("entries")
    .select(["id", "title", "organization", advt.as("advt")])
    .where("kind", "=", kind)
    .where("deleted_at", "is", null)
    .where((eb) =>
      eb.or([
        eb(sql`lower(title)`, "in", titles.length ? [...titles] : none),
        eb(sql`lower(trim(${advt}))`, "in", advts.length ? [...advts] : none),
      ]),
    )
    .execute();
}
