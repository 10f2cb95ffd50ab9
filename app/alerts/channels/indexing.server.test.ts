import { generateKeyPairSync, verify } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../test/databases.ts";
import { job } from "../../../test/entries.ts";
import { savedEntry } from "../../../test/writes.ts";
import type { Entry } from "../../content/entry.ts";
import { enqueue, registerSender, workOutboxOnce } from "../outbox.server.ts";
import {
  closedJobMessages,
  createIndexingSender,
  indexingMessagesFor,
  INDEXING_SCOPE,
  nextPacificMidnight,
  pacificDate,
} from "./indexing.server.ts";
import { ChannelSettingsSchema } from "../../platform/env/channels.server.ts";

const BASE = "https://govjobs.example";
const on = { baseUrl: BASE, enabled: true };

const entry = (over: Partial<Entry> = {}): Entry => ({
  id: "e1",
  kind: "job",
  slug: "ssc-cgl-2026",
  title: "SSC CGL 2026",
  organization: "SSC",
  state: null,
  qualification: null,
  status: "published",
  publishAt: null,
  publishedAt: "2026-11-20T10:00:00.000Z",
  lastDate: "2026-12-31",
  jobId: null,
  data: {},
  createdAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-20T10:00:00.000Z",
  createdBy: null,
  updatedBy: null,
  deletedAt: null,
  hiTitle: null,
  ...over,
});

describe("indexingMessagesFor", () => {
  const url = `${BASE}/jobs/ssc-cgl-2026`;
  const draft = entry({ status: "draft" });
  const live = entry();
  const edited = entry({ updatedAt: "2026-11-21T10:00:00.000Z" });

  it("sends URL_UPDATED when a job page is published or changed", () => {
    expect(indexingMessagesFor(null, live, on)).toEqual([
      {
        channel: "indexing",
        key: `indexing:URL_UPDATED:${live.updatedAt}:${url}`,
        payload: { url, type: "URL_UPDATED" },
      },
    ]);
    expect(indexingMessagesFor(draft, live, on)).toHaveLength(1);
    expect(indexingMessagesFor(live, edited, on)[0].key).toContain(edited.updatedAt);
  });

  it("sends URL_DELETED when it is unpublished, trashed or deleted", () => {
    const type = (b: Entry | null, a: Entry | null) =>
      indexingMessagesFor(b, a, on).map((m) => m.payload.type);
    expect(type(live, entry({ status: "draft", updatedAt: "2026-11-22" }))).toEqual([
      "URL_DELETED",
    ]);
    expect(type(live, entry({ deletedAt: "2026-11-22T00:00:00.000Z" }))).toEqual(["URL_DELETED"]);
    expect(indexingMessagesFor(live, null, on)).toEqual([
      expect.objectContaining({ payload: { url, type: "URL_DELETED" } }),
    ]);
  });

  it("says nothing of other kinds, of drafts, of an unchanged save, or when it is off", () => {
    expect(indexingMessagesFor(null, entry({ kind: "result" }), on)).toEqual([]);
    expect(indexingMessagesFor(null, draft, on)).toEqual([]);
    expect(indexingMessagesFor(draft, null, on)).toEqual([]);
    expect(indexingMessagesFor(live, live, on)).toEqual([]);
    expect(indexingMessagesFor(null, live, { baseUrl: BASE, enabled: false })).toEqual([]);
  });
});

describe("Pacific quota day", () => {
  it("resets at midnight in California, summer and winter", () => {
    expect(pacificDate(new Date("2026-11-24T07:59:00Z"))).toBe("2026-11-23");
    expect(nextPacificMidnight(new Date("2026-11-23T16:00:00Z")).toISOString()).toBe(
      "2026-11-24T08:00:00.000Z",
    );
    expect(nextPacificMidnight(new Date("2026-07-01T12:00:00Z")).toISOString()).toBe(
      "2026-07-02T07:00:00.000Z",
    );
    // The night the clocks go back: the next midnight is in winter time.
    expect(nextPacificMidnight(new Date("2026-11-01T12:00:00Z")).toISOString()).toBe(
      "2026-11-02T08:00:00.000Z",
    );
  });
});

