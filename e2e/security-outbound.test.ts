import { createECDH, randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "~/platform/db/db.server.ts";
import { saveEntry } from "~/entries/entries.service.server.ts";
import { job } from "../test/entries.ts";
import { inwardEndpoints } from "../test/inward-endpoints.ts";
import { startTestSmtp, type TestSmtp } from "../test/smtp.ts";
import { launch } from "./browser.ts";
import { createUser, startInstance, type Instance } from "./instances.ts";

// Issue 25 from outside, against the production build: push endpoints that point inward
// (server-side request forgery) and one inbox flooded through /alerts (mail bombing). The
// server names one local "push service" through the explicit test setting (refused in
// production without the second one); the "internal service" is a listener nobody may reach.

const ADMIN = { email: "outbound-admin@govjobs.test", password: "Quiet-harbour-lantern-58" };
const SHOTS = "/tmp/sec-outbound-shots";

let smtp: TestSmtp;
let instance: Instance;
let database: AppDatabase;

let innerConnections = 0;
const inner = net.createServer((socket) => {
  innerConnections++;
  socket.destroy();
});
const innerPort = () => (inner.address() as AddressInfo).port;

const pushed: string[] = [];
const pushService = http.createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    pushed.push(req.url ?? "");
    if (req.url === "/push/inward") {
      res.writeHead(303, { Location: `http://127.0.0.1:${innerPort()}/internal-only/admin` });
      return res.end();
    }
    if (req.url === "/push/secret") {
      res.writeHead(403);
      return res.end("SECRET-INTERNAL-DATA that only the push service knows");
    }
    res.writeHead(201);
    res.end();
  });
});
const pushOrigin = () => `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;

beforeAll(async () => {
  await new Promise<void>((resolve) => inner.listen(0, "127.0.0.1", resolve));
  await new Promise<void>((resolve) => pushService.listen(0, "127.0.0.1", resolve));
  smtp = await startTestSmtp();
  instance = await startInstance({
    SMTP_URL: smtp.url,
    TRUSTED_PROXIES: "1",
    OUTBOUND_ALLOW_LOCAL: new URL(pushOrigin()).host,
    OUTBOUND_ALLOW_LOCAL_IN_PRODUCTION: "1",
  });
  database = openDatabase({ dialect: "sqlite", file: path.join(instance.dataDir, "instance.db") });
  createUser(
    { DATABASE_URL: `file:${instance.dataDir}/instance.db`, DATA_DIR: instance.dataDir },
    ADMIN.email,
    ADMIN.password,
    true,
  );
});

afterAll(async () => {
  await database?.close();
  await instance?.stop();
  await smtp?.close();
  pushService.closeAllConnections();
  await new Promise((resolve) => pushService.close(resolve));
  await new Promise((resolve) => inner.close(resolve));
});

const db = () => database.db;

/** Each request from its own client address (TRUSTED_PROXIES=1), past the per-address limit. */
let client = 0;
const from = () => `203.0.113.${(client++ % 250) + 1}`;

function subscription(endpoint: string) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    subscription: {
      endpoint,
      expirationTime: null,
      keys: {
        p256dh: ecdh.getPublicKey().toString("base64url"),
        auth: randomBytes(16).toString("base64url"),
      },
    },
    preferences: { language: "en", kinds: ["job"] },
  };
}

const subscribePush = (endpoint: string) =>
  fetch(`${instance.baseURL}/alerts/push`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: instance.baseURL,
      "x-forwarded-for": from(),
    },
    body: JSON.stringify(subscription(endpoint)),
  });

const pushRows = () =>
  db()
    .selectFrom("alert_subscriptions")
    .select("push_endpoint")
    .where("channel", "=", "push")
    .execute();

async function until<T>(probe: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("push endpoints (server-side request forgery)", () => {
  it("refuses every endpoint that is not a browser push service with 400, storing nothing", async () => {
    const port = innerPort();
    for (const endpoint of [
      ...inwardEndpoints(port),
      // The test setting names one port of 127.0.0.1, not the host.
      `http://127.0.0.1:${port}/push`,
    ]) {
      const res = await subscribePush(endpoint);
      expect(res.status, endpoint).toBe(400);
      expect((await res.json()).error, endpoint).toBe(
        "subscription.endpoint: must be the address of a browser's push service",
      );
    }
    expect(await pushRows()).toEqual([]);
    expect(innerConnections).toBe(0);
  });

  it("delivers to the named test push service; a redirect inward leads nowhere and no body is stored or shown", async () => {
    for (const p of ["/push/ok", "/push/inward", "/push/secret"])
      expect((await subscribePush(`${pushOrigin()}${p}`)).status).toBe(201);
    const saved = await saveEntry(db(), {
      kind: "job",
      input: job("Outbound Probe Clerk", { state: "Goa" }),
      actor: { id: null, email: null, name: "e2e" },
    });
    expect(saved.ok).toBe(true);
    const rows = await until(async () => {
      const all = await db()
        .selectFrom("outbox")
        .select(["status", "last_error", "subscription_id"])
        .where("channel", "=", "push")
        .execute();
      return all.length === 3 && all.every((r) => r.status === "sent" || r.status === "dead")
        ? all
        : undefined;
    });
    expect(pushed.sort()).toEqual(["/push/inward", "/push/ok", "/push/secret"]);
    expect(innerConnections).toBe(0);
    expect(rows.map((r) => r.last_error ?? "sent").sort()).toEqual([
      "push service answered 303",
      "push service answered 403",
      "sent",
    ]);

    // What an editor sees on the Alerts screen: the status, never the body.
    const browser = await launch({ viewport: { width: 1280, height: 900 } });
    const page = await browser.context.newPage();
    try {
      await page.goto(`${instance.baseURL}/admin/login`);
      await page.getByLabel("E-mail address", { exact: true }).fill(ADMIN.email);
      await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL((url) => url.pathname === "/admin");
      await page.goto(`${instance.baseURL}/admin/alerts`);
      await page.getByText("push service answered 403").first().waitFor();
      const text = await page.locator("main").innerText();
      expect(text).toContain("push service answered 303");
      expect(text).not.toContain("SECRET");
      expect(text).not.toContain("internal-only");
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/admin-alerts-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 360, height: 800 });
      await page.screenshot({ path: `${SHOTS}/admin-alerts-360.png`, fullPage: true });
    } finally {
      await browser.close();
    }
  });
});

