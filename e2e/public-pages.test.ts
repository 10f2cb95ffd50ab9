import { describe, expect, it, vi } from "vitest";
import type { EntryWrite } from "~/entries/entries.repository.server.ts";
import { todayInIndia } from "~/lib/india-date.ts";
import { baseURL, useBrowser } from "./browser.ts";
import { UNTIL_404_WRITTEN, withE2eDb } from "./db.ts";
import { changedEntry, savedEntry, TEST_ACTOR } from "../test/writes.ts";

const JOB_SECTIONS = [
  "Short Information",
  "Important Dates",
  "Application Fee",
  "Age Limit",
  "Vacancy Details",
  "Eligibility",
  "Selection Process",
  "Photo and signature",
  "How to Apply",
  "Important Links",
  "FAQs",
];

/** A published job of the demo content whose last date is before (closed) or after today. */
async function demoJob(which: "open" | "closed") {
  const today = todayInIndia();
  return withE2eDb((db) =>
    db
      .selectFrom("entries")
      .select(["slug", "title", "organization", "last_date"])
      .where("kind", "=", "job")
      .where("status", "=", "published")
      .where("deleted_at", "is", null)
      .where("last_date", which === "open" ? ">" : "<", today)
      // Demo content only: other test files add jobs of their own to the same database.
      .where("data", "like", "%fictional demo content%")
      .orderBy("last_date", which === "open" ? "desc" : "asc")
      .executeTakeFirstOrThrow(),
  );
}

