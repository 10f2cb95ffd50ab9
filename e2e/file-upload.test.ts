import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { minimalPdf } from "../test/minimal-pdf.ts";
import { baseURL, useBrowser } from "./browser.ts";
import { withE2eDb } from "./db.ts";
import { signIn as signInByForm } from "./instances.ts";
import { countRows } from "./security-helpers.ts";
import { ADMIN, EDITOR_NO_ADMIN } from "./server.global.ts";

/**
 * Issue 13: editors upload the official notification PDF from the job form. The file is kept in
 * the database and served at its hash, cached for good; a file over the limit (10 MB) and an HTML
 * page renamed .pdf are refused with words the editor understands, and nothing is stored. Only a
 * signed-in admin, posting from this site, can upload.
 */

const fileCount = () => withE2eDb((db) => countRows(db, "files"));

async function signIn(page: Page) {
  await page.goto("/admin/login");
  if (new URL(page.url()).pathname === "/admin") return;
  await page.getByLabel("E-mail address", { exact: true }).fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
}

/** The upload control is drawn only once the editor has hydrated (it needs JavaScript). */
async function openNewJob(page: Page) {
  await signIn(page);
  await page.goto("/admin/manage-jobs/add");
  await page
    .getByLabel("Or upload the PDF", { exact: true })
    .waitFor({ state: "visible", timeout: 15_000 });
}

/** Choose a file in the notification field's upload control and press Upload. */
async function upload(
  page: Page,
  file: string | { name: string; mimeType: string; buffer: Buffer },
) {
  await page.getByLabel("Or upload the PDF", { exact: true }).setInputFiles(file);
  await page.getByRole("button", { name: "Upload", exact: true }).click();
}

const status = (page: Page) => page.locator("#f-data-notificationUrl-upload-status");
const notificationInput = (page: Page) => page.getByLabel("Notification PDF", { exact: true });

