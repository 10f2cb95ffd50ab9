// Web push as an outbox channel: the payload is encrypted for the subscription's keys (RFC 8291)
// and signed with our VAPID key (RFC 8292) by the `web-push` package; the request goes out through
// the guarded outbound client (an endpoint is an address a visitor chose: issue 25). A short TTL
// and one Topic per entry let the push service replace an alert nobody has received yet with the
// newer one. 404/410 mean the browser dropped the subscription: so do we.
import { createHash, randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import webpush from "web-push";
import { z } from "zod";
import type { DB } from "../../platform/db/db.server.ts";
import { DATA_DIR, env } from "../../platform/env.server.ts";
import { formatDate } from "../../lib/format.ts";
import type { OutboxMessage, Sender, SendResult } from "../outbox.server.ts";
import { preferenceColumns, PreferencesSchema } from "../subscription-preferences.ts";
import { alertChangeWords, type AlertPayload } from "../triggers.server.ts";
import type { ChangeCode } from "~/content/change-log.ts";
import { catalog } from "~/i18n/catalog.server.ts";
import { outboundRequest } from "../../platform/outbound/client.server.ts";
import {
  isPushServiceEndpoint,
  pushEndpointPolicy,
  type PushEndpointPolicy,
} from "./push-endpoints.server.ts";
import type { ChannelSettings } from "../../platform/env/channels.server.ts";

/** An alert that has not reached the browser within this is no longer news. */
export const PUSH_TTL_SECONDS = 6 * 60 * 60;

export const PushPayload = z.object({
  title: z.string().min(1).max(200),
  body: z.string().max(500),
  url: z.url({ protocol: /^https?$/ }),
  /** One per entry: the service worker's notification tag and (hashed) the push Topic. */
  tag: z.string().min(1).max(100),
});
export type PushPayload = z.infer<typeof PushPayload>;

/**
 * What a browser's PushSubscription.toJSON() gives. Which endpoints are accepted (https at a
 * browser's push service; a local test service over http) is isPushServiceEndpoint's to say.
 */
export const BrowserPushSubscription = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: "must be the push service's URL" }).max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z
      .string()
      .regex(/^[A-Za-z0-9_-]+=*$/)
      .refine((v) => Buffer.from(v, "base64url").length === 65, "must be a P-256 public key"),
    auth: z
      .string()
      .regex(/^[A-Za-z0-9_-]+=*$/)
      .refine((v) => Buffer.from(v, "base64url").length === 16, "must be a 16-byte secret"),
  }),
});
export type BrowserPushSubscription = z.infer<typeof BrowserPushSubscription>;

/** What the push sender reads of an alert (triggers.server.ts's AlertPayload). */
const Alert = z.object({
  type: z.literal("alert"),
  event: z.enum(["published", "changed"]),
  entry: z.object({
    id: z.string(),
    title: z.string(),
    hiTitle: z.string().nullable(),
    organization: z.string(),
    hiOrganization: z.string().nullable().optional(),
    path: z.string().startsWith("/"),
    lastDate: z.string().nullable(),
  }),
  // The English words, and (since issue 26) the fact they say, worded per subscriber.
  changes: z.array(
    z.object({
      headline: z.string(),
      detail: z.string(),
      field: z.string().optional(),
      code: z.custom<ChangeCode>((c) => typeof c === "string").optional(),
      from: z.string().optional(),
      to: z.string().optional(),
    }),
  ),
}) satisfies z.ZodType<
  Omit<AlertPayload, "entry"> & { entry: Omit<AlertPayload["entry"], "kind"> }
>;

/**
 * The notification for an alert in the subscriber's language: the Hindi title and page when the
 * entry has them. A change leads with its headline ("Last date extended: …").
 */
export function pushNotificationFor(
  alert: z.infer<typeof Alert>,
  { baseUrl, language }: { baseUrl: string; language: "en" | "hi" },
): PushPayload {
  const { entry } = alert;
  // In the subscriber's language (issue 29); the Hindi page only where the entry has Hindi.
  const hindi = language === "hi" && !!entry.hiTitle;
  const title = (language === "hi" && entry.hiTitle) || entry.title;
  const t = catalog(language);
  const changes = alert.changes.map((c) => alertChangeWords(c, language));
  const lastDate = entry.lastDate
    ? `${t.detail.changes.labels.lastDate}: ${formatDate(entry.lastDate, language)}`
    : "";
  const organization = (language === "hi" && entry.hiOrganization) || entry.organization;
  const body =
    alert.event === "changed" && changes.length
      ? changes.map((c) => c.detail).join(" · ")
      : [organization, lastDate].filter(Boolean).join(" · ");
  return {
    title: (alert.event === "changed" && changes.length
      ? `${changes[0].headline}: ${title}`
      : title
    ).slice(0, 200),
    body: body.slice(0, 500),
    url: `${baseUrl}${hindi ? "/hi" : ""}${entry.path}`,
    tag: `entry-${entry.id}`,
  };
}