describe("public pages in Chromium", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });

  it("shows the home boxes with the newest entries, closing-soon jobs and the FAQ", async () => {
    const page = await browser.page();
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    for (const [box, listPath] of [
      ["Latest Jobs", "/jobs"],
      ["Results", "/results"],
      ["Admit Cards", "/admit-cards"],
      ["Answer Keys", "/answer-key"],
      ["Syllabus", "/syllabus"],
    ]) {
      const section = page.getByRole("region", { name: box, exact: true });
      const links = await section.locator(`ul a[href^="${listPath}/"]`).count();
      expect(links, box).toBeGreaterThan(4);
      expect(links, box).toBeLessThanOrEqual(10);
      await expect(
        section.getByRole("link", { name: /^View all/ }).getAttribute("href"),
      ).resolves.toBe(listPath);
    }
    const closing = page.getByRole("region", { name: "Closing Soon", exact: true });
    const lastDates = await closing.getByText(/^Last date: \d{1,2} [A-Z][a-z]{2} \d{4}$/).count();
    expect(lastDates).toBeGreaterThan(0);
    await expect(
      page
        .getByRole("region", { name: "Frequently Asked Questions" })
        .getByText("Is govjobs an official government website?")
        .count(),
    ).resolves.toBe(1);
  });

  it("renders a job's sections in the classic order and links its related entries both ways", async () => {
    const page = await browser.page();
    // A demo result that belongs to a job (other tests may add results that belong to none).
    const result = await withE2eDb((db) =>
      db
        .selectFrom("entries as r")
        .innerJoin("entries as j", "j.id", "r.job_id")
        .select(["r.slug", "r.title"])
        .where("r.kind", "=", "result")
        .where("r.status", "=", "published")
        .where("j.status", "=", "published")
        .where("r.deleted_at", "is", null)
        .where("j.deleted_at", "is", null)
        .where("r.data", "like", "%fictional demo content%")
        .orderBy("r.published_at", "desc")
        .executeTakeFirstOrThrow(),
    );
    const resultTitle = result.title;
    // Full page loads (not client-side navigations) so each page is complete when read.
    await page.goto(`/results/${result.slug}`);
    const jobLink = page.getByRole("region", { name: "Related" }).locator('a[href^="/jobs/"]');
    await expect(jobLink.count()).resolves.toBe(1);
    await page.goto((await jobLink.getAttribute("href"))!);

    const headings = (await page.locator("article h2").allTextContents()).map((t) => t.trim());
    expect(headings.filter((h) => h !== "Related")).toEqual(JOB_SECTIONS);
    expect(headings.at(-1)).toBe("Related");
    await expect(
      page
        .getByRole("region", { name: "Related" })
        .getByRole("link", { name: resultTitle })
        .count(),
    ).resolves.toBe(1);
    // Facts come out formatted for India: dates as "22 Nov 2026", salary in rupees.
    const dates = page.getByRole("region", { name: "Important Dates" });
    await expect(
      dates.getByRole("row", { name: /Last date to apply \d{1,2} [A-Z][a-z]{2} \d{4}/ }).count(),
    ).resolves.toBe(1);
    await expect(
      // Labels written for readers, not the admin form's "Salary from (₹ per month)".
      page.getByRole("row", { name: /^Pay from \(per month\) ₹[\d,]+/ }).count(),
    ).resolves.toBe(1);
    const apply = page.getByRole("region", { name: "Important Links" }).getByRole("link").first();
    // Named by where it leads (not "Click here"), with a check of that address.
    await expect(apply.textContent()).resolves.toMatch(/^[a-z0-9.-]+\.[a-z]{2,} ↗$/);
    await expect(apply.getAttribute("rel")).resolves.toBe("nofollow noopener");
    await expect(apply.getAttribute("target")).resolves.toBe("_blank");
  });

  it("marks a job past its last date as closed, on its page and in the list", async () => {
    const job = await demoJob("closed");
    const page = await browser.page();
    await page.goto(`/jobs/${job.slug}`);
    await expect(
      page.getByText(/^Closed: applications ended on \d{1,2} [A-Z][a-z]{2} \d{4}\.$/).count(),
    ).resolves.toBe(1);

    // The list answers "what can I still apply for?": no closed job on /jobs…
    await page.goto("/jobs");
    await expect(
      page.getByRole("list", { name: "Jobs" }).getByText("Closed", { exact: true }).count(),
    ).resolves.toBe(0);
    // …and the closed job only with "Include closed".
    const byOrg = `/jobs?organization=${encodeURIComponent(job.organization)}`;
    await page.goto(byOrg);
    const link = page.getByRole("link", { name: job.title, exact: true });
    await expect(link.count()).resolves.toBe(0);
    await page.getByLabel("Include closed").check();
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(/closed=1/);
    const row = page.getByRole("listitem").filter({ has: link });
    await expect.poll(() => row.getByText("Closed", { exact: true }).count()).toBe(1);
    await expect(row.getByText(/^Closed on \d{1,2} \w{3} \d{4}$/).count()).resolves.toBe(1);
    await expect(row.getByText("NEW", { exact: true }).count()).resolves.toBe(0);

    const open = await demoJob("open");
    await page.goto(`/jobs/${open.slug}`);
    await expect(page.getByText(/^Closed:/).count()).resolves.toBe(0);
  });

  it("answers an old slug with a 301 to the new one", async () => {
    const title = `Renamed Slug Probe ${Date.now()}`;
    const input: EntryWrite = {
      title,
      organization: "E2E Test Board",
      status: "published",
      data: { summary: "A result made by the public pages test.", resultDate: "2026-11-01" },
    };
    const { oldSlug, newSlug } = await withE2eDb(
      async (db) => {
        const entry = await savedEntry(db, "result", input, TEST_ACTOR);
        const newSlug = `${entry.slug}-moved`;
        await changedEntry(db, entry.id, { ...input, slug: newSlug }, TEST_ACTOR);
        return { oldSlug: entry.slug, newSlug };
      },
      { write: true },
    );
    const res = await fetch(`${baseURL()}/results/${oldSlug}`, { redirect: "manual" });
    expect(res.status).toBe(301);
    expect(new URL(res.headers.get("location")!, baseURL()).pathname).toBe(`/results/${newSlug}`);
    const moved = await fetch(`${baseURL()}/results/${newSlug}`);
    expect(moved.status).toBe(200);
    expect(await moved.text()).toContain(title);
  });

  it("answers an unknown slug with 404 and the not-found page, and logs the miss", async () => {
    const path = `/jobs/no-such-job-${Date.now()}`;
    const page = await browser.page();
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" }).count()).resolves.toBe(1);
    await vi.waitFor(async () => {
      const logged = await withE2eDb((db) =>
        db.selectFrom("not_found_log").select("hits").where("path", "=", path).executeTakeFirst(),
      );
      expect(logged?.hits).toBe(1);
    }, UNTIL_404_WRITTEN);
  });

  it("renders the site pages, with the security contact on the security policy", async () => {
    const page = await browser.page();
    for (const [path, title] of [
      ["/about-us", "About Us"],
      ["/privacy-policy", "Privacy Policy"],
      ["/terms-of-service", "Terms of Service"],
      ["/security-policy", "Security Policy"],
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: title }).count()).resolves.toBe(1);
      await expect(page.title()).resolves.toBe(`${title} | govjobs`);
    }
    const contact = page.getByRole("link", { name: /^security@/ });
    await expect(contact.getAttribute("href")).resolves.toMatch(/^mailto:security@/);
    await expect(page.getByText("Security contact:").count()).resolves.toBe(1);
    await expect(page.getByText("Firewall:").count()).resolves.toBe(1);
  });

  it("sends the title, the dates and the JSON-LD in the first HTML response", async () => {
    const job = await demoJob("open");
    const res = await fetch(`${baseURL()}/jobs/${job.slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<h1`);
    expect(html).toContain(job.title.replaceAll("&", "&amp;"));
    const [y, m, d] = job.last_date!.split("-").map(Number);
    const month = new Date(Date.UTC(y, m - 1, d)).toLocaleString("en-GB", {
      month: "short",
      timeZone: "UTC",
    });
    expect(html).toContain(`${d} ${month} ${y}`);
    expect(html).toContain("Last date to apply");
    expect(html).toMatch(/<script type="application\/ld\+json">\{[^<]*"@type":"JobPosting"/);
  });
});

