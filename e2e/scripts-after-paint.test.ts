import { describe, expect, it } from "vitest";
import { DEFERRED_MODULE_TYPE } from "../app/deferred-scripts.tsx";
import { baseURL, useBrowser } from "./browser.ts";

/**
 * Issue 33, first paint on a cheap phone: a page names no script and no font for the browser to
 * fetch beside its stylesheet; its script is asked for once the page has been drawn
 * (app/deferred-scripts.tsx), and the page hydrates as before, under its Content-Security-Policy:
 * the hashes of a cached public page and the nonce of a page drawn for one reader.
 */
describe("the page's script, asked for after the first paint", () => {
  const browser = useBrowser({ viewport: { width: 360, height: 640 }, isMobile: true });

  it("is named neither in the head nor in the headers, with no font beside the stylesheet", async () => {
    for (const path of ["/", "/jobs", "/hi", "/hi/jobs", "/admin/login"]) {
      const res = await fetch(baseURL() + path);
      const html = await res.text();
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head, path).not.toMatch(/rel="modulepreload"|as="font"|<script[^>]+src=/);
      expect(res.headers.get("link") ?? "", path).not.toMatch(/as=font|as=script|\.js>/);
      // The modules wait on a script the browser does not run, listed for the starter.
      expect(html, path).toMatch(
        new RegExp(`<script[^>]+type="${DEFERRED_MODULE_TYPE}" data-preload="/assets/[^"]+\\.js`),
      );
    }
  });

  it("starts after the stylesheet has arrived, then hydrates under the page's CSP", async () => {
    for (const path of ["/", "/hi/jobs", "/admin/login"]) {
      // Fetched once first: a public page is then a cache hit, answered with hashes, not a nonce.
      await fetch(baseURL() + path);
      const page = await browser.page();
      await page.goto(path);
      await page.waitForFunction(
        () => (window as { __reactRouterRouteModules?: object }).__reactRouterRouteModules,
      );
      const seen = await page.evaluate((deferredType) => {
        const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
        const starts = resources.filter((r) => /\.js$/.test(r.name)).map((r) => r.startTime);
        const css = resources.find((r) => /\.css$/.test(r.name));
        return {
          paint: performance.getEntriesByType("paint").find((e) => e.name === "first-paint")
            ?.startTime,
          cssEnd: css?.responseEnd,
          firstScript: Math.min(...starts),
          scripts: starts.length,
          waiting: document.querySelectorAll(`script[type="${deferredType}"]`).length,
          modules: document.querySelectorAll('script[type="module"]').length,
          preloads: document.querySelectorAll('link[rel="modulepreload"]').length,
        };
      }, DEFERRED_MODULE_TYPE);
      expect(seen.paint, path).toBeGreaterThan(0);
      expect(seen.cssEnd, path).toBeGreaterThan(0);
      expect(seen.firstScript, path).toBeGreaterThanOrEqual(seen.cssEnd!);
      // (After the first frame too, which the paint entry cannot show: its time is when the
      // frame reached the screen, which may come a few milliseconds after the script's start.)
      expect(seen.scripts, path).toBeGreaterThan(3);
      expect({ waiting: seen.waiting, modules: seen.modules }, path).toEqual({
        waiting: 0,
        modules: 1,
      });
      expect(seen.preloads, path).toBeGreaterThan(3);
      await page.close();
    }
    // A module the CSP refused would be a console error.
    expect(browser.consoleErrors).toEqual([]);
  });

  it("navigates in the page once hydrated, twice in a row", async () => {
    const page = await browser.page();
    await page.goto("/");
    await page.waitForFunction(() => document.documentElement.dataset.push !== undefined);
    await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));
    for (const href of ["/jobs", "/results"]) {
      await page.locator(`a[href="${href}"]:visible`).first().click();
      await page.waitForURL(`**${href}`);
      // Still the same document: React Router drew the page, no full load.
      expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
    }
    expect(browser.consoleErrors).toEqual([]);
  });
});
