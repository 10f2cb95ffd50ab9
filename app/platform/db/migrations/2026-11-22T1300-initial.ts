import { sql, type Kysely, type SqlBool } from "kysely";
import type { MigrationDialect } from "./index.ts";

/**
 * The whole first schema. It runs unchanged on SQLite and PostgreSQL except for three things that
 * cannot be portable: full-text search (FTS5 / tsvector) and the date and boolean column types that
 * better-auth's adapter expects on each database.
 */
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const authDate = dialect === "postgres" ? "timestamptz" : "date";
  const authBool = dialect === "postgres" ? "boolean" : "integer";

  await db.schema
    .createTable("entries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("organization", "text", (c) => c.notNull())
    .addColumn("state", "text")
    .addColumn("qualification", "text")
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('draft', 'scheduled', 'published', 'archived')`),
    )
    .addColumn("publish_at", "text")
    .addColumn("published_at", "text")
    .addColumn("last_date", "text")
    .addColumn("job_id", "text", (c) => c.references("entries.id").onDelete("set null"))
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("search_text", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("created_by", "text")
    .addColumn("updated_by", "text")
    .addColumn("deleted_at", "text")
    // SQLite only: the stable integer key of the entry's row in the full-text index.
    .addColumn("search_id", "integer")
    .addUniqueConstraint("entries_kind_slug_unique", ["kind", "slug"])
    .execute();
  // Public reads all filter on exactly `status = 'published' and deleted_at is null` (written as
  // literals, so both databases can use these partial indexes): lists, filters, the bell, sitemaps.
  const PUBLIC = sql<SqlBool>`status = 'published' and deleted_at is null`;
  for (const [name, columns] of [
    ["entries_public", ["kind", "published_at", "id"]],
    ["entries_public_state", ["kind", "state", "published_at", "id"]],
    ["entries_public_org", ["kind", "organization", "published_at", "id"]],
    ["entries_public_qualification", ["kind", "qualification", "published_at", "id"]],
    ["entries_public_last_date", ["kind", "last_date"]],
    // Search on PostgreSQL ranks the newest matches: this lets it walk them newest first.
    ["entries_public_newest", ["published_at"]],
  ] as const) {
    await db.schema
      .createIndex(name)
      .on("entries")
      .columns([...columns])
      .where(PUBLIC)
      .execute();
  }
  // The admin lists, newest change first. Deliberately not led by `kind`: SQLite would then pick it
  // for public counts over the covering partial indexes above.
  await db.schema.createIndex("entries_updated").on("entries").column("updated_at").execute();
  await db.schema.createIndex("entries_job").on("entries").column("job_id").execute();
  await db.schema
    .createIndex("entries_search_id")
    .on("entries")
    .column("search_id")
    .unique()
    .execute();

  await db.schema
    .createTable("entry_slugs")
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("entry_id", "text", (c) => c.notNull().references("entries.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("entry_slugs_pk", ["kind", "slug"])
    .execute();

  await db.schema
    .createTable("revisions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("subject_type", "text", (c) => c.notNull())
    .addColumn("subject_id", "text", (c) => c.notNull())
    .addColumn("snapshot", "text", (c) => c.notNull())
    .addColumn("author_id", "text")
    .addColumn("author_name", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("revisions_subject")
    .on("revisions")
    .columns(["subject_type", "subject_id", "created_at"])
    .execute();

  await db.schema
    .createTable("site_pages")
    .addColumn("slug", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text")
    .execute();

  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("redirects")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("source", "text", (c) => c.notNull().unique())
    .addColumn("destination", "text", (c) => c.notNull())
    .addColumn("status_code", "integer", (c) =>
      c.notNull().check(sql`status_code in (301, 302, 307, 308, 410)`),
    )
    .addColumn("enabled", "integer", (c) => c.notNull())
    .addColumn("hits", "integer", (c) => c.notNull())
    .addColumn("last_hit_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("not_found_log")
    .addColumn("path", "text", (c) => c.primaryKey())
    .addColumn("hits", "integer", (c) => c.notNull())
    .addColumn("last_referrer", "text")
    .addColumn("first_seen_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('unread', 'read', 'archived', 'spam')`),
    )
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("messages_status")
    .on("messages")
    .columns(["status", "created_at"])
    .execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("actor_id", "text")
    .addColumn("actor_email", "text")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("detail", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_log_created").on("audit_log").column("created_at").execute();

  // Counters for rate limits, in the database so that they hold across instances.
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("window_start", "text", (c) => c.notNull())
    .addColumn("blocked_until", "text")
    .execute();

  await db.schema
    .createTable("app_meta")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();

  // better-auth's tables, exactly as its own migration generator describes them (admin plugin on).
  await db.schema
    .createTable("user")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("emailVerified", sql.raw(authBool), (c) => c.notNull())
    .addColumn("image", "text")
    .addColumn("createdAt", sql.raw(authDate), (c) => c.notNull())
    .addColumn("updatedAt", sql.raw(authDate), (c) => c.notNull())
    .addColumn("role", "text")
    .addColumn("banned", sql.raw(authBool))
    .addColumn("banReason", "text")
    .addColumn("banExpires", sql.raw(authDate))
    .execute();
  await db.schema
    .createTable("session")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("expiresAt", sql.raw(authDate), (c) => c.notNull())
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("createdAt", sql.raw(authDate), (c) => c.notNull())
    .addColumn("updatedAt", sql.raw(authDate), (c) => c.notNull())
    .addColumn("ipAddress", "text")
    .addColumn("userAgent", "text")
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("impersonatedBy", "text")
    .execute();
  await db.schema
    .createTable("account")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("accountId", "text", (c) => c.notNull())
    .addColumn("providerId", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("accessToken", "text")
    .addColumn("refreshToken", "text")
    .addColumn("idToken", "text")
    .addColumn("accessTokenExpiresAt", sql.raw(authDate))
    .addColumn("refreshTokenExpiresAt", sql.raw(authDate))
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("createdAt", sql.raw(authDate), (c) => c.notNull())
    .addColumn("updatedAt", sql.raw(authDate), (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("verification")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expiresAt", sql.raw(authDate), (c) => c.notNull())
    .addColumn("createdAt", sql.raw(authDate), (c) => c.notNull())
    .addColumn("updatedAt", sql.raw(authDate), (c) => c.notNull())
    .execute();
  await db.schema.createIndex("session_userId_idx").on("session").column("userId").execute();
  await db.schema.createIndex("account_userId_idx").on("account").column("userId").execute();
  await db.schema
    .createIndex("verification_identifier_idx")
    .on("verification")
    .column("identifier")
    .execute();

  // Full-text search over published entries: the one place the two databases differ.
  if (dialect === "postgres") {
    await sql`alter table entries add column search_vector tsvector generated always as (
      setweight(to_tsvector('simple', coalesce(title, '')), 'A') ||
      setweight(to_tsvector('simple', coalesce(organization, '')), 'B') ||
      setweight(to_tsvector('simple', coalesce(search_text, '')), 'C')) stored`.execute(db);
    await sql`create index entries_search on entries using gin (search_vector)
      where status = 'published' and deleted_at is null`.execute(db);
  } else {
    // The index holds public entries only, so a search never joins to filter. Its rowid is the
    // entry's search_id, a real column (an implicit rowid may change on VACUUM).
    await sql`create virtual table entries_fts using fts5(
      title, organization, search_text, tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
    await sql`create trigger entries_search_id after insert on entries begin
      update entries set search_id = coalesce((select max(search_id) from entries), 0) + 1
      where id = new.id; end`.execute(db);
    await sql`create trigger entries_fts_update after update on entries begin
      delete from entries_fts where rowid = old.search_id;
      insert into entries_fts (rowid, title, organization, search_text)
      select new.search_id, new.title, new.organization, new.search_text
      where new.search_id is not null and new.status = 'published' and new.deleted_at is null; end`.execute(
      db,
    );
    await sql`create trigger entries_fts_delete after delete on entries begin
      delete from entries_fts where rowid = old.search_id; end`.execute(db);
  }
}