describe("mail bombing through /alerts", () => {
  it("30 subscriptions for one address at once from 5 client addresses deliver one mail, with the same answer to each", async () => {
    const victim = "victim@example.com";
    const before = smtp.mails.length;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        fetch(`${instance.baseURL}/alerts`, {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            origin: instance.baseURL,
            "x-forwarded-for": `198.51.100.${(i % 5) + 1}`,
          },
          body: new URLSearchParams({ email: victim, states: "Goa" }),
        }).then(async (res) => ({ status: res.status, text: await res.text() })),
      ),
    );
    // The per-address limit (5 in 10 minutes) answers the sixth from each address.
    expect(answers.filter((a) => a.status === 429)).toHaveLength(5);
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(25);
    for (const a of ok) expect(a.text).toContain("victim@example.com");
    // Everything queued has been sent (or there was nothing to send).
    await until(async () => {
      const waiting = await db()
        .selectFrom("outbox")
        .select("id")
        .where("channel", "=", "email")
        .where("status", "in", ["pending", "sending"])
        .execute();
      return waiting.length === 0 && smtp.mails.length > before ? true : undefined;
    });
    const toVictim = smtp.mails
      .slice(before)
      .filter((m) => !Array.isArray(m.to) && m.to?.value[0]?.address === victim);
    expect(toVictim).toHaveLength(1);
  });
});
