// My exams' SQL (issue 28), on SQLite and PostgreSQL alike: public entries by id, the server
// copies of saved lists, the reminders' outbox rows and the exam calendar's dates. Nothing here
// decides anything: the services beside it do.
import { OUTBOX_FROM_SELECT } from "~/platform/db/schema.ts";
import { sql } from "kysely";
import type { Kind } from "~/content/kinds.ts";
import type { DB } from "~/platform/db/db.server.ts";
import { isPublic } from "~/platform/db/public-entries.ts";

export interface PublicEntryRow {
  id: string;
  kind: Kind;
  slug: string;
  title: string;
  hiTitle: string | null;
  organization: string;
  jobId: string | null;
  data: Record<string, unknown>;
  publishedAt: string | null;
  updatedAt: string;
}

const columns = [
  "id",
  "kind",
  "slug",
  "title",
  "hi_title",
  "organization",
  "job_id",
  "data",
  "published_at",
  "updated_at",
] as const;

type Row = {
  id: string;
  kind: string;
  slug: string;
  title: string;
  hi_title: string | null;
  organization: string;
  job_id: string | null;
  data: string;
  published_at: string | null;
  updated_at: string;
};

const toPublic = (r: Row): PublicEntryRow => ({
  id: r.id,
  kind: r.kind as Kind,
  slug: r.slug,
  title: r.title,
  hiTitle: r.hi_title,
  organization: r.organization,
  jobId: r.job_id,
  data: JSON.parse(r.data) as Record<string, unknown>,
  publishedAt: r.published_at,
  updatedAt: r.updated_at,
});

/** The published entries among these ids (any order). */
export async function publishedByIds(db: DB, ids: readonly string[]): Promise<PublicEntryRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("entries")
    .select(columns)
    .where("id", "in", [...ids])
    .where(isPublic)
    .execute();
  return rows.map(toPublic);
}

/** The published entries that belong to these jobs (their admit cards, answer keys, results). */
export async function publishedOfJobs(
  db: DB,
  jobIds: readonly string[],
): Promise<PublicEntryRow[]> {
  if (jobIds.length === 0) return [];
  const rows = await db
    .selectFrom("entries")
    .select(columns)
    .where("job_id", "in", [...jobIds])
    .where(isPublic)
    .orderBy("published_at", "asc")
    .execute();
  return rows.map(toPublic);
}

/** Which of these ids are entries at all (a list keeps no made-up ids). */
export async function existingEntryIds(db: DB, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("entries")
    .select("id")
    .where("id", "in", [...ids])
    .execute();
  return rows.map((r) => r.id);
}

// ---- Server copies of saved lists ----

export interface ListRow {
  id: string;
  purpose: "reminders" | "calendar";
  language: "en" | "hi";
  pushEndpoint: string | null;
  pushP256dh: string | null;
  pushAuth: string | null;
  updatedAt: string;
}

const listColumns = [
  "id",
  "purpose",
  "language",
  "push_endpoint",
  "push_p256dh",
  "push_auth",
  "updated_at",
] as const;

const toList = (r: {
  id: string;
  purpose: "reminders" | "calendar";
  language: "en" | "hi";
  push_endpoint: string | null;
  push_p256dh: string | null;
  push_auth: string | null;
  updated_at: string;
}): ListRow => ({
  id: r.id,
  purpose: r.purpose,
  language: r.language,
  pushEndpoint: r.push_endpoint,
  pushP256dh: r.push_p256dh,
  pushAuth: r.push_auth,
  updatedAt: r.updated_at,
});

export async function findListBySecretHash(
  db: DB,
  purpose: ListRow["purpose"],
  secretHash: string,
): Promise<ListRow | undefined> {
  const row = await db
    .selectFrom("my_exam_lists")
    .select(listColumns)
    .where("secret_hash", "=", secretHash)
    .where("purpose", "=", purpose)
    .executeTakeFirst();
  return row && toList(row);
}

export async function findListById(db: DB, id: string): Promise<ListRow | undefined> {
  const row = await db
    .selectFrom("my_exam_lists")
    .select(listColumns)
    .where("id", "=", id)
    .executeTakeFirst();
  return row && toList(row);
}

export async function insertList(
  db: DB,
  list: {
    id: string;
    secretHash: string;
    purpose: ListRow["purpose"];
    language: ListRow["language"];
    push?: { endpoint: string; p256dh: string; auth: string };
    at: string;
  },
): Promise<void> {
  await db
    .insertInto("my_exam_lists")
    .values({
      id: list.id,
      secret_hash: list.secretHash,
      purpose: list.purpose,
      push_endpoint: list.push?.endpoint ?? null,
      push_p256dh: list.push?.p256dh ?? null,
      push_auth: list.push?.auth ?? null,
      language: list.language,
      created_at: list.at,
      updated_at: list.at,
    })
    .execute();
}

/** The reminders list of a push endpoint, if the browser turned reminders on before. */
export async function listIdByEndpoint(db: DB, endpoint: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("my_exam_lists")
    .select("id")
    .where("push_endpoint", "=", endpoint)
    .executeTakeFirst();
  return row?.id;
}

/** The list's entry ids become exactly these. */
export async function replaceListEntries(
  db: DB,
  listId: string,
  entryIds: readonly string[],
  at: string,
): Promise<void> {
  await db.deleteFrom("my_exam_list_entries").where("list_id", "=", listId).execute();
  if (entryIds.length)
    await db
      .insertInto("my_exam_list_entries")
      .values(entryIds.map((entry_id) => ({ list_id: listId, entry_id })))
      .execute();
  await db.updateTable("my_exam_lists").set({ updated_at: at }).where("id", "=", listId).execute();
}

