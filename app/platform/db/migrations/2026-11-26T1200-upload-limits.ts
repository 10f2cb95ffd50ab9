import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "./index.ts";

/**
 * Bounded uploads (issue 25). An upload used to be public at once and kept for ever; now:
 *
 * - `file_references`: which entry (its id) or site page (its slug) links to which file (its
 *   SHA-256), kept by the write path whenever an entry's data or a page's body is written. A file
 *   is public while a published entry or a site page links to it.
 * - `files.unreferenced_since`: since when nothing has linked to the file (null while something
 *   does); the sweep deletes it a grace period later.
 * - `upload_usage`: counters the upload reserves before it stores: one row per person and day in
 *   India (`user:<id>:<date>`, files and bytes uploaded that day) and one for the site (`site`,
 *   `day` empty: files and bytes stored now).
 *
 * The links already in entries and pages are recorded here, and the site's row starts with what
 * is stored; files nothing links to start their grace period at the first sweep.
 */
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("file_references")
    .addColumn("subject_type", "text", (c) => c.notNull())
    .addColumn("subject_id", "text", (c) => c.notNull())
    .addColumn("sha256", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("file_references_pk", ["subject_type", "subject_id", "sha256"])
    .execute();
  await db.schema
    .createIndex("file_references_sha256")
    .on("file_references")
    .column("sha256")
    .execute();
  await db.schema.alterTable("files").addColumn("unreferenced_since", "text").execute();
  await db.schema
    .createTable("upload_usage")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("files", dialect === "postgres" ? "bigint" : "integer", (c) => c.notNull())
    .addColumn("bytes", dialect === "postgres" ? "bigint" : "integer", (c) => c.notNull())
    .execute();
  await sql`insert into upload_usage (key, day, files, bytes)
    select 'site', '', count(*), coalesce(sum(size), 0) from files`.execute(db);

  const links = (text: string | null) =>
    new Set([...(text ?? "").matchAll(/\/files\/([0-9a-f]{64})\./g)].map((m) => m[1]));
  const rows: { subject_type: string; subject_id: string; sha256: string }[] = [];
  const entries = await db
    .selectFrom("entries")
    .select(["id", "data"])
    .where("data", "like", "%/files/%")
    .execute();
  for (const e of entries)
    for (const sha256 of links(e.data))
      rows.push({ subject_type: "entry", subject_id: e.id, sha256 });
  const pages = await db
    .selectFrom("site_pages")
    .select(["slug", "body", "hindi"])
    .where((eb) => eb.or([eb("body", "like", "%/files/%"), eb("hindi", "like", "%/files/%")]))
    .execute();
  for (const p of pages)
    for (const sha256 of links(`${p.body} ${p.hindi ?? ""}`))
      rows.push({ subject_type: "page", subject_id: p.slug, sha256 });
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto("file_references")
      .values(rows.slice(i, i + 500))
      .execute();
}
