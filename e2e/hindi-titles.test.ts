import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { landingTitle } from "~/i18n/landing-words.ts";
import { KIND_LIST } from "~/content/registry.ts";
import { en } from "~/i18n/catalog/en/index.ts";
import { hi } from "~/i18n/catalog/hi/index.ts";
import { fmt } from "~/lib/locale.ts";
import { getSettings, settingsIn } from "~/settings/settings.repository.server.ts";
import { baseURL, useBrowser } from "./browser.ts";
import { withE2eDb } from "./db.ts";

/**
 * Issue 14: every list of entries on a Hindi page (home boxes, lists, search hits, organization
 * pages) shows an entry's Hindi title where it has one, and the English title marked lang="en"
 * where it has none; the English pages show the English titles only. The Hindi home page and
 * footer carry the settings' Hindi tagline, description and FAQ; landing feeds are titled in Hindi.
 */

const DEVANAGARI = /[\u0900-\u097F]/;

interface Known {
  title: string;
  hiTitle: string | null;
  organization: string;
}

/** Every public entry by its English path ("/jobs/x"), with its titles as the database has them. */
async function publicEntries(): Promise<Map<string, Known>> {
  const rows = await withE2eDb((db) =>
    db
      .selectFrom("entries")
      .select(["kind", "slug", "title", "hi_title", "organization"])
      .where("status", "=", "published")
      .where("deleted_at", "is", null)
      .execute(),
  );
  const prefix = Object.fromEntries(KIND_LIST.map((k) => [k.kind, k.urlPrefix]));
  return new Map(
    rows.map((r) => [
      `${prefix[r.kind]}/${r.slug}`,
      { title: r.title, hiTitle: r.hi_title, organization: r.organization },
    ]),
  );
}

interface Shown {
  path: string;
  text: string;
  lang: string | null;
  entry: Known;
}

/**
 * The links to entries inside `scope`, with the title they show and its lang attribute (the link's
 * own, or its title's where the whole row is the link: `data-title`, beside its chips).
 */
async function entryLinks(scope: Locator, known: Map<string, Known>): Promise<Shown[]> {
  const links = await scope.locator("a[href]").evaluateAll((as) =>
    as.map((a) => {
      const title = a.querySelector("[data-title]") ?? a;
      return [
        a.getAttribute("href")!,
        (title.textContent ?? "").trim(),
        title.getAttribute("lang"),
      ];
    }),
  );
  const shown: Shown[] = [];
  for (const [href, text, lang] of links) {
    const path = href!.replace(/^\/hi(?=\/)/, "");
    const entry = known.get(path);
    if (entry) shown.push({ path, text: text!, lang, entry });
  }
  return shown;
}

/** A Hindi page's rows: the Hindi title where there is one, else the English one as English. */
function expectHindiTitles(shown: Shown[], where: string) {
  expect(shown.length, where).toBeGreaterThan(0);
  for (const s of shown) {
    if (s.entry.hiTitle) {
      expect([s.text, s.lang], `${where} ${s.path}`).toEqual([s.entry.hiTitle, null]);
    } else {
      expect([s.text, s.lang], `${where} ${s.path}`).toEqual([s.entry.title, "en"]);
    }
  }
}

/** An English page's rows: English titles, unmarked, and no Devanagari in its list items. */
async function expectEnglishTitles(page: Page, scope: Locator, known: Map<string, Known>) {
  const shown = await entryLinks(scope, known);
  expect(shown.length).toBeGreaterThan(0);
  for (const s of shown) expect([s.text, s.lang], s.path).toEqual([s.entry.title, null]);
  const items = await scope.locator("li").allTextContents();
  expect(items.length).toBeGreaterThan(0);
  expect(items.filter((t) => DEVANAGARI.test(t))).toEqual([]);
  expect(await page.locator("main [lang]").count()).toBe(0);
}

