import { describe, expect, it } from "vitest";
import { baseURL, useBrowser } from "./browser.ts";

describe("search", () => {
  const browser = useBrowser({ viewport: { width: 360, height: 740 }, javaScriptEnabled: false });

  it("finds demo content by a word, best match first, with the words highlighted", async () => {
    const page = await browser.page();
    await page.goto("/search");
    // The search box is a plain GET form: it works without JavaScript.
    const form = page.getByRole("main").getByRole("search");
    await form.getByRole("searchbox").fill("clerk");
    await form.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/\/search\?q=clerk$/);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
      "Search results for “clerk”",
    );
    const hits = page.getByRole("list", { name: "Search results" }).getByRole("listitem");
    expect(await hits.count()).toBeGreaterThan(1);
    const firstTitle = await hits.first().getByRole("link").textContent();
    expect(firstTitle).toMatch(/clerk/i);
    const marks = await page.locator("mark").allTextContents();
    expect(marks.length).toBeGreaterThan(0);
    for (const mark of marks) expect(mark.toLowerCase()).toContain("clerk");
    // Each hit says what kind it is and links to its page.
    const href = await hits.first().getByRole("link").getAttribute("href");
    expect(href).toMatch(/^\/(jobs|results|admit-cards|syllabus|answer-key)\/[a-z0-9-]+$/);
    await expect(
      hits
        .first()
        .getByText(/^(Job|Result|Admit Card|Syllabus|Answer Key)$/)
        .count(),
    ).resolves.toBe(1);
    await expect(page.locator('meta[name="robots"]').getAttribute("content")).resolves.toBe(
      "noindex, follow",
    );
  });

  it("lists the jobs one can still apply for first, with their last date, and filters by type", async () => {
    const page = await browser.page();
    await page.goto("/search?q=junior+clerk");
    const hits = page.getByRole("list", { name: "Search results" }).getByRole("listitem");
    const kinds = await hits.evaluateAll((items) =>
      items.map((li) => li.querySelector("span")?.textContent ?? ""),
    );
    expect(kinds.length).toBeGreaterThan(2);
    expect(kinds[0]).toBe("Job");
    // Every job hit says whether one can still apply.
    await expect(
      hits
        .first()
        .getByText(/^Last date \d{1,2} \w{3} \d{4} · Closes/)
        .count(),
    ).resolves.toBe(1);
    const chips = page.getByRole("navigation", { name: "Filter by type" }).getByRole("link");
    const labels = await chips.allTextContents();
    expect(labels[0]).toMatch(/^All \(\d+\+?\)$/);
    const jobsChip = chips.filter({ hasText: /^Jobs \(/ });
    const jobCount = Number(/\((\d+)\)/.exec((await jobsChip.textContent()) ?? "")?.[1]);
    await jobsChip.click();
    await page.waitForURL(/type=job/);
    const jobHits = page.getByRole("list", { name: "Search results" }).getByRole("listitem");
    const onlyJobs = await jobHits.evaluateAll((items) =>
      items.map((li) => li.querySelector("span")?.textContent ?? ""),
    );
    expect(new Set(onlyJobs)).toEqual(new Set(["Job"]));
    expect(onlyJobs.length).toBe(Math.min(jobCount, 20));
    await expect(
      page.locator('nav[aria-label="Filter by type"] a[aria-current="page"]').textContent(),
    ).resolves.toMatch(/^Jobs/);
  });

  it("refuses an unknown type with a clear message", async () => {
    const res = await fetch(`${baseURL()}/search?q=clerk&type=poem`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Choose a type from the list");
  });

  it("says so when nothing matches, and prompts when nothing was asked", async () => {
    const page = await browser.page();
    const response = await page.goto("/search?q=zzqxv");
    expect(response?.status()).toBe(200);
    await expect(
      page.getByText("No results for “zzqxv”. Try fewer or different words.").count(),
    ).resolves.toBe(1);
    await page.goto("/search");
    await expect(page.getByText(/^Type a post, exam or organization above/).count()).resolves.toBe(
      1,
    );
    await expect(page.locator("mark").count()).resolves.toBe(0);
  });

  it("never reads the snippet as HTML", async () => {
    const res = await fetch(`${baseURL()}/search?q=${encodeURIComponent("<img src=x>")}`);
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain("<img src=x>");
  });

  it("refuses a query longer than 100 characters with 400 and a clear message", async () => {
    const page = await browser.page();
    const response = await page.goto(`/search?q=${"a".repeat(101)}`);
    expect(response?.status()).toBe(400);
    await expect(
      page.getByText("Search words can be at most 100 characters long. Try fewer words.").count(),
    ).resolves.toBe(1);
    const ok = await fetch(`${baseURL()}/search?q=${"a".repeat(100)}`);
    expect(ok.status).toBe(200);
  });
});

