import { describe, expect, it } from "vitest";
import { en } from "~/i18n/catalog/en/index.ts";
import { NAV_KINDS } from "~/content/kinds.ts";
import { hi } from "~/i18n/catalog/hi/index.ts";
import { baseURL, useBrowser } from "./browser.ts";

/**
 * Issue 14: the frame every Hindi page shares (header, footer, bell, switch), the language links
 * search engines read (hreflang, sitemap alternates, feeds) and the Devanagari font that only
 * Hindi pages download.
 */

const DEVANAGARI_FONT = /poppins-devanagari-\d+-normal-[^/]*\.woff2$/;

async function text(path: string) {
  const res = await fetch(`${baseURL()}${path}`);
  expect(res.status, path).toBe(200);
  return res.text();
}

/** `<link rel="alternate" hreflang=…>` of a page, as { lang: href }. */
function alternates(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const tag of html.match(/<link[^>]*rel="alternate"[^>]*>/g) ?? []) {
    const lang = /hrefLang="([^"]+)"|hreflang="([^"]+)"/i.exec(tag);
    const href = /href="([^"]+)"/.exec(tag);
    if (lang && href) out[lang[1] ?? lang[2]] = href[1];
  }
  return out;
}

/** A sitemap's `<url>` entries with their `xhtml:link` alternates, as { lang: href }. */
function parseUrls(xml: string) {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => ({
    loc: /<loc>([^<]+)<\/loc>/.exec(m[1])![1],
    alts: Object.fromEntries(
      [...m[1].matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((a) => [a[1], a[2]]),
    ) as Record<string, string>,
  }));
}

const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];

describe("the Hindi frame in Chromium at 360 px", () => {
  const browser = useBrowser({ viewport: { width: 360, height: 800 } });

  it("words the header, footer and bell in Hindi and keeps every site link under /hi/", async () => {
    const page = await browser.page();
    const fonts: string[] = [];
    page.on("request", (r) => {
      if (/\.woff2$/.test(r.url())) fonts.push(r.url());
    });
    await page.goto("/hi");
    expect(await page.locator("html").getAttribute("lang")).toBe("hi-IN");
    const footer = page.locator("footer");
    await expect
      .poll(() => footer.getByRole("heading").allTextContents())
      .toEqual([
        hi.shell.footer.browse,
        hi.shell.footer.tools,
        hi.shell.footer.about,
        hi.shell.footer.feeds,
      ]);
    const browse = footer.getByRole("navigation", { name: hi.shell.footer.browse });
    expect(await browse.getByRole("link").allTextContents()).toEqual([
      hi.shell.nav.home,
      ...NAV_KINDS.map((k) => k.menu.hi),
    ]);
    // Every link to a page of the site stays in Hindi (feeds are /hi/feeds/…).
    const hrefs = await page.$$eval("a[href^='/']", (as) => as.map((a) => a.getAttribute("href")!));
    const english = hrefs.filter((h) => !/^\/hi(\/|$)/.test(h) && h !== "/");
    expect(english).toEqual([]);
    // The one link to "/" is the switch to the English home page.
    expect(await page.locator("a[href='/']").count()).toBe(1);
    expect(await page.locator("a[href='/']").getAttribute("hreflang")).toBe("en");

    await page.getByRole("button", { name: hi.shell.bell.title }).click();
    await expect
      .poll(() => page.getByRole("dialog").getByRole("heading").textContent())
      .toBe(hi.shell.bell.title);
    // A title without Hindi words is an entry with no Hindi title: it says it is English.
    const titles = await page
      .getByRole("dialog")
      .locator("li a > span:first-child")
      .evaluateAll((spans) =>
        spans.map((s) => [/[\u0900-\u097f]/.test(s.textContent!), s.getAttribute("lang") ?? ""]),
      );
    expect(titles.filter(([hindi]) => hindi).length).toBeGreaterThan(0);
    expect(titles.filter(([hindi]) => !hindi).length).toBeGreaterThan(0);
    for (const [hindi, lang] of titles) expect(lang).toBe(hindi ? "" : "en");
    await expect.poll(() => fonts.some((f) => DEVANAGARI_FONT.test(f))).toBe(true);
    expect(browser.consoleErrors).toEqual([]);
  });

  it("switches to the same page in English and back, query string kept", async () => {
    const page = await browser.page();
    await page.goto("/hi/jobs?page=2");
    expect(await page.locator("html").getAttribute("lang")).toBe("hi-IN");
    await page.locator("header a[hreflang='en']").click();
    await page.waitForURL((url) => url.pathname === "/jobs");
    expect(new URL(page.url()).search).toBe("?page=2");
    expect(await page.locator("html").getAttribute("lang")).toBe("en-IN");
    // At 360 px the switch shows its short word and is named by it (what a voice-control user
    // says), in its own language; the sentence is its description.
    const toHindi = page.getByRole("link", { name: en.shell.otherLanguageShort, exact: true });
    expect(await toHindi.getAttribute("lang")).toBe("hi");
    expect(await toHindi.getAttribute("title")).toBe(en.shell.otherLanguageLabel);
    await page.locator("header a[hreflang='hi']").click();
    await page.waitForURL((url) => url.pathname === "/hi/jobs");
    expect(await page.locator("html").getAttribute("lang")).toBe("hi-IN");
  });

  it("never downloads the Devanagari font on English pages", async () => {
    const page = await browser.page();
    const fonts: string[] = [];
    page.on("request", (r) => {
      if (/\.woff2$/.test(r.url())) fonts.push(r.url());
    });
    for (const path of ["/", "/jobs", "/results", "/eligibility", "/contact-us"]) {
      await page.goto(path, { waitUntil: "networkidle" });
    }
    await page.goto("/jobs", { waitUntil: "networkidle" });
    const firstJob = await page
      .locator(
        "main a[href^='/jobs/']:not([href^='/jobs/state']):not([href^='/jobs/qualification'])",
      )
      .first()
      .getAttribute("href");
    expect(firstJob).toBeTruthy();
    await page.goto(firstJob!, { waitUntil: "networkidle" });
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.filter((f) => DEVANAGARI_FONT.test(f))).toEqual([]);
  });
});

