import { createPublicKey, verify } from "node:crypto";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../test/databases.ts";
import { inwardEndpoints } from "../../../test/inward-endpoints.ts";
import { browserKeys, decrypt } from "../../../test/web-push.ts";
import { enqueue, registerSender, workOutboxOnce } from "../outbox.server.ts";
import type { AlertPayload } from "../triggers.server.ts";
import {
  createPushSender,
  PUSH_TTL_SECONDS,
  pushTopic,
  removePushSubscription,
  savePushSubscription,
  vapidKeys,
} from "./push.server.ts";
import { preferenceColumns, PreferencesSchema } from "../subscription-preferences.ts";
import { ChannelSettingsSchema } from "../../platform/env/channels.server.ts";

const BASE = "https://govjobs.example";
const dataDir = mkdtempSync(path.join(tmpdir(), "h6-vapid-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("VAPID keys", () => {
  it("are generated once into the data directory, readable by the owner only", () => {
    const settings = ChannelSettingsSchema.parse({});
    const first = vapidKeys(settings, dataDir, BASE);
    expect(Buffer.from(first.publicKey, "base64url")).toHaveLength(65);
    expect(vapidKeys(settings, dataDir, BASE)).toEqual(first);
    expect(statSync(path.join(dataDir, "vapid-keys.json")).mode & 0o777).toBe(0o600);
    expect(first.subject).toBe(BASE);
  });

  it("refuses half a pair from the environment", () => {
    const settings = ChannelSettingsSchema.parse({ VAPID_PUBLIC_KEY: "A".repeat(87) });
    expect(() => vapidKeys(settings, dataDir, BASE)).toThrow(/set both or neither/);
  });
});

// ---- A browser's subscription, and a push service that decrypts what it receives ----

interface Delivery {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}
const deliveries: Delivery[] = [];
/** Status codes the push service answers with, in turn (then 201). */
const answers: number[] = [];
let server: http.Server;
let origin = "";

/** A TCP listener that only counts who connects: an internal service the server must not reach. */
function countingListener() {
  let connections = 0;
  const listener = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  return {
    listen: () => new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve)),
    port: () => (listener.address() as AddressInfo).port,
    connections: () => connections,
    close: () => new Promise((resolve) => listener.close(resolve)),
  };
}
const inner = countingListener();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      deliveries.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      // The attacks of issue 25: a "push service" that sends the server inward, or answers
      // with a body nobody may read.
      if (req.url?.startsWith("/push/inward")) {
        res.writeHead(303, { Location: `http://127.0.0.1:${inner.port()}/internal-only/admin` });
        return res.end();
      }
      if (req.url?.startsWith("/push/secret")) {
        res.writeHead(403, { "Content-Type": "text/plain" });
        return res.end("SECRET-INTERNAL-DATA from a service nobody may read");
      }
      res.statusCode = answers.shift() ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await inner.listen();
});
afterAll(async () => {
  registerSender("push", undefined);
  await new Promise((resolve) => server.close(resolve));
  await inner.close();
});

/** The sender's settings in these tests: only the local push service is let through. */
const endpoints = () => ({
  allowLocal: [{ host: "127.0.0.1", port: Number(new URL(origin).port) }],
});

const alert: AlertPayload = {
  type: "alert",
  event: "published",
  entry: {
    id: "entry-1",
    kind: "job",
    title: "Assistant Engineer 2026",
    hiTitle: "सहायक अभियंता 2026",
    organization: "State PSC",
    path: "/jobs/assistant-engineer-2026",
    lastDate: "2026-12-15",
  },
  changes: [],
};

const preferences = { language: "hi", states: [], kinds: ["job"] };

/** A subscription as the browser sends it; push services are https, so the test stores its own. */
const browserSubscription = (endpoint: string, keys: ReturnType<typeof browserKeys>) => ({
  endpoint,
  expirationTime: null,
  keys: {
    p256dh: keys.ecdh.getPublicKey().toString("base64url"),
    auth: keys.auth.toString("base64url"),
  },
});

