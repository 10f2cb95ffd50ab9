import axe from "axe-core";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KIND_LIST } from "~/content/registry.ts";
import { useBrowser } from "./browser.ts";
import { withE2eDb } from "./db.ts";
import { makePicture } from "./photo-images.ts";

/**
 * Every public page type must have no serious or critical axe-core violation, on a phone and on a
 * desktop. Minor and moderate findings are judgement calls; these two levels block people.
 */

const VIEWPORTS = [
  { name: "360x740", width: 360, height: 740 },
  { name: "1280x800", width: 1280, height: 800 },
] as const;

const BLOCKING = new Set(["serious", "critical"]);

declare global {
  interface Window {
    /** The copy of axe-core injected into the page under test. */
    axe: typeof axe;
  }
}

/** Runs axe-core on what the page shows now and describes each blocking violation readably. */
async function blockingViolations(page: Page): Promise<string[]> {
  // page.evaluate goes through the DevTools protocol, so the site's CSP does not stop the script.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  // Through `window`: Vitest renames the module's `axe` binding inside this function's source.
  const results = await page.evaluate(() =>
    window.axe.run(document, { resultTypes: ["violations"] }),
  );
  // An audit that checked nothing would pass everything.
  expect(results.passes.length, `axe-core checked nothing on ${page.url()}`).toBeGreaterThan(0);
  return results.violations
    .filter((v) => v.impact && BLOCKING.has(v.impact))
    .map((v) =>
      [
        `${v.id} (${v.impact}): ${v.help} — ${v.helpUrl}`,
        ...v.nodes.map(
          (n) =>
            `  at ${n.target.join(" ")}\n    ${(n.failureSummary ?? "").replaceAll("\n", "\n    ")}`,
        ),
      ].join("\n"),
    );
}

async function expectAccessible(page: Page, what: string) {
  // Colour contrast depends on the web font; audit the page as people see it.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const found = await blockingViolations(page);
  expect(found, `${what} (${page.url()}):\n${found.join("\n")}`).toEqual([]);
}

/** Pages in the public shell have hydrated once the bell knows its count. */
async function open(page: Page, path: string, status = 200) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(status);
  if (!path.startsWith("/admin")) await page.locator("[data-testid=bell][data-count]").waitFor();
}

