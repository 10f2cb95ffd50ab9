import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { eligibility } from "~/content/eligibility.ts";
import type { EntryData } from "~/content/fields.ts";
import { jobPostRules } from "~/content/job-eligibility.ts";
import { formatDate } from "~/lib/format.ts";
import { baseURL, launch, useBrowser } from "./browser.ts";
import { withE2eDb } from "./db.ts";
import { signIn as signInByFetch } from "./instances.ts";
import { ADMIN } from "./server.global.ts";

/** Through the real sign-in form; a browser that is already signed in goes straight on. */
async function signIn(page: Page) {
  await page.goto("/admin/login");
  if (new URL(page.url()).pathname === "/admin") return;
  await page.getByLabel("E-mail address", { exact: true }).fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
}

/** The preview's row for one kind of candidate: [born on or after, born on or before]. */
async function windowOf(preview: Locator, label: string): Promise<string[]> {
  const row = preview
    .locator("tr")
    .filter({ has: preview.page().getByRole("rowheader", { name: label, exact: true }) })
    .first();
  if ((await row.count()) === 0) return [];
  return (await row.locator("td").allTextContents()).map((t) => t.trim());
}

const POLL = { timeout: 5_000, interval: 100 };

describe("the job editor previews who may apply, by birth date", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });

  it("follows the ages as they are typed, and warns when there are none", async () => {
    const page = await browser.page();
    await signIn(page);
    await page.goto("/admin/manage-jobs/add");
    // "Add row" is drawn only once React runs: typing before that would go unseen.
    await page.getByRole("button", { name: "Add row" }).first().waitFor();
    const preview = page.locator("[data-eligibility-preview]");
    await expect(
      preview.getByRole("heading", { name: "Who may apply, by birth date" }).count(),
    ).resolves.toBe(1);

    await page.getByLabel("Minimum age", { exact: true }).fill("21");
    await page.getByLabel("Maximum age", { exact: true }).fill("32");
    // "Age as on" is also a column of the vacancy rows: the job's own field by its name.
    await page.locator('[name="data.ageCutoffDate"]').fill("2024-08-01");

    // UPSC CSE 2024: 21–32 as on 1 Aug 2024, "must not have attained": born 2 Aug 1992 – 1 Aug 2003.
    await expect
      .poll(() => windowOf(preview, "General"), POLL)
      .toEqual(["2 Aug 1992", "1 Aug 2003"]);
    // OBC's central 3 years move the earliest date back three years.
    await expect.poll(() => windowOf(preview, "OBC"), POLL).toEqual(["2 Aug 1989", "1 Aug 2003"]);
    expect(await windowOf(preview, "PwBD (General)")).toEqual(["2 Aug 1982", "1 Aug 2003"]);
    const text = await preview.textContent();
    expect(text).toContain("Age counted on 1 Aug 2024");
    expect(text).toContain("must not have reached 32 on that date");
    expect(text).not.toContain("No age limit");

    await page.getByLabel("Minimum age", { exact: true }).fill("");
    await page.getByLabel("Maximum age", { exact: true }).fill("");
    await expect
      .poll(() => preview.textContent(), POLL)
      .toContain(
        "No age limit for this job: the eligibility finder will list it as ‘read the notification’.",
      );
    expect(await preview.locator("table").count()).toBe(0);
    expect(browser.consoleErrors).toEqual([]);
  });

  it("is in the edit page's HTML before any JavaScript runs", async () => {
    const job = await withE2eDb((db) =>
      db
        .selectFrom("entries")
        .select(["id", "data"])
        .where("kind", "=", "job")
        .where("deleted_at", "is", null)
        .where("data", "like", "%fictional demo content%")
        .where("data", "like", '%"ageMax"%')
        .orderBy("id")
        .executeTakeFirstOrThrow(),
    );
    const data = (typeof job.data === "string" ? JSON.parse(job.data) : job.data) as EntryData;
    const [first] = jobPostRules(data);
    expect(first.rules, "a demo job with ages has rules").not.toBeNull();
    const { window } = eligibility(
      {
        dateOfBirth: "2000-01-01",
        category: "general",
        gender: "male",
        pwbd: false,
        qualification: "postgraduate",
        finalYear: false,
        ...(first.rules!.state ? { domicileState: first.rules!.state } : {}),
      },
      first.rules!,
    );

    const cookie = await signInByFetch(baseURL(), ADMIN.email, ADMIN.password);
    const res = await fetch(`${baseURL()}/admin/manage-jobs/edit/${job.id}`, {
      headers: { cookie },
    });
    expect(res.status).toBe(200);
    // Without React's <!-- --> markers between the pieces of one sentence.
    const html = (await res.text()).replaceAll("<!-- -->", "");
    // Checked as booleans: a failure would otherwise print the whole page.
    expect(html.includes("Who may apply, by birth date"), "the preview's heading").toBe(true);
    const asOn = `Age counted on ${formatDate(first.rules!.cutoffDate)}`;
    expect(html.includes(asOn), asOn).toBe(true);
    const preview = html.slice(html.indexOf("data-eligibility-preview"));
    const general = preview.slice(preview.indexOf(">General</th>")).slice(0, 600);
    expect(general, "the General row").toContain(formatDate(window.to));
    if (window.from) expect(general, "the General row").toContain(formatDate(window.from));

    // And a browser without JavaScript shows it as the server drew it.
    const noScript = await launch({ javaScriptEnabled: false });
    try {
      await noScript.context.addCookies(
        cookie.split("; ").map((pair) => {
          const at = pair.indexOf("=");
          return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseURL() };
        }),
      );
      const page = await noScript.context.newPage();
      await page.goto(`/admin/manage-jobs/edit/${job.id}`);
      const shown = page.locator("[data-eligibility-preview]");
      await shown.waitFor({ state: "visible" });
      expect(await windowOf(shown, "General")).toEqual(
        window.from
          ? [formatDate(window.from), formatDate(window.to)]
          : ["No limit", formatDate(window.to)],
      );
    } finally {
      await noScript.close();
    }
  });
});
