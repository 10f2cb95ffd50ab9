import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { todayInIndia } from "~/lib/india-date.ts";
import { baseURL, useBrowser } from "./browser.ts";
import { withE2eDb } from "./db.ts";
import { ADMIN } from "./server.global.ts";
import { savedEntry, TEST_ACTOR } from "../test/writes.ts";

/**
 * A demo job one can apply for today (its application window has opened and not closed), of the
 * kind the page must decide on at once.
 */
async function openDemoJob(extra: "private-link" | "any") {
  const today = todayInIndia();
  const jobs = await withE2eDb((db) =>
    db
      .selectFrom("entries")
      .select(["slug", "title", "data"])
      .where("kind", "=", "job")
      .where("status", "=", "published")
      .where("deleted_at", "is", null)
      .where("last_date", ">=", today)
      .where("data", "like", "%fictional demo content%")
      .$if(extra === "private-link", (q) => q.where("data", "like", "%mocktest-hub%"))
      .orderBy("title")
      .execute(),
  );
  const open = jobs.find(
    (j) => ((JSON.parse(j.data) as { applicationStart?: string }).applicationStart ?? "") <= today,
  );
  if (!open) throw new Error("no demo job whose application window is open today");
  return open;
}

/** Whether the element is inside the first screen (no scrolling) of a 360×740 phone. */
async function onFirstScreen(page: Page, locator: ReturnType<Page["locator"]>) {
  const box = await locator.boundingBox();
  return !!box && box.y >= 0 && box.y + box.height <= 740;
}

describe("a job's first screen on a 360 px phone", () => {
  const browser = useBrowser({ viewport: { width: 360, height: 740 } });

  it("shows the last date, total posts and both official buttons without scrolling", async () => {
    const job = await openDemoJob("any");
    const page = await browser.page();
    await page.goto(`/jobs/${job.slug}`);
    const glance = page.getByRole("region", { name: "At a glance" });
    const lastDate = glance.getByText(/Closes (today|tomorrow|in \d+ days)/);
    const posts = glance.locator("dt", { hasText: "Total posts" });
    const apply = glance.getByRole("link", { name: /Apply Online/ });
    const notice = glance.getByRole("link", { name: /Download Notification/ });
    for (const [name, el] of [
      ["last date", lastDate],
      ["total posts", posts],
      ["Apply Online", apply],
      ["Download Notification", notice],
    ] as const)
      expect(await onFirstScreen(page, el), `${name} is below the first screen`).toBe(true);
    const data = JSON.parse(job.data) as { applyUrl: string };
    expect(await apply.getAttribute("href")).toBe(data.applyUrl);
    await expect(apply.textContent()).resolves.toContain(
      `Official site · ${new URL(data.applyUrl).hostname}`,
    );
    await expect(
      page
        .getByText(/^Checked against the official notification on \d{1,2} \w{3} \d{4}\.$/)
        .count(),
    ).resolves.toBe(1);
  });

  it("warns about a link to a site that is not official", async () => {
    const job = await openDemoJob("private-link");
    const page = await browser.page();
    await page.goto(`/jobs/${job.slug}`);
    const links = page.getByRole("region", { name: "Important Links" });
    const row = links.getByRole("row", { name: /Free mock test/ });
    await expect(row.getByRole("link").textContent()).resolves.toContain(
      "mocktest-hub.example.com",
    );
    await expect(row.textContent()).resolves.toContain("Not an official site");
    // The official links of the same page say so.
    const apply = links.getByRole("row", { name: /Apply Online/ });
    await expect(apply.textContent()).resolves.toContain("Official site");
  });

  it("adds up the vacancy table and says the table scrolls", async () => {
    const job = await withE2eDb((db) =>
      db
        .selectFrom("entries")
        .select(["slug", "data"])
        .where("kind", "=", "job")
        .where("status", "=", "published")
        .where("data", "like", "%(backlog)%")
        .executeTakeFirstOrThrow(),
    );
    const posts = (JSON.parse(job.data) as { posts: { total: number }[] }).posts;
    const page = await browser.page();
    await page.goto(`/jobs/${job.slug}`);
    const table = page.getByRole("region", { name: "Posts" });
    const total = table.getByRole("row", { name: /^Total/ });
    const sum = posts.reduce((a, p) => a + p.total, 0);
    await expect(total.getByRole("cell").first().textContent()).resolves.toBe(
      sum.toLocaleString("en-IN"),
    );
    await expect(
      page.getByText(/Swipe the table sideways to see all \d+ columns/).count(),
    ).resolves.toBe(1);
  });
});

describe("what changed, in public", () => {
  const browser = useBrowser({ viewport: { width: 360, height: 740 } });

  it("extending a job's last date in the admin puts 'Last date extended' on its page and in the bell", async () => {
    const suffix = crypto.randomUUID().slice(0, 8);
    const title = `Extension Check Clerk ${suffix}`;
    const job = await withE2eDb(
      (db) =>
        savedEntry(
          db,
          "job",
          {
            title,
            organization: "Extension Check Board",
            status: "published",
            data: {
              summary: "Clerk posts for the change-log test.",
              employmentType: "FULL_TIME",
              state: "Delhi",
              lastDate: "2031-11-24",
              qualification: "Graduate",
            },
          },
          TEST_ACTOR,
        ),
      { write: true },
    );
    const page = await browser.page();
    await page.goto("/admin/login");
    await page.getByLabel("E-mail address", { exact: true }).fill(ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.pathname === "/admin");
    await page.goto(`/admin/manage-jobs/edit/${job.id}`);
    await page.getByLabel("Last date to apply", { exact: true }).fill("2031-11-30");
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await page.waitForURL(/saved=1/);
    await page.context().clearCookies();

    await page.goto(`/jobs/${job.slug}`);
    await expect(
      page
        .getByText("Last date extended from 24 Nov 2031 to 30 Nov 2031", { exact: false })
        .count(),
    ).resolves.toBeGreaterThan(0);
    // When, to the minute (several lines may come the same day); and in Hindi on the Hindi page.
    await expect(page.locator("main").textContent()).resolves.toMatch(
      /Updated \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}:/,
    );
    await page.goto(`/hi/jobs/${job.slug}`);
    await expect(page.locator("main").textContent()).resolves.toContain(
      "आवेदन की अंतिम तिथि 24 नवंबर 2031 से बढ़ाकर 30 नवंबर 2031 कर दी गई",
    );
    await page.goto(`/jobs/${job.slug}`);
    const updates = (await (await fetch(`${baseURL()}/updates.json`)).json()) as {
      bell: { title: string }[];
    };
    expect(updates.bell[0].title).toBe(`Last date extended: ${title}`);
    await page
      .getByRole("button", { name: /updates/i })
      .first()
      .click();
    await expect
      .poll(() => page.getByText(`Last date extended: ${title}`).count())
      .toBeGreaterThan(0);
  });
});
