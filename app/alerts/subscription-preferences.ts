// An alert subscription's choices (issue 15), pure: the /alerts and manage forms' schemas, the
// row as its owner sees it, and the columns a set of choices is stored in.
import { z } from "zod";
import type { AlertSubscriptionsTable } from "../platform/db/schema.ts";
import {
  ALERT_KINDS,
  ALERT_QUALIFICATIONS,
  ALERT_STATES,
  qualificationKey,
  stateKey,
  type AlertTopics,
} from "./topics.ts";

/** How long a confirmation link works; an unconfirmed subscription is deleted after it. */
export const CONFIRM_TOKEN_DAYS = 7;
/** How long a sent message is kept (the admin's outbox view, the subscriber's export). */
export const SENT_KEPT_DAYS = 30;
const MAX_ORGANIZATIONS = 20;

// A topic is stored by key; an old form or bookmark may send the English name ("Bihar" → "bihar").
const oneOf = (k: readonly string[], key: (input: string) => string) =>
  z.string().transform(key).pipe(z.enum(k));

/** The choices of the /alerts form and the manage page (without the address). */
export const PreferencesSchema = z.object({
  language: z.enum(["en", "hi"]).default("en"),
  cadence: z.enum(["instant", "daily"]).default("instant"),
  digestHour: z.coerce.number().int().min(0).max(23).default(7),
  states: z.array(oneOf(ALERT_STATES, stateKey)).max(ALERT_STATES.length).default([]),
  qualifications: z
    .array(oneOf(ALERT_QUALIFICATIONS, qualificationKey))
    .max(ALERT_QUALIFICATIONS.length)
    .default([]),
  organizations: z
    .array(z.string().trim().min(1).max(120))
    .max(MAX_ORGANIZATIONS, `Choose at most ${MAX_ORGANIZATIONS} organizations`)
    .default([]),
  kinds: z.array(z.enum(ALERT_KINDS)).max(ALERT_KINDS.length).default([]),
});
export type Preferences = z.infer<typeof PreferencesSchema>;

export const SubscribeSchema = PreferencesSchema.extend({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, "An e-mail address has at most 254 characters")
    .pipe(z.email("Enter an e-mail address such as name@example.com")),
});
export type SubscribeInput = z.infer<typeof SubscribeSchema>;

/** A subscription as its owner may see it (no token hash). */
export interface Subscription {
  id: string;
  channel: "email" | "push";
  email: string | null;
  language: "en" | "hi";
  topics: AlertTopics;
  cadence: "instant" | "daily";
  digestHour: number;
  status: "pending" | "active";
  createdAt: string;
  confirmedAt: string | null;
  lastSentAt: string | null;
}

const parseList = (json: string): string[] => {
  const v = JSON.parse(json) as unknown;
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
};

export function toSubscription(row: AlertSubscriptionsTable): Subscription {
  return {
    id: row.id,
    channel: row.channel,
    email: row.email,
    language: row.language,
    topics: {
      states: parseList(row.topic_states),
      qualifications: parseList(row.topic_qualifications),
      organizations: parseList(row.topic_organizations),
      kinds: parseList(row.topic_kinds) as AlertTopics["kinds"],
    },
    cadence: row.cadence,
    digestHour: row.digest_hour,
    status: row.status,
    createdAt: row.created_at,
    confirmedAt: row.confirmed_at,
    lastSentAt: row.last_sent_at,
  };
}

/** The row's columns for a set of preferences (sorted, so equal choices store equal text). */
export function preferenceColumns(p: Preferences) {
  const list = (values: readonly string[]) => JSON.stringify([...new Set(values)].sort());
  return {
    language: p.language,
    cadence: p.cadence,
    digest_hour: p.digestHour,
    topic_states: list(p.states),
    topic_qualifications: list(p.qualifications),
    topic_organizations: list(p.organizations),
    topic_kinds: list(p.kinds),
  };
}
