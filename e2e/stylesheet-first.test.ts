import { describe, expect, it } from "vitest";
import { baseURL, useBrowser } from "./browser.ts";

/**
 * Issue 33, first paint on a cheap phone: the page's response asks for the site's stylesheet in
 * its headers (the browser fetches it with the page's first bytes, ahead of the fonts and script
 * the page names), and the stylesheet comes first among the head's links.
 */
describe("the stylesheet, asked for first", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 800 } });

  it("is preloaded by a Link header on every page and is the head's first link", async () => {
    for (const path of ["/", "/jobs", "/hi", "/hi/jobs"]) {
      const res = await fetch(baseURL() + path);
      const html = await res.text();
      const preload = /<(\/assets\/[^>]+\.css)>; rel=preload; as=style/.exec(
        res.headers.get("link") ?? "",
      );
      expect(preload, path).not.toBeNull();
      const head = html.slice(0, html.indexOf("</head>"));
      const links = [...head.matchAll(/<link[^>]+rel="(preload|modulepreload|stylesheet)"[^>]*>/g)];
      expect(links[0][1], path).toBe("stylesheet");
      expect(links[0][0]).toContain(`href="${preload![1]}"`);
      // The cached copy says the same.
      expect((await fetch(baseURL() + path)).headers.get("link")).toContain(preload![1]);
    }
  });

  it("hydrates with one stylesheet link, and keeps the styles across client navigation", async () => {
    const page = await browser.page();
    await page.goto("/");
    await page.waitForFunction(() => document.documentElement.dataset.push !== undefined);
    const count = () =>
      page.evaluate(() => document.querySelectorAll('link[rel="stylesheet"]').length);
    expect(await count()).toBe(1);
    const background = () =>
      page
        .locator("header")
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor);
    const before = await background();
    expect(before).not.toBe("rgba(0, 0, 0, 0)");
    await page.locator('header a[href="/jobs"]').first().click();
    await page.waitForURL("**/jobs");
    expect(await count()).toBe(1);
    expect(await background()).toBe(before);
    expect(browser.consoleErrors).toEqual([]);
  });
});
