import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { launch, waitForHydration } from "./browser.ts";

/**
 * Poppins on public pages once it is cached (issue 33, app/lib/fonts.ts): a first page is drawn in
 * the phone's own face and downloads no font until it has hydrated; the next page names Poppins
 * before its first paint and draws in it, Devanagari included after a Hindi page.
 */

/** The woff2 files a page asks for. */
function watchFonts(page: Page) {
  const fonts: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith(".woff2")) fonts.push(r.url());
  });
  return fonts;
}

/** The faces the page's heading is drawn in (Chromium's own account: web fonts are "custom"). */
async function headingFaces(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send("DOM.enable");
    await cdp.send("CSS.enable");
    const { root } = await cdp.send("DOM.getDocument");
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: "h1" });
    const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
    return fonts.map((f) => `${f.isCustomFont ? "web" : "system"} ${f.familyName}`);
  } finally {
    await cdp.detach();
  }
}

/** What the page named before anything was drawn, and the face its body is drawn in now. */
async function faceOf(page: Page) {
  return page.evaluate(() => ({
    marked: document.documentElement.dataset.fonts ?? null,
    family: getComputedStyle(document.body).fontFamily,
  }));
}

describe("fonts on public pages", () => {
  it("draws a first page in the phone's face, then the next ones in Poppins", async () => {
    const browser = await launch({ viewport: { width: 360, height: 740 } });
    try {
      const page = await browser.context.newPage();
      const fonts = watchFonts(page);
      // Recorded in the page before its first paint: data-fonts as the body began.
      await page.addInitScript(() => {
        document.addEventListener("DOMContentLoaded", () => {
          (window as unknown as { early: string | null }).early =
            document.documentElement.dataset.fonts ?? null;
        });
      });

      await page.goto("/jobs");
      expect(await faceOf(page)).toMatchObject({ marked: null });
      expect((await headingFaces(page)).every((f) => f.startsWith("system"))).toBe(true);
      expect((await faceOf(page)).family).not.toContain("Poppins");
      await waitForHydration(page);
      // The latin faces are fetched once the page has hydrated, for the next page.
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem("govjobs-fonts")))
        .toBe("latin");
      expect(fonts.length).toBeGreaterThan(0);
      expect(fonts.every((f) => /poppins-latin-(400|600)/.test(f))).toBe(true);

      await page.goto("/results");
      expect(await page.evaluate(() => (window as unknown as { early: unknown }).early)).toBe(
        "latin",
      );
      expect((await faceOf(page)).family).toMatch(/^"?Poppins"?,/);
      await expect
        .poll(() => page.evaluate(() => document.fonts.check('16px "Poppins"')))
        .toBe(true);
      // Drawn in it, not only loaded: a cached `optional` face comes within its short wait.
      expect(await headingFaces(page)).toEqual([expect.stringMatching(/^web Poppins/)]);

      // A Hindi page, with only the latin faces cached: Devanagari in the phone's face, then
      // its faces fetched after hydration; the next Hindi page draws in them.
      await page.goto("/hi/jobs");
      expect((await faceOf(page)).family).not.toContain("Devanagari");
      await waitForHydration(page);
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem("govjobs-fonts")))
        .toBe("latin deva");
      await page.goto("/hi/results");
      expect((await faceOf(page)).family).toContain('"Poppins Devanagari"');
      await expect
        .poll(() => page.evaluate(() => document.fonts.check('16px "Poppins Devanagari"', "हि")))
        .toBe(true);
      const hindiFaces = await headingFaces(page);
      expect(hindiFaces.length).toBeGreaterThan(0);
      expect(hindiFaces.every((f) => f.startsWith("web Poppins"))).toBe(true);
    } finally {
      await browser.close();
    }
  });

  it("downloads no font on a first Hindi page before it has hydrated", async () => {
    const browser = await launch({ viewport: { width: 360, height: 740 } });
    try {
      const page = await browser.context.newPage();
      // The page's scripts come a second late, so hydration cannot come before the first layout
      // (where the faces were asked for before, all four). Each font request is then judged
      // by whether the page had hydrated when it was seen: the layout marks the page before it
      // asks for the fonts, so a request made after hydration is always seen as such.
      await page.route("**/*.js", async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await route.continue();
      });
      const asked: Promise<{ font: string; hydrated: boolean }>[] = [];
      page.on("request", (r) => {
        if (!r.url().endsWith(".woff2")) return;
        asked.push(
          page
            .evaluate(() => document.documentElement.dataset.hydrated !== undefined)
            .then((hydrated) => ({ font: r.url().split("/").pop()!, hydrated })),
        );
      });
      await page.goto("/hi");
      await waitForHydration(page);
      // The four faces, latin and Devanagari, all asked for once the page had hydrated.
      await expect.poll(() => asked.length).toBe(4);
      const early = (await Promise.all(asked)).filter((f) => !f.hydrated);
      expect(early).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it("downloads no font at all without JavaScript", async () => {
    const browser = await launch({ javaScriptEnabled: false });
    try {
      const page = await browser.context.newPage();
      const fonts = watchFonts(page);
      for (const path of ["/", "/hi", "/jobs"]) await page.goto(path, { waitUntil: "load" });
      expect(fonts).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
