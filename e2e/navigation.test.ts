import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseURL, useBrowser } from "./browser.ts";
import { settled } from "./crawl.ts";

/**
 * React Router's own requests reach React Router as they were sent (issue 26): lazy route
 * discovery asks `/__manifest?paths=…&version=<build>`, and the page cache's key logic, which keeps
 * only the parameters a page declares, once dropped `version`, so every answer was 204 ("reload"):
 * the second filter of /jobs showed "Something went wrong".
 */

/** The build's version, as the page tells the browser. */
async function buildVersion(): Promise<string> {
  const html = await (await fetch(`${baseURL()}/jobs`)).text();
  const version = /"version":\s*"([^"]+)"/.exec(html)?.[1];
  if (!version) throw new Error("no manifest version in the page");
  return version;
}

function manifest(query: string, init?: RequestInit) {
  return fetch(`${baseURL()}/__manifest?${query}`, init);
}

describe("React Router's manifest requests", () => {
  it("answers this build's version with the routes of the paths asked, each time, never from the page cache", async () => {
    const version = await buildVersion();
    for (const query of [
      `paths=%2Fjobs&version=${version}`,
      // The same again (a second request is the one a cache would answer), and reordered.
      `paths=%2Fjobs&version=${version}`,
      `version=${version}&paths=%2Fjobs`,
      `paths=%2Fhi%2Fjobs%2Cfoo&version=${version}&utm_source=x`,
    ]) {
      const res = await manifest(query);
      expect(res.status, query).toBe(200);
      expect(res.headers.get("x-cache"), query).toBeNull();
      const routes = (await res.json()) as Record<string, { id: string; path?: string }>;
      const ids = Object.keys(routes);
      expect(
        ids.some((id) => /^list-job(-hi)?$/.test(id)),
        `${query}: ${ids.join(",")}`,
      ).toBe(true);
    }
  });

  it("answers another build's version with 204 and React Router's reload header, never cached", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await manifest("paths=%2Fjobs&version=0123abcd");
      expect(res.status).toBe(204);
      expect(res.headers.get("x-remix-reload-document")).toBe("true");
      expect(res.headers.get("x-cache")).toBeNull();
    }
    // And a request for this build right after it is not answered from anything the 204 left.
    expect((await manifest(`paths=%2Fjobs&version=${await buildVersion()}`)).status).toBe(200);
  });
});

