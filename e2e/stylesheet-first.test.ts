import { describe, expect, it } from "vitest";
import { baseURL, signInAsAdmin, useBrowser, waitForHydration } from "./browser.ts";

/**
 * Issue 33, first paint on a cheap phone: the page's response asks for the site's stylesheet in
 * its headers (the browser fetches it with the page's first bytes, ahead of the fonts and script
 * the page names), and the stylesheet comes first among the head's links. Public pages link a
 * stylesheet without the back-office's classes; /admin links its own.
 */
describe("the stylesheet, asked for first", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 800 } });

  it("is preloaded by a Link header on every page and is the head's first link", async () => {
    for (const path of ["/", "/jobs", "/hi", "/hi/jobs", "/admin/login"]) {
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
    await waitForHydration(page);
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

  it("links the public stylesheet outside /admin and the back-office's inside, one each", async () => {
    const page = await browser.page();
    const stylesheets = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
          (l) => new URL(l.href).pathname,
        ),
      );
    await page.goto("/");
    const [publicCss] = await stylesheets();
    expect(publicCss).toMatch(/^\/assets\/public-[\w-]+\.css$/);
    await signInAsAdmin(page);
    for (const path of ["/admin", "/admin/manage-jobs/add", "/admin/content-settings"]) {
      await page.goto(path);
      const [adminCss, ...more] = await stylesheets();
      expect(adminCss, path).toMatch(/^\/assets\/admin-[\w-]+\.css$/);
      expect(more, path).toEqual([]);
      // The signed-in response asks for the same file.
      const res = await page.request.get(path, { maxRedirects: 0 });
      expect(res.headers().link, path).toContain(`<${adminCss}>; rel=preload; as=style`);
    }
    const [publicText, adminText] = await Promise.all(
      [publicCss, (await stylesheets())[0]].map(async (href) =>
        (await fetch(baseURL() + href)).text(),
      ),
    );
    // The split is worth a request's bytes: the back-office's screens are left out.
    expect(publicText.length).toBeLessThan(adminText.length * 0.8);
    expect(browser.consoleErrors).toEqual([]);
  });

  it("styles every class a public page uses, in English and Hindi, after hydration", async () => {
    const page = await browser.page();
    await page.goto("/jobs");
    const job = await page.locator('main a[href^="/jobs/"]').first().getAttribute("href");
    const cssOf = async () => {
      const href = await page.locator('link[rel="stylesheet"]').first().getAttribute("href");
      return (await fetch(baseURL() + href!)).text();
    };
    const publicText = await cssOf();
    await signInAsAdmin(page);
    const adminText = await cssOf();
    // A class is styled by a stylesheet when one of its selectors names it (Tailwind escapes
    // the characters a selector cannot hold: md\:flex, w-\[40rem\]).
    const styledIn = (css: string, name: string) => {
      const selector = "." + name.replace(/[^\w-]/g, (c) => `\\${c}`);
      for (let at = css.indexOf(selector); at >= 0; at = css.indexOf(selector, at + 1))
        if (!/[\w\\-]/.test(css[at + selector.length] ?? "")) return true;
      return false;
    };
    expect(styledIn(adminText, "bg-primary")).toBe(true);
    expect(styledIn(adminText, "md:flex")).toBe(true);
    const missing: string[] = [];
    for (const path of [
      "/",
      "/jobs",
      job!,
      "/hi",
      `/hi${job}`,
      "/contact-us",
      "/eligibility",
      "/my",
      "/alerts",
      "/photo-tool",
      "/exam-calendar",
      "/search?q=clerk",
      "/no-such-page",
    ]) {
      await page.goto(path);
      await waitForHydration(page);
      const names = await page.evaluate(() => [
        ...new Set([...document.querySelectorAll("[class]")].flatMap((e) => [...e.classList])),
      ]);
      for (const name of names)
        if (styledIn(adminText, name) && !styledIn(publicText, name))
          missing.push(`${path} ${name}`);
    }
    expect(missing).toEqual([]);
  });
});
