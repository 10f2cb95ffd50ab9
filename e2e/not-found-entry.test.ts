import { describe, expect, it } from "vitest";
import { baseURL, useBrowser } from "./browser.ts";

// Issue 26: a missing entry's 404 was bare (a title and a home link), unlike the site's 404 page:
// no search, no way to the list the reader was looking in.

const CASES = [
  { path: "/jobs/missing", list: "/jobs", title: "Page not found", search: "Search" },
  { path: "/jobs/no-such-slug", list: "/jobs", title: "Page not found", search: "Search" },
  { path: "/hi/jobs/missing", list: "/hi/jobs", title: "पेज नहीं मिला", search: "खोजें" },
  { path: "/hi/results/none", list: "/hi/results", title: "पेज नहीं मिला", search: "खोजें" },
  { path: "/answer-key/none", list: "/answer-key", title: "Page not found", search: "Search" },
];

describe("a missing entry gets the site's 404 page", () => {
  it("answers 404, not to be indexed", async () => {
    for (const { path } of CASES) {
      const res = await fetch(`${baseURL()}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toMatch(/<meta name="robots" content="noindex/);
    }
  });

  for (const javaScriptEnabled of [true, false]) {
    describe(javaScriptEnabled ? "JavaScript on" : "JavaScript off", () => {
      const browser = useBrowser({ viewport: { width: 360, height: 740 }, javaScriptEnabled });

      it("with a search and a link to its list, and the search works", async () => {
        for (const { path, list, title, search } of CASES) {
          const page = await browser.page();
          const response = await page.goto(path);
          expect(response?.status(), path).toBe(404);
          const main = page.getByRole("main");
          await main.getByRole("heading", { level: 1, name: title }).waitFor();
          // Its list first, among the lists the site's 404 page offers.
          const links = await main
            .getByRole("link")
            .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
          expect(links[0], path).toBe(list);
          const form = main.getByRole("search");
          await form.getByRole("searchbox").fill("clerk");
          await form.getByRole("button", { name: search }).click();
          await page.waitForURL(/\/search\?q=clerk$/);
          await page.getByRole("list", { name: /Search results|खोज परिणाम/ }).waitFor();
          await page.close();
        }
        expect(browser.consoleErrors.filter((e) => !e.includes("404"))).toEqual([]);
      });
    });
  }
});