/** Everything a page did that a visitor would notice: console warnings, errors, document loads. */
function watch(page: Page) {
  const seen = { console: [] as string[], documents: [] as string[], failed: [] as string[] };
  page.on("console", (msg) => {
    if (msg.type() === "error" || msg.type() === "warning")
      seen.console.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on("pageerror", (err) => seen.console.push(`page error: ${err.message}`));
  page.on("request", (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) seen.documents.push(r.url());
  });
  page.on("response", (r) => {
    if (r.status() >= 400) seen.failed.push(`${r.status()} ${r.url()}`);
  });
  return seen;
}

/** The job list's filter form (the page's own, not the header's search). */
const filterForm = (page: Page) => page.locator("main form").first();

describe("filtering /jobs three times in a row, JavaScript on", () => {
  const browser = useBrowser({ viewport: { width: 360, height: 740 } });

  for (const locale of ["en", "hi"] as const) {
    it(`stays on the client with no error and no warning (${locale})`, async () => {
      const page = await browser.page();
      const seen = watch(page);
      const prefix = locale === "hi" ? "/hi" : "";
      await page.goto(`${prefix}/jobs`);
      await page.waitForLoadState("networkidle");
      const form = filterForm(page);
      const organizations = await form
        .locator("select[name=organization] option")
        .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
      expect(organizations.length).toBeGreaterThan(1);
      seen.documents.length = 0;
      // Three filters a reader would choose one after the other, each a new client navigation.
      const filters: [(page: Page) => Promise<unknown>, RegExp][] = [
        [
          (p) => filterForm(p).locator("select[name=sort]").selectOption("last-date"),
          /sort=last-date/,
        ],
        [
          (p) => filterForm(p).locator("select[name=organization]").selectOption(organizations[0]),
          /organization=/,
        ],
        [(p) => filterForm(p).locator("input[name=closed]").check(), /closed=1/],
      ];
      for (const [choose, expected] of filters) {
        const before = (await settled(page, null)).key;
        await choose(page);
        await filterForm(page).locator("button[type=submit]").click();
        const after = await settled(page, before);
        expect(page.url()).toMatch(expected);
        expect(after.errors, page.url()).toBe(false);
      }
      await page.waitForLoadState("networkidle");
      expect(new URL(page.url()).pathname).toBe(`${prefix}/jobs`);
      expect(page.url()).toMatch(/sort=last-date/);
      expect(page.url()).toMatch(/closed=1/);
      expect(await page.locator("h1").first().textContent()).not.toMatch(/went wrong|गड़बड़/i);
      expect(seen.documents).toEqual([]);
      expect(seen.console).toEqual([]);
      expect(seen.failed).toEqual([]);
      await page.close();
    });
  }
});

/**
 * Back after two filters: the list is the first filter's, and so must the form be. With
 * JavaScript the form kept the second choice (its selects are uncontrolled, drawn once); without,
 * Chromium put back the form as it was left, the second choice picked before it was sent.
 */
for (const javaScriptEnabled of [true, false]) {
  describe(`Back after two filters of /results, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    const browser = useBrowser({ viewport: { width: 360, height: 740 }, javaScriptEnabled });

    it("shows in the form the filters of the list it shows", async () => {
      const page = await browser.page();
      await page.goto("/results");
      // Hydrated first: React sets an uncontrolled select to its default when it hydrates.
      if (javaScriptEnabled) await settled(page, null);
      const select = () => filterForm(page).locator("select[name=organization]");
      const [first, second] = await select()
        .locator("option")
        .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
      expect(second).toBeTruthy();
      for (const organization of [first, second]) {
        await select().selectOption(organization);
        await filterForm(page).locator("button[type=submit]").click();
        await page.waitForURL((url) => url.searchParams.get("organization") === organization);
        if (javaScriptEnabled) await settled(page, null);
      }
      await page.goBack();
      await page.waitForURL((url) => url.searchParams.get("organization") === first);
      if (javaScriptEnabled) await settled(page, null);
      await expect.poll(() => select().inputValue()).toBe(first);
      await page.goForward();
      await page.waitForURL((url) => url.searchParams.get("organization") === second);
      await expect.poll(() => select().inputValue()).toBe(second);
      await page.close();
    });
  });
}

describe("a tab opened on the previous build", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });

  it("reloads exactly once on its first navigation to a route it has not seen, then navigates on the client", async () => {
    const page = await browser.page();
    const seen = watch(page);
    // The first document says it came from another build (as a page cached before a deploy
    // does); the one the reload brings is this build's own.
    await page.addInitScript(() => {
      if (sessionStorage.getItem("react-router-manifest-version") !== null) return;
      let value: { version: string } | undefined;
      Object.defineProperty(window, "__reactRouterManifest", {
        configurable: true,
        get: () => value,
        set: (manifest: { version: string }) => {
          manifest.version = "0ld0b41d";
          value = manifest;
        },
      });
    });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    seen.documents.length = 0;
    seen.console.length = 0;
    await page.getByRole("contentinfo").getByRole("link", { name: "About Us" }).click();
    await page.waitForURL("**/about-us");
    const reloaded = await settled(page, null);
    await page.waitForLoadState("networkidle");
    // One document load, to the page asked for, with this build's manifest now.
    expect(seen.documents).toEqual([`${baseURL()}/about-us`]);
    expect(reloaded.errors).toBe(false);
    expect(
      await page.evaluate(
        () =>
          (window as unknown as { __reactRouterManifest: { version: string } })
            .__reactRouterManifest.version,
      ),
    ).toBe(await buildVersion());
    // React Router says why it reloaded; nothing else is said.
    expect(seen.console.filter((line) => !/manifest version mismatch/.test(line))).toEqual([]);
    // From here on, navigation is on the client again.
    seen.documents.length = 0;
    seen.console.length = 0;
    const before = reloaded.key;
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    const after = await settled(page, before);
    expect(page.url()).toBe(`${baseURL()}/privacy-policy`);
    expect(after.errors).toBe(false);
    await page.waitForLoadState("networkidle");
    expect(seen.documents).toEqual([]);
    expect(seen.console).toEqual([]);
    await page.close();
  });
});

/**
 * The crawl's `settled()` waits for the page React drew, not only the router's state: it names the
 * location by the header's language switch, which on /alerts lists the query in its own order (a
 * landed CI run's crawl timed out there when the wait compared the query as written).
 */
describe("the crawl's wait for a page drawn on the client", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });

  it("settles on /alerts reached from a job page's alerts link", async () => {
    const page = await browser.page();
    await page.goto("/jobs");
    const job = await page.locator("main a[href^='/jobs/']").first().getAttribute("href");
    await page.goto(job!);
    const first = await settled(page, null);
    const link = page.locator("main a[href^='/alerts?']").first();
    const href = (await link.getAttribute("href"))!;
    await link.click();
    const after = await settled(page, first.key);
    expect(after.path).toBe(href);
    await page.close();
  });
});
