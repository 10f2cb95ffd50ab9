import type { Kysely } from "kysely";
import type { MigrationDialect } from "./index.ts";

/**
 * Uploaded files (issue 13): the official notification PDFs and images editors upload, kept in
 * the database itself so that every instance on one PostgreSQL serves the same files without a
 * shared disk. One row per distinct content: `sha256` is unique, and the public address is
 * `/files/<sha256>.<ext>`. The bytes are a BLOB on SQLite and a bytea on PostgreSQL.
 */
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("files")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("sha256", "text", (c) => c.notNull().unique())
    // Detected from the content (magic bytes), never taken from the name or the browser.
    .addColumn("type", "text", (c) => c.notNull())
    // The uploaded file's name, sanitized; shown as the download's file name.
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("bytes", dialect === "postgres" ? "bytea" : "blob", (c) => c.notNull())
    .addColumn("uploaded_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}
