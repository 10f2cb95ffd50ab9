import { describe, expect, it } from "vitest";
import { baseURL, useBrowser } from "./browser.ts";
import { withE2eDb } from "./db.ts";
import { ADMIN } from "./server.global.ts";
import { savedEntry, TEST_ACTOR } from "../test/writes.ts";

/** An organization of its own (so other tests' data does not matter) with one open job. */
async function organizationWithJob() {
  const suffix = crypto.randomUUID().slice(0, 8);
  const name = `Trust Check Board ${suffix}`;
  const job = await withE2eDb(
    (db) =>
      savedEntry(
        db,
        "job",
        {
          title: `Trust Check Clerk ${suffix}`,
          organization: name,
          status: "published",
          data: {
            summary: "Clerk posts for the organizations test.",
            employmentType: "FULL_TIME",
            state: "Kerala",
            lastDate: "2031-12-31",
            qualification: "Graduate",
            applyUrl: "https://recruit.trustboard.example.in/apply",
            notificationUrl: "https://files.example.com/notice.pdf",
          },
        },
        TEST_ACTOR,
      ),
    { write: true },
  );
  const org = await withE2eDb((db) =>
    db.selectFrom("organizations").selectAll().where("name", "=", name).executeTakeFirstOrThrow(),
  );
  return { name, job, org };
}

describe("organizations", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });

  it("an admin gives an organization its official domain; its links then say Official site", async () => {
    const { name, job, org } = await organizationWithJob();
    const page = await browser.page();
    await page.goto(`/jobs/${job.slug}`);
    const glance = page.getByRole("region", { name: "At a glance" });
    // A .example.in host is not a government suffix: a warning until the domain is known.
    await expect(
      glance.getByRole("link", { name: /Apply Online/ }).textContent(),
    ).resolves.toContain("Not an official site · recruit.trustboard.example.in");

    await page.goto("/admin/login");
    await page.getByLabel("E-mail address", { exact: true }).fill(ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.pathname === "/admin");
    await page.goto("/admin/organizations");
    const row = page.getByRole("listitem").filter({ hasText: name });
    // A bad line is refused with its reason, and nothing is saved.
    await row
      .getByLabel("Official domains (one per line)")
      .fill("trustboard.example.in\nnot a host");
    await row.getByRole("button", { name: "Save" }).click();
    await expect
      .poll(() =>
        page.getByRole("alert").filter({ hasText: '"not a host" is not a web address' }).count(),
      )
      .toBe(1);
    const unchanged = await withE2eDb((db) =>
      db
        .selectFrom("organizations")
        .select("domains")
        .where("id", "=", org.id)
        .executeTakeFirstOrThrow(),
    );
    expect(unchanged.domains).toBe("");

    await row
      .getByLabel("Official domains (one per line)")
      .fill("https://www.trustboard.example.in/");
    await row.getByLabel("Short name").fill("TCB");
    await row.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/saved=/);
    await page.context().clearCookies();

    await page.goto(`/jobs/${job.slug}`);
    const after = page.getByRole("region", { name: "At a glance" });
    await expect(
      after.getByRole("link", { name: /Apply Online/ }).textContent(),
    ).resolves.toContain("Official site · recruit.trustboard.example.in");
    await expect(
      after.getByRole("link", { name: /Download Notification/ }).textContent(),
    ).resolves.toContain("Not an official site · files.example.com");
    // The organization's name leads to its page.
    await page.getByRole("link", { name, exact: true }).click();
    await page.waitForURL(`**/organizations/${org.slug}`);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
      `${name} (TCB)`,
    );
    await expect(
      page.getByRole("list", { name: "Open Jobs" }).getByRole("link", { name: job.title }).count(),
    ).resolves.toBe(1);
  });

  it("has a feed, a place in the sitemap, and a 404 for an unknown organization", async () => {
    const { job, org } = await organizationWithJob();
    const feed = await fetch(`${baseURL()}/feeds/organization-${org.slug}.xml`);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain(`${baseURL()}/jobs/${job.slug}`);
    const sitemap = await (await fetch(`${baseURL()}/sitemaps/pages.xml`)).text();
    expect(sitemap).toContain(`${baseURL()}/organizations/${org.slug}</loc>`);
    expect((await fetch(`${baseURL()}/organizations/no-such-board-${Date.now()}`)).status).toBe(
      404,
    );
    expect((await fetch(`${baseURL()}/feeds/organization-no-such-${Date.now()}.xml`)).status).toBe(
      404,
    );
  });
});
