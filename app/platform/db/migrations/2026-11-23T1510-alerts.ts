import { sql, type Kysely } from "kysely";

/**
 * Job alerts (issue 15): who wants to hear of what, and one durable outbox for every message the
 * site sends (e-mail, web push, Indexing API, Telegram), written in the content change's own
 * transaction and worked by the server.
 *
 * A subscription keeps only what sending needs: the address (or push endpoint and keys), the
 * language, the topics and when to send. Topics are JSON arrays of the option values, one column
 * per facet so a match is one substring test per facet in SQL; `[]` means every value.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("alert_subscriptions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("channel", "text", (c) => c.notNull().check(sql`channel in ('email', 'push')`))
    .addColumn("email", "text")
    .addColumn("push_endpoint", "text")
    .addColumn("push_p256dh", "text")
    .addColumn("push_auth", "text")
    .addColumn("language", "text", (c) =>
      c
        .notNull()
        .defaultTo("en")
        .check(sql`language in ('en', 'hi')`),
    )
    .addColumn("topic_states", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("topic_qualifications", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("topic_organizations", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("topic_kinds", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("cadence", "text", (c) =>
      c
        .notNull()
        .defaultTo("instant")
        .check(sql`cadence in ('instant', 'daily')`),
    )
    .addColumn("digest_hour", "integer", (c) =>
      c
        .notNull()
        .defaultTo(7)
        .check(sql`digest_hour between 0 and 23`),
    )
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('pending', 'active')`))
    .addColumn("confirm_token_hash", "text")
    .addColumn("confirm_expires_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("confirmed_at", "text")
    .addColumn("last_sent_at", "text")
    .execute();
  await db.schema
    .createIndex("alert_subscriptions_email")
    .on("alert_subscriptions")
    .column("email")
    .unique()
    .execute();
  await db.schema
    .createIndex("alert_subscriptions_push_endpoint")
    .on("alert_subscriptions")
    .column("push_endpoint")
    .unique()
    .execute();
  await db.schema
    .createIndex("alert_subscriptions_confirm_token")
    .on("alert_subscriptions")
    .column("confirm_token_hash")
    .execute();
  await db.schema
    .createIndex("alert_subscriptions_status")
    .on("alert_subscriptions")
    .columns(["status", "cadence"])
    .execute();

  await db.schema
    .createTable("outbox")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("channel", "text", (c) =>
      c.notNull().check(sql`channel in ('email', 'push', 'indexing', 'telegram')`),
    )
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("subscription_id", "text", (c) =>
      c.references("alert_subscriptions.id").onDelete("cascade"),
    )
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`status in ('pending', 'sending', 'sent', 'failed', 'dead')`),
    )
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("locked_until", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .execute();
  // The idempotency key: a restart or a second instance enqueueing the same alert adds nothing.
  await db.schema.createIndex("outbox_key").on("outbox").column("key").unique().execute();
  // The worker's claim: due rows by time; leases that ran out are the few "sending" rows of the
  // same index (a process killed mid-send).
  await db.schema
    .createIndex("outbox_due")
    .on("outbox")
    .columns(["status", "next_attempt_at"])
    .execute();
  await db.schema
    .createIndex("outbox_subscription")
    .on("outbox")
    .column("subscription_id")
    .execute();

  // What an alert says, once per event: the outbox rows of its (maybe 100,000) recipients refer
  // to it as {"event": key} instead of carrying a copy each.
  await db.schema
    .createTable("alert_events")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  // A daily subscriber's matches of one India day, gathered into one digest message.
  await db.schema
    .createTable("alert_digest_items")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("subscription_id", "text", (c) =>
      c.notNull().references("alert_subscriptions.id").onDelete("cascade"),
    )
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("alert_digest_items_subscription")
    .on("alert_digest_items")
    .columns(["subscription_id", "day"])
    .execute();
}
