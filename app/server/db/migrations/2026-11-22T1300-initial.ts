import { sql, type Kysely } from "kysely";
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
    .addUniqueConstraint("entries_kind_slug_unique", ["kind", "slug"])
    .execute();
  // The public lists, the bell and the sitemap all read "published rows of a kind, newest first".
  await db.schema
    .createIndex("entries_public_list")
    .on("entries")
    .columns(["kind", "status", "published_at", "id"])
    .execute();
  await db.schema.createIndex("entries_job").on("entries").column("job_id").execute();
  await db.schema
    .createIndex("entries_last_date")
    .on("entries")
    .columns(["kind", "status", "last_date"])
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
    await sql`create index entries_search on entries using gin (search_vector)`.execute(db);
  } else {
    await sql`create virtual table entries_fts using fts5(
      entry_id unindexed, title, organization, search_text, tokenize = 'unicode61 remove_diacritics 2')`.execute(
      db,
    );
    await sql`create trigger entries_fts_insert after insert on entries begin
      insert into entries_fts (entry_id, title, organization, search_text)
      values (new.id, new.title, new.organization, new.search_text); end`.execute(db);
    await sql`create trigger entries_fts_update after update of title, organization, search_text on entries begin
      delete from entries_fts where entry_id = old.id;
      insert into entries_fts (entry_id, title, organization, search_text)
      values (new.id, new.title, new.organization, new.search_text); end`.execute(db);
    await sql`create trigger entries_fts_delete after delete on entries begin
      delete from entries_fts where entry_id = old.id; end`.execute(db);
  }
}