describe("language links for search engines", () => {
  it("gives interface pages reciprocal hreflang alternates and a canonical of their own", async () => {
    for (const path of ["/", "/jobs", "/eligibility"]) {
      const hiPath = path === "/" ? "/hi" : `/hi${path}`;
      const [enHtml, hiHtml] = [await text(path), await text(hiPath)];
      const expected = {
        en: `${baseURL()}${path}`,
        hi: `${baseURL()}${hiPath}`,
        "x-default": `${baseURL()}${path}`,
      };
      expect(alternates(enHtml)).toMatchObject(expected);
      expect(alternates(hiHtml)).toMatchObject(expected);
      expect(canonical(enHtml)).toBe(expected.en);
      expect(canonical(hiHtml)).toBe(expected.hi);
      expect(hiHtml).toContain('<meta property="og:locale" content="hi_IN"/>');
      // No page preloads a font (the faces are `font-display: optional`, issue 33): a preload
      // would share a slow phone's first round trips with the stylesheet.
      for (const res of [await fetch(`${baseURL()}${path}`), await fetch(`${baseURL()}${hiPath}`)])
        expect(res.headers.get("link") ?? "").not.toContain("as=font");
    }
  });

  it("lists both versions with reciprocal xhtml:link alternates in the sitemaps", async () => {
    const xml = await text("/sitemaps/pages.xml");
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const urls = parseUrls(xml);
    const byLoc = new Map(urls.map((u) => [u.loc, u]));
    const bilingual = urls.filter((u) => u.alts.hi);
    expect(bilingual.length).toBeGreaterThan(10);
    for (const u of bilingual) {
      // Each version is listed, and each lists the same set: the pair is reciprocal.
      expect(u.loc === u.alts.en || u.loc === u.alts.hi).toBe(true);
      expect(byLoc.get(u.alts.en)?.alts).toEqual(u.alts);
      expect(byLoc.get(u.alts.hi)?.alts).toEqual(u.alts);
      expect(u.alts["x-default"]).toBe(u.alts.en);
    }
    expect(byLoc.get(`${baseURL()}/hi`)?.alts.en).toBe(`${baseURL()}/`);
    // Entries: a job with Hindi text has both pages listed, reciprocal; one without, English only.
    const jobs = parseUrls(await text("/sitemaps/jobs.xml"));
    const translated = jobs.filter((u) => u.alts.hi);
    const englishOnly = jobs.filter((u) => !u.alts.hi);
    expect(translated.length).toBeGreaterThan(0);
    expect(englishOnly.length).toBeGreaterThan(0);
    const jobsByLoc = new Map(jobs.map((u) => [u.loc, u]));
    for (const u of translated) {
      expect(jobsByLoc.get(u.alts.hi)?.alts).toEqual(u.alts);
      expect(jobsByLoc.get(u.alts.en)?.alts).toEqual(u.alts);
    }
    for (const u of englishOnly) expect(u.loc).not.toContain("/hi/");
  });

  it("has a feed and an updates feed per language", async () => {
    const rss = await text("/hi/feeds/jobs.xml");
    expect(rss).toContain("<language>hi-IN</language>");
    expect(rss).toContain(`<title>${hi.feeds.kinds.job}:`);
    const links = [...rss.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map((m) => m[1]);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.startsWith(`${baseURL()}/hi/jobs/`)).toBe(true);
    expect(await text("/feeds/jobs.xml")).toContain("<language>en-IN</language>");

    const updates = (await (await fetch(`${baseURL()}/hi/updates.json`)).json()) as {
      bell: { url: string }[];
      latest: { url: string }[];
    };
    const urls = [...updates.bell, ...updates.latest].map((i) => i.url);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url).toMatch(/^\/hi\/(jobs|results|admit-cards)\//);
  });
});
