import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import ICAL from "ical.js";
import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type AppDatabase } from "~/platform/db/db.server.ts";
import { addDays } from "~/lib/format.ts";
import { todayInIndia } from "~/lib/india-date.ts";
import { remindersDue } from "~/my-exams/reminders.server.ts";
import { browserKeys, decrypt } from "../test/web-push.ts";
import { CHROMIUM_ARGS } from "./browser.ts";
import { createUser, signIn, startInstance, type Instance } from "./instances.ts";

// Issue 28 from outside, against the production build: save from a list row and a job page,
// /my's next windows, offline copies with their banner, a clash flagged on both job pages, the
// requests /my makes before and after reminders are turned on, reminders at a local push service
// as an injected clock crosses 7, 2 and 0 days, and an editor's extension followed by /my and the
// calendar feed.

const ADMIN = { email: "my-exams-admin@govjobs.test", password: "Saffron-lantern-harbour-64" };
const SHOTS = "/tmp/my-exams-shots";

interface Delivery {
  path: string;
  body: Buffer;
}
const deliveries: Delivery[] = [];
const pushService = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    deliveries.push({ path: req.url ?? "", body: Buffer.concat(chunks) });
    res.writeHead(201);
    res.end();
  });
});
const pushOrigin = () => `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
const keys = browserKeys();

let instance: Instance;
let database: AppDatabase;
let browser: Browser;
let cookie: string;
const today = todayInIndia();
const jobs = {
  a: { title: `Saved Exam Clerk A ${Date.now()}`, lastDate: addDays(today, 30), id: "", slug: "" },
  b: { title: `Saved Exam Clerk B ${Date.now()}`, lastDate: addDays(today, 20), id: "", slug: "" },
};
const EXAM = addDays(today, 60);

beforeAll(async () => {
  await new Promise<void>((resolve) => pushService.listen(0, "127.0.0.1", resolve));
  instance = await startInstance({
    OUTBOUND_ALLOW_LOCAL: new URL(pushOrigin()).host,
    OUTBOUND_ALLOW_LOCAL_IN_PRODUCTION: "1",
    // The test drives the reminders pass with its own clock; the server's own waits an hour.
    MY_EXAMS_PASS_MS: "3600000",
  });
  database = openDatabase({ dialect: "sqlite", file: path.join(instance.dataDir, "instance.db") });
  createUser(
    { DATABASE_URL: `file:${instance.dataDir}/instance.db`, DATA_DIR: instance.dataDir },
    ADMIN.email,
    ADMIN.password,
    true,
  );
  cookie = await signIn(instance.baseURL, ADMIN.email, ADMIN.password);
  for (const job of [jobs.a, jobs.b]) {
    await postJob("/admin/manage-jobs/add", job.title, job.lastDate);
    const row = await database.db
      .selectFrom("entries")
      .select(["id", "slug"])
      .where("title", "=", job.title)
      .executeTakeFirstOrThrow();
    Object.assign(job, row);
  }
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
});

afterAll(async () => {
  await browser?.close();
  await database?.close();
  await instance?.stop();
  pushService.closeAllConnections();
  await new Promise((resolve) => pushService.close(resolve));
});

/** The editor's job form as the browser posts it (a redirect when saved). */
async function postJob(at: string, title: string, lastDate: string, version?: string) {
  const res = await fetch(instance.baseURL + at, {
    method: "POST",
    redirect: "manual",
    headers: {
      cookie,
      origin: instance.baseURL,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({
      intent: "publish",
      title,
      organization: "My Exams Test Board",
      ...(version ? { version } : {}),
      "data.summary": "A job saved to test My exams.",
      "data.employmentType": "FULL_TIME",
      "data.state": "Delhi",
      "data.lastDate": lastDate,
      "data.examDate": EXAM,
      "data.qualification": "Graduate",
    }),
  });
  expect([302, 303]).toContain(res.status);
}

let context: BrowserContext;
let page: Page;
/** Every request the browser made, with its body, in order. */
const requests: { method: string; url: string; body: string | null; from: string }[] = [];

describe("My exams in Chromium", () => {
  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    await context.grantPermissions(["notifications"], { origin: instance.baseURL });
    // Headless Chromium has no push service of its own: its PushManager hands out a subscription
    // at the local push service, with keys this test can decrypt with.
    await context.addInitScript(
      ({ endpoint, p256dh, auth }) => {
        let current: unknown = null;
        const subscription = {
          endpoint,
          expirationTime: null,
          toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
          unsubscribe: async () => true,
        };
        PushManager.prototype.subscribe = async function () {
          current = subscription;
          return subscription as unknown as PushSubscription;
        };
        PushManager.prototype.getSubscription = async function () {
          return current as PushSubscription | null;
        };
      },
      {
        endpoint: `${pushOrigin()}/push/my-exams-device`,
        p256dh: keys.ecdh.getPublicKey().toString("base64url"),
        auth: keys.auth.toString("base64url"),
      },
    );
    page = await context.newPage();
    const record = (r: Request) =>
      requests.push({
        method: r.method(),
        url: r.url(),
        body: r.postData(),
        from: r.serviceWorker() ? "service worker" : r.frame().url(),
      });
    context.on("request", record);
  });
  afterAll(async () => {
    await context?.close();
  });

  it("saves from a list row and from a job page, and flags the exam clash on both pages", async () => {
    await page.goto(`${instance.baseURL}/jobs?organization=My+Exams+Test+Board`);
    const rowB = page.locator("li", { has: page.getByRole("link", { name: jobs.b.title }) });
    await rowB.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => rowB.getByRole("button", { name: "Saved" }).count()).toBe(1);
    // Its star is drawn (inline SVG), not ☆/★ text that a phone whose fonts lack it shows as a box.
    const savedButton = rowB.getByRole("button", { name: "Saved" });
    expect(await savedButton.textContent()).toBe("Saved");
    expect(await savedButton.locator("svg").count()).toBe(1);

    await page.goto(`${instance.baseURL}/jobs/${jobs.a.slug}`);
    const saveButton = page.getByRole("button", { name: "Save", exact: true });
    expect(await saveButton.textContent()).toBe("Save");
    expect(await saveButton.locator("svg").count()).toBe(1);
    await saveButton.click();
    await page.getByRole("button", { name: "Saved" }).waitFor();
    const clashOnA = page.locator(`[data-clash="${jobs.b.id}"]`);
    await clashOnA.waitFor();
    expect(await clashOnA.textContent()).toContain(
      `Your saved “${jobs.b.title}” exam is on the same day`,
    );
    await page.screenshot({ path: `${SHOTS}/job-clash-360.png` });

    await page.goto(`${instance.baseURL}/jobs/${jobs.b.slug}`);
    await page.locator(`[data-clash="${jobs.a.id}"]`).waitFor();
    // Its route discovery names this page's links: done before /my's requests are counted.
    await page.waitForLoadState("networkidle");
    // Without JavaScript the control is not shown.
    const html = await (await fetch(`${instance.baseURL}/jobs/${jobs.b.slug}`)).text();
    // (No element carries the attribute; the inlined stylesheet names it in selectors.)
    expect(html).not.toMatch(/<[^>]+\saria-pressed=/);
    expect(html).toContain(`/calendar/${jobs.b.id}.ics`);
  });

  it("shows each saved entry's next window on /my, soonest first, with the clash", async () => {
    // Only what /my asks counts: the job page's own requests end before.
    await page.goto("about:blank");
    requests.length = 0;
    await page.goto(`${instance.baseURL}/my`);
    const lines = page.locator("[data-testid=next-window]");
    await expect.poll(() => lines.count()).toBe(2);
    expect(await lines.allTextContents()).toEqual([
      expect.stringMatching(/^Apply by \d+ \w+( \d{4})? \(in 20 days\)$/),
      expect.stringMatching(/^Apply by \d+ \w+( \d{4})? \(in 30 days\)$/),
    ]);
    expect(await page.getByTestId("my-clashes").textContent()).toContain(jobs.a.title);
    // A status of the reader's own stays on the device.
    await page.locator(`[data-saved="${jobs.a.id}"] select`).selectOption("applied");
    await page.screenshot({ path: `${SHOTS}/my-360.png`, fullPage: true });
  });

  it("sends nothing but entry ids from /my until reminders are turned on", async () => {
    const ids = [jobs.a.id, jobs.b.id].sort();
    // What /my's document asked (its service worker forwards the same requests; it may still
    // report one of the page before).
    const own = requests.filter((r) => r.from === `${instance.baseURL}/my`);
    expect(own.length).toBeGreaterThan(3);
    expect(own.every((r) => r.method === "GET" && r.body === null)).toBe(true);
    // The same page in a browser that saved nothing: every other request is one it makes too.
    const fresh = await browser.newContext();
    const seen = new Set<string>();
    fresh.on("request", (r) => seen.add(r.url()));
    const blank = await fresh.newPage();
    await blank.goto(`${instance.baseURL}/my`);
    await blank.getByTestId("my-empty").waitFor();
    await blank.waitForLoadState("networkidle");
    await fresh.close();
    const listed = own.filter((r) => new URL(r.url).pathname === "/my/entries.json");
    expect(listed.map((r) => new URL(r.url).search)).toEqual([`?ids=${ids.join(",")}`]);
    for (const r of own) {
      if (r.url.includes("/my/entries.json") || r.url.includes("/assets/")) continue;
      expect(seen.has(r.url), r.url).toBe(true);
    }
    // Nor what the reader chose: the status stays in this browser.
    expect(own.some((r) => r.url.includes("applied"))).toBe(false);
    expect(await database.db.selectFrom("my_exam_lists").select("id").execute()).toEqual([]);
  });

  it("opens /my and a saved job page offline, with the banner", async () => {
    await context.setOffline(true);
    try {
      await page.reload();
      await page.locator("[data-offline-copy]").waitFor();
      expect(await page.locator("[data-offline-copy]").textContent()).toMatch(
        /^Saved on \d+ \w+, \d\d:\d\d: may be out of date$/,
      );
      await expect.poll(() => page.locator("[data-testid=next-window]").count()).toBe(2);
      await page.screenshot({ path: `${SHOTS}/my-offline-360.png`, fullPage: true });

      // A plain link from /my: the document comes from the saved copy.
      await page.getByRole("link", { name: jobs.a.title }).click();
      await page.locator("[data-offline-copy]").waitFor();
      expect(await page.locator("h1").textContent()).toBe(jobs.a.title);
      await page.goto(`${instance.baseURL}/jobs/${jobs.b.slug}`);
      expect(await page.locator("[data-offline-copy]").count()).toBe(1);
      expect(await page.locator("h1").textContent()).toBe(jobs.b.title);
      // Hydrated from the copy: the Save button works offline too.
      await page.getByRole("button", { name: "Saved" }).waitFor();
      await page.screenshot({ path: `${SHOTS}/job-offline-360.png` });
    } finally {
      await context.setOffline(false);
    }
    // Online again: the network's page, no banner.
    await page.goto(`${instance.baseURL}/jobs/${jobs.b.slug}`);
    expect(await page.locator("[data-offline-copy]").count()).toBe(0);
  });

  it("sends reminders 7, 2 and 0 days before the window closes, once each, none after", async () => {
    requests.length = 0;
    await page.goto(`${instance.baseURL}/my`);
    await page.getByRole("button", { name: "Turn on reminders" }).click();
    await page.getByText("Reminders are on for this list.").waitFor();
    const posted = requests.filter((r) => r.method !== "GET");
    expect(posted.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      "POST /my/reminders",
    ]);
    const body = JSON.parse(posted[0].body!);
    expect(Object.keys(body).sort()).toEqual(["ids", "language", "subscription"]);
    expect(body.ids).toEqual([jobs.a.id, jobs.b.id].sort());

    const at = (days: number) => new Date(`${addDays(jobs.a.lastDate, days)}T06:30:00Z`);
    for (const day of [-8, -7, -7, -6, -2, -2, -1, 0, 0, 1, 2]) {
      await remindersDue(database.db, at(day));
      await vi.waitFor(
        async () => {
          const waiting = await database.db
            .selectFrom("outbox")
            .select("id")
            .where("key", "like", "my-exams:%")
            .where("status", "in", ["pending", "sending"])
            .execute();
          expect(waiting).toEqual([]);
        },
        { timeout: 15_000, interval: 100 },
      );
    }
    const shown = deliveries
      .filter((d) => d.path === "/push/my-exams-device")
      .map(
        (d) => JSON.parse(decrypt(d.body, keys)) as { title: string; body: string; tag: string },
      );
    const applyA = shown.filter((n) => n.tag === `my-exams-${jobs.a.id}-lastDate`);
    expect(applyA.map((n) => n.body)).toEqual([
      expect.stringMatching(/^Apply by .+ \(in 7 days\)$/),
      expect.stringMatching(/^Apply by .+ \(in 2 days\)$/),
      expect.stringMatching(/^Apply by .+ \(today\)$/),
    ]);
    expect(applyA.every((n) => n.title === jobs.a.title)).toBe(true);
  });

  it("follows an editor's extension of a saved job's last date on /my and in the calendar feed", async () => {
    await page.goto(`${instance.baseURL}/my`);
    await page.getByRole("button", { name: "Get a calendar address" }).click();
    const feedUrl = await page.getByLabel("Your calendar address").inputValue();
    const feed = async () => {
      const text = await (await fetch(feedUrl)).text();
      return new ICAL.Component(ICAL.parse(text))
        .getAllSubcomponents("vevent")
        .map((v) => new ICAL.Event(v))
        .map((e) => ({ uid: e.uid, start: e.startDate.toString(), allDay: e.startDate.isDate }));
    };
    const uid = `${jobs.a.id}-lastDate@${new URL(instance.baseURL).host}`;
    expect((await feed()).find((e) => e.uid === uid)).toEqual({
      uid,
      start: jobs.a.lastDate,
      allDay: true,
    });

    const version = await database.db
      .selectFrom("entries")
      .select("updated_at")
      .where("id", "=", jobs.a.id)
      .executeTakeFirstOrThrow();
    const extended = addDays(today, 40);
    deliveries.length = 0;
    await postJob(
      `/admin/manage-jobs/edit/${jobs.a.id}`,
      jobs.a.title,
      extended,
      version.updated_at,
    );

    expect((await feed()).find((e) => e.uid === uid)).toEqual({
      uid,
      start: extended,
      allDay: true,
    });
    await page.reload();
    const lineA = page.locator(`[data-saved="${jobs.a.id}"] [data-testid=next-window]`);
    await expect.poll(() => lineA.textContent()).toMatch(/\(in 40 days\)$/);
    // The saved list's browser hears of it.
    await vi.waitFor(
      () => {
        const changed = deliveries
          .map((d) => JSON.parse(decrypt(d.body, keys)) as { body: string; tag: string })
          .filter((n) => n.tag === `my-exams-${jobs.a.id}-lastDate`);
        expect(changed.map((n) => n.body)).toEqual([
          expect.stringMatching(/^Date changed: Apply by /),
        ]);
      },
      { timeout: 15_000, interval: 100 },
    );
  });

  it("deletes the server copy when reminders are stopped, and the calendar address when turned off", async () => {
    await page.getByRole("button", { name: "Stop reminders" }).click();
    await page.getByRole("button", { name: "Turn on reminders" }).waitFor();
    await page.getByRole("button", { name: "Turn off the calendar address" }).click();
    await page.getByRole("button", { name: "Get a calendar address" }).waitFor();
    expect(await database.db.selectFrom("my_exam_lists").select("id").execute()).toEqual([]);
    expect(
      await database.db.selectFrom("my_exam_list_entries").select("entry_id").execute(),
    ).toEqual([]);
    expect(
      await database.db
        .selectFrom("outbox")
        .select("key")
        .where("key", "like", "my-exams:%")
        .execute(),
    ).toEqual([]);
  });
  it("updates its service worker without breaking an open tab or losing the saved copies", async () => {
    await page.goto(`${instance.baseURL}/my`);
    await page.locator("[data-testid=next-window]").first().waitFor();
    const before = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    expect(before).toBe(`${instance.baseURL}/sw.js`);
    // Another script for the same scope (as a deploy gives a new one): it installs, takes over
    // the open tab at once, and keeps the caches of the one before.
    await page.evaluate(async () => {
      const changed = new Promise((resolve) =>
        navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }),
      );
      await navigator.serviceWorker.register("/alerts-sw.js", { scope: "/" });
      await changed;
    });
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
      `${instance.baseURL}/alerts-sw.js`,
    );
    // The open tab still navigates on the client (route discovery and data through the new
    // worker), and still has its saved pages offline.
    await page.getByRole("link", { name: "Latest Jobs" }).first().click();
    await page.waitForURL(`${instance.baseURL}/jobs`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await context.setOffline(true);
    try {
      await page.goto(`${instance.baseURL}/jobs/${jobs.a.slug}`);
      await page.locator("[data-offline-copy]").waitFor();
    } finally {
      await context.setOffline(false);
    }
  });
});

describe("the exam calendar", () => {
  it("lists upcoming exam dates by month with its filters, feeds and sitemap entry", async () => {
    const res = await fetch(`${instance.baseURL}/exam-calendar?organization=My+Exams+Test+Board`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(jobs.a.title);
    expect(html).toContain('data-code="exam"');
    const hindi = await (await fetch(`${instance.baseURL}/hi/exam-calendar`)).text();
    expect(hindi).toContain("परीक्षा कैलेंडर");
    const ics = await (
      await fetch(`${instance.baseURL}/exam-calendar/calendar.ics?organization=My+Exams+Test+Board`)
    ).text();
    const events = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents("vevent");
    expect(events.map((e) => new ICAL.Event(e).startDate.toString())).toEqual([EXAM, EXAM]);
    const rss = await (await fetch(`${instance.baseURL}/exam-calendar/feed.xml`)).text();
    expect(rss).toContain('<rss version="2.0"');
    // Installable: every page names the app manifest, which has the icons browsers ask for.
    expect(hindi).toContain('rel="manifest" href="/hi/manifest.webmanifest"');
    const manifest = await (await fetch(`${instance.baseURL}/manifest.webmanifest`)).json();
    expect(manifest).toMatchObject({ display: "standalone", start_url: "/" });
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(
      expect.arrayContaining(["192x192", "512x512"]),
    );
    for (const icon of manifest.icons)
      expect((await fetch(`${instance.baseURL}${icon.src}`)).status, icon.src).toBe(200);
    const sitemap = await (await fetch(`${instance.baseURL}/sitemaps/pages.xml`)).text();
    expect(sitemap).toContain(`${instance.baseURL}/exam-calendar</loc>`);
    expect(sitemap).toContain(`${instance.baseURL}/hi/exam-calendar</loc>`);
  });
});