describe("uploading the notification PDF from the job form", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });
  const suffix = crypto.randomUUID().slice(0, 8);
  const title = `E2E Upload Clerk Recruitment ${suffix}`;
  const pdf = minimalPdf(`notice ${suffix}`);
  const scratch = mkdtempSync(path.join(tmpdir(), "govjobs-upload-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  let fileUrl = "";

  it("uploads a PDF, fills in its address, saves the job and serves the file for good", async () => {
    const before = await fileCount();
    const page = await browser.page();
    await openNewJob(page);
    await page.getByLabel("Post name", { exact: true }).fill(title);
    await page.getByLabel("Organization", { exact: true }).fill("E2E Upload Commission");
    await page
      .getByLabel("Short information", { exact: true })
      .fill(`Vacancies for clerks (${suffix}).`);
    await page.getByLabel("Employment type", { exact: true }).selectOption("FULL_TIME");
    await page.getByLabel("Job location (state)", { exact: true }).selectOption("Delhi");
    await page.getByLabel("Last date to apply", { exact: true }).fill("2031-03-31");
    await page.getByLabel("Minimum qualification", { exact: true }).selectOption("Graduate");
    await page.locator('[name="data.posts[0].post"]').fill("Clerk");
    await page.locator('[name="data.posts[0].total"]').fill("40");

    await upload(page, { name: "Notice 2031.pdf", mimeType: "application/pdf", buffer: pdf });
    await expect
      .poll(() => notificationInput(page).inputValue(), { timeout: 10_000 })
      .toMatch(/^\/files\/[0-9a-f]{64}\.pdf$/);
    fileUrl = await notificationInput(page).inputValue();
    await expect.poll(() => status(page).textContent()).toBe("Uploaded Notice 2031.pdf (1 KB).");
    expect(await fileCount()).toBe(before + 1);

    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await page.waitForURL(/\/admin\/manage-jobs\/edit\/[0-9a-f-]{36}\?saved=1$/);
    await page.getByText("Saved and published.").waitFor({ timeout: 10_000 });
    expect(await notificationInput(page).inputValue()).toBe(fileUrl);
    const slug = await page.getByLabel("Slug (web address)", { exact: true }).inputValue();

    // The public page links to the copy and says where it is kept.
    const html = await (await fetch(`${baseURL()}/jobs/${slug}`)).text();
    expect(html).toContain(`href="${fileUrl}"`);
    expect(html).toContain("Copy kept on this site");

    const res = await fetch(`${baseURL()}${fileUrl}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-disposition")).toContain('filename="Notice 2031.pdf"');
    const etag = res.headers.get("etag");
    expect(etag).toBe(`"${fileUrl.slice(7, 71)}"`);
    expect(Buffer.compare(Buffer.from(await res.arrayBuffer()), pdf)).toBe(0);

    const again = await fetch(`${baseURL()}${fileUrl}`, { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");

    // Another hash, or the right hash with another extension, is not there.
    const other = `/files/${"0".repeat(64)}.pdf`;
    expect((await fetch(`${baseURL()}${other}`)).status).toBe(404);
    expect((await fetch(`${baseURL()}${fileUrl.replace(/\.pdf$/, ".png")}`)).status).toBe(404);
    expect((await fetch(`${baseURL()}${fileUrl.replace(/\.pdf$/, ".html")}`)).status).toBe(404);
  });

  it("refuses a 20 MB file with a clear message and stores nothing", async () => {
    const before = await fileCount();
    const big = path.join(scratch, "huge-notice.pdf");
    const bytes = Buffer.alloc(20 * 1024 * 1024, 0x20);
    pdf.copy(bytes);
    writeFileSync(big, bytes);
    const page = await browser.page();
    await openNewJob(page);
    await upload(page, big);
    const alert = status(page).getByRole("alert");
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.textContent()).toBe("The file is 20.0 MB; the limit is 10 MB.");
    expect(await notificationInput(page).inputValue()).toBe("");
    expect(await fileCount()).toBe(before);
  });

  it("refuses an HTML page renamed .pdf with a clear message and stores nothing", async () => {
    const before = await fileCount();
    const page = await browser.page();
    await openNewJob(page);
    await upload(page, {
      name: "notice.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("<!DOCTYPE html><html><body><script>alert(1)</script></body></html>"),
    });
    const alert = status(page).getByRole("alert");
    await alert.waitFor({ timeout: 10_000 });
    expect(await alert.textContent()).toBe(
      "This file is not a PDF: it starts like HTML (a web page).",
    );
    expect(await notificationInput(page).inputValue()).toBe("");
    expect(await fileCount()).toBe(before);
  });
});

describe("the upload endpoint", () => {
  const form = (marker: string) => {
    const body = new FormData();
    body.set(
      "file",
      new Blob([new Uint8Array(minimalPdf(marker))], { type: "application/pdf" }),
      "n.pdf",
    );
    return body;
  };
  const post = (body: FormData, headers: Record<string, string>) =>
    fetch(`${baseURL()}/admin/files`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: baseURL(), ...headers },
      body,
    });

  it("refuses an anonymous visitor and stores nothing", async () => {
    const before = await fileCount();
    const res = await post(form(`anon ${crypto.randomUUID()}`), {});
    // The guard every admin action uses: off to the sign-in page.
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/login?next=%2Fadmin%2Ffiles");
    expect(await fileCount()).toBe(before);
    // A large body is read and dropped, so the refusal still arrives (no stalled connection).
    const large = new FormData();
    large.set("file", new Blob([new Uint8Array(5 * 1024 * 1024)]), "big.pdf");
    const refused = await post(large, {});
    expect(refused.status).toBe(302);
    expect(await fileCount()).toBe(before);
  });

  it("refuses a signed-in user who is not an admin and stores nothing", async () => {
    const before = await fileCount();
    const cookie = await signInByForm(baseURL(), EDITOR_NO_ADMIN.email, EDITOR_NO_ADMIN.password);
    const res = await post(form(`user ${crypto.randomUUID()}`), { cookie });
    // Sent home, as from every /admin path (spec §4, §6, §8).
    expect([res.status, res.headers.get("location")]).toEqual([302, "/"]);
    expect(await fileCount()).toBe(before);
  });

  it("refuses an admin's upload sent from another site and stores nothing", async () => {
    const before = await fileCount();
    const cookie = await signInByForm(baseURL(), ADMIN.email, ADMIN.password);
    const res = await post(form(`csrf ${crypto.randomUUID()}`), {
      cookie,
      origin: "https://evil.example",
    });
    expect(res.status).toBe(403);
    expect(await fileCount()).toBe(before);
    // The control: the same request from this site is stored.
    const ok = await post(form(`control ${crypto.randomUUID()}`), { cookie });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ url: expect.stringMatching(/^\/files\//) });
    expect(await fileCount()).toBe(before + 1);
  });
});
