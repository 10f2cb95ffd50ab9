import { mkdirSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "~/platform/db/db.server.ts";
import {
  ensureOrganization,
  getOrganizationByName,
} from "~/organizations/organizations.repository.server.ts";
import { saveEntry } from "~/entries/entries.service.server.ts";
import { saveOrganization } from "~/organizations/organizations.service.server.ts";
import { countingListener } from "../test/counting-listener.ts";
import { job } from "../test/entries.ts";
import { seedListedHosts } from "../test/link-lists.ts";
import { launch } from "./browser.ts";
import { createUser, startInstance, type Instance } from "./instances.ts";

// Issue 30 from outside, against the production build: a local server plays a recruiter's site
// (named by the explicit test setting, which production refuses without the second one), the
// monitor in the server process checks a published job's links, and the job page, the Links
// screen and "Is this link official?" show what it found, with and without JavaScript, in
// English and Hindi. A listener nobody may reach counts every connection.

const ADMIN = { email: "links-admin@govjobs.test", password: "Quiet-harbour-lantern-77" };
const SHOTS = "/tmp/link-monitor-shots";
const output: string[] = [];

const inner = countingListener();
const innerPort = inner.port;

const site = http.createServer((req, res) => {
  const html = (title: string, status = 200) => {
    res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><title>${title}</title><h1>${title}</h1><p>SECRET-BODY</p>`);
  };
  switch (req.url) {
    case "/home":
    case "/apply":
      return html("Link Probe Board");
    case "/old":
      res.writeHead(301, { Location: "/apply" });
      return res.end();
    case "/soft":
      return html("पृष्ठ नहीं मिला");
    case "/away":
      res.writeHead(302, { Location: `http://localhost:${sitePort()}/register` });
      return res.end();
    case "/register":
      return html("Sarkari registration (not official)");
    default:
      return html("Not Found", 404);
  }
});
const sitePort = () => (site.address() as AddressInfo).port;
const official = (p: string) => `http://127.0.0.1:${sitePort()}${p}`;

let instance: Instance;
let database: AppDatabase;
const db = () => database.db;
let slug = "";
let forwarded = 0;
/** Each request from its own client address (TRUSTED_PROXIES=1). */
const from = () => `198.51.100.${(forwarded++ % 250) + 1}`;

async function until<T>(probe: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("gave up waiting");
    await new Promise((r) => setTimeout(r, 200));
  }
}

const actor = { id: null, email: null, name: "e2e" };

beforeAll(async () => {
  await inner.listen();
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  instance = await startInstance(
    {
      TRUSTED_PROXIES: "1",
      OUTBOUND_ALLOW_LOCAL: `127.0.0.1:${sitePort()},localhost:${sitePort()}`,
      OUTBOUND_ALLOW_LOCAL_IN_PRODUCTION: "1",
      CHECK_LINK_RATE_LIMIT: "5/1m",
      LOG_LEVEL: "info",
    },
    { output },
  );
  database = openDatabase({ dialect: "sqlite", file: path.join(instance.dataDir, "instance.db") });
  createUser(
    { DATABASE_URL: `file:${instance.dataDir}/instance.db`, DATA_DIR: instance.dataDir },
    ADMIN.email,
    ADMIN.password,
    true,
  );
  // The recruiter of the probe job: its site is the local server.
  await ensureOrganization(db(), "Link Probe Board");
  const board = (await getOrganizationByName(db(), "Link Probe Board"))!;
  const saved = await saveOrganization(db(), {
    id: board.id,
    input: { shortName: "LPB", domains: "127.0.0.1", state: "" },
    actor,
  });
  expect(saved.ok).toBe(true);
  // What "Is this link official?" knows besides: SSC and its vendor host, a listed fake.
  await seedListedHosts(db());
});

afterAll(async () => {
  await database?.close();
  await instance?.stop();
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
  await inner.close();
});

async function signIn(page: Page) {
  await page.goto(`${instance.baseURL}/admin/login`);
  await page.getByLabel("E-mail address", { exact: true }).fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
}

