import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { en } from "~/i18n/catalog/en/index.ts";
import { kindLine } from "~/content/kinds.ts";
import { hi } from "~/i18n/catalog/hi/index.ts";
import { fmt } from "~/lib/locale.ts";
import { HindiSettingsSchema } from "~/settings/settings.repository.server.ts";
import { baseURL, useBrowser } from "./browser.ts";
import { withE2eDb } from "./db.ts";

/**
 * Issue 14: the home page, the lists and landing pages, search, organization pages, site pages'
 * frame and the 404 page in Hindi, at a phone's width: their words come from the Hindi catalogue,
 * their links stay in Hindi, and the language switch and search-engine links pair each page
 * with its English twin.
 */

/** Links to pages of the site that leave the Hindi version (the switch to English excepted). */
async function englishLinks(page: Page): Promise<string[]> {
  const hrefs = await page.$$eval("a[href^='/']:not([hreflang])", (as) =>
    as.map((a) => a.getAttribute("href")!),
  );
  return hrefs.filter((h) => !/^\/hi(\/|$|\?)/.test(h) && !/^\/(files|admin)\//.test(h));
}

async function headLinks(page: Page) {
  return page.evaluate(() => ({
    canonical: document.querySelector("link[rel=canonical]")?.getAttribute("href") ?? null,
    alternates: Object.fromEntries(
      [...document.querySelectorAll("link[rel=alternate][hreflang]")].map((l) => [
        l.getAttribute("hreflang"),
        l.getAttribute("href"),
      ]),
    ) as Record<string, string>,
  }));
}

/** The page's language version links, for a page whose English path is `path`. */
function pair(path: string) {
  const hiPath = path === "/" ? "/hi" : `/hi${path}`;
  return {
    en: `${baseURL()}${path}`,
    hi: `${baseURL()}${hiPath}`,
    "x-default": `${baseURL()}${path}`,
  };
}

describe("Hindi home, lists, search, organization, site and 404 pages at 360 px", () => {
  const browser = useBrowser({ viewport: { width: 360, height: 800 } });
  // Each test answers for its own pages (some load a 400 or a 404 on purpose).
  beforeEach(() => {
    browser.consoleErrors.length = 0;
  });

  it("words the home page in Hindi and keeps its links in Hindi", async () => {
    const page = await browser.page();
    await page.goto("/hi");
    expect(await page.locator("html").getAttribute("lang")).toBe("hi-IN");
    // The settings' Hindi tagline (hindi-titles.test.ts checks it against the settings).
    const tagline = HindiSettingsSchema.parse({}).tagline;
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      fmt(hi.home.heading, { tagline }),
    );
    expect(await page.title()).toContain(tagline);
    for (const kind of ["job", "result", "admit-card", "answer-key", "syllabus"] as const) {
      const box = page.getByRole("region", { name: hi.home.boxes[kind], exact: true });
      expect(await box.locator("ul a").count(), kind).toBeGreaterThan(0);
      const viewAll = box.getByRole("link", { name: hi.home.viewAll[kind] });
      expect(await viewAll.getAttribute("href"), kind).toMatch(/^\/hi\/[a-z-]+$/);
    }
    const closing = page.getByRole("region", { name: hi.home.closingSoon, exact: true });
    expect(await closing.count()).toBe(1);
    expect(await page.getByText(hi.home.finderTitle).count()).toBe(1);
    expect(await englishLinks(page)).toEqual([]);
    expect(await headLinks(page)).toEqual({ canonical: pair("/").hi, alternates: pair("/") });
    // The English home page keeps its English words.
    await page.locator("header a[hreflang='en']").click();
    await page.waitForURL((url) => url.pathname === "/");
    expect(await page.locator("html").getAttribute("lang")).toBe("en-IN");
    expect(await page.getByRole("region", { name: en.home.closingSoon, exact: true }).count()).toBe(
      1,
    );
    expect(await page.getByText(hi.home.finderTitle).count()).toBe(0);
    expect(browser.consoleErrors).toEqual([]);
  });

  it("words the job list, its filters and rows in Hindi; filtering lands on the Hindi landing page", async () => {
    const page = await browser.page();
    await page.goto("/hi/jobs");
    expect(await page.locator("html").getAttribute("lang")).toBe("hi-IN");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(hi.list.titles.job);
    expect(await page.title()).toContain(hi.list.titles.job);
    for (const label of [
      hi.list.filters.organization.label,
      hi.list.filters.state.label,
      hi.list.filters.qualification.label,
      hi.list.sortBy,
      hi.list.includeClosed,
    ]) {
      expect(await page.getByLabel(label, { exact: true }).count(), label).toBe(1);
    }
    const count = fmt(hi.list.count.openJobs, { n: "" }).trim();
    expect(await page.getByText(new RegExp(`^\\d+ ${count}`)).count()).toBe(1);
    const rows = page.getByRole("list", { name: hi.list.kinds.job.plural });
    expect(await rows.getByText(`${hi.list.facts.lastDate}:`).count()).toBeGreaterThan(0);
    expect(await rows.getByText(/Last date|Posted:/).count()).toBe(0);
    const crumbs = page.getByRole("navigation", { name: hi.common.breadcrumb });
    expect(await crumbs.getByRole("link").allTextContents()).toEqual([hi.shell.nav.home]);
    expect(await crumbs.getByRole("link").getAttribute("href")).toBe("/hi");
    expect(await englishLinks(page)).toEqual([]);
    expect(await headLinks(page)).toEqual({
      canonical: pair("/jobs").hi,
      alternates: pair("/jobs"),
    });

    // A state with a landing page: the filter form leads to its Hindi address.
    const state = page.getByLabel(hi.list.filters.state.label, { exact: true });
    const values = await state
      .locator("option")
      .evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent!]));
    const [value, name] = values.find(([v]) => v && v !== "all-india" && hi.list.landing.names[v])!;
    expect(name).toBe(hi.list.landing.names[value]);
    await state.selectOption(value);
    await page.getByRole("button", { name: hi.list.filter, exact: true }).click();
    const slug = value.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    await page.waitForURL((url) => url.pathname === `/hi/jobs/state/${slug}`);
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe(fmt(hi.list.landing.state, { value: name }));
    expect(await englishLinks(page)).toEqual([]);

    // The switch leads to the same list in English and back.
    await page.goto("/hi/jobs");
    await page.locator("header a[hreflang='en']").click();
    await page.waitForURL((url) => url.pathname === "/jobs");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(en.list.titles.job);
    expect(await page.getByLabel(en.list.sortBy).count()).toBe(1);
    await page.locator("header a[hreflang='hi']").click();
    await page.waitForURL((url) => url.pathname === "/hi/jobs");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(hi.list.titles.job);
    expect(browser.consoleErrors).toEqual([]);
  });

  it("gives a landing page its Hindi title, breadcrumb and language pair", async () => {
    const page = await browser.page();
    const res = await page.goto("/hi/jobs/state/bihar");
    expect(res?.status()).toBe(200);
    const title = fmt(hi.list.landing.state, { value: hi.list.landing.names.bihar });
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
    const crumbs = page.getByRole("navigation", { name: hi.common.breadcrumb });
    expect(await crumbs.getByRole("listitem").allTextContents()).toEqual([
      `${hi.shell.nav.home}›`,
      `${hi.list.kinds.job.plural}›`,
      hi.list.landing.names.bihar,
    ]);
    expect(await headLinks(page)).toEqual({
      canonical: pair("/jobs/state/bihar").hi,
      alternates: pair("/jobs/state/bihar"),
    });
    // ?state= on the Hindi list moves to the Hindi landing page, not the English one.
    const moved = await fetch(`${baseURL()}/hi/jobs?state=Bihar`, { redirect: "manual" });
    expect(moved.status).toBe(301);
    expect(new URL(moved.headers.get("location")!, baseURL()).pathname).toBe(
      "/hi/jobs/state/bihar",
    );
    // A bad address is explained in Hindi.
    const bad = await page.goto("/hi/jobs?page=abc");
    expect(bad?.status()).toBe(400);
    expect(await page.getByText(hi.list.errors.pageWhole).count()).toBe(1);
  });

  it("words the other lists' rows and counts in Hindi", async () => {
    const page = await browser.page();
    await page.goto("/hi/results");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(hi.list.titles.result);
    const rows = page.getByRole("list", { name: hi.list.kinds.result.plural });
    expect(await rows.getByText(`${hi.list.facts.resultDeclared}:`).count()).toBeGreaterThan(0);
    expect(await page.getByText(/^\d+ अपडेट/).count()).toBe(1);
    expect(await page.getByLabel(hi.list.sortBy).count()).toBe(0);
    expect(await englishLinks(page)).toEqual([]);
  });

  it("searches in the Hindi frame: hints, chips, counts and hits in Hindi, links in Hindi", async () => {
    const page = await browser.page();
    await page.goto("/hi/search");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(hi.search.title);
    expect(await page.getByText(hi.search.hint).count()).toBe(1);
    await page.getByLabel(hi.search.wordsLabel).fill("clerk");
    await page.getByRole("main").getByRole("button", { name: hi.search.button }).click();
    await page.waitForURL((url) => url.pathname === "/hi/search" && url.search === "?q=clerk");
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe(fmt(hi.search.resultsFor, { q: "clerk" }));
    const hits = page.getByRole("list", { name: hi.search.resultsLabel });
    expect(await hits.getByRole("listitem").count()).toBeGreaterThan(0);
    expect(await hits.getByText(hi.list.kinds.job.label, { exact: true }).count()).toBeGreaterThan(
      0,
    );
    expect(await hits.getByText(`${hi.list.facts.lastDate}:`).count()).toBeGreaterThan(0);
    const types = page.getByRole("navigation", { name: hi.search.byType });
    expect(await types.getByRole("link").first().textContent()).toMatch(
      new RegExp(`^${hi.search.all} \\(\\d+\\+?\\)$`),
    );
    expect(await englishLinks(page)).toEqual([]);
    await types.getByRole("link", { name: new RegExp(`^${hi.list.kinds.result.plural} `) }).click();
    await page.waitForURL((url) => url.pathname === "/hi/search" && url.search.includes("type="));

    await page.goto("/hi/search?q=zzqxv");
    expect(await page.getByText(fmt(hi.search.noResults, { q: "zzqxv" })).count()).toBe(1);
    expect(browser.consoleErrors).toEqual([]);
  });

  it("answers an unknown Hindi address with the Hindi 404 page", async () => {
    const page = await browser.page();
    const res = await page.goto("/hi/no-such-page-here");
    expect(res?.status()).toBe(404);
    expect(await page.locator("html").getAttribute("lang")).toBe("hi-IN");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      hi.shell.error.notFound,
    );
    expect(await page.title()).toBe(hi.shell.error.notFound);
    const main = page.getByRole("main");
    expect(
      await main.getByRole("link", { name: kindLine("result").menu.hi }).getAttribute("href"),
    ).toBe("/hi/results");
    expect(await englishLinks(page)).toEqual([]);
    await main.getByPlaceholder(hi.shell.error.searchExample).fill("clerk");
    await main.getByRole("button", { name: hi.shell.searchButton }).click();
    await page.waitForURL((url) => url.pathname === "/hi/search");
    // The English 404 page keeps its words.
    await page.goto("/no-such-page-here");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      en.shell.error.notFound,
    );
  });

  it("words an organization's page in Hindi", async () => {
    const org = await withE2eDb((db) =>
      db
        .selectFrom("organizations")
        .innerJoin("entries", "entries.organization", "organizations.name")
        .select(["organizations.slug", "organizations.name"])
        .where("entries.kind", "=", "job")
        .where("entries.status", "=", "published")
        .where("entries.data", "like", "%fictional demo content%")
        .executeTakeFirstOrThrow(),
    );
    const page = await browser.page();
    await page.goto(`/hi/organizations/${org.slug}`);
    expect(await page.locator("html").getAttribute("lang")).toBe("hi-IN");
    // Issue 29: its Hindi name (the demo fills every organization's).
    const hiName = await withE2eDb(
      async (db) =>
        (
          await db
            .selectFrom("organizations")
            .select("hi_name")
            .where("slug", "=", org.slug)
            .executeTakeFirstOrThrow()
        ).hi_name,
    );
    expect(hiName).toMatch(/[\u0900-\u097f]/);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toContain(hiName);
    expect(await page.title()).toContain(hi.organization.metaTitle.split("{short}")[1]);
    for (const kind of ["job", "result", "admit-card", "answer-key"] as const) {
      expect(
        await page.getByRole("heading", { level: 2, name: hi.organization.sections[kind] }).count(),
        kind,
      ).toBe(1);
    }
    expect(await page.getByRole("link", { name: hi.organization.rss }).getAttribute("href")).toBe(
      `/hi/feeds/organization-${org.slug}.xml`,
    );
    expect(await englishLinks(page)).toEqual([]);
    expect(await headLinks(page)).toMatchObject({
      canonical: pair(`/organizations/${org.slug}`).hi,
      alternates: pair(`/organizations/${org.slug}`),
    });
    expect(browser.consoleErrors).toEqual([]);
  });

  it("frames a site page in Hindi, and says so when its text is English only", async () => {
    const page = await browser.page();
    await page.goto("/hi/privacy-policy");
    expect(await page.locator("html").getAttribute("lang")).toBe("hi-IN");
    const crumbs = page.getByRole("navigation", { name: hi.common.breadcrumb });
    expect(await crumbs.getByRole("link").getAttribute("href")).toBe("/hi");
    const [before] = hi.sitePage.lastUpdated.split("{date}");
    expect(await page.getByText(before.trim(), { exact: false }).count()).toBe(1);
    const englishOnly = (await page.getByText(hi.sitePage.notTranslated).count()) === 1;
    const links = await headLinks(page);
    if (englishOnly) {
      // The English text under a Hindi address is the English page for search engines.
      expect(links).toEqual({ canonical: pair("/privacy-policy").en, alternates: {} });
    } else {
      expect(links).toEqual({
        canonical: pair("/privacy-policy").hi,
        alternates: pair("/privacy-policy"),
      });
    }
    expect(await englishLinks(page)).toEqual([]);
    expect(browser.consoleErrors).toEqual([]);
  });
});
