import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "./index.ts";

/**
 * Issue 14: an entry's Hindi title as a column beside its English one (projected from
 * `data.hi_title` by every write, as `state` and `last_date` are), so lists, the bell, feeds and
 * sitemaps can show Hindi titles and know which entries have a Hindi page without reading `data`.
 */
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await db.schema.alterTable("entries").addColumn("hi_title", "text").execute();
  const value =
    dialect === "postgres"
      ? sql`nullif(trim(data::jsonb ->> 'hi_title'), '')`
      : sql`nullif(trim(json_extract(data, '$.hi_title')), '')`;
  await sql`update entries set hi_title = ${value}`.execute(db);
}