/** A page's text as a reader sees it (not the words its scripts carry). */
const pageText = async (p: string) =>
  (await (await fetch(`${instance.baseURL}${p}`)).text())
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ");

describe("the monitor in the server process", () => {
  it("checks a job's links when it is published, and its page shows what it found", async () => {
    const saved = await saveEntry(db(), {
      kind: "job",
      input: {
        ...job("Link Probe Clerk", {
          applyUrl: official("/apply"),
          notificationUrl: official("/notice.pdf"),
          officialWebsite: official("/home"),
          links: [
            { label: "Old apply page", url: official("/old") },
            { label: "Hindi notice", url: official("/soft") },
            { label: "Registration", url: official("/away") },
            { label: "Internal", url: `http://127.0.0.1:${innerPort()}/admin` },
          ],
        }),
        organization: "Link Probe Board",
      },
      actor,
    });
    if (!saved.ok) throw new Error("save failed");
    slug = saved.entry.slug;
    // Drawn (and cached) before the monitor has looked: nothing to say yet.
    const before = await pageText(`/jobs/${slug}`);
    expect(before).toContain("Link Probe Clerk");

    const links = await until(async () => {
      const rows = await db()
        .selectFrom("official_links")
        .select(["url", "state", "checked_at"])
        .where("entry_id", "=", saved.entry.id)
        .execute();
      return rows.length === 7 && rows.every((r) => r.checked_at) ? rows : undefined;
    });
    expect(Object.fromEntries(links.map((l) => [l.url, l.state]))).toEqual({
      [official("/apply")]: "ok",
      [official("/notice.pdf")]: "broken",
      [official("/home")]: "ok",
      [official("/old")]: "moved",
      [official("/soft")]: "soft-404",
      [official("/away")]: "off-official",
      [`http://127.0.0.1:${innerPort()}/admin`]: "refused",
    });
    expect(inner.connections()).toBe(0);

    // The cached page was dropped by the results' cache scope: the next request shows them.
    const english = await until(async () => {
      const text = await pageText(`/jobs/${slug}`);
      return text.includes("Link checked today") ? text : undefined;
    }, 10_000);
    expect(english).toContain("This link was not working when we checked it today.");
    expect(english).toContain(`Go to 127.0.0.1 instead`);
    expect(english).toContain("which is not on our list of official sites");
    const hindi = await pageText(`/hi/jobs/${slug}`);
    expect(hindi).toContain("लिंक आज जांचा गया");
    expect(hindi).toContain("आज जांचने पर यह लिंक काम नहीं कर रहा था।");
    // Nothing of a remote page reaches ours.
    expect(english).not.toContain("SECRET-BODY");
  });

  it("shows a job page with a broken link in Chromium, at 360 and 1280 px, with JavaScript on and off", async () => {
    mkdirSync(SHOTS, { recursive: true });
    for (const javaScriptEnabled of [true, false]) {
      const browser = await launch({ viewport: { width: 1280, height: 900 }, javaScriptEnabled });
      const page = await browser.context.newPage();
      const errors: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error") errors.push(m.text());
      });
      try {
        for (const [prefix, broken, working] of [
          ["", "This link was not working", "Link checked today"],
          ["/hi", "यह लिंक काम नहीं कर रहा था", "लिंक आज जांचा गया"],
        ]) {
          for (const width of [1280, 360]) {
            await page.setViewportSize({ width, height: width === 360 ? 800 : 900 });
            await page.goto(`${instance.baseURL}${prefix}/jobs/${slug}`);
            const glance = page.getByRole("region", { name: prefix ? "एक नज़र में" : "At a glance" });
            const tile = page.getByRole("note").filter({ hasText: broken }).first();
            await tile.waitFor();
            // In place of the broken button: the organization's site, and the link in small print.
            const instead = tile.getByRole("link", {
              name: prefix ? /127\.0\.0\.1/ : "Go to 127.0.0.1 instead",
            });
            expect(await instead.getAttribute("href")).toBe(official("/home"));
            expect(await glance.innerText()).toContain(working);
            if (javaScriptEnabled || width === 1280)
              await page.screenshot({
                path: `${SHOTS}/job-broken-link${prefix ? "-hi" : ""}-${width}${javaScriptEnabled ? "" : "-nojs"}.png`,
                fullPage: width === 360,
              });
          }
        }
      } finally {
        await browser.close();
      }
      expect(errors).toEqual([]);
    }
  });
});

