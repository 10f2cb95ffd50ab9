import { sql, type Kysely } from "kysely";

/**
 * My exams (issue 28): a reader's saved list lives on their device. Only when they turn on
 * reminders (web push) or a calendar feed does a copy of the list's entry ids reach the server,
 * one list per purpose, so turning one off deletes exactly that copy.
 *
 * - `my_exam_lists`: a server copy, found by the SHA-256 of a secret only the device holds (the
 *   calendar feed's address carries the secret itself); a reminders list also has the browser's
 *   push subscription. No name, e-mail or birth date: nothing else is asked.
 * - `my_exam_list_entries`: the entry ids of a list; the reminders pass and the write path find
 *   the lists that saved an entry by `entry_id`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("my_exam_lists")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("secret_hash", "text", (c) => c.notNull().unique())
    .addColumn("purpose", "text", (c) =>
      c.notNull().check(sql`purpose in ('reminders', 'calendar')`),
    )
    .addColumn("push_endpoint", "text", (c) => c.unique())
    .addColumn("push_p256dh", "text")
    .addColumn("push_auth", "text")
    .addColumn("language", "text", (c) =>
      c
        .notNull()
        .defaultTo("en")
        .check(sql`language in ('en', 'hi')`),
    )
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("my_exam_list_entries")
    .addColumn("list_id", "text", (c) =>
      c.notNull().references("my_exam_lists.id").onDelete("cascade"),
    )
    .addColumn("entry_id", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("my_exam_list_entries_pk", ["list_id", "entry_id"])
    .execute();
  await db.schema
    .createIndex("my_exam_list_entries_entry")
    .on("my_exam_list_entries")
    .column("entry_id")
    .execute();
}
