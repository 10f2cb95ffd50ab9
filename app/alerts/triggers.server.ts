// Publishing triggers alerts (issue 15): an entry going public, or a key change of the public
// change log, enqueues one message per matching active subscription, in the write's own
// transaction. Set-based: one INSERT … SELECT per cadence whatever the number of subscribers.
import { createHash } from "node:crypto";
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { ChangeFact } from "~/content/change-log.ts";
import { describeChange, type KeyChange } from "~/i18n/change-words.ts";
import { catalog } from "~/i18n/catalog.server.ts";
import type { Locale } from "~/lib/locale.ts";
import { REGISTRY } from "~/content/registry.ts";
import type { Kind } from "~/content/kinds.ts";
import { IST_OFFSET_MS } from "~/lib/india-date.ts";
import type { DB } from "../platform/db/db.server.ts";
import { now } from "../platform/db/dialect.ts";
import { OUTBOX_FROM_SELECT, type Database } from "../platform/db/schema.ts";
import { EVENT_REFERENCE } from "./outbox.server.ts";
import { ALL_INDIA, ANY_QUALIFICATION } from "./topics.ts";
import { QUALIFICATIONS, STATES, toOptionKey } from "~/content/options.ts";

/** What an alert says, the same for every recipient; the language is chosen when it is sent. */
export interface AlertPayload {
  type: "alert";
  event: "published" | "changed";
  entry: {
    id: string;
    kind: Kind;
    title: string;
    hiTitle: string | null;
    organization: string;
    /** The organization's Hindi name, where it has one (issue 29; none in older payloads). */
    hiOrganization?: string | null;
    /** The English page's path; the Hindi one is `/hi` + path. */
    path: string;
    lastDate: string | null;
  };
  /** What changed, empty for a new entry; worded per subscriber with `alertChangeWords`. */
  changes: AlertChange[];
}

/**
 * A change as an alert carries it: its English words and the fact they say (ChangeFact), worded
 * per subscriber; alerts queued before issue 26 have the words only.
 */
export type AlertChange = KeyChange & Partial<ChangeFact>;

/** An alert's change in the subscriber's language (the English it was queued with, if old). */
export function alertChangeWords(change: AlertChange, locale: Locale): KeyChange {
  const { field, code, from, to } = change;
  const words = catalog(locale).detail.changes;
  return field && code && code !== ("labels" as string) && code in words
    ? describeChange({ field, code, from, to }, words, locale)
    : { headline: change.headline, detail: change.detail };
}

/** A daily subscriber's digest row: the items are gathered in alert_digest_items. */
export interface DigestPayload {
  type: "digest";
  /** The India date the digest is sent on (YYYY-MM-DD). */
  day: string;
}

/** The facets an entry is matched on. A linked result or admit card takes its job's. */
export interface EntryFacets {
  kind: Kind;
  organization: string;
  state: string | null;
  qualification: string | null;
}

/** When a digest at `hour` (India time) next goes out after `at`, and that India date. */
export function nextDigest(hour: number, at: string): { day: string; sendAt: string } {
  const t = Date.parse(at);
  const ist = new Date(t + IST_OFFSET_MS);
  let send =
    Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate(), hour) - IST_OFFSET_MS;
  if (send <= t) send += 86_400_000;
  return {
    day: new Date(send + IST_OFFSET_MS).toISOString().slice(0, 10),
    sendAt: new Date(send).toISOString(),
  };
}

/** A parameter typed as text: PostgreSQL cannot infer it inside `||` and CASE. */
const text = (value: string) => sql<string>`cast(${value} as text)`;

type SubscriptionsEb = ExpressionBuilder<Database, "alert_subscriptions">;
type TopicColumn = "topic_states" | "topic_qualifications" | "topic_organizations" | "topic_kinds";

/**
 * The topic list holds the value. Topics are JSON arrays of strings, so the value's JSON form
 * (quotes included) found as a substring is an element: a quote inside a stored string is escaped.
 * `replace` finds it on both databases, case-sensitively (LIKE would not be, on SQLite).
 */
function holds(column: TopicColumn, value: string): Expression<SqlBool> {
  return sql<SqlBool>`replace(${sql.ref(column)}, ${text(JSON.stringify(value))}, '') <> ${sql.ref(column)}`;
}

/** An active subscription whose every facet is empty (all) or names the entry's value. */
function matching(facets: EntryFacets) {
  return (eb: SubscriptionsEb) => {
    const facet = (column: TopicColumn, value: string | null, everyone?: string) =>
      value === null
        ? eb(column, "=", "[]")
        : value === everyone
          ? sql<SqlBool>`true`
          : eb.or([eb(column, "=", "[]"), holds(column, value)]);
    return eb.and([
      eb("status", "=", "active"),
      facet("topic_kinds", facets.kind),
      facet("topic_organizations", facets.organization),
      // Keys (issue 27); an entry saved before them names the option in English.
      facet("topic_states", facets.state && toOptionKey(STATES, facets.state), ALL_INDIA),
      facet(
        "topic_qualifications",
        facets.qualification && toOptionKey(QUALIFICATIONS, facets.qualification),
        ANY_QUALIFICATION,
      ),
    ]);
  };
}