describe("channel settings", () => {
  it("read an empty NAME= (as in .env.example) as unset", () => {
    const settings = ChannelSettingsSchema.parse({
      INDEXING_API_BASE: "",
      INDEXING_DAILY_QUOTA: "",
      TELEGRAM_BOT_TOKEN: "",
      VAPID_PUBLIC_KEY: "",
      GOOGLE_INDEXING_CREDENTIALS: "",
    });
    expect(settings).toMatchObject({
      INDEXING_API_BASE: "https://indexing.googleapis.com",
      INDEXING_DAILY_QUOTA: 200,
      TELEGRAM_BOT_TOKEN: undefined,
      VAPID_PUBLIC_KEY: undefined,
      GOOGLE_INDEXING_CREDENTIALS: undefined,
    });
  });
});

describe("GOOGLE_INDEXING_CREDENTIALS", () => {
  it("refuses a key file without a private key, with what is wrong", () => {
    const result = ChannelSettingsSchema.safeParse({
      GOOGLE_INDEXING_CREDENTIALS: JSON.stringify({ client_email: "a@b.example" }),
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toMatch(/private_key/);
  });
});

// ---- A local Indexing API and token endpoint ----

const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const serviceAccount = {
  type: "service_account",
  client_email: "indexer@govjobs-test.iam.gserviceaccount.com",
  private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
};

interface Seen {
  tokens: Record<string, string>[];
  publishes: { auth: string | undefined; body: unknown }[];
  /** Status codes the publish endpoint answers with, in turn (then 200). */
  answers: number[];
}
const seen: Seen = { tokens: [], publishes: [], answers: [] };
let server: http.Server;
let origin = "";

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      if (req.url === "/token") {
        seen.tokens.push(Object.fromEntries(new URLSearchParams(body)));
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ access_token: `tok-${seen.tokens.length}`, expires_in: 3600 }));
        return;
      }
      if (req.url === "/v3/urlNotifications:publish") {
        seen.publishes.push({ auth: req.headers.authorization, body: JSON.parse(body) });
        res.statusCode = seen.answers.shift() ?? 200;
        res.end("{}");
        return;
      }
      res.statusCode = 404;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  registerSender("indexing", undefined);
  await new Promise((resolve) => server.close(resolve));
});

function decodeJwt(jwt: string) {
  const [header, claims, signature] = jwt.split(".");
  const json = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString());
  return {
    header: json(header),
    claims: json(claims),
    valid: verify(
      "sha256",
      Buffer.from(`${header}.${claims}`),
      publicKey,
      Buffer.from(signature, "base64url"),
    ),
  };
}

