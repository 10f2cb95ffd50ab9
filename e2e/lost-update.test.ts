import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createEntry } from "~/server/entries/writes.server.ts";
import { useBrowser } from "./browser.ts";
import { withE2eDb } from "./db.ts";
import { ADMIN } from "./server.global.ts";

async function signIn(page: Page) {
  await page.goto("/admin/login");
  if (new URL(page.url()).pathname === "/admin") return;
  await page.getByLabel("E-mail address", { exact: true }).fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
}

async function openEditor(page: Page, id: string) {
  await page.goto(`/admin/manage-jobs/edit/${id}`);
  await page.waitForFunction(() => {
    const slug = document.querySelector<HTMLInputElement>('input[name="slug"]');
    return !!slug && slug.placeholder !== "made-from-the-title";
  });
}

const stored = (id: string) =>
  withE2eDb(async (db) => {
    const row = await db
      .selectFrom("entries")
      .select(["data", "updated_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return { data: JSON.parse(row.data) as Record<string, unknown>, version: row.updated_at };
  });

describe("two editors on one job", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });

  it("refuses the stale save with who saved and what changed, and loses nothing typed", async () => {
    const job = await withE2eDb(
      (db) =>
        createEntry(
          db,
          "job",
          {
            title: "Lost Update Test Clerk Recruitment 2026",
            organization: "Central Staff Selection Agency",
            status: "published",
            data: {
              summary: "A job two editors change at once.",
              employmentType: "FULL_TIME",
              state: "Delhi",
              lastDate: "2030-01-31",
              examDate: "2030-03-01",
              feeNote: "Pay online.",
              qualification: "Graduate",
            },
          },
          { id: null, name: "Test" },
        ),
      { write: true },
    );
    const tabA = await browser.page();
    await signIn(tabA);
    const tabB = await browser.page();
    // Both tabs open the job before either saves.
    await openEditor(tabA, job.id);
    await openEditor(tabB, job.id);

    await tabA.getByLabel("Exam date", { exact: true }).fill("2030-04-15");
    await tabA.getByRole("button", { name: "Update", exact: true }).click();
    await tabA.waitForURL(/saved=1/);
    await tabA.getByText("Saved and published.").first().waitFor();

    await tabB.getByLabel("How to pay", { exact: true }).fill("Pay by UPI only.");
    const [response] = await Promise.all([
      tabB.waitForResponse((r) => r.request().method() === "POST"),
      tabB.getByRole("button", { name: "Update", exact: true }).click(),
    ]);
    expect(response.status()).toBe(409);
    const alert = tabB.getByRole("alert").filter({ hasText: "Not saved" });
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toContain("saved this job at");
    // The diff names A's change: the exam date, from what B loaded to what is stored now.
    const examLine = alert.locator('tr[data-changed="true"]', { hasText: "Exam date" });
    await expect(examLine.textContent()).resolves.toMatch(/1 Mar 2030.*15 Apr 2030/);
    // B's typing is still in the form; the database has A's date and not B's note.
    await expect(tabB.getByLabel("How to pay", { exact: true }).inputValue()).resolves.toBe(
      "Pay by UPI only.",
    );
    const afterRefusal = await stored(job.id);
    expect(afterRefusal.data).toMatchObject({ examDate: "2030-04-15", feeNote: "Pay online." });

    // B takes A's date into the form and saves again: both changes are kept.
    await tabB.getByLabel("Exam date", { exact: true }).fill("2030-04-15");
    await tabB.getByRole("button", { name: "Update", exact: true }).click();
    await tabB.waitForURL(/saved=1/);
    const final = await stored(job.id);
    expect(final.data).toMatchObject({ examDate: "2030-04-15", feeNote: "Pay by UPI only." });
    expect(final.version > afterRefusal.version).toBe(true);
  });
});
