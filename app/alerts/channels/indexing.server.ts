// Google's Indexing API as an outbox channel: a job page's URL_UPDATED when it is published,
// changed or closes, URL_DELETED when it stops being public. Google allows it only for pages with
// JobPosting markup, so only jobs are sent. The service account's token comes from the OAuth2 JWT
// bearer flow, signed here with node:crypto (no googleapis client), and is kept until it expires.
// The daily quota is counted in the database (so every instance shares it) per day in Google's
// own reset zone, Pacific time: a message past it waits for the next Pacific midnight.
import { sign } from "node:crypto";
import { z } from "zod";
import { REGISTRY } from "~/content/registry.ts";
import type { DB } from "../../platform/db/db.server.ts";
import type { EntrySummary } from "~/content/entry.ts";
import { addDays, isClosed } from "../../lib/format.ts";
import { countAttempt } from "../../platform/rate-limit.server.ts";
import type { OutboxMessage, Sender, SendResult } from "../outbox.server.ts";
import {
  tokenUrlOf,
  type ChannelSettings,
  type ServiceAccountKey,
} from "../../platform/env/channels.server.ts";

export const INDEXING_SCOPE = "https://www.googleapis.com/auth/indexing";
export type IndexingType = "URL_UPDATED" | "URL_DELETED";

const Payload = z.object({
  url: z.url({ protocol: /^https?$/ }),
  type: z.enum(["URL_UPDATED", "URL_DELETED"]),
});
export type IndexingPayload = z.infer<typeof Payload>;

export interface IndexingMessage {
  channel: "indexing";
  key: string;
  payload: IndexingPayload;
}

/** A job page anyone can see: the only pages Google takes Indexing API calls for. */
const isPublicJob = (e: EntrySummary | null) =>
  !!e && e.kind === "job" && e.status === "published" && !e.deletedAt;

const jobUrl = (baseUrl: string, slug: string) =>
  `${baseUrl}${REGISTRY.job.urlPrefix}/${encodeURIComponent(slug)}`;

function message(url: string, type: IndexingType, version: string): IndexingMessage {
  // One key per (url, type, version): a retried write or a second instance enqueues it once.
  return { channel: "indexing", key: `indexing:${type}:${version}:${url}`, payload: { url, type } };
}

/**
 * The Indexing API messages a change of one entry calls for, to be enqueued in the write's
 * transaction: `before` is the entry as it was (null: new), `after` as it is now (null: deleted).
 * None when the Indexing API is off (no credentials) or the entry is not a job.
 */
export function indexingMessagesFor(
  before: EntrySummary | null,
  after: EntrySummary | null,
  { baseUrl, enabled }: { baseUrl: string; enabled: boolean },
): IndexingMessage[] {
  if (!enabled) return [];
  const was = isPublicJob(before) ? before : null;
  const is = isPublicJob(after) ? after : null;
  if (is && (!was || was.updatedAt !== is.updatedAt || was.slug !== is.slug)) {
    return [message(jobUrl(baseUrl, is.slug), "URL_UPDATED", is.updatedAt)];
  }
  if (was && !is) {
    const version = after ? (after.deletedAt ?? after.updatedAt) : `deleted-${was.updatedAt}`;
    return [message(jobUrl(baseUrl, was.slug), "URL_DELETED", version)];
  }
  return [];
}

/** How far back the daily pass looks for jobs that closed, should the server have been down. */
const CLOSED_LOOKBACK_DAYS = 7;

/**
 * The jobs whose last date passed within the last week (India time: a last date ends at midnight
 * in India), each one URL_UPDATED keyed by its last date, so running this every few minutes
 * enqueues each closing once. Returns the messages for the caller to enqueue.
 */
export async function closedJobMessages(
  db: DB,
  today: string,
  { baseUrl, enabled }: { baseUrl: string; enabled: boolean },
): Promise<IndexingMessage[]> {
  if (!enabled) return [];
  const rows = await db
    .selectFrom("entries")
    .select(["slug", "last_date"])
    .where("kind", "=", "job")
    .where("status", "=", "published")
    .where("deleted_at", "is", null)
    .where("last_date", "<", today)
    .where("last_date", ">=", addDays(today, -CLOSED_LOOKBACK_DAYS))
    .execute();
  return rows
    .filter((r) => isClosed(r.last_date, today))
    .map((r) => message(jobUrl(baseUrl, r.slug), "URL_UPDATED", `closed-${r.last_date}`));
}

// ---- Pacific time: Google's quota day ----

const pacific = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Los_Angeles",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  hourCycle: "h23",
});