describeEachDatabase("Indexing API through the outbox", (db) => {
  // The sender's clock (which Pacific day the quota counts); rows are claimed by the real time.
  let clock = new Date("2026-11-23T16:00:00.000Z");
  const dueNow = () => new Date(Date.now() + 1000).toISOString();
  beforeEach(() => {
    seen.tokens.length = 0;
    seen.publishes.length = 0;
    seen.answers.length = 0;
  });

  function register(quota: number) {
    const settings = ChannelSettingsSchema.parse({
      GOOGLE_INDEXING_CREDENTIALS: JSON.stringify(serviceAccount),
      INDEXING_API_BASE: origin,
      INDEXING_TOKEN_URL: `${origin}/token`,
      INDEXING_DAILY_QUOTA: String(quota),
    });
    registerSender(
      "indexing",
      createIndexingSender({
        credentials: settings.GOOGLE_INDEXING_CREDENTIALS!,
        apiBase: settings.INDEXING_API_BASE,
        tokenUrl: settings.INDEXING_TOKEN_URL!,
        dailyQuota: settings.INDEXING_DAILY_QUOTA,
        db: db(),
        now: () => clock,
      }),
    );
  }

  const urls = (n: number, from = 0) =>
    Array.from({ length: n }, (_, i) => `${BASE}/jobs/job-${from + i}`);
  const messagesFor = (list: string[]) =>
    list.map((url) => ({
      channel: "indexing" as const,
      key: `indexing:URL_UPDATED:v1:${url}`,
      payload: { url, type: "URL_UPDATED" },
    }));

  it("signs the token request with the service account's key and publishes {url, type}", async () => {
    register(200);
    await enqueue(db(), messagesFor(urls(2)));
    const round = await workOutboxOnce(db(), { at: dueNow() });
    expect(round).toMatchObject({ claimed: 2, sent: 2 });

    // One token for both calls: it is kept until it expires.
    expect(seen.tokens).toHaveLength(1);
    const { grant_type, assertion } = seen.tokens[0];
    expect(grant_type).toBe("urn:ietf:params:oauth:grant-type:jwt-bearer");
    const jwt = decodeJwt(assertion);
    expect(jwt.valid).toBe(true);
    expect(jwt.header).toEqual({ alg: "RS256", typ: "JWT" });
    const iat = Math.floor(clock.getTime() / 1000);
    expect(jwt.claims).toEqual({
      iss: serviceAccount.client_email,
      scope: INDEXING_SCOPE,
      aud: `${origin}/token`,
      iat,
      exp: iat + 3600,
    });
    expect(seen.publishes.map((p) => p.auth)).toEqual(["Bearer tok-1", "Bearer tok-1"]);
    expect(seen.publishes.map((p) => p.body)).toEqual(
      expect.arrayContaining(urls(2).map((url) => ({ url, type: "URL_UPDATED" }))),
    );
  });

  it("asks for a new token once the old one expires, and after a 401", async () => {
    clock = new Date(clock.getTime() + 3600_000);
    seen.answers.push(401);
    await enqueue(db(), messagesFor(urls(1, 10)));
    expect(await workOutboxOnce(db(), { at: dueNow() })).toMatchObject({
      failed: 1,
    });
    expect(seen.tokens).toHaveLength(1); // the old one had expired
    const row = await db()
      .selectFrom("outbox")
      .select(["status", "last_error", "next_attempt_at"])
      .where("key", "like", "%job-10")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "failed" });
    expect(row.last_error).toMatch(/401/);
    // The retry asks for a fresh token rather than sending the refused one again.
    expect(await workOutboxOnce(db(), { at: row.next_attempt_at })).toMatchObject({ sent: 1 });
    expect(seen.tokens).toHaveLength(2);
  });

  it("keeps to the daily quota and carries the rest over to the next Pacific day", async () => {
    clock = new Date("2026-11-25T16:00:00.000Z"); // a fresh Pacific day: 2026-11-25
    register(3);
    await enqueue(db(), messagesFor(urls(5, 20)));
    const first = await workOutboxOnce(db(), { at: dueNow() });
    expect(first).toMatchObject({ claimed: 5, sent: 3 });
    expect(seen.publishes).toHaveLength(3);
    const waiting = await db()
      .selectFrom("outbox")
      .select(["status", "attempts", "next_attempt_at", "last_error"])
      .where("channel", "=", "indexing")
      .where("status", "!=", "sent")
      .execute();
    // Carried over, not failed: pending until midnight in California, no attempt counted.
    expect(waiting).toHaveLength(2);
    for (const row of waiting) {
      expect(row).toMatchObject({
        status: "pending",
        attempts: 0,
        next_attempt_at: "2026-11-26T08:00:00.000Z",
      });
      expect(row.last_error).toMatch(/quota \(3\)/);
    }
    // Before midnight nothing is due; after it the rest go out on the new day's quota.
    expect(await workOutboxOnce(db(), { at: "2026-11-26T07:59:59.000Z" })).toMatchObject({
      claimed: 0,
    });
    clock = new Date("2026-11-26T08:00:01.000Z");
    expect(await workOutboxOnce(db(), { at: clock.toISOString() })).toMatchObject({ sent: 2 });
    expect(seen.publishes).toHaveLength(5);
  });

  it("dead-letters a call Google refuses for good (403), with its answer", async () => {
    register(200);
    seen.answers.push(403);
    await enqueue(db(), messagesFor(urls(1, 40)));
    expect(await workOutboxOnce(db(), { at: dueNow() })).toMatchObject({ dead: 1 });
  });

  it("finds the jobs that closed in the last week, each once", async () => {
    const today = "2026-11-23";
    const insert = (title: string, lastDate: string, status: "published" | "draft" = "published") =>
      savedEntry(db(), "job", job(title, { lastDate }, status));
    await insert("Closed yesterday", "2026-11-22");
    await insert("Closed long ago", "2026-10-01");
    await insert("Open today", "2026-11-23");
    await insert("Closed draft", "2026-11-22", "draft");
    const messages = await closedJobMessages(db(), today, on);
    expect(messages.map((m) => m.payload)).toEqual([
      {
        url: expect.stringMatching(/^https:\/\/govjobs\.example\/jobs\/closed-yesterday/),
        type: "URL_UPDATED",
      },
    ]);
    expect(await enqueue(db(), messages)).toBe(1);
    // The same pass an hour later adds nothing.
    expect(await enqueue(db(), await closedJobMessages(db(), today, on))).toBe(0);
  });
});