describe("search rate limit", () => {
  it("answers 429 with Retry-After once an address has used its searches", async () => {
    const { startInstance } = await import("./instances.ts");
    const site = await startInstance({ SEED_DEMO: "1", SEARCH_RATE_LIMIT: "3/1m" });
    try {
      const statuses: number[] = [];
      for (const q of ["clerk", "nurse", "teacher", "police"])
        statuses.push((await fetch(`${site.baseURL}/search?q=${q}`)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = await fetch(`${site.baseURL}/search?q=forest`);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await limited.text()).toContain("Too many searches");
      // A search the cache already answered costs the database nothing and is not refused.
      expect((await fetch(`${site.baseURL}/search?q=clerk`)).status).toBe(200);
    } finally {
      await site.stop();
    }
  });
});

/** Issue 26: after a second search from the header, the page's own box still showed the first. */
describe("every search box shows the query of the page it is on", () => {
  for (const javaScriptEnabled of [true, false]) {
    describe(javaScriptEnabled ? "JavaScript on" : "JavaScript off", () => {
      const browser = useBrowser({ viewport: { width: 1280, height: 800 }, javaScriptEnabled });

      it("two searches in a row from the header, then back", async () => {
        const page = await browser.page();
        await page.goto("/jobs");
        if (javaScriptEnabled) await page.locator("[data-testid=bell][data-count]").waitFor();
        const documents: string[] = [];
        page.on("request", (r) => r.resourceType() === "document" && documents.push(r.url()));
        const header = page.getByRole("banner").getByRole("searchbox");
        const own = page.getByRole("main").getByRole("searchbox");
        for (const q of ["clerk", "police"]) {
          await header.fill(q);
          await header.press("Enter");
          await page.waitForURL(`**/search?q=${q}`);
          await page
            .getByRole("heading", { level: 1, name: `Search results for “${q}”` })
            .waitFor();
          expect(await header.inputValue(), `header after "${q}"`).toBe(q);
          expect(await own.inputValue(), `page's box after "${q}"`).toBe(q);
        }
        if (javaScriptEnabled) {
          // Back is a client-side navigation too. (Without JavaScript the browser shows the page
          // as it was left, with what was typed into it.)
          await page.goBack();
          await page
            .getByRole("heading", { level: 1, name: "Search results for “clerk”" })
            .waitFor();
          expect(await header.inputValue()).toBe("clerk");
          expect(await own.inputValue()).toBe("clerk");
        }
        // Leaving the search, the header's box is empty again.
        await page.getByRole("banner").getByRole("link", { name: "Results" }).click();
        await page.getByRole("heading", { level: 1, name: "Latest Exam Results" }).waitFor();
        expect(await header.inputValue()).toBe("");
        // With JavaScript each of these was a client-side navigation.
        if (javaScriptEnabled) expect(documents).toEqual([]);
        expect(browser.consoleErrors).toEqual([]);
        await page.close();
      });
    });
  }

  it("lists the results first when the query is “result” (and “परिणाम” on the Hindi page)", async () => {
    for (const [path, label] of [
      ["/search?q=result", "Result"],
      ["/hi/search?q=%E0%A4%AA%E0%A4%B0%E0%A4%BF%E0%A4%A3%E0%A4%BE%E0%A4%AE", "रिजल्ट"],
    ]) {
      const html = await (await fetch(`${baseURL()}${path}`)).text();
      // Each hit's link (its whole first line) begins with its kind.
      const kinds = [...html.matchAll(/<li[^>]*><a[^>]*><span[^>]*>([^<]+)<\/span>/g)].map(
        (m) => m[1],
      );
      expect(kinds.length, path).toBeGreaterThanOrEqual(15);
      expect(kinds.slice(0, 15), path).toEqual(Array(15).fill(label));
    }
  });
});
