// What the admin's Alerts screen shows (issue 15): which channels are on, who is subscribed to
// what, and the outbox's state. Reads only; its buttons write through app/alerts/outbox-admin.service.server.ts.
import { sql } from "kysely";
import type { DB } from "../platform/db/db.server.ts";
import { dialectOf } from "../platform/db/dialect.ts";
import type { OutboxTable } from "../platform/db/schema.ts";
import { env } from "../platform/env.server.ts";
import { indexingOptions } from "./channels/indexing.server.ts";
import { telegramOptions } from "./channels/telegram.server.ts";
import { isOutboxPaused, resolveEvents, type Channel } from "./outbox.server.ts";
import {
  OUTBOX_CHANNELS,
  OUTBOX_STATUSES,
  type OutboxStatus,
  type OutboxView,
} from "./outbox-views.ts";
import { emailEnabled } from "./worker.server.ts";

const VIEW_STATUSES: Record<OutboxView, OutboxStatus[]> = {
  failed: ["failed", "dead"],
  pending: ["pending", "sending"],
};

const TOPIC_COLUMNS = {
  states: "topic_states",
  qualifications: "topic_qualifications",
  organizations: "topic_organizations",
  kinds: "topic_kinds",
} as const;
export type TopicFacet = keyof typeof TOPIC_COLUMNS;

export interface TopicCounts {
  /** Active subscriptions that chose nothing in this facet: they hear of every value. */
  all: number;
  /** The most chosen values, most first. */
  top: { value: string; count: number }[];
}

export interface AlertsOverview {
  subscribers: { emailActive: number; emailPending: number; push: number };
  topics: Record<TopicFacet, TopicCounts>;
  /** Rows by channel and status (sent rows are pruned after SENT_KEPT_DAYS). */
  outbox: Record<Channel, Record<OutboxStatus, number>>;
  paused: boolean;
}

const count = (n: unknown) => Number(n ?? 0);

/**
 * The values chosen most in one topic facet, among active subscriptions. Topics are JSON arrays
 * in a text column: SQLite unpacks them with json_each, PostgreSQL with
 * jsonb_array_elements_text, so the counting happens in the database at any size.
 */
async function topTopicValues(db: DB, facet: TopicFacet, limit: number) {
  const column = sql.ref(`s.${TOPIC_COLUMNS[facet]}`);
  const query =
    dialectOf(db) === "postgres"
      ? sql<{ value: string; n: number | string }>`
          select v as value, count(*) as n
          from alert_subscriptions s cross join lateral jsonb_array_elements_text(${column}::jsonb) as v
          where s.status = 'active'
          group by v order by n desc, v limit ${limit}`
      : sql<{ value: string; n: number | string }>`
          select j.value as value, count(*) as n
          from alert_subscriptions s, json_each(${column}) j
          where s.status = 'active'
          group by j.value order by n desc, j.value limit ${limit}`;
  const { rows } = await query.execute(db);
  return rows.map((r) => ({ value: String(r.value), count: count(r.n) }));
}