describe("entries' titles on the Hindi and English list pages", () => {
  const browser = useBrowser({ viewport: { width: 360, height: 800 } });
  let known: Map<string, Known>;

  beforeAll(async () => {
    known = await publicEntries();
    const values = [...known.values()];
    // The demo content has both kinds of entry: the test below means something.
    expect(values.some((e) => e.hiTitle)).toBe(true);
    expect(values.some((e) => !e.hiTitle)).toBe(true);
  });

  it("shows the home page's boxes in Hindi titles, with the settings' Hindi tagline, description and FAQ", async () => {
    const settings = await withE2eDb((db) => getSettings(db));
    const hindi = settingsIn(settings, "hi");
    expect(hindi.tagline).not.toBe(settings.tagline);
    const page = await browser.page();
    await page.goto("/hi");
    const main = page.getByRole("main");
    const shown = await entryLinks(main, known);
    expectHindiTitles(shown, "/hi");
    // Both cases appear on the home page of the demo content.
    expect(shown.some((s) => s.lang === "en")).toBe(true);
    expect(shown.some((s) => s.lang === null)).toBe(true);

    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(hindi.tagline);
    expect(await page.title()).toBe(`${settings.siteName}: ${hindi.tagline}`);
    expect(await page.locator("meta[name=description]").getAttribute("content")).toBe(
      hindi.seo.defaultDescription,
    );
    expect(await page.locator("footer").getByText(hindi.tagline, { exact: true }).count()).toBe(1);
    // The Hindi FAQ (the demo content seeds one), not the English one.
    expect(hindi.homeFaq.length).toBeGreaterThan(0);
    const faq = page.locator("#home-faq");
    expect(await faq.locator("dt").allTextContents()).toEqual(hindi.homeFaq.map((f) => f.question));

    // The English home page: English titles, tagline and FAQ.
    await page.goto("/");
    await expectEnglishTitles(page, page.getByRole("main"), known);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(settings.tagline);
    if (settings.homeFaq.length > 0) {
      expect(await page.locator("#home-faq dt").allTextContents()).toEqual(
        settings.homeFaq.map((f) => f.question),
      );
    }
    expect(browser.consoleErrors).toEqual([]);
  });

  it("shows the job list's rows in Hindi titles, and a closed job's date alone as in English", async () => {
    const page = await browser.page();
    await page.goto("/hi/jobs?closed=1&sort=last-date");
    const rows = page.getByRole("list", { name: hi.list.kinds.job.plural });
    const shown = await entryLinks(rows, known);
    expectHindiTitles(shown, "/hi/jobs");
    // A closed job's row says "… को बंद" without "अंतिम तिथि:" before it, as English rows do.
    const closed = rows
      .getByRole("listitem")
      .filter({ has: page.getByText(hi.common.closed, { exact: true }) });
    expect(await closed.count()).toBeGreaterThan(0);
    const closedSuffix = fmt(hi.list.facts.closedOn, { date: "" }).trim();
    for (let i = 0; i < (await closed.count()); i++) {
      const date = await closed.nth(i).locator("p").last().locator("span").last().textContent();
      expect(date).toContain(closedSuffix);
      expect(date).not.toContain(`${hi.list.facts.lastDate}:`);
    }

    await page.goto("/hi/jobs");
    expectHindiTitles(
      await entryLinks(page.getByRole("list", { name: hi.list.kinds.job.plural }), known),
      "/hi/jobs",
    );
    await page.goto("/jobs");
    await expectEnglishTitles(
      page,
      page.getByRole("list", { name: en.list.kinds.job.plural }),
      known,
    );
    expect(browser.consoleErrors).toEqual([]);
  });

  it("shows search hits in Hindi titles, found by a Hindi word or an English one", async () => {
    // A Hindi word of a demo title, and an English word of an entry without a Hindi title: the
    // word of its title fewest other titles have, so that the entry is among the first hits.
    const titles = [...known.values()].flatMap((e) => [e.title, e.hiTitle ?? ""]);
    const rarest = (title: string, script: RegExp) =>
      title
        .split(/\s+/)
        .filter((w) => script.test(w) && w.length >= 3)
        .map((w) => [w, titles.filter((t) => t.includes(w)).length] as const)
        .sort((a, b) => a[1] - b[1])[0][0];
    const withHindi = [...known.entries()].find(
      ([path, e]) => path.startsWith("/jobs/") && e.hiTitle,
    )!;
    const hindiWord = rarest(withHindi[1].hiTitle!, DEVANAGARI);
    const page = await browser.page();
    await page.goto(`/hi/search?q=${encodeURIComponent(hindiWord)}`);
    const hits = page.getByRole("list", { name: hi.search.resultsLabel });
    const found = await entryLinks(hits, known);
    expectHindiTitles(found, `/hi/search?q=${hindiWord}`);
    expect(found.some((s) => s.entry.hiTitle?.includes(hindiWord))).toBe(true);

    const [englishPath, english] = [...known.entries()].find(([, e]) => !e.hiTitle)!;
    const word = rarest(english.title, /^[A-Za-z]+$/);
    await page.goto(`/hi/search?q=${encodeURIComponent(word)}`);
    const foundEnglish = await entryLinks(
      page.getByRole("list", { name: hi.search.resultsLabel }),
      known,
    );
    expectHindiTitles(foundEnglish, `/hi/search?q=${word}`);
    expect(foundEnglish.find((s) => s.path === englishPath)).toMatchObject({
      text: english.title,
      lang: "en",
    });

    await page.goto(`/search?q=${encodeURIComponent(word)}`);
    const englishHits = page.getByRole("list", { name: en.search.resultsLabel });
    for (const s of await entryLinks(englishHits, known)) {
      expect([s.text, s.lang], s.path).toEqual([s.entry.title, null]);
    }
    expect(browser.consoleErrors).toEqual([]);
  });

  it("shows an organization's lists in Hindi titles", async () => {
    // An organization with entries of both kinds, so both cases are checked.
    const mixed = [...known.values()].filter((e) => !e.hiTitle).map((e) => e.organization);
    const organization = [...known.values()].find(
      (e) => e.hiTitle && mixed.includes(e.organization),
    )!.organization;
    const { slug } = await withE2eDb((db) =>
      db
        .selectFrom("organizations")
        .select("slug")
        .where("name", "=", organization)
        .executeTakeFirstOrThrow(),
    );
    const page = await browser.page();
    await page.goto(`/hi/organizations/${slug}`);
    const shown = await entryLinks(page.getByRole("main"), known);
    expectHindiTitles(shown, `/hi/organizations/${slug}`);
    expect(shown.some((s) => s.lang === null)).toBe(true);

    await page.goto(`/organizations/${slug}`);
    await expectEnglishTitles(page, page.getByRole("main"), known);
    expect(browser.consoleErrors).toEqual([]);
  });

  it("titles a landing page's Hindi feed in Hindi", async () => {
    const site = (await withE2eDb((db) => getSettings(db))).siteName;
    const channelTitle = async (path: string) => {
      const res = await fetch(`${baseURL()}${path}`);
      expect(res.status, path).toBe(200);
      const xml = await res.text();
      return /<channel>\s*<title>([^<]*)<\/title>/.exec(xml)?.[1];
    };
    const hindiTitle = await channelTitle("/hi/feeds/jobs-state-bihar.xml");
    expect(hindiTitle).toBe(
      fmt(hi.feeds.title, { title: landingTitle("state", "Bihar", hi.list.landing), site }),
    );
    expect(hindiTitle).toMatch(DEVANAGARI);
    expect(await channelTitle("/feeds/jobs-state-bihar.xml")).toBe(
      fmt(en.feeds.title, { title: "Government Jobs in Bihar", site }),
    );
  });
});
