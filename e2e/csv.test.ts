import { mkdirSync, readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { BOM, csvLine } from "~/csv/format.ts";
import { baseURL, useBrowser } from "./browser.ts";
import { signIn as signInByForm } from "./instances.ts";
import { AUTHOR, EDITOR } from "./server.global.ts";

/**
 * Issue 32 in the browser: an admin list exports what it shows, and a CSV file is checked (dry
 * run with rows and columns), then imported as drafts; a bad file writes nothing. Authors may
 * export but not import. With E2E_SHOTS=DIR the screens are saved there.
 */

const shots = process.env.E2E_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });
const shoot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

async function signIn(page: Page) {
  await page.goto("/admin/login");
  if (new URL(page.url()).pathname === "/admin") return;
  await page.getByLabel("E-mail address", { exact: true }).fill(EDITOR.email);
  await page.getByLabel("Password", { exact: true }).fill(EDITOR.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
}

const COLUMNS = [
  "title",
  "organization",
  "summary",
  "employmentType",
  "state",
  "lastDate",
  "qualification",
];
const row = (title: string, lastDate = "15/01/2031") =>
  csvLine([title, "CSV Test Board", `About ${title}.`, "FULL_TIME", "Bihar", lastDate, "Graduate"]);

async function check(page: Page, csv: string, name: string) {
  await page.goto("/admin/manage-jobs/import");
  await page.getByLabel("CSV file", { exact: true }).setInputFiles({
    name,
    mimeType: "text/csv",
    buffer: Buffer.from(csv, "utf8"),
  });
  await page.getByRole("button", { name: "Check the file" }).click();
  await page.waitForURL(/\/admin\/manage-jobs\/import\?id=[0-9a-f-]{36}$/);
}

describe("CSV from and into the admin lists", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });
  const suffix = crypto.randomUUID().slice(0, 6);

  it("exports the list as it is filtered, as UTF-8 CSV with a BOM", async () => {
    const page = await browser.page();
    await signIn(page);
    await page.goto("/admin/manage-jobs?status=draft");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^jobs-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await download.path())!, "utf8");
    expect(text.startsWith(BOM)).toBe(true);
    expect(text.split("\r\n")[0]).toContain("id,status,title,slug,organization");
    const statuses = text
      .split("\r\n")
      .slice(1)
      .filter(Boolean)
      .map((line) => line.split(",")[1]);
    expect(statuses.every((s) => s === "draft")).toBe(true);
  });

  it("checks a file, lists what it will create, and imports the rows as drafts", async () => {
    const page = await browser.page();
    await signIn(page);
    const titles = [1, 2, 3].map((n) => `CSV Clerk ${n} ${suffix}`);
    await check(page, BOM + csvLine(COLUMNS) + titles.map((t) => row(t)).join(""), "three.csv");
    const report = page.getByRole("region", { name: /The dry run: three\.csv/ });
    expect(await report.getByRole("status").textContent()).toBe(
      "3 rows read: 3 to create, 0 duplicates, 0 errors.",
    );
    expect(await report.textContent()).toContain(`Row 2: ${titles[0]}`);
    await shoot(page, "csv-dry-run-1280");
    await page.getByRole("button", { name: "Import 3 job drafts" }).click();
    await page.waitForURL(/\/admin\/manage-jobs\?status=draft&done=import&n=3$/);
    await page.getByText("3 jobs imported as drafts.").waitFor();
    for (const t of titles) await page.getByRole("link", { name: t }).first().waitFor();
    await shoot(page, "csv-imported-1280");
  });

  it("reports a bad date in row 7 and a duplicate in row 9, and offers no import", async () => {
    const page = await browser.page();
    await signIn(page);
    let csv = BOM + csvLine(COLUMNS);
    for (let n = 2; n <= 10; n++)
      csv += row(
        n === 9 ? `CSV Post 3 ${suffix}` : `CSV Post ${n} ${suffix}`,
        n === 7 ? "31/02/2031" : "15/01/2031",
      );
    await check(page, csv, "bad.csv");
    expect(
      await page
        .getByRole("region", { name: /The dry run/ })
        .getByRole("status")
        .textContent(),
    ).toBe("9 rows read: 7 without problems, 1 duplicate, 1 error.");
    const errors = page.getByRole("table", { name: "Errors" });
    expect(await errors.locator("tbody tr").allTextContents()).toEqual([
      "7F (lastDate)Last date to apply: “31/02/2031” is not a date (write 2027-01-15 or 15/01/2027).",
    ]);
    expect(
      await page.getByRole("table", { name: "Duplicates" }).locator("tbody tr").allTextContents(),
    ).toEqual([`9CSV Post 3 ${suffix}Same title as row 3.`]);
    expect(await page.getByRole("button", { name: /^Import/ }).count()).toBe(0);
    await page.getByText("Nothing has been written.").waitFor();
    await shoot(page, "csv-bad-file-1280");
  });
});