describe("lists without JavaScript", () => {
  const browser = useBrowser({ viewport: { width: 360, height: 740 }, javaScriptEnabled: false });

  const rowTitles = async (page: Awaited<ReturnType<typeof browser.page>>) =>
    (await page.getByRole("list", { name: "Jobs" }).getByRole("link").allTextContents()).map((t) =>
      t.trim(),
    );

  it("pages through the job list with plain links", async () => {
    const page = await browser.page();
    await page.goto("/jobs");
    const first = await rowTitles(page);
    expect(first).toHaveLength(20);
    await expect(page.locator('head link[rel="next"]').getAttribute("href")).resolves.toBe(
      "/jobs?page=2",
    );
    await page.getByRole("link", { name: "Next ›" }).click();
    await page.waitForURL(/\/jobs\?page=2$/);
    const second = await rowTitles(page);
    expect(second.length).toBeGreaterThan(0);
    expect(second.filter((t) => first.includes(t))).toEqual([]);
    await expect(page.locator('head link[rel="prev"]').getAttribute("href")).resolves.toBe("/jobs");
    await expect(page.locator('head link[rel="canonical"]').getAttribute("href")).resolves.toBe(
      `${baseURL()}/jobs?page=2`,
    );
  });

  it("narrows the list with the state filter submitted as a GET form", async () => {
    const page = await browser.page();
    await page.goto("/jobs");
    const total = Number((await page.getByText(/^\d+ open jobs/).textContent())!.split(" ")[0]);
    await page.getByLabel("State").selectOption("Maharashtra");
    await page.getByRole("button", { name: "Filter" }).click();
    // The state filter's address is the state's landing page.
    await page.waitForURL(/\/jobs\/state\/maharashtra$/);
    const shown = await rowTitles(page);
    expect(shown.length).toBeGreaterThan(0);
    const filteredTotal = Number(
      (await page.getByText(/^\d+ open jobs?/).textContent())!.split(" ")[0],
    );
    expect(filteredTotal).toBeLessThan(total);
    const inMaharashtra = await withE2eDb((db) =>
      db
        .selectFrom("entries")
        .select("title")
        .where("kind", "=", "job")
        .where("status", "=", "published")
        .where("deleted_at", "is", null)
        .where("state", "=", "maharashtra")
        // Open jobs only: the list leaves closed ones out until "Include closed" is ticked.
        .where("last_date", ">=", todayInIndia())
        .orderBy("published_at", "desc")
        .orderBy("id", "desc")
        .limit(20)
        .execute(),
    );
    expect(shown).toEqual(inMaharashtra.map((r) => r.title));
    await expect(page.getByLabel("State").inputValue()).resolves.toBe("maharashtra");
  });

  it("keeps a landing page's state chosen in the menu when no open job has it, and Filter keeps it", async () => {
    // A state with no published job at all: its menu would otherwise list it nowhere.
    const held = new Set(
      (
        await withE2eDb((db) =>
          db.selectFrom("entries").select("state").where("state", "is not", null).execute(),
        )
      ).map((r) => r.state),
    );
    const empty = ["ladakh", "lakshadweep", "sikkim", "goa", "mizoram"].find((s) => !held.has(s))!;
    const page = await browser.page();
    await page.goto(`/jobs/state/${empty}`);
    await expect(page.getByLabel("State").inputValue()).resolves.toBe(empty);
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForLoadState("load");
    expect(new URL(page.url()).pathname).toBe(`/jobs/state/${empty}`);
  });

  it("answers a filter named like an object's own member (__proto__, constructor) as a value with no entries, never an error", async () => {
    // CI found /jobs?qualification=__proto__ answering 500: a menu's names were read as
    // names[value], and "__proto__" is Object.prototype there.
    for (const value of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      for (const path of [
        `/jobs?qualification=${value}`,
        `/jobs?state=${value}`,
        `/hi/jobs?state=${value}`,
        `/jobs/state/${value}`,
        `/hi/jobs/qualification/${value}`,
        `/exam-calendar?state=${value}`,
        `/alerts?state=${value}`,
      ]) {
        const res = await fetch(`${baseURL()}${path}`, { redirect: "manual" });
        expect([200, 301, 404], path).toContain(res.status);
      }
    }
  });

  it("answers the state and qualification filters with their landing pages, each with a feed", async () => {
    const to = async (from: string) => {
      const res = await fetch(`${baseURL()}${from}`, { redirect: "manual" });
      return [res.status, res.headers.get("location")];
    };
    expect(await to("/jobs?state=Bihar")).toEqual([301, "/jobs/state/bihar"]);
    expect(await to("/jobs?organization=&state=Bihar&qualification=&sort=newest")).toEqual([
      301,
      "/jobs/state/bihar",
    ]);
    expect(await to("/jobs?qualification=12th+Pass&sort=last-date&closed=1")).toEqual([
      301,
      "/jobs/qualification/12th-pass?closed=1&sort=last-date",
    ]);
    expect((await fetch(`${baseURL()}/jobs/state/atlantis`)).status).toBe(404);

    const page = await browser.page();
    await page.goto("/jobs/qualification/12th-pass");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
      "Government Jobs for 12th Pass",
    );
    await expect(page.locator('head link[rel="canonical"]').getAttribute("href")).resolves.toBe(
      `${baseURL()}/jobs/qualification/12th-pass`,
    );
    const shown = await rowTitles(page);
    const expected = await withE2eDb((db) =>
      db
        .selectFrom("entries")
        .select("title")
        .where("kind", "=", "job")
        .where("status", "=", "published")
        .where("deleted_at", "is", null)
        .where("qualification", "=", "12th-pass")
        .where("last_date", ">=", todayInIndia())
        .orderBy("published_at", "desc")
        .orderBy("id", "desc")
        .limit(20)
        .execute(),
    );
    expect(shown).toEqual(expected.map((r) => r.title));
    const feedHref = await page.getByRole("link", { name: "RSS feed" }).getAttribute("href");
    expect(feedHref).toBe("/feeds/jobs-qualification-12th-pass.xml");
    const feed = await (await fetch(`${baseURL()}${feedHref}`)).text();
    expect(feed).toContain("<title>Government Jobs for 12th Pass");
    for (const t of expected.slice(0, 3)) expect(feed).toContain(t.title.replaceAll("&", "&amp;"));
    const sitemap = await (await fetch(`${baseURL()}/sitemaps/pages.xml`)).text();
    expect(sitemap).toContain(`${baseURL()}/jobs/qualification/12th-pass</loc>`);
  });

  it("sorts open jobs by the soonest last date", async () => {
    const page = await browser.page();
    await page.goto("/jobs");
    await page.getByLabel("Sort by").selectOption("last-date");
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(/sort=last-date/);
    const soonest = await withE2eDb((db) =>
      db
        .selectFrom("entries")
        .select("title")
        .where("kind", "=", "job")
        .where("status", "=", "published")
        .where("deleted_at", "is", null)
        .where("last_date", ">=", todayInIndia())
        .orderBy("last_date", "asc")
        .orderBy("published_at", "desc")
        .orderBy("id", "desc")
        .limit(20)
        .execute(),
    );
    expect(await rowTitles(page)).toEqual(soonest.map((r) => r.title));
    // Paging keeps the order.
    await expect(page.locator('head link[rel="next"]').getAttribute("href")).resolves.toMatch(
      /sort=last-date/,
    );
  });

  it("refuses a bad page number with 400 and says why", async () => {
    const page = await browser.page();
    const response = await page.goto("/jobs?page=abc");
    expect(response?.status()).toBe(400);
    await expect(page.getByText("The page number must be a whole number").count()).resolves.toBe(1);
    const tooLong = await fetch(`${baseURL()}/results?organization=${"x".repeat(201)}`);
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain("Organization must be at most 200 characters");
  });
});
