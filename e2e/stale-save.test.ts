import type { Page, Request } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { baseURL, useBrowser } from "./browser.ts";
import { withE2eDb } from "./db.ts";
import { ADMIN, EDITOR } from "./server.global.ts";
import { savedEntry, TEST_ACTOR } from "../test/writes.ts";

/**
 * Issue 26: a refused save (409) was announced only at the top of a 7,000 px form, and the form
 * still held the old last date, so pressing Update again overwrote the colleague's extension.
 * Now the focus goes to the refusal, what only the colleague changed is in the form, each field
 * both changed is marked where it is with both values and "use theirs / keep mine", and no save
 * (in the browser or on the server) goes through until each is decided.
 */

type Credentials = { email: string; password: string };

async function signIn(page: Page, who: Credentials) {
  await page.goto("/admin/login");
  if (new URL(page.url()).pathname === "/admin") return;
  await page.getByLabel("E-mail address", { exact: true }).fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
}

const made: string[] = [];
afterAll(async () => {
  if (made.length)
    await withE2eDb((db) => db.deleteFrom("entries").where("id", "in", made).execute(), {
      write: true,
    });
});

async function aJob(title: string) {
  const job = await withE2eDb(
    (db) =>
      savedEntry(
        db,
        "job",
        {
          title,
          organization: "Central Staff Selection Agency",
          status: "published",
          data: {
            summary: "A job two editors change at once.",
            employmentType: "FULL_TIME",
            state: "Delhi",
            qualification: "Graduate",
            lastDate: "2030-01-31",
            examDate: "2030-03-01",
            feeNote: "Pay online.",
          },
        },
        TEST_ACTOR,
      ),
    { write: true },
  );
  made.push(job.id);
  return job;
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

/** The colleague's save, through the form: the last date extended and the exam moved. */
async function colleagueSaves(page: Page, id: string) {
  await page.goto(`/admin/manage-jobs/edit/${id}`);
  await page.getByLabel("Last date to apply", { exact: true }).fill("2030-02-28");
  await page.getByLabel("Exam date", { exact: true }).fill("2030-04-15");
  await page.getByRole("button", { name: "Update", exact: true }).click();
  await page.waitForURL(/saved=1/);
}

/** Send a captured form post again, as a browser's "resend" would. */
async function replay(page: Page, request: Request) {
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const res = await fetch(`${baseURL()}${new URL(request.url()).pathname}`, {
    method: "POST",
    headers: {
      cookie,
      origin: baseURL(),
      "content-type": request.headers()["content-type"] ?? "application/x-www-form-urlencoded",
    },
    body: request.postData() ?? "",
    redirect: "manual",
  });
  await res.arrayBuffer();
  return res.status;
}

for (const javaScriptEnabled of [true, false]) {
  describe(`a refused save, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    const mine = useBrowser({ viewport: { width: 1280, height: 900 }, javaScriptEnabled });
    const colleague = useBrowser({ viewport: { width: 1280, height: 900 } });

    it("marks each field both changed in place, keeps the colleague's extension, and saves only once each is decided", async () => {
      const job = await aJob(`Stale Save Clerk ${crypto.randomUUID().slice(0, 8)}`);
      const tab = await mine.page();
      await signIn(tab, EDITOR);
      const other = await colleague.page();
      await signIn(other, ADMIN);
      await tab.goto(`/admin/manage-jobs/edit/${job.id}`);
      if (javaScriptEnabled)
        await tab.waitForFunction(
          () =>
            document.querySelector<HTMLInputElement>('input[name="slug"]')?.placeholder !==
            "made-from-the-title",
        );
      await colleagueSaves(other, job.id);
      const theirs = await stored(job.id);

      await tab.getByLabel("Exam date", { exact: true }).fill("2030-05-01");
      await tab.getByLabel("How to pay", { exact: true }).fill("Pay by UPI only.");
      const [first] = await Promise.all([
        tab.waitForResponse((r) => r.request().method() === "POST"),
        tab.getByRole("button", { name: "Update", exact: true }).click(),
      ]);
      expect(first.status()).toBe(409);
      const refusal = tab.getByRole("alert").filter({ hasText: "Not saved" });
      await refusal.waitFor();
      if (javaScriptEnabled)
        // The focus is on the refusal, not left at the bottom of a long form.
        await expect(
          refusal.evaluate(
            (el) => el === document.activeElement || el.contains(document.activeElement),
          ),
        ).resolves.toBe(true);
      await expect(refusal.textContent()).resolves.toMatch(/Exam date/);
      // Everything the colleague changed is listed too, from what this tab loaded to what is stored.
      const examLine = refusal.locator('tr[data-changed="true"]', { hasText: "Exam date" });
      await expect(examLine.textContent()).resolves.toMatch(/1 Mar 2030.*15 Apr 2030/);

      // Only the colleague changed the last date: the form now holds their extension.
      await expect(
        tab.getByLabel("Last date to apply", { exact: true }).inputValue(),
      ).resolves.toBe("2030-02-28");
      // Both changed the exam date: marked where it is, with both values and the two choices.
      const mark = tab.locator('[data-conflict="data.examDate"]');
      await expect(mark.textContent()).resolves.toMatch(/15 Apr 2030/);
      await expect(mark.textContent()).resolves.toMatch(/1 May 2030/);
      const field = tab.locator('[data-field="data.examDate"]');
      expect(await field.locator('[data-conflict="data.examDate"]').count()).toBe(1);
      await expect(tab.getByLabel("How to pay", { exact: true }).inputValue()).resolves.toBe(
        "Pay by UPI only.",
      );
      if (javaScriptEnabled)
        await expect(
          tab.getByRole("button", { name: "Update", exact: true }).isDisabled(),
        ).resolves.toBe(true);

      // Sent again as it was (a blind resubmit), or with the new version but no decision: refused.
      expect(await replay(tab, first.request())).toBe(409);
      expect(await stored(job.id)).toEqual(theirs);
      if (!javaScriptEnabled) {
        const [second] = await Promise.all([
          tab.waitForResponse((r) => r.request().method() === "POST"),
          tab.getByRole("button", { name: "Update", exact: true }).click(),
        ]);
        expect(second.status()).toBe(409);
        await tab.locator('[data-conflict="data.examDate"]').waitFor();
        expect(await stored(job.id)).toEqual(theirs);
      }

      // Decided: theirs with JavaScript (the input takes their date), mine without.
      const choice = javaScriptEnabled ? "Use theirs" : "Keep mine";
      await tab.locator('[data-conflict="data.examDate"]').getByLabel(new RegExp(choice)).check();
      if (javaScriptEnabled)
        await expect(tab.getByLabel("Exam date", { exact: true }).inputValue()).resolves.toBe(
          "2030-04-15",
        );
      await tab.getByRole("button", { name: "Update", exact: true }).click();
      await tab.waitForURL(/saved=1/);
      const final = await stored(job.id);
      expect(final.data).toMatchObject({
        lastDate: "2030-02-28",
        examDate: javaScriptEnabled ? "2030-04-15" : "2030-05-01",
        feeNote: "Pay by UPI only.",
      });
    });
  });
}