describe("CSV import without JavaScript, on a phone", () => {
  const browser = useBrowser({ viewport: { width: 360, height: 800 }, javaScriptEnabled: false });

  it("checks the file as a plain form post and imports it", async () => {
    const page = await browser.page();
    await signIn(page);
    const title = `CSV No-JS Clerk ${crypto.randomUUID().slice(0, 6)}`;
    await check(page, BOM + csvLine(COLUMNS) + row(title), "one.csv");
    expect(
      await page
        .getByRole("region", { name: /The dry run/ })
        .getByRole("status")
        .textContent(),
    ).toBe("1 row read: 1 to create, 0 duplicates, 0 errors.");
    await shoot(page, "csv-dry-run-360-nojs");
    await page.getByRole("button", { name: "Import 1 job draft" }).click();
    await page.waitForURL(/\/admin\/manage-jobs\?status=draft&done=import&n=1$/);
    await page.getByRole("link", { name: title }).first().waitFor();
  });
});

describe("who may import", () => {
  it("an author may export but not import", async () => {
    const cookie = await signInByForm(baseURL(), AUTHOR.email, AUTHOR.password);
    const get = (path: string) =>
      fetch(`${baseURL()}${path}`, { headers: { cookie }, redirect: "manual" });
    expect((await get("/admin/manage-jobs/export")).status).toBe(200);
    expect((await get("/admin/manage-jobs/import")).status).toBe(403);
    const upload = await fetch(`${baseURL()}/admin/manage-jobs/import/upload`, {
      method: "POST",
      headers: { cookie, origin: baseURL(), "content-type": "text/csv" },
      body: csvLine(COLUMNS),
    });
    expect(upload.status).toBe(403);
  });

  it("an anonymous visitor is sent to sign in, for the file and the upload alike", async () => {
    const res = await fetch(`${baseURL()}/admin/manage-jobs/export`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/admin\/login\?next=/);
    const upload = await fetch(`${baseURL()}/admin/manage-jobs/import/upload`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: baseURL(), "content-type": "text/csv" },
      body: csvLine(COLUMNS),
    });
    expect(upload.status).toBe(302);
  });

  it("refuses a malformed upload with 400 or 415, never a 500, also 50 at once", async () => {
    const cookie = await signInByForm(baseURL(), EDITOR.email, EDITOR.password);
    const post = (headers: Record<string, string>, body: string) =>
      fetch(`${baseURL()}/admin/manage-jobs/import/upload`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie, origin: baseURL(), ...headers },
        body,
      });
    const cut = await post(
      { "content-type": "multipart/form-data; boundary=XyZ" },
      '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\ntitle,organization\r\nA,B',
    );
    expect(cut.status).toBe(400);
    const json = await post({ "content-type": "application/json" }, "{}");
    expect(json.status).toBe(415);
    // Fifty at once: each gets its own answer, none fails.
    const many = await Promise.all(
      Array.from({ length: 50 }, () =>
        post({ "content-type": "text/csv" }, "title,organization\r\n"),
      ),
    );
    expect(new Set(many.map((r) => r.status))).toEqual(new Set([303]));
  });
});
