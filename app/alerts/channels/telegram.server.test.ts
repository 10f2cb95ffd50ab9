import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../test/databases.ts";
import type { Entry } from "../../content/entry.ts";
import { enqueue, registerSender, workOutboxOnce } from "../outbox.server.ts";
import { ChannelSettingsSchema } from "../../platform/env/channels.server.ts";
import { createTelegramSender, telegramMessageFor, telegramOptions } from "./telegram.server.ts";

const TOKEN = "123456:test-token_x";
const entry: Entry = {
  id: "e-tg",
  kind: "job",
  slug: "clerk-2026",
  title: 'Clerk <Grade "B"> & Typist',
  organization: "Board <of> Revenue",
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
};
const on = { baseUrl: "https://govjobs.example", enabled: true };

describe("telegramMessageFor", () => {
  it("escapes the entry's words for HTML mode and links the page", () => {
    expect(telegramMessageFor(entry, on)).toEqual({
      channel: "telegram",
      key: "telegram:e-tg",
      payload: {
        text: [
          "<b>Clerk &lt;Grade &quot;B&quot;&gt; &amp; Typist</b>",
          "Job · Board &lt;of&gt; Revenue",
          "Last date: 31 Dec 2026",
          "https://govjobs.example/jobs/clerk-2026",
        ].join("\n"),
      },
    });
  });

  it("posts nothing for a draft or when Telegram is off", () => {
    expect(telegramMessageFor({ ...entry, status: "draft" }, on)).toBeNull();
    expect(telegramMessageFor(entry, { ...on, enabled: false })).toBeNull();
  });

  it("refuses a token without a channel", () => {
    const settings = ChannelSettingsSchema.parse({ TELEGRAM_BOT_TOKEN: TOKEN });
    expect(() => telegramOptions(settings)).toThrow(/TELEGRAM_CHANNEL_ID/);
  });
});

const received: { path: string | undefined; body: Record<string, unknown> }[] = [];
const answers: { status: number; body: unknown }[] = [];
let server: http.Server;
let origin = "";

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ path: req.url, body: JSON.parse(body) });
      const answer = answers.shift() ?? { status: 200, body: { ok: true, result: {} } };
      res.statusCode = answer.status;
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  registerSender("telegram", undefined);
  await new Promise((resolve) => server.close(resolve));
});

describeEachDatabase("Telegram through the outbox", (db) => {
  const clock = new Date("2030-01-01T16:00:00.000Z");
  const dueNow = () => new Date(Date.now() + 1000).toISOString();

  it("sends the post with sendMessage, HTML mode, to the channel", async () => {
    received.length = 0;
    const settings = ChannelSettingsSchema.parse({
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_CHANNEL_ID: "@govjobs_test",
      TELEGRAM_API_BASE: origin,
    });
    registerSender(
      "telegram",
      createTelegramSender({ ...telegramOptions(settings)!, now: () => clock }),
    );
    const message = telegramMessageFor(entry, on)!;
    await enqueue(db(), [message]);
    // Publishing the same entry again adds nothing: one post per entry.
    expect(await enqueue(db(), [message])).toBe(0);
    expect(await workOutboxOnce(db(), { at: dueNow() })).toMatchObject({ sent: 1 });
    expect(received).toEqual([
      {
        path: `/bot${TOKEN}/sendMessage`,
        body: { chat_id: "@govjobs_test", text: message.payload.text, parse_mode: "HTML" },
      },
    ]);
  });

  it("waits as long as a 429's retry_after says, without counting an attempt", async () => {
    answers.push({
      status: 429,
      body: {
        ok: false,
        error_code: 429,
        description: "Too Many Requests",
        parameters: { retry_after: 42 },
      },
    });
    await enqueue(db(), [telegramMessageFor({ ...entry, id: "e-tg-2" }, on)!]);
    expect(await workOutboxOnce(db(), { at: dueNow() })).toMatchObject({ failed: 1 });
    const row = await db()
      .selectFrom("outbox")
      .select(["status", "attempts", "next_attempt_at", "last_error"])
      .where("key", "=", "telegram:e-tg-2")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: "pending",
      attempts: 0,
      next_attempt_at: new Date(clock.getTime() + 42_000).toISOString(),
    });
    expect(row.last_error).toMatch(/429: Too Many Requests/);
    expect(row.last_error).not.toContain(TOKEN);
  });

  it("dead-letters a post Telegram refuses (400: chat not found)", async () => {
    answers.push({ status: 400, body: { ok: false, description: "Bad Request: chat not found" } });
    await enqueue(db(), [telegramMessageFor({ ...entry, id: "e-tg-3" }, on)!]);
    expect(await workOutboxOnce(db(), { at: dueNow() })).toMatchObject({ dead: 1 });
  });
});