/** A push Topic (at most 32 URL-safe characters) for a tag: the same entry, the same topic. */
export function pushTopic(tag: string): string {
  return createHash("sha256").update(tag).digest("base64url").slice(0, 32);
}

// ---- VAPID keys ----

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const StoredKeys = z.object({ publicKey: z.string().min(80), privateKey: z.string().min(40) });

/**
 * The VAPID keys: from the environment, or generated once into `dataDir/vapid-keys.json`. The
 * file is written whole under a name of its own and linked into place, so of processes starting
 * at once (cluster workers, a script beside the server) one creates it and all read the same
 * keys; changing them would orphan every browser's subscription.
 */
export function vapidKeys(settings: ChannelSettings, dataDir: string, baseUrl: string): VapidKeys {
  const subject = settings.VAPID_SUBJECT ?? defaultSubject(baseUrl);
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = settings;
  if (publicKey && privateKey) return { publicKey, privateKey, subject };
  if (publicKey || privateKey) {
    throw new Error("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither");
  }
  const file = path.join(dataDir, "vapid-keys.json");
  const stored = readKeys(file);
  if (stored) return { ...stored, subject };
  mkdirSync(dataDir, { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  const fresh = webpush.generateVAPIDKeys();
  writeFileSync(draft, JSON.stringify(fresh) + "\n", { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  } finally {
    rmSync(draft, { force: true });
  }
  return { ...readKeys(file)!, subject };
}

let siteKeys: VapidKeys | undefined;

/** This site's VAPID keys, from the environment or data/ (read once per process). */
export function siteVapidKeys(): VapidKeys {
  const config = env();
  return (siteKeys ??= vapidKeys(config, DATA_DIR, config.BASE_URL));
}

function readKeys(file: string): { publicKey: string; privateKey: string } | undefined {
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
  const parsed = StoredKeys.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${file} is not a VAPID key pair: delete it or fix it`);
  return parsed.data;
}

/** Push services want a contact: the site's https origin, else a mailbox at its host. */
function defaultSubject(baseUrl: string): string {
  const url = new URL(baseUrl);
  return url.protocol === "https:" ? url.origin : `mailto:webmaster@${url.hostname}`;
}

// ---- Subscriptions ----

const NOT_A_PUSH_SERVICE = "must be the address of a browser's push service";

/** The body of `POST /alerts/push`: the browser's subscription and the /alerts form's choices. */
export const PushSubscribeSchema = z.object({
  subscription: BrowserPushSubscription,
  preferences: PreferencesSchema,
});

/** The body of `DELETE /alerts/push`. */
export const PushUnsubscribeSchema = z.object({ endpoint: z.string().max(2000) });

/**
 * Store a browser's subscription, active at once (the browser's permission prompt is the opt-in),
 * from a request's JSON; refused input stores nothing and says which field. The same endpoint
 * again (the page asked twice, the keys were renewed) updates its row. Push is instant only: a
 * digest is an e-mail.
 */
export async function savePushSubscription(
  db: DB,
  body: unknown,
  policy: PushEndpointPolicy = pushEndpointPolicy(),
  at = new Date().toISOString(),
): Promise<{ ok: true; id: string } | { ok: false; error: string }> {
  const parsed = PushSubscribeSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, error: `${issue.path.join(".") || "body"}: ${issue.message}` };
  }
  const { subscription, preferences } = parsed.data;
  if (!isPushServiceEndpoint(subscription.endpoint, policy))
    return { ok: false, error: `subscription.endpoint: ${NOT_A_PUSH_SERVICE}` };
  const values = {
    push_p256dh: subscription.keys.p256dh,
    push_auth: subscription.keys.auth,
    ...preferenceColumns({ ...preferences, cadence: "instant" }),
  };
  const row = await db
    .insertInto("alert_subscriptions")
    .values({
      id: crypto.randomUUID(),
      channel: "push",
      push_endpoint: subscription.endpoint,
      ...values,
      status: "active",
      created_at: at,
      confirmed_at: at,
    })
    .onConflict((oc) => oc.column("push_endpoint").doUpdateSet(values))
    .returning("id")
    .executeTakeFirstOrThrow();
  return { ok: true, id: row.id };
}

/** Forget a browser's subscription (and, by cascade, its unsent alerts). True if there was one. */
export async function removePushSubscription(db: DB, endpoint: string): Promise<boolean> {
  const result = await db
    .deleteFrom("alert_subscriptions")
    .where("channel", "=", "push")
    .where("push_endpoint", "=", endpoint)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// ---- The sender ----

export interface PushSenderOptions {
  db: DB;
  vapid: VapidKeys;
  /** The site's origin, for the entry's link. */
  baseUrl: string;
  ttlSeconds?: number;
  now?: () => Date;
  /** Which endpoints may be contacted (default: the site's settings). */
  endpoints?: Partial<PushEndpointPolicy>;
}

const TIMEOUT_MS = 15_000;

/**
 * What is stored of a failure (the admin's outbox view shows it): a status code or one of these,
 * never the push service's body, nor an error code that tells open ports from closed ones.
 */
const PUSH_ERRORS = {
  notPushService: "not a push service's address: not contacted",
  blocked: "the push service's address is not public: not contacted",
  unreachable: "push service unreachable",
};

export function createPushSender(options: PushSenderOptions): Sender {
  const policy = { ...pushEndpointPolicy(), ...options.endpoints };
  return async (msg: OutboxMessage): Promise<SendResult> => {
    const alert = Alert.safeParse(msg.payload);
    if (!alert.success || !msg.subscriptionId) {
      return { ok: false, retryable: false, error: `not a push alert: ${msg.key}` };
    }
    const sub = await options.db
      .selectFrom("alert_subscriptions")
      .select(["push_endpoint", "push_p256dh", "push_auth", "language"])
      .where("id", "=", msg.subscriptionId)
      .where("channel", "=", "push")
      .executeTakeFirst();
    if (!sub?.push_endpoint || !sub.push_p256dh || !sub.push_auth) {
      return { ok: false, retryable: false, error: "the push subscription is gone" };
    }
    const notification = pushNotificationFor(alert.data, {
      baseUrl: options.baseUrl,
      language: sub.language,
    });
    const result = await sendPushMessage(
      { endpoint: sub.push_endpoint, p256dh: sub.push_p256dh, auth: sub.push_auth },
      notification,
      { ...options, policy },
    );
    return result.ok || !("gone" in result)
      ? result
      : { ok: false, retryable: false, error: result.error, dropSubscription: true };
  };
}

/** What a browser subscribed with: its push service's address and the keys to encrypt for. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * One notification to one browser, encrypted and signed, through the guarded outbound client.
 * `gone`: the browser dropped the subscription (404/410), or its address is not a push service
 * (stored before the rule, or the rule's settings changed since): the caller forgets it.
 */
export async function sendPushMessage(
  target: PushTarget,
  notification: PushPayload,
  options: Pick<PushSenderOptions, "vapid" | "ttlSeconds" | "now"> & { policy: PushEndpointPolicy },
): Promise<SendResult | { ok: false; retryable: false; error: string; gone: true }> {
  const now = options.now ?? (() => new Date());
  const { publicKey, privateKey, subject } = options.vapid;
  const { policy } = options;
  // Never contacted unless it is a push service's address.
  if (!isPushServiceEndpoint(target.endpoint, policy)) {
    return { ok: false, retryable: false, error: PUSH_ERRORS.notPushService, gone: true };
  }
  const request = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(notification),
    {
      TTL: options.ttlSeconds ?? PUSH_TTL_SECONDS,
      topic: pushTopic(notification.tag),
      urgency: "normal",
      vapidDetails: { subject, publicKey, privateKey },
    },
  );
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    // The client counts the body itself.
    if (name.toLowerCase() !== "content-length") headers[name] = String(value);
  }
  const response = await outboundRequest(
    request.endpoint,
    { method: request.method, headers, body: request.body ?? undefined },
    { allowLocal: policy.allowLocal, timeoutMs: TIMEOUT_MS },
  );
  if (!response.ok) {
    if (response.reason === "blocked-address")
      return { ok: false, retryable: false, error: PUSH_ERRORS.blocked };
    return { ok: false, retryable: true, error: PUSH_ERRORS.unreachable };
  }
  if (response.status >= 200 && response.status < 300) return { ok: true };
  const error = `push service answered ${response.status}`;
  if (response.status === 404 || response.status === 410) {
    return { ok: false, retryable: false, error, gone: true };
  }
  if (response.status === 429 || response.status >= 500) {
    const seconds = Number(response.headers["retry-after"]);
    const retryAt =
      Number.isFinite(seconds) && seconds > 0
        ? new Date(now().getTime() + seconds * 1000).toISOString()
        : undefined;
    return { ok: false, retryable: true, error, ...(retryAt ? { retryAt } : {}) };
  }
  return { ok: false, retryable: false, error };
}