/** "This will notify N subscribers": how many active subscriptions an entry like this matches. */
export async function countRecipients(
  db: DB,
  entry: EntryFacets & { jobId?: string | null },
): Promise<number> {
  const facets = await withJobFacets(db, entry);
  const row = await db
    .selectFrom("alert_subscriptions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where(matching(facets))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A result or admit card without a state or qualification of its own takes its job's. */
async function withJobFacets(
  db: DB,
  entry: EntryFacets & { jobId?: string | null },
): Promise<EntryFacets> {
  const own = {
    kind: entry.kind,
    organization: entry.organization,
    state: entry.state || null,
    qualification: entry.qualification || null,
  };
  if (!entry.jobId || (own.state && own.qualification)) return own;
  const job = await db
    .selectFrom("entries")
    .select(["state", "qualification"])
    .where("id", "=", entry.jobId)
    .executeTakeFirst();
  return {
    ...own,
    state: own.state ?? job?.state ?? null,
    qualification: own.qualification ?? job?.qualification ?? null,
  };
}

/**
 * Enqueue the alerts for one entry event, in the caller's transaction: `"published"` when the
 * entry went public, or the key changes a save made to a public entry. Instant subscribers get a
 * message now; daily ones get an item in their next digest (and the digest row, once per day).
 * Keys are per (subscription, entry, event), so the same change saved twice, a retried write or a
 * second instance adds nothing. Returns how many instant messages and digest items were new.
 */
export async function enqueueEntryAlerts(
  trx: DB,
  entryId: string,
  event: "published" | readonly AlertChange[],
  at = now(),
): Promise<number> {
  if (event !== "published" && event.length === 0) return 0;
  const row = await trx
    .selectFrom("entries")
    .select([
      "id",
      "kind",
      "slug",
      "title",
      "hi_title",
      "organization",
      "state",
      "qualification",
      "job_id",
      "last_date",
      "status",
      "deleted_at",
    ])
    .where("id", "=", entryId)
    .executeTakeFirst();
  if (!row || row.status !== "published" || row.deleted_at) return 0;
  const kind = row.kind as Kind;
  const facets = await withJobFacets(trx, { ...row, kind, jobId: row.job_id });
  const changes = event === "published" ? [] : [...event];
  const eventKey =
    event === "published"
      ? `${row.id}:published`
      : `${row.id}:${createHash("sha256")
          .update(changes.map((c) => JSON.stringify(c)).join("\n"))
          .digest("base64url")
          .slice(0, 22)}`;
  const hiOrganization = await trx
    .selectFrom("organizations")
    .select("hi_name")
    .where("name", "=", row.organization)
    .executeTakeFirst();
  const payload: AlertPayload = {
    type: "alert",
    event: event === "published" ? "published" : "changed",
    entry: {
      id: row.id,
      kind,
      title: row.title,
      hiTitle: row.hi_title,
      organization: row.organization,
      hiOrganization: hiOrganization?.hi_name || null,
      path: `${REGISTRY[kind].urlPrefix}/${row.slug}`,
      lastDate: row.last_date,
    },
    changes,
  };
  const json = JSON.stringify(payload);
  await trx
    .insertInto("alert_events")
    .values({ key: eventKey, payload: json, created_at: at })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const reference = JSON.stringify({ [EVENT_REFERENCE]: eventKey });
  const match = matching(facets);

  const instant = await trx
    .insertInto("outbox")
    .columns(OUTBOX_FROM_SELECT)
    .expression(
      trx
        .selectFrom("alert_subscriptions")
        .select([
          // The id is the key: unique, and made without a dialect's random function.
          sql<string>`${text("alert:")} || id || ${text(`:${eventKey}`)}`.as("id"),
          "channel",
          sql<string>`${text("alert:")} || id || ${text(`:${eventKey}`)}`.as("key"),
          "id as subscription_id",
          text(reference).as("payload"),
          text("pending").as("status"),
          sql<number>`0`.as("attempts"),
          text(at).as("next_attempt_at"),
          text(at).as("created_at"),
        ])
        .where("cadence", "=", "instant")
        .where(match),
    )
    .onConflict((oc) => oc.column("key").doNothing())
    .executeTakeFirst();

  // Daily: the day and hour of each subscriber's next digest, as a CASE on its hour.
  const next = Array.from({ length: 24 }, (_, h) => nextDigest(h, at));
  const byHour = (pick: "day" | "sendAt") =>
    sql<string>`case digest_hour ${sql.join(
      next.map((n, h) => sql`when ${sql.lit(h)} then ${text(n[pick])}`),
      sql` `,
    )} end`;
  const items = await trx
    .insertInto("alert_digest_items")
    .columns(["key", "subscription_id", "day", "payload", "created_at"])
    .expression(
      trx
        .selectFrom("alert_subscriptions")
        .select([
          sql<string>`${text("digest-item:")} || id || ${text(`:${eventKey}`)}`.as("key"),
          "id as subscription_id",
          byHour("day").as("day"),
          text(json).as("payload"),
          text(at).as("created_at"),
        ])
        .where("cadence", "=", "daily")
        .where(match),
    )
    .onConflict((oc) => oc.column("key").doNothing())
    .executeTakeFirst();
  if (Number(items.numInsertedOrUpdatedRows ?? 0) > 0) {
    await trx
      .insertInto("outbox")
      .columns(OUTBOX_FROM_SELECT)
      .expression(
        trx
          .selectFrom("alert_subscriptions")
          .select([
            sql<string>`${text("digest:")} || id || ${text(":")} || ${byHour("day")}`.as("id"),
            "channel",
            sql<string>`${text("digest:")} || id || ${text(":")} || ${byHour("day")}`.as("key"),
            "id as subscription_id",
            sql<string>`${text('{"type":"digest","day":"')} || ${byHour("day")} || ${text('"}')}`.as(
              "payload",
            ),
            text("pending").as("status"),
            sql<number>`0`.as("attempts"),
            byHour("sendAt").as("next_attempt_at"),
            text(at).as("created_at"),
          ])
          .where("cadence", "=", "daily")
          .where(match),
      )
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
  }
  return (
    Number(instant.numInsertedOrUpdatedRows ?? 0) + Number(items.numInsertedOrUpdatedRows ?? 0)
  );
}