export async function alertsOverview(db: DB, { topLimit = 8 } = {}): Promise<AlertsOverview> {
  const [subscriptions, outboxRows, paused, allRow] = await Promise.all([
    db
      .selectFrom("alert_subscriptions")
      .select(["channel", "status", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy(["channel", "status"])
      .execute(),
    db
      .selectFrom("outbox")
      .select(["channel", "status", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy(["channel", "status"])
      .execute(),
    isOutboxPaused(db),
    db
      .selectFrom("alert_subscriptions")
      .where("status", "=", "active")
      .select((eb) =>
        (Object.keys(TOPIC_COLUMNS) as TopicFacet[]).map((facet) =>
          eb.fn
            .sum<number>(eb.case().when(TOPIC_COLUMNS[facet], "=", "[]").then(1).else(0).end())
            .as(facet),
        ),
      )
      .executeTakeFirstOrThrow(),
  ]);
  const topics = {} as Record<TopicFacet, TopicCounts>;
  for (const facet of Object.keys(TOPIC_COLUMNS) as TopicFacet[])
    topics[facet] = { all: count(allRow[facet]), top: await topTopicValues(db, facet, topLimit) };
  const subscribed = (channel: "email" | "push", status: "active" | "pending") =>
    count(subscriptions.find((r) => r.channel === channel && r.status === status)?.n);
  const outbox = Object.fromEntries(
    OUTBOX_CHANNELS.map((c) => [
      c,
      Object.fromEntries(
        OUTBOX_STATUSES.map((s) => [
          s,
          count(outboxRows.find((r) => r.channel === c && r.status === s)?.n),
        ]),
      ),
    ]),
  ) as AlertsOverview["outbox"];
  return {
    subscribers: {
      emailActive: subscribed("email", "active"),
      emailPending: subscribed("email", "pending"),
      push: subscribed("push", "active") + subscribed("push", "pending"),
    },
    topics,
    outbox,
    paused,
  };
}

/** One outbox row as the screen lists it: what it is, to whom, how it went. */
export interface OutboxListRow {
  id: string;
  channel: Channel;
  status: OutboxStatus;
  /** In words: the entry's title, "Confirmation mail", the Indexing call… */
  what: string;
  /** The address, the push service's host, or null for a channel without subscribers. */
  to: string | null;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
  createdAt: string;
}

const str = (v: unknown) => (typeof v === "string" ? v : "");

/** A row's payload in a few words (the alert's is resolved from its event first). */
function describe(channel: Channel, key: string, payload: unknown): string {
  const p = (payload && typeof payload === "object" ? payload : {}) as Record<string, unknown>;
  switch (p.type) {
    case "alert": {
      const entry = (p.entry ?? {}) as Record<string, unknown>;
      return `${p.event === "changed" ? "Changed" : "New"}: ${str(entry.title) || key}`;
    }
    case "digest":
      return `Daily digest of ${str(p.day)}`;
    case "confirm":
      return "Confirmation mail";
    case "manage-link":
      return "Manage link mail";
  }
  if (channel === "indexing") return `${str(p.type)} ${str(p.url)}`.trim() || key;
  if (channel === "telegram") return str(p.text).split("\n")[0] || key;
  return key;
}

const pushHost = (endpoint: string | null) => {
  try {
    return endpoint ? new URL(endpoint).host : null;
  } catch {
    return null;
  }
};

/**
 * A page of the failed and dead rows (latest first: the ones to look at), or of the pending ones
 * (next due first).
 */
export async function listOutboxRows(
  db: DB,
  { view, page, pageSize }: { view: OutboxView; page: number; pageSize: number },
): Promise<{ rows: OutboxListRow[]; page: number; pageCount: number; total: number }> {
  const statuses = VIEW_STATUSES[view];
  const { n } = await db
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "in", statuses)
    .executeTakeFirstOrThrow();
  const total = count(n);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(page, pageCount);
  let query = db
    .selectFrom("outbox as o")
    .leftJoin("alert_subscriptions as s", "s.id", "o.subscription_id")
    .select([
      "o.id",
      "o.channel",
      "o.key",
      "o.payload",
      "o.status",
      "o.attempts",
      "o.last_error",
      "o.next_attempt_at",
      "o.created_at",
      "s.email",
      "s.push_endpoint",
    ])
    .where("o.status", "in", statuses);
  query =
    view === "failed"
      ? query.orderBy("o.created_at", "desc").orderBy("o.id")
      : query.orderBy("o.next_attempt_at").orderBy("o.id");
  const rows = await query
    .limit(pageSize)
    .offset((current - 1) * pageSize)
    .execute();
  const resolved = await resolveEvents(
    db,
    rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      key: r.key,
      payload: JSON.parse(r.payload) as unknown,
      attempts: r.attempts,
      subscriptionId: null,
    })),
  );
  return {
    rows: rows.map((r, i) => ({
      id: r.id,
      channel: r.channel,
      status: r.status as OutboxTable["status"],
      what: describe(r.channel, r.key, resolved[i].payload),
      to: r.email ?? pushHost(r.push_endpoint),
      attempts: r.attempts,
      lastError: r.last_error,
      nextAttemptAt: r.next_attempt_at,
      createdAt: r.created_at,
    })),
    page: current,
    pageCount,
    total,
  };
}

export interface ChannelState {
  on: boolean;
  /** How it sends, or what turns it on (the setting to give). */
  detail: string;
}

/**
 * Which channels send from this server, and how, from its configuration (issue 26): the Alerts
 * screen says it, so an admin sees why /alerts offers no e-mail.
 */
export function alertChannels(db: DB, config = env()): Record<Channel, ChannelState> {
  const indexing = indexingOptions(config, db);
  const telegram = telegramOptions(config);
  return {
    email: emailEnabled(config)
      ? { on: true, detail: `Through ${new URL(config.SMTP_URL!).host}, from ${config.MAIL_FROM}.` }
      : {
          on: false,
          detail:
            "No mail server: set SMTP_URL. Until then /alerts offers alerts in the browser only, and no page offers them by e-mail.",
        },
    push: {
      on: true,
      detail: `In browsers that take web push (https, notifications not blocked); the VAPID keys are ${config.VAPID_PUBLIC_KEY ? "set in VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY" : "generated once into the data folder"}.`,
    },
    telegram: telegram
      ? { on: true, detail: `Each new entry is posted to ${telegram.chatId}.` }
      : {
          on: false,
          detail: "Set TELEGRAM_BOT_TOKEN and TELEGRAM_CHANNEL_ID to post each new entry.",
        },
    indexing: indexing
      ? {
          on: true,
          detail: `Job pages are sent to Google as ${indexing.credentials.clientEmail}, at most ${indexing.dailyQuota} calls a day.`,
        }
      : {
          on: false,
          detail: "Set GOOGLE_INDEXING_CREDENTIALS to tell Google when job pages change.",
        },
  };
}
