import type { Kysely } from "kysely";
import type { MigrationDialect } from "./index.ts";

/**
 * CSV imports (issue 32): an uploaded file is checked as it streams in and kept, in chunks, until
 * the editor imports it after reading the dry run (or it is a day old). Kept in the database, so
 * that the check and the import may be answered by different instances on one PostgreSQL.
 */
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("csv_imports")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("size", dialect === "postgres" ? "bigint" : "integer", (c) => c.notNull())
    .addColumn("created_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    // JSON: the dry run's report (ImportReport).
    .addColumn("report", "text", (c) => c.notNull())
    // "checked", then "imported".
    .addColumn("status", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("csv_import_chunks")
    .addColumn("import_id", "text", (c) => c.notNull())
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("bytes", dialect === "postgres" ? "bytea" : "blob", (c) => c.notNull())
    .addPrimaryKeyConstraint("csv_import_chunks_pk", ["import_id", "seq"])
    .execute();
}
