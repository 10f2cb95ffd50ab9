import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureOrganization } from "~/organizations/organizations.repository.server.ts";
import { SAMPLE_ORGANIZATION, sampleNotice, scannedPdf } from "../test/notice-pdf.ts";
import { baseURL, useBrowser } from "./browser.ts";
import { withE2eDb } from "./db.ts";
import { EDITOR } from "./server.global.ts";

/**
 * Issue 32: an editor starts a job from the notification PDF, reviews what it suggested (each
 * field marked, with the PDF line it came from), saves a draft, publishes, and the public page
 * shows the PDF's dates. Also without JavaScript, and a scan says it has no text.
 * With E2E_SHOTS=DIR the screens are saved there (1280 px; the suggestions at 360 px too).
 */

const shots = process.env.E2E_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });
const shoot = async (page: Page, name: string, fullPage = false) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage });
};

async function signIn(page: Page) {
  await page.goto("/admin/login");
  if (new URL(page.url()).pathname === "/admin") return;
  await page.getByLabel("E-mail address", { exact: true }).fill(EDITOR.email);
  await page.getByLabel("Password", { exact: true }).fill(EDITOR.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
}

async function startFromPdf(page: Page, pdf: Buffer, name = "notice-crb-02-2027.pdf") {
  await page.goto("/admin/manage-jobs/add");
  await page
    .getByLabel("PDF file", { exact: true })
    .setInputFiles({ name, mimeType: "application/pdf", buffer: pdf });
  await page.getByRole("button", { name: "Read the PDF" }).click();
  await page.waitForURL(/\/admin\/manage-jobs\/add\?fromPdf=[0-9a-f]{64}$/);
}

const mark = (page: Page, name: string) => page.locator(`[data-suggestion="${name}"]`);

beforeAll(async () => {
  await withE2eDb((db) => ensureOrganization(db, SAMPLE_ORGANIZATION), { write: true });
});

describe("a job started from its notification PDF", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });
  const suffix = crypto.randomUUID().slice(0, 6);

  it("suggests, marks each suggestion with its line, saves, publishes, and the page shows the PDF's dates", async () => {
    const page = await browser.page();
    await signIn(page);
    await startFromPdf(page, await sampleNotice());

    const panel = page.getByRole("region", { name: /Suggestions from notice-crb-02-2027\.pdf/ });
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect(await panel.textContent()).toContain("Read 2 pages.");
    expect(await panel.textContent()).toContain("Not found in the PDF, left empty:");
    expect(await panel.textContent()).toContain("Admit card available");

    // Each suggested value is in its input, marked, with the line it came from.
    expect(await page.getByLabel("Last date to apply", { exact: true }).inputValue()).toBe(
      "2027-02-14",
    );
    expect(await mark(page, "data.lastDate").textContent()).toBe(
      "Suggested from the PDF, page 1: “Last date for online application | 14/02/2027”",
    );
    expect(await page.getByLabel("Application starts", { exact: true }).inputValue()).toBe(
      "2027-01-15",
    );
    expect(await page.getByLabel("Organization", { exact: true }).inputValue()).toBe(
      SAMPLE_ORGANIZATION,
    );
    expect(await page.locator('[name="data.posts[1].post"]').inputValue()).toBe(
      "Stenographer Grade D",
    );
    expect(await mark(page, "data.posts").textContent()).toContain(
      "The posts add up to the PDF's Total row (130).",
    );
    // The choice shown is "Graduate"; the value the form sends is its key (issue 27).
    const qualification = page.getByLabel("Minimum qualification", { exact: true });
    expect(await qualification.inputValue()).toBe("graduate");
    expect(await qualification.locator("option:checked").textContent()).toBe("Graduate");
    // Not in the PDF: not filled, not marked.
    expect(await page.getByLabel("Admit card available", { exact: true }).inputValue()).toBe("");
    expect(await mark(page, "data.admitCardDate").count()).toBe(0);
    await shoot(page, "notice-suggestions-1280");
    if (shots) {
      for (const id of ["dates", "fees", "age", "vacancies"])
        await page
          .locator(`section[aria-labelledby="form-section-${id}"]`)
          .screenshot({ path: `${shots}/notice-section-${id}-1280.png` });
    }

    // What the PDF does not say, the editor types; then a draft, then publish.
    const title = `Junior Assistant and Stenographer ${suffix}`;
    await page.getByLabel("Post name", { exact: true }).fill(title);
    await page.getByLabel("Short information", { exact: true }).fill("Posts at the Board.");
    await page.getByLabel("Employment type", { exact: true }).selectOption("FULL_TIME");
    await page.getByLabel("Job location (state)", { exact: true }).selectOption("Delhi");
    await page.getByLabel("Status", { exact: true }).selectOption("draft");
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.waitForURL(/\/admin\/manage-jobs\/edit\/[0-9a-f-]{36}\?saved=1$/);
    await page.getByText("Draft saved. It is not on the site.").waitFor();
    // Saved: the form is the entry's own now, no suggestions left.
    expect(await page.locator("[data-suggestion]").count()).toBe(0);

    await page.getByLabel("Status", { exact: true }).selectOption("published");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await page.getByText("Saved and published.").waitFor();
    const href = await page
      .getByRole("link", { name: "View the job on the site" })
      .getAttribute("href");
    const html = await (await fetch(`${baseURL()}${href}`)).text();
    for (const date of [
      "15 Jan 2027",
      "14 Feb 2027",
      "16 Feb 2027",
      "18 Feb 2027",
      "20 Feb 2027",
      "12 Apr 2027",
    ])
      expect(html).toContain(date);
    expect(html).toContain("Stenographer Grade D");
    const publicPage = await browser.page();
    await publicPage.goto(href!);
    await shoot(publicPage, "notice-public-page-1280", true);
  });

  it("says a scan has no text and fills in nothing", async () => {
    const page = await browser.page();
    await signIn(page);
    await startFromPdf(page, await scannedPdf(), "scan.pdf");
    await page.getByText("This PDF is a scan: it has no text to read").waitFor();
    expect(await page.locator("[data-suggestion]").count()).toBe(0);
    expect(await page.getByLabel("Last date to apply", { exact: true }).inputValue()).toBe("");
    await shoot(page, "notice-scan-1280");
  });
});

describe("the suggestions on a phone, without JavaScript", () => {
  const browser = useBrowser({ viewport: { width: 360, height: 800 }, javaScriptEnabled: false });

  it("works as a plain form and shows the same suggestions", async () => {
    const page = await browser.page();
    await signIn(page);
    await startFromPdf(page, await sampleNotice());
    expect(await mark(page, "data.lastDate").textContent()).toContain("14/02/2027");
    expect(await page.getByLabel("Last date to apply", { exact: true }).inputValue()).toBe(
      "2027-02-14",
    );
    await shoot(page, "notice-suggestions-360");
    await page.locator('[data-suggestion="data.posts"]').scrollIntoViewIfNeeded();
    await shoot(page, "notice-vacancy-mark-360");
  });
});
