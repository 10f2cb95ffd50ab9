import { createECDH, randomBytes } from "node:crypto";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "~/platform/db/db.server.ts";
import { CHROMIUM_ARGS } from "./browser.ts";
import { startInstance, type Instance } from "./instances.ts";

// Web push (issue 15): the subscribe endpoint, the service worker file, and the "Also notify this
// browser" button that only /alerts loads. The push delivery itself (encryption, VAPID, 410) is
// tested against a local push service in app/alerts/channels/push.server.test.ts.

let instance: Instance;
let database: AppDatabase;
let browser: Browser;

beforeAll(async () => {
  instance = await startInstance({ ALERTS_RATE_LIMIT: "4/10m" });
  database = openDatabase({ dialect: "sqlite", file: path.join(instance.dataDir, "instance.db") });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
});

afterAll(async () => {
  await browser?.close();
  await database?.close();
  await instance?.stop();
});

const pushRows = () =>
  database.db
    .selectFrom("alert_subscriptions")
    .select(["push_endpoint", "status", "topic_kinds"])
    .where("channel", "=", "push")
    .execute();

function subscription(endpoint: string) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    endpoint,
    expirationTime: null,
    keys: {
      p256dh: ecdh.getPublicKey().toString("base64url"),
      auth: randomBytes(16).toString("base64url"),
    },
  };
}

const send = (method: string, body: unknown) =>
  fetch(`${instance.baseURL}/alerts/push`, {
    method,
    headers: { "content-type": "application/json", origin: instance.baseURL },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

it("gives the VAPID key, stores a subscription once, refuses bad ones, forgets on DELETE", async () => {
  const key = await fetch(`${instance.baseURL}/alerts/push`).then((r) => r.json());
  expect(Buffer.from(key.publicKey, "base64url")).toHaveLength(65);

  const preferences = { language: "en", kinds: ["job"] };
  const bad = await send("POST", {
    subscription: {
      ...subscription("https://fcm.googleapis.com/fcm/send/e2e-a"),
      keys: { auth: "x" },
    },
    preferences,
  });
  expect(bad.status).toBe(400);
  expect((await bad.json()).error).toMatch(/^subscription\.keys/);
  expect((await send("POST", "not json")).status).toBe(400);
  expect(await pushRows()).toEqual([]);

  const good = {
    subscription: subscription("https://fcm.googleapis.com/fcm/send/e2e-a"),
    preferences,
  };
  expect((await send("POST", good)).status).toBe(201);
  expect((await send("POST", good)).status).toBe(201);
  expect(await pushRows()).toEqual([
    {
      push_endpoint: "https://fcm.googleapis.com/fcm/send/e2e-a",
      status: "active",
      topic_kinds: '["job"]',
    },
  ]);

  // Another site cannot subscribe or unsubscribe a visitor's browser.
  const foreign = await fetch(`${instance.baseURL}/alerts/push`, {
    method: "DELETE",
    headers: { "content-type": "application/json", origin: "https://evil.example" },
    body: JSON.stringify({ endpoint: "https://fcm.googleapis.com/fcm/send/e2e-a" }),
  });
  expect(foreign.status).toBe(403);

  expect(
    await (await send("DELETE", { endpoint: "https://fcm.googleapis.com/fcm/send/e2e-a" })).json(),
  ).toEqual({
    removed: true,
  });
  expect(await pushRows()).toEqual([]);

  // Four counted so far from this address (a body that is not JSON is refused before counting, a
  // foreign one before the route): the fifth waits (ALERTS_RATE_LIMIT=4/10m).
  const limited = await send("POST", good);
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(await pushRows()).toEqual([]);
});

it("serves the site's one service worker at its root, and the old address runs it", async () => {
  const response = await fetch(`${instance.baseURL}/sw.js`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/javascript/);
  const text = await response.text();
  expect(text).toContain('addEventListener("push"');
  // Issue 28 merged the offline copies into it: it answers fetches too (my-exams.test.ts).
  expect(text).toContain('addEventListener("fetch"');
  // Browsers registered with the address of before get the same worker.
  const old = await (await fetch(`${instance.baseURL}/alerts-sw.js`)).text();
  expect(old).toContain('importScripts("/sw.js")');
});

it("shows the push button on /alerts only, loading its code there alone", async () => {
  const page = await browser.newPage();
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(`${instance.baseURL}/jobs`, { waitUntil: "networkidle" });
  const onJobs = [...scripts];
  scripts.length = 0;
  await page.goto(`${instance.baseURL}/alerts`, { waitUntil: "networkidle" });
  // This server has no SMTP_URL: the button is the form's only one (with e-mail, "Also notify
  // this browser": alerts.test.ts).
  await page.getByRole("button", { name: "Turn on alerts in this browser" }).waitFor();
  const pushChunks = scripts.filter((s) => s.includes("alerts-push"));
  expect(pushChunks.length).toBeGreaterThan(0);
  expect(onJobs.filter((s) => s.includes("alerts-push"))).toEqual([]);
  await page.close();
});

it("the service worker shows a pushed alert with its title, body and tag", async () => {
  const context = await browser.newContext();
  await context.grantPermissions(["notifications"], { origin: instance.baseURL });
  const page = await context.newPage();
  await page.goto(`${instance.baseURL}/alerts`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.register("/alerts-sw.js", { scope: "/" });
    await navigator.serviceWorker.ready;
  });
  // What the push service hands the browser once decrypted: delivered through DevTools.
  const cdp = await context.newCDPSession(page);
  const workers = new Promise<string>((resolve) =>
    cdp.on("ServiceWorker.workerRegistrationUpdated", (e) => {
      const found = e.registrations.find((r) => r.scopeURL === `${instance.baseURL}/`);
      if (found) resolve(found.registrationId);
    }),
  );
  await cdp.send("ServiceWorker.enable");
  const registrationId = await workers;
  const alert = {
    title: "Assistant Engineer 2026",
    body: "State PSC · Last date: 15 Dec 2026",
    url: `${instance.baseURL}/jobs/assistant-engineer-2026`,
    tag: "entry-1",
  };
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin: instance.baseURL,
    registrationId,
    data: JSON.stringify(alert),
  });
  // Polled: waitForFunction takes the async predicate's promise for a truthy answer and resolved
  // with null when the worker had not shown the alert yet (failed once in CI that way).
  const shown = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const list = await registration.getNotifications();
      return list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data?.url }));
    });
  await expect.poll(shown).toEqual([alert]);
  await context.close();
});