describeEachDatabase("web push through the outbox", (db) => {
  const dueNow = () => new Date(Date.now() + 1000).toISOString();
  const vapid = () => vapidKeys(ChannelSettingsSchema.parse({}), dataDir, BASE);

  it("refuses a bad subscription with the field, and stores nothing", async () => {
    const keys = browserKeys();
    const good = browserSubscription("https://fcm.googleapis.com/fcm/send/abc", keys);
    const bad = [
      {
        subscription: { ...good, endpoint: "http://fcm.googleapis.com/fcm/send/abc" },
        preferences,
      },
      { subscription: { ...good, keys: { ...good.keys, auth: "short" } }, preferences },
      { subscription: { ...good, keys: { p256dh: good.keys.p256dh } }, preferences },
      { subscription: good, preferences: { ...preferences, states: ["Atlantis"] } },
      "not json at all",
    ];
    const errors = [];
    for (const body of bad) {
      const result = await savePushSubscription(db(), body);
      expect(result.ok).toBe(false);
      if (!result.ok) errors.push(result.error);
    }
    expect(errors[0]).toBe(
      "subscription.endpoint: must be the address of a browser's push service",
    );
    expect(errors[1]).toMatch(/^subscription\.keys\.auth/);
    expect(errors[3]).toMatch(/^preferences\.states/);
    const rows = await db().selectFrom("alert_subscriptions").select("id").execute();
    expect(rows).toEqual([]);
  });

  it("stores a subscription once per endpoint, active, and forgets it on request", async () => {
    const keys = browserKeys();
    const body = {
      subscription: browserSubscription(
        "https://updates.push.services.mozilla.com/wpush/v2/x",
        keys,
      ),
      preferences,
    };
    const first = await savePushSubscription(db(), body);
    const again = await savePushSubscription(db(), body);
    expect(first).toEqual(again);
    const row = await db().selectFrom("alert_subscriptions").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      channel: "push",
      status: "active",
      cadence: "instant",
      language: "hi",
      topic_kinds: '["job"]',
      email: null,
    });
    expect(
      await removePushSubscription(db(), "https://updates.push.services.mozilla.com/wpush/v2/x"),
    ).toBe(true);
    expect(
      await removePushSubscription(db(), "https://updates.push.services.mozilla.com/wpush/v2/x"),
    ).toBe(false);
  });

  it("delivers the alert encrypted for the browser, with TTL, Topic and a VAPID signature", async () => {
    const keys = browserKeys();
    // The sender must reach our http test service: the row is written as the browser's would be.
    const saved = await savePushSubscription(db(), {
      subscription: browserSubscription("https://fcm.googleapis.com/fcm/send/placeholder", keys),
      preferences,
    });
    if (!saved.ok) throw new Error(saved.error);
    await db()
      .updateTable("alert_subscriptions")
      .set({ push_endpoint: `${origin}/push/one` })
      .where("id", "=", saved.id)
      .execute();
    registerSender(
      "push",
      createPushSender({ db: db(), vapid: vapid(), baseUrl: BASE, endpoints: endpoints() }),
    );
    deliveries.length = 0;
    await enqueue(db(), [
      { channel: "push", key: `alert:${saved.id}:1`, payload: alert, subscriptionId: saved.id },
    ]);
    expect(await workOutboxOnce(db(), { at: dueNow() })).toMatchObject({ sent: 1 });

    expect(deliveries).toHaveLength(1);
    const [{ headers, body, path: at }] = deliveries;
    expect(at).toBe("/push/one");
    expect(headers["content-encoding"]).toBe("aes128gcm");
    expect(headers.ttl).toBe(String(PUSH_TTL_SECONDS));
    expect(headers.topic).toBe(pushTopic("entry-entry-1"));
    expect(headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);

    // The browser's view: the payload decrypts with its own keys, in its language.
    expect(JSON.parse(decrypt(body, keys))).toEqual({
      title: "सहायक अभियंता 2026",
      body: expect.stringContaining("State PSC · आवेदन की अंतिम तिथि"),
      url: `${BASE}/hi/jobs/assistant-engineer-2026`,
      tag: "entry-entry-1",
    });

    // The push service's view: a JWT signed with the key the browser subscribed with.
    const match = /^vapid t=([^,]+), k=(.+)$/.exec(headers.authorization ?? "");
    expect(match).not.toBeNull();
    const [, jwt, k] = match!;
    expect(k).toBe(vapid().publicKey);
    const [h, c, sig] = jwt.split(".");
    const point = Buffer.from(k, "base64url");
    const key = createPublicKey({
      key: {
        kty: "EC",
        crv: "P-256",
        x: point.subarray(1, 33).toString("base64url"),
        y: point.subarray(33).toString("base64url"),
      },
      format: "jwk",
    });
    const signature = Buffer.from(sig, "base64url");
    expect(
      verify("sha256", Buffer.from(`${h}.${c}`), { key, dsaEncoding: "ieee-p1363" }, signature),
    ).toBe(true);
    const claims = JSON.parse(Buffer.from(c, "base64url").toString());
    expect(claims).toMatchObject({ aud: origin, sub: BASE });
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
  });

  it("drops the subscription when the push service says it is gone (410)", async () => {
    const keys = browserKeys();
    const saved = await savePushSubscription(db(), {
      subscription: browserSubscription("https://fcm.googleapis.com/fcm/send/gone", keys),
      preferences,
    });
    if (!saved.ok) throw new Error(saved.error);
    await db()
      .updateTable("alert_subscriptions")
      .set({ push_endpoint: `${origin}/push/gone` })
      .where("id", "=", saved.id)
      .execute();
    answers.push(410);
    await enqueue(db(), [
      { channel: "push", key: `alert:${saved.id}:1`, payload: alert, subscriptionId: saved.id },
      {
        channel: "push",
        key: `alert:${saved.id}:2`,
        payload: alert,
        subscriptionId: saved.id,
        notBefore: "2030-01-01T00:00:00.000Z",
      },
    ]);
    await workOutboxOnce(db(), { at: dueNow() });
    const left = await db()
      .selectFrom("alert_subscriptions")
      .select("id")
      .where("id", "=", saved.id)
      .execute();
    expect(left).toEqual([]);
    // Its alerts still waiting went with it.
    const rows = await db()
      .selectFrom("outbox")
      .select("id")
      .where("subscription_id", "=", saved.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it("retries a push service's 503 later and keeps the subscription", async () => {
    const keys = browserKeys();
    const saved = await savePushSubscription(db(), {
      subscription: browserSubscription("https://fcm.googleapis.com/fcm/send/busy", keys),
      preferences,
    });
    if (!saved.ok) throw new Error(saved.error);
    await db()
      .updateTable("alert_subscriptions")
      .set({ push_endpoint: `${origin}/push/busy` })
      .where("id", "=", saved.id)
      .execute();
    answers.push(503);
    await enqueue(db(), [
      { channel: "push", key: `alert:${saved.id}:1`, payload: alert, subscriptionId: saved.id },
    ]);
    expect(await workOutboxOnce(db(), { at: dueNow() })).toMatchObject({ failed: 1 });
    const row = await db()
      .selectFrom("outbox")
      .select(["status", "last_error"])
      .where("subscription_id", "=", saved.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("failed");
    expect(row.last_error).toMatch(/503/);
  });

  // ---- Issue 25: server-side request forgery through push endpoints ----

  it("refuses at subscription an endpoint that is not a browser push service, storing nothing and connecting nowhere", async () => {
    const keys = browserKeys();
    const port = inner.port();
    const before = inner.connections();
    const refused = inwardEndpoints(port);
    for (const endpoint of refused) {
      const result = await savePushSubscription(db(), {
        subscription: browserSubscription(endpoint, keys),
        preferences,
      });
      expect(result, endpoint).toMatchObject({ ok: false });
      if (!result.ok) expect(result.error).toMatch(/^subscription\.endpoint: /);
    }
    const stored = await db()
      .selectFrom("alert_subscriptions")
      .select("id")
      .where("push_endpoint", "in", refused)
      .execute();
    expect(stored).toEqual([]);
    expect(inner.connections() - before).toBe(0);

    // The push services browsers use are accepted.
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/abc",
      "https://updates.push.services.mozilla.com/wpush/v2/abc",
      "https://web.push.apple.com/QGuQyavXutnMH",
      "https://wns2-pn1p.notify.windows.com/w/?token=abc",
      "https://FCM.googleapis.com./fcm/send/def",
    ]) {
      const result = await savePushSubscription(db(), {
        subscription: browserSubscription(endpoint, keys),
        preferences,
      });
      expect(result, endpoint).toMatchObject({ ok: true });
    }
    await db().deleteFrom("alert_subscriptions").execute();
  });

  /** A row as an earlier version stored it, before the endpoint rule. */
  async function legacyRow(endpoint: string) {
    const keys = browserKeys();
    const id = crypto.randomUUID();
    await db()
      .insertInto("alert_subscriptions")
      .values({
        id,
        channel: "push",
        push_endpoint: `${endpoint}?${id}`,
        push_p256dh: keys.ecdh.getPublicKey().toString("base64url"),
        push_auth: keys.auth.toString("base64url"),
        ...preferenceColumns(PreferencesSchema.parse({ kinds: ["job"] })),
        status: "active",
        created_at: new Date().toISOString(),
        confirmed_at: new Date().toISOString(),
      })
      .execute();
    await enqueue(db(), [
      { channel: "push", key: `alert:${id}:1`, payload: alert, subscriptionId: id },
    ]);
    return id;
  }

  it("never contacts a stored endpoint that fails the rule (loopback in any spelling), and drops it", async () => {
    registerSender(
      "push",
      createPushSender({ db: db(), vapid: vapid(), baseUrl: BASE, endpoints: endpoints() }),
    );
    const port = inner.port();
    const before = inner.connections();
    const ids = [];
    for (const endpoint of [
      `https://127.0.0.1:${port}/push`,
      `https://localhost:${port}/push`,
      `https://[::ffff:127.0.0.1]:${port}/push`,
      `https://2130706433:${port}/push`,
      `http://127.0.0.1:${port}/push`,
    ])
      ids.push(await legacyRow(endpoint));
    await workOutboxOnce(db(), { at: dueNow() });
    expect(inner.connections() - before).toBe(0);
    const left = await db()
      .selectFrom("alert_subscriptions")
      .select("id")
      .where("id", "in", ids)
      .execute();
    expect(left).toEqual([]);
    await db().deleteFrom("alert_subscriptions").execute();
  });

  it("does not follow a push service's redirect inward, and stores a status, never the body", async () => {
    registerSender(
      "push",
      createPushSender({ db: db(), vapid: vapid(), baseUrl: BASE, endpoints: endpoints() }),
    );
    const before = inner.connections();
    const inward = await legacyRow(`${origin}/push/inward`);
    const secret = await legacyRow(`${origin}/push/secret`);
    await workOutboxOnce(db(), { at: dueNow() });
    expect(inner.connections() - before).toBe(0);
    const rows = await db()
      .selectFrom("outbox")
      .select(["subscription_id", "status", "last_error"])
      .where("subscription_id", "in", [inward, secret])
      .orderBy("subscription_id")
      .execute();
    expect(rows).toHaveLength(2);
    const errorOf = (id: string) => rows.find((r) => r.subscription_id === id)?.last_error;
    expect(errorOf(inward)).toBe("push service answered 303");
    expect(errorOf(secret)).toBe("push service answered 403");
    expect(JSON.stringify(rows)).not.toContain("SECRET");
    expect(JSON.stringify(rows)).not.toContain("internal-only");
    await db().deleteFrom("alert_subscriptions").execute();
  });
});
