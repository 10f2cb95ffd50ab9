import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseURL, useBrowser } from "./browser.ts";
import { withE2eDb } from "./db.ts";
import { ADMIN } from "./server.global.ts";

// Issue 26: without a mail server every job and list page still said "Get alerts like these by
// e-mail → Set up alerts", which led to 63 checkboxes and a disabled Subscribe. The shared e2e
// server has no SMTP_URL: no e-mail form, no "by e-mail" link; alerts in this browser (web push)
// where the browser can take them (headless Chromium on 127.0.0.1 can), else no alert link.

async function someJob() {
  return withE2eDb((db) =>
    db
      .selectFrom("entries")
      .select("slug")
      .where("kind", "=", "job")
      .where("status", "=", "published")
      .where("deleted_at", "is", null)
      .orderBy("slug")
      .executeTakeFirstOrThrow(),
  );
}

const PAGES = async () => [
  "/",
  "/jobs",
  "/results",
  `/jobs/${(await someJob()).slug}`,
  "/hi",
  "/hi/jobs",
];

/** The visible links to /alerts on the page (`/alerts?…` and `/hi/alerts?…`). */
const alertLinks = (page: Page | Locator) =>
  page.locator('a[href^="/alerts"]:visible, a[href^="/hi/alerts"]:visible');

describe("alerts without a mail server", () => {
  it("no page says 'by e-mail'", async () => {
    for (const path of await PAGES()) {
      const html = await (await fetch(`${baseURL()}${path}`)).text();
      expect(html, path).not.toMatch(/by e-mail|ईमेल पर/i);
    }
  });

  describe("JavaScript off: no alert link, and /alerts says why, with no form", () => {
    const browser = useBrowser({ viewport: { width: 360, height: 740 }, javaScriptEnabled: false });

    it("shows no alert link and no e-mail form", async () => {
      const page = await browser.page();
      for (const path of await PAGES()) {
        await page.goto(path);
        await expect(alertLinks(page).count(), path).resolves.toBe(0);
      }
      for (const path of ["/alerts", "/hi/alerts"]) {
        await page.goto(path);
        const main = page.getByRole("main");
        await expect(main.locator('input[type="email"]').count(), path).resolves.toBe(0);
        await expect(main.locator("input:visible").count(), path).resolves.toBe(0);
        await expect(
          main.getByRole("button", { name: /Subscribe|सदस्यता लें/ }).count(),
        ).resolves.toBe(0);
        await expect(main.getByRole("status").isVisible(), path).resolves.toBe(true);
      }
      await page.close();
    });
  });

  describe("JavaScript on, in a browser that can take push", () => {
    const browser = useBrowser({ viewport: { width: 360, height: 740 } });

    it("offers alerts in this browser, and /alerts has no e-mail form", async () => {
      const page = await browser.page();
      await page.goto("/jobs");
      // The page's box; the footer's Tools list /alerts too once push is found (issue 29).
      const link = alertLinks(page.locator("#content"));
      await expect.poll(() => link.count()).toBe(1);
      await expect.poll(() => alertLinks(page.locator("footer")).count()).toBe(1);
      expect(await page.getByText("Get alerts like these in this browser").isVisible()).toBe(true);
      await link.click();
      await page.waitForURL("**/alerts?kind=job");
      const main = page.getByRole("main");
      await main.getByRole("button", { name: "Turn on alerts in this browser" }).waitFor();
      await expect(main.locator('input[type="email"]').count()).resolves.toBe(0);
      await expect(main.getByRole("button", { name: "Subscribe" }).count()).resolves.toBe(0);
      // The choices are there, and the kind of the page it came from is ticked.
      expect(await main.getByRole("checkbox", { name: "Jobs" }).isChecked()).toBe(true);
      // The Hindi page alike.
      await page.goto("/hi/jobs");
      await expect.poll(() => alertLinks(page.locator("#content")).count()).toBe(1);
      await alertLinks(page.locator("#content")).click();
      await page.waitForURL("**/hi/alerts?kind=job");
      await main.getByRole("button", { name: "इस ब्राउज़र पर अलर्ट चालू करें" }).waitFor();
      await expect(main.locator('input[type="email"]').count()).resolves.toBe(0);
      expect(browser.consoleErrors).toEqual([]);
      await page.close();
    });
  });

  describe("the admin's Alerts screen", () => {
    const browser = useBrowser({
      viewport: { width: 1280, height: 900 },
      javaScriptEnabled: false,
    });

    it("says which channels are on", async () => {
      const page = await browser.page();
      await page.goto("/admin/login");
      await page.getByLabel("E-mail address", { exact: true }).fill(ADMIN.email);
      await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL((url) => url.pathname === "/admin");
      await page.goto("/admin/alerts");
      const channels = page.getByRole("region", { name: "Channels" });
      const state = async (name: string) =>
        (await channels.getByRole("listitem").filter({ hasText: name }).textContent()) ?? "";
      expect(await state("E-mail")).toMatch(/Off.*SMTP_URL/);
      expect(await state("Web push")).toMatch(/On/);
      expect(await state("Telegram")).toMatch(/Off.*TELEGRAM_BOT_TOKEN/);
      expect(await state("Indexing API")).toMatch(/Off.*GOOGLE_INDEXING_CREDENTIALS/);
      await page.close();
    });
  });
});