function pacificParts(at: number) {
  const parts = Object.fromEntries(pacific.formatToParts(at).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** The date in California at an instant: the day Google's Indexing API quota counts. */
export function pacificDate(at: Date): string {
  return pacificParts(at.getTime()).date;
}

/** The next midnight in California (08:00 UTC in winter, 07:00 UTC in summer). */
export function nextPacificMidnight(at: Date): Date {
  const tomorrow = addDays(pacificDate(at), 1);
  const [y, m, d] = tomorrow.split("-").map(Number);
  for (const utcHour of [7, 8]) {
    const t = Date.UTC(y, m - 1, d, utcHour);
    const p = pacificParts(t);
    if (p.date === tomorrow && p.hour === 0) return new Date(t);
  }
  throw new Error(`no Pacific midnight found after ${at.toISOString()}`);
}

// ---- The sender ----

export interface IndexingSenderOptions {
  credentials: ServiceAccountKey;
  apiBase: string;
  tokenUrl: string;
  dailyQuota: number;
  /** The database the quota is counted in. */
  db: DB;
  now?: () => Date;
}

/** The sender's options from the environment's settings; undefined when the API is off. */
export function indexingOptions(
  settings: ChannelSettings,
  db: DB,
): IndexingSenderOptions | undefined {
  const credentials = settings.GOOGLE_INDEXING_CREDENTIALS;
  if (!credentials) return undefined;
  return {
    credentials,
    apiBase: settings.INDEXING_API_BASE,
    tokenUrl: tokenUrlOf(settings),
    dailyQuota: settings.INDEXING_DAILY_QUOTA,
    db,
  };
}

const TIMEOUT_MS = 15_000;

/** A JWT signed RS256 with the service account's key (RFC 7515/7519, compact form). */
export function signServiceAccountJwt(
  credentials: ServiceAccountKey,
  audience: string,
  at: Date,
): string {
  const iat = Math.floor(at.getTime() / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const claims = { iss: credentials.clientEmail, scope: INDEXING_SCOPE, aud: audience, iat };
  const input = `${part({ alg: "RS256", typ: "JWT" })}.${part({ ...claims, exp: iat + 3600 })}`;
  const signature = sign("sha256", Buffer.from(input), credentials.privateKey);
  return `${input}.${signature.toString("base64url")}`;
}

const TokenResponse = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive().default(3600),
});

class Retryable extends Error {}

export function createIndexingSender(options: IndexingSenderOptions): Sender {
  const now = options.now ?? (() => new Date());
  let token: { value: string; until: number } | undefined;
  /** The token request under way: a batch's concurrent sends wait for one, not one each. */
  let asking: Promise<string> | undefined;

  function accessToken(): Promise<string> {
    if (token && token.until > now().getTime()) return Promise.resolve(token.value);
    asking ??= requestToken().finally(() => (asking = undefined));
    return asking;
  }

  async function requestToken(): Promise<string> {
    const at = now();
    const assertion = signServiceAccountJwt(options.credentials, options.tokenUrl, at);
    const response = await fetch(options.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
        assertion,
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await response.text();
    // A refused key stays refused until someone fixes it; retrying with backoff lets a fixed
    // configuration (and a restart) send what waited, and the dead letters say why otherwise.
    if (!response.ok)
      throw new Retryable(`token request refused (${response.status}): ${text.slice(0, 200)}`);
    const parsed = TokenResponse.safeParse(JSON.parse(text));
    if (!parsed.success) throw new Retryable(`token response without access_token`);
    // A minute's margin, so a token is never sent in its last seconds.
    const until = at.getTime() + Math.max(0, parsed.data.expires_in - 60) * 1000;
    token = { value: parsed.data.access_token, until };
    return token.value;
  }

  return async (msg: OutboxMessage): Promise<SendResult> => {
    const payload = Payload.safeParse(msg.payload);
    if (!payload.success) {
      return { ok: false, retryable: false, error: `not an Indexing API message: ${msg.key}` };
    }
    let bearer: string;
    try {
      bearer = await accessToken();
    } catch (err) {
      return { ok: false, retryable: true, error: (err as Error).message };
    }
    const at = now();
    const used = await countAttempt(
      options.db,
      `indexing-quota:${pacificDate(at)}`,
      // Longer than any Pacific day: the key's date decides which day is counted.
      26 * 3600_000,
      at,
    );
    if (used.count > options.dailyQuota) {
      return {
        ok: false,
        retryable: true,
        error: `the Indexing API's daily quota (${options.dailyQuota}) is used up; waits for midnight Pacific time`,
        retryAt: nextPacificMidnight(at).toISOString(),
      };
    }
    let response: Response;
    try {
      response = await fetch(`${options.apiBase}/v3/urlNotifications:publish`, {
        method: "POST",
        headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json" },
        body: JSON.stringify(payload.data),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      return { ok: false, retryable: true, error: `Indexing API unreachable: ${errorText(err)}` };
    }
    if (response.ok) return { ok: true };
    const body = (await response.text()).slice(0, 300);
    const error = `Indexing API answered ${response.status}: ${body}`;
    if (response.status === 401) {
      token = undefined;
      return { ok: false, retryable: true, error };
    }
    if (response.status === 429) {
      // Google's own count says the day is used up (another sender shares the project?).
      return { ok: false, retryable: true, error, retryAt: nextPacificMidnight(at).toISOString() };
    }
    return { ok: false, retryable: response.status >= 500, error };
  };
}

function errorText(err: unknown): string {
  const cause = (err as { cause?: { code?: string } }).cause?.code;
  return cause ?? (err as Error).message;
}
