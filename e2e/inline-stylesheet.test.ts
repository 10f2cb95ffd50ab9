import { describe, expect, it } from "vitest";
import { baseURL, useBrowser } from "./browser.ts";

/**
 * Issue 33, first paint on a cheap phone: each page carries the site's stylesheet in its head (no
 * request before the first paint) and links the same file at the end of the body, where React
 * finds it and the next pages take it from the browser's cache.
 */
describe("the stylesheet inside the page", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 800 } });
  const phone = useBrowser({ viewport: { width: 360, height: 740 }, javaScriptEnabled: false });

  it("is in the head, before any font or script, with the page's nonce; its link ends the body", async () => {
    for (const path of ["/", "/jobs", "/hi"]) {
      const res = await fetch(baseURL() + path);
      const html = await res.text();
      const style = /<style nonce="([^"]+)">([\s\S]*?)<\/style>/.exec(html);
      expect(style, path).not.toBeNull();
      expect(style![2]).toContain("tailwindcss");
      const head = html.slice(0, html.indexOf("</head>"));
      const firstLink = head.search(/<link[^>]+rel="(?:preload|modulepreload|stylesheet)"/);
      expect(style!.index, path).toBeLessThan(firstLink);
      // No render-blocking stylesheet in the head; the link (same nonce) just before </body>.
      expect(head).not.toMatch(/rel="stylesheet"/);
      const link =
        /<link nonce="([^"]+)" rel="stylesheet" href="(\/assets\/[^"]+\.css)"[^>]*\/><\/body>/.exec(
          html,
        );
      expect(link, path).not.toBeNull();
      expect(link![1]).toBe(style![1]);
      // The inlined text is the linked file's.
      const css = await (await fetch(baseURL() + link![2])).text();
      expect(style![2]).toBe(css);
      // The CSP lets the inline stylesheet apply.
      expect(res.headers.get("content-security-policy")).toMatch(/style-src[^;]*'unsafe-inline'/);
    }
  });

  it("styles the page without JavaScript", async () => {
    const page = await phone.page();
    await page.goto("/");
    const header = await page
      .locator("header")
      .first()
      .evaluate((el) => ({
        background: getComputedStyle(el).backgroundColor,
        font: getComputedStyle(document.body).fontFamily,
      }));
    expect(header.background).not.toBe("rgba(0, 0, 0, 0)");
    expect(header.font).toMatch(/Poppins/);
  });

  it("hydrates with one stylesheet link, and keeps the styles across client navigation", async () => {
    const page = await browser.page();
    await page.goto("/");
    await page.waitForFunction(() => document.documentElement.dataset.push !== undefined);
    const count = () =>
      page.evaluate(() => document.querySelectorAll('link[rel="stylesheet"]').length);
    expect(await count()).toBe(1);
    const before = await page
      .locator("header")
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    await page.locator('header a[href="/jobs"]').first().click();
    await page.waitForURL("**/jobs");
    expect(await count()).toBe(1);
    expect(
      await page
        .locator("header")
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor),
    ).toBe(before);
    expect(browser.consoleErrors).toEqual([]);
  });
});