describe("accessibility: no serious or critical axe-core violations", () => {
  // One browser for the file; each viewport reuses one page for all its checks.
  const browser = useBrowser();

  describe.each(VIEWPORTS)("at $name", ({ width, height }) => {
    let page: Page;
    const detailPaths = new Map<string, string>();

    beforeAll(async () => {
      page = await browser.page();
      await page.setViewportSize({ width, height });
    });
    afterAll(async () => {
      await page?.close();
    });

    it("home", async () => {
      await open(page, "/");
      await expectAccessible(page, "home");
    });

    for (const kind of KIND_LIST) {
      it(`${kind.plural} list`, async () => {
        await open(page, kind.urlPrefix);
        const first = page.getByRole("main").locator(`a[href^="${kind.urlPrefix}/"]`).first();
        const href = await first.getAttribute("href");
        expect(href, `${kind.urlPrefix} lists no entry`).toBeTruthy();
        detailPaths.set(kind.kind, href!);
        await expectAccessible(page, `${kind.plural} list`);
      });

      it(`${kind.label} detail page`, async () => {
        const path = detailPaths.get(kind.kind);
        expect(path, `the ${kind.plural} list test found no entry`).toBeTruthy();
        await open(page, path!);
        await expectAccessible(page, `${kind.label} detail page`);
      });
    }

    it("a job's vacancy table scrolls by keyboard as a named region", async () => {
      // A demo job: its vacancy table has every category column (jobs other tests made may not).
      const demo = await withE2eDb((db) =>
        db
          .selectFrom("entries")
          .select("slug")
          .where("kind", "=", "job")
          .where("status", "=", "published")
          .where("deleted_at", "is", null)
          .where("data", "like", "%fictional demo content%")
          .orderBy("title")
          .executeTakeFirstOrThrow(),
      );
      await open(page, `/jobs/${demo.slug}`);
      // axe only flags a scroll container that overflows; this one must be reachable at any width.
      const region = page
        .getByRole("region", { name: "Vacancy Details" })
        .getByRole("region", { name: "Posts" });
      await region.waitFor();
      expect(await region.getAttribute("tabindex")).toBe("0");
      if (width >= 768) return;
      // On a phone the table is wider than the screen: focus shows, and the arrow keys scroll it.
      const overflows = await region.evaluate((el) => el.scrollWidth > el.clientWidth);
      expect(overflows, "the demo vacancy table fits a phone; pick a wider one").toBe(true);
      await region.focus();
      expect(await region.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe("solid");
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    });

    it("photo tool, with a picture in its frame and a file made, in English and Hindi", async () => {
      for (const prefix of ["", "/hi"]) {
        await open(page, `${prefix}/photo-tool?preset=ibps`);
        await page.getByTestId("make-input").setInputFiles(await makePicture(page, "tiny"));
        await page.getByTestId("crop-frame").waitFor();
        await page.locator("[data-testid=photo-tool] button.bg-primary").click();
        await page.getByTestId("download").waitFor();
        await expectAccessible(page, `photo tool ${prefix}`);
      }
    });

    it("search results", async () => {
      await open(page, "/search?q=clerk");
      expect(await page.locator("mark").count()).toBeGreaterThan(0);
      await expectAccessible(page, "search results");
    });

    it("contact page", async () => {
      await open(page, "/contact-us");
      await expectAccessible(page, "contact page");
    });

    it("'Is this link official?', with an answer shown", async () => {
      await open(page, "/check-link");
      await page.getByLabel("Link or web address").fill("ssc-gov.in.example.com");
      await page.getByRole("button", { name: "Check", exact: true }).click();
      await page.getByRole("status").getByText("is not on our list").waitFor();
      await expectAccessible(page, "check-link page");
    });

    it("eligibility finder, with its answers and errors shown", async () => {
      await open(page, "/eligibility");
      const form = page.getByRole("form", { name: "Your details" });
      // First the errors of an empty form, then an answer.
      await form.getByRole("button", { name: "Show jobs I can apply for" }).click();
      await page.getByText("Enter your date of birth", { exact: true }).waitFor();
      await expectAccessible(page, "eligibility finder with errors");
      await form.getByLabel("Day", { exact: true }).fill("15");
      await form.getByLabel("Month", { exact: true }).fill("8");
      await form.getByLabel("Year", { exact: true }).fill("2001");
      await form.locator("input[name=gender][value=female]").check();
      await form.locator("input[name=category][value=sc]").check();
      await form.getByLabel("Highest qualification passed").selectOption("graduate");
      await form.getByRole("button", { name: "Show jobs I can apply for" }).click();
      await page.getByRole("heading", { name: /^You can apply for/ }).waitFor();
      await expectAccessible(page, "eligibility finder with answers");
    });

    it("a job page with 'Am I eligible?' answered", async () => {
      const path = detailPaths.get("job");
      expect(path).toBeTruthy();
      await open(page, path!);
      const box = page.locator("#am-i-eligible");
      await box.locator("summary").click();
      await box.getByLabel("Day", { exact: true }).fill("15");
      await box.getByLabel("Month", { exact: true }).fill("8");
      await box.getByLabel("Year", { exact: true }).fill("2001");
      await box.getByLabel("Category").selectOption("obc");
      await box.getByRole("button", { name: "Check" }).click();
      await box.getByRole("list", { name: "Answer for each post" }).waitFor();
      await expectAccessible(page, "job page with its eligibility answer");
    });

    it("site page", async () => {
      await open(page, "/about-us");
      await expectAccessible(page, "about-us");
    });

    it("not-found page", async () => {
      await open(page, "/no-such-page-xyz", 404);
      await expectAccessible(page, "not-found page");
    });

    it("admin sign-in page", async () => {
      await open(page, "/admin/login");
      await page.getByRole("heading", { level: 1, name: "Sign in to govjobs admin" }).waitFor();
      await expectAccessible(page, "admin sign-in page");
    });

    it("with the bell's popover open", async () => {
      await open(page, "/");
      await page.getByTestId("bell").click();
      const popover = page.getByRole("dialog", { name: "Recent Updates" });
      await popover.getByRole("link").first().waitFor();
      await expectAccessible(page, "bell popover");
      await page.keyboard.press("Escape");
      await popover.waitFor({ state: "hidden" });
    });

    if (width < 768) {
      it("with the menu drawer open", async () => {
        await open(page, "/");
        await page.getByRole("button", { name: "Open menu" }).click();
        const drawer = page.getByTestId("nav-drawer");
        await drawer.getByRole("link").first().waitFor();
        await expectAccessible(page, "menu drawer");
        await page.keyboard.press("Escape");
        await drawer.waitFor({ state: "detached" });
      });
    }
  });
});
