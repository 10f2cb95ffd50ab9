import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser.ts";
import { crawl } from "./crawl.ts";

/**
 * The public site clicked through as a reader with JavaScript on does it (issue 26): one link of
 * each kind in English and Hindi, and every GET form submitted twice (e2e/crawl.ts says how).
 * What broke before it existed: a second filter of /jobs showed "Something went wrong", because
 * the page cache rewrote React Router's route-discovery requests.
 */
describe("a click-through crawl of the public site", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });

  it("follows every kind of link and submits every GET form without an error, a warning, a failed request or an unexpected page load", async () => {
    const page = await browser.page();
    const result = await crawl(page, {
      // The photo tool is linked only from job pages with upload rules, and which job pages the
      // crawl meets depends on the shared content as other files have left it: a CI run met none
      // in English. Started from, its form is read in both languages whatever the crawl meets.
      starts: ["/", "/hi", "/photo-tool", "/hi/photo-tool"],
      words: { en: ["clerk", "admit card"], hi: ["भर्ती", "परीक्षा"] },
    });
    // It went everywhere it was meant to: both languages, each kind of link, the forms.
    const taken = result.steps.join("\n");
    for (const kind of [
      "site-nav",
      "home-section",
      "breadcrumbs",
      "pagination",
      "related",
      "organization-section",
      "bell",
      "latest-bar",
      "language-switch → hi",
      "language-switch → en",
      "form header-search en",
      "form header-search hi",
      "form main en (closed,organization,qualification,sort,state) #2",
      "form main hi (organization) #2",
      "/jobs/state/",
    ])
      expect(taken, kind).toContain(kind);
    expect(result.fetched.length).toBeGreaterThan(0);
    // The GET forms without a submit button while JavaScript runs: the push-only alert choices,
    // which post nothing (their "Turn on alerts in this browser" button subscribes by script), and
    // the photo tool's choice of rules, which changes the tool in place (its button is in
    // <noscript>, for a reader without JavaScript). Any other shows here.
    expect(result.unsubmittable.toSorted()).toEqual([
      "form main en on /alerts",
      "form main en on /photo-tool",
      "form main hi on /hi/alerts",
      "form main hi on /hi/photo-tool",
    ]);
    expect(result.problems).toEqual([]);
    await page.close();
  }, 240_000);
});