describe("the back-office", () => {
  it("lists the links on the Links screen, counts them on the dashboard, shows them on the entry's form; 'Mark checked' clears the notice", async () => {
    const browser = await launch({ viewport: { width: 1280, height: 900 } });
    const page = await browser.context.newPage();
    try {
      await signIn(page);
      const card = page.getByRole("region", { name: "Official links" });
      await card.waitFor();
      expect(await card.innerText()).toContain("3 links of open jobs stopped working");
      await page.screenshot({ path: `${SHOTS}/dashboard-1280.png`, fullPage: true });
      expect(await page.getByRole("link", { name: "Links, 3 newly broken" }).count()).toBe(1);

      await page.goto(`${instance.baseURL}/admin/links`);
      const list = page.locator("main ul").filter({ hasText: "Link Probe Clerk" }).first();
      const text = await list.innerText();
      for (const words of [
        "Broken",
        "Says “not found”",
        "Ends off the official hosts",
        `localhost:${sitePort()}`,
        "answered 404 (text/html)",
      ])
        expect(text).toContain(words);
      expect(text).not.toContain("SECRET-BODY");
      expect(await page.getByRole("link", { name: "Open ↗" }).first().getAttribute("target")).toBe(
        "_blank",
      );
      await page.screenshot({ path: `${SHOTS}/links-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 360, height: 800 });
      await page.screenshot({ path: `${SHOTS}/links-360.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });

      await page.getByRole("button", { name: /^Mark checked: Notification PDF/ }).click();
      await page.getByText("Marked checked: it leaves the notice").waitFor();
      expect(await page.getByRole("link", { name: "Links, 2 newly broken" }).count()).toBe(1);

      // The filter per organization.
      await page.getByLabel("Organization").selectOption("Staff Selection Commission");
      await page.getByRole("button", { name: "Show" }).click();
      await page.getByText("No link of an open entry is in this group.").waitFor();

      await page.goto(`${instance.baseURL}/admin/manage-jobs`);
      await page.getByRole("link", { name: "Link Probe Clerk" }).first().click();
      const panel = page.locator("details").filter({ hasText: "Links:" }).first();
      expect(await panel.innerText()).toMatch(/Links: 3 of 7 working, 2 stopped working/);
      await page.screenshot({ path: `${SHOTS}/entry-edit-1280.png` });
    } finally {
      await browser.close();
    }
  });
});