export async function listEntryIds(db: DB, listId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("my_exam_list_entries")
    .select("entry_id")
    .where("list_id", "=", listId)
    .orderBy("entry_id")
    .execute();
  return rows.map((r) => r.entry_id);
}

/** The outbox keys of a list's messages all start so (`my-exams:<list>:…`). */
export const listKeyPrefix = (listId: string) => `my-exams:${listId}:`;

/** A list, its entries (by cascade) and every message of it still in the outbox, gone. */
export async function deleteList(db: DB, listId: string): Promise<boolean> {
  const prefix = listKeyPrefix(listId);
  // A key range (":" + 1 is ";"): the unique index on key serves it on both databases.
  await db
    .deleteFrom("outbox")
    .where("key", ">=", prefix)
    .where("key", "<", `${prefix.slice(0, -1)};`)
    .execute();
  const done = await db.deleteFrom("my_exam_lists").where("id", "=", listId).executeTakeFirst();
  return Number(done.numDeletedRows) > 0;
}

/** How many lists and listed entries are stored (the tests' and the admin's count). */
export async function countLists(db: DB): Promise<{ lists: number; entries: number }> {
  const [lists, entries] = await Promise.all([
    db
      .selectFrom("my_exam_lists")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("my_exam_list_entries")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { lists: Number(lists.n), entries: Number(entries.n) };
}

// ---- Reminders ----

/** Every entry some reminders list saved. */
export async function remindedEntryIds(db: DB): Promise<string[]> {
  const rows = await db
    .selectFrom("my_exam_list_entries")
    .innerJoin("my_exam_lists", "my_exam_lists.id", "my_exam_list_entries.list_id")
    .select("my_exam_list_entries.entry_id")
    .distinct()
    .where("my_exam_lists.purpose", "=", "reminders")
    .execute();
  return rows.map((r) => r.entry_id);
}

/** A parameter typed as text: PostgreSQL cannot infer it inside `||`. */
const text = (value: string) => sql<string>`cast(${value} as text)`;

/**
 * One push message per reminders list that saved any of `savedIds`, keyed
 * `my-exams:<list>:<suffix>` (a key already there adds nothing: each message goes once).
 * `payload` is the message's JSON without the list, which is put in as `"list"`. Set-based: one
 * INSERT … SELECT whatever the number of lists. Returns how many were new.
 */
export async function enqueueForSavers(
  db: DB,
  savedIds: readonly string[],
  suffix: string,
  payload: Record<string, unknown>,
  at: string,
): Promise<number> {
  if (savedIds.length === 0) return 0;
  const key = sql<string>`${text("my-exams:")} || l.id || ${text(`:${suffix}`)}`;
  const body = JSON.stringify(payload).slice(1);
  const result = await db
    .insertInto("outbox")
    .columns(OUTBOX_FROM_SELECT)
    .expression(
      db
        .selectFrom("my_exam_lists as l")
        .select([
          key.as("id"),
          text("push").as("channel"),
          key.as("key"),
          sql<null>`null`.as("subscription_id"),
          sql<string>`${text('{"list":"')} || l.id || ${text(`",${body}`)}`.as("payload"),
          text("pending").as("status"),
          sql<number>`0`.as("attempts"),
          text(at).as("next_attempt_at"),
          text(at).as("created_at"),
        ])
        .where("l.purpose", "=", "reminders")
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom("my_exam_list_entries as e")
              .select("e.entry_id")
              .whereRef("e.list_id", "=", "l.id")
              .where("e.entry_id", "in", [...savedIds]),
          ),
        ),
    )
    .onConflict((oc) => oc.column("key").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

// ---- The exam calendar ----

export interface CalendarRow extends PublicEntryRow {
  state: string | null;
  qualification: string | null;
}

/**
 * Published entries of `kinds` that have a date in one of `fields` (the exam calendar's: an exam,
 * an admit card, objections), with the state and qualification of the job they belong to where
 * they have none of their own. Only rows updated or published in the last `sinceDays`
 * days are read (a notification's dates are within a year of it): the calendar never scans all
 * of history.
 */
export async function calendarCandidates(
  db: DB,
  since: string,
  { kinds, fields }: { kinds: readonly Kind[]; fields: readonly string[] },
): Promise<CalendarRow[]> {
  if (kinds.length === 0 || fields.length === 0) return [];
  const rows = await db
    .selectFrom("entries as e")
    .leftJoin("entries as j", "j.id", "e.job_id")
    .select([
      "e.id",
      "e.kind",
      "e.slug",
      "e.title",
      "e.hi_title",
      "e.organization",
      "e.job_id",
      "e.data",
      "e.published_at",
      "e.updated_at",
      sql<string | null>`coalesce(e.state, j.state)`.as("state"),
      sql<string | null>`coalesce(e.qualification, j.qualification)`.as("qualification"),
    ])
    .where("e.kind", "in", [...kinds])
    .where(sql<boolean>`e.status = 'published' and e.deleted_at is null`)
    .where("e.updated_at", ">=", since)
    .where((eb) => eb.or(fields.map((field) => eb("e.data", "like", `%"${field}"%`))))
    .execute();
  return rows.map((r) => ({ ...toPublic(r), state: r.state, qualification: r.qualification }));
}