describe("Is this link official?", () => {
  const CASES = [
    {
      pasted: "https://ssc.gov.in/apply",
      en: "ssc.gov.in is an official website of Staff Selection Commission.",
      hi: "ssc.gov.in Staff Selection Commission की आधिकारिक वेबसाइट है।",
    },
    {
      pasted: "sscexams.cbexams.com/registration",
      en: "sscexams.cbexams.com is an official application portal that Staff Selection Commission uses.",
      hi: "sscexams.cbexams.com वह आधिकारिक आवेदन पोर्टल है जिसका इस्तेमाल Staff Selection Commission करता है।",
    },
    {
      pasted: "http://ssc-gov.in.example.com/login",
      en: "ssc-gov.in.example.com is not on our list of official addresses.",
      hi: "ssc-gov.in.example.com आधिकारिक पतों की हमारी सूची में नहीं है।",
    },
    {
      pasted: "https://www.ssc-gov-recruitment.example/pay-fee",
      en: "ssc-gov-recruitment.example is a known fake site.",
      hi: "ssc-gov-recruitment.example एक जानी-पहचानी फर्जी साइट है।",
    },
  ];

  it("answers a plain form POST (no JavaScript) in English and Hindi, never cached", async () => {
    for (const c of CASES)
      for (const [prefix, expected] of [
        ["", c.en],
        ["/hi", c.hi],
      ]) {
        const res = await fetch(`${instance.baseURL}${prefix}/check-link`, {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            origin: instance.baseURL,
            "x-forwarded-for": from(),
          },
          body: new URLSearchParams({ url: c.pasted }),
        });
        expect(res.status, c.pasted).toBe(200);
        expect(res.headers.get("cache-control")).toBe("no-store");
        const text = (await res.text()).replace(/<[^>]*>/g, " ").replace(/\s+/g, " ");
        expect(text, `${prefix} ${c.pasted}`).toContain(expected);
      }
    const page = await fetch(`${instance.baseURL}/check-link`);
    expect(page.headers.get("cache-control")).toContain("s-maxage");
  });

  it("answers in Chromium with JavaScript (in place) and without (a new page), in both languages", async () => {
    for (const javaScriptEnabled of [true, false]) {
      const browser = await launch({
        viewport: { width: 1280, height: 900 },
        javaScriptEnabled,
      });
      const page = await browser.context.newPage();
      try {
        for (const [prefix, key, label, button] of [
          ["", "en", "Link or web address", "Check"],
          ["/hi", "hi", "लिंक या वेबसाइट का पता", "जांचें"],
        ] as const) {
          for (const c of CASES) {
            // A client address of its own each time: the limit (5 a minute here) is tested below.
            await page.setExtraHTTPHeaders({ "x-forwarded-for": from() });
            await page.goto(`${instance.baseURL}${prefix}/check-link`);
            if (javaScriptEnabled) await page.locator("[data-testid=bell][data-count]").waitFor();
            const posts: string[] = [];
            const onRequest = (r: { method(): string; resourceType(): string }) => {
              if (r.method() === "POST") posts.push(r.resourceType());
            };
            page.on("request", onRequest);
            await page.getByLabel(label).fill(c.pasted);
            await page.getByRole("button", { name: button, exact: true }).click();
            await page.getByRole("status").getByText(c[key]).waitFor();
            page.off("request", onRequest);
            // With JavaScript the answer comes in place (a fetch); without, the form posts the page.
            expect(posts, `${prefix} ${c.pasted}`).toEqual([
              javaScriptEnabled ? "fetch" : "document",
            ]);
          }
          await page.setViewportSize({ width: 360, height: 800 });
          await page.screenshot({
            path: `${SHOTS}/check-link${prefix ? "-hi" : ""}-360${javaScriptEnabled ? "" : "-nojs"}.png`,
            fullPage: true,
          });
          await page.setViewportSize({ width: 1280, height: 900 });
        }
      } finally {
        await browser.close();
      }
    }
  });

  it("counts each client address first: 50 answers at once from one give 5 and 45 refusals", async () => {
    const address = from();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        fetch(`${instance.baseURL}/check-link`, {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            origin: instance.baseURL,
            "x-forwarded-for": address,
          },
          body: new URLSearchParams({ url: "ssc.gov.in" }),
        }).then((r) => r.status),
      ),
    );
    expect(answers.filter((s) => s === 200)).toHaveLength(5);
    expect(answers.filter((s) => s === 429)).toHaveLength(45);
  });

  it("refuses a malformed body with 400, never 500", async () => {
    for (const body of ["", "url=", `url=${"x".repeat(5000)}`, "url=%E0%A4", "other=1"]) {
      const res = await fetch(`${instance.baseURL}/check-link`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: instance.baseURL,
          "x-forwarded-for": from(),
        },
        body,
      });
      expect(res.status, body.slice(0, 20)).toBe(400);
    }
  });

  it("logs nothing that ties a pasted address to a reader", async () => {
    await fetch(`${instance.baseURL}/check-link`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: instance.baseURL,
        "x-forwarded-for": "203.0.113.77",
      },
      body: new URLSearchParams({ url: "https://reader-secret-probe.example/abc" }),
    });
    // The logs are flushed when the server stops.
    await instance.stop();
    const logs = output.join("");
    expect(logs).toContain("203.0.113.77");
    expect(logs).not.toContain("reader-secret-probe");
    expect(logs).not.toContain("pay-fee");
  });
});
