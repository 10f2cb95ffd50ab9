import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { baseURL, useBrowser } from "./browser.ts";
import { withE2eDb } from "./db.ts";
import { EDITOR } from "./server.global.ts";
import { changedEntry, savedEntry, TEST_ACTOR } from "../test/writes.ts";

/**
 * Issue 26: "Restore this revision" on a live job wrote at once, and after it the same button in
 * the same place targeted the next revision: a double click restored two. Now restoring first
 * shows what will change and asks once; the confirmation carries the version it was shown at, so
 * a second click (or a stale tab) is refused and restores nothing more.
 */

async function signIn(page: Page) {
  await page.goto("/admin/login");
  if (new URL(page.url()).pathname === "/admin") return;
  await page.getByLabel("E-mail address", { exact: true }).fill(EDITOR.email);
  await page.getByLabel("Password", { exact: true }).fill(EDITOR.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
}

const made: string[] = [];

/** A live job with three revisions: last date 10 Jan, then 20 Jan, then 30 Jan 2031. */
async function jobWithHistory(title: string) {
  return withE2eDb(
    async (db) => {
      const write = (lastDate: string) => ({
        title,
        organization: "Restore Check Board",
        status: "published" as const,
        data: {
          summary: "A job whose last date was changed twice.",
          employmentType: "FULL_TIME",
          state: "Delhi",
          qualification: "Graduate",
          lastDate,
        },
      });

      const job = await savedEntry(db, "job", write("2031-01-10"), TEST_ACTOR);
      await changedEntry(db, job.id, write("2031-01-20"), TEST_ACTOR);
      await changedEntry(db, job.id, write("2031-01-30"), TEST_ACTOR);
      made.push(job.id);
      return job;
    },
    { write: true },
  );
}

const stored = (id: string) =>
  withE2eDb(async (db) => {
    const row = await db
      .selectFrom("entries")
      .select(["last_date", "updated_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const revisions = await db
      .selectFrom("revisions")
      .select("id")
      .where("subject_id", "=", id)
      .execute();
    const restores = await db
      .selectFrom("audit_log")
      .select("id")
      .where("action", "=", "entry.revision-restore")
      .where("detail", "like", `id ${id};%`)
      .execute();
    return {
      lastDate: row.last_date,
      version: row.updated_at,
      revisions: revisions.length,
      restores: restores.length,
    };
  });

afterAll(async () => {
  if (made.length)
    await withE2eDb((db) => db.deleteFrom("entries").where("id", "in", made).execute(), {
      write: true,
    });
});

for (const javaScriptEnabled of [true, false]) {
  describe(`restoring a revision, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    const browser = useBrowser({ viewport: { width: 1280, height: 900 }, javaScriptEnabled });

    it("shows what will change and asks once; a double click restores one revision", async () => {
      const title = `Restore Confirm Clerk ${crypto.randomUUID().slice(0, 8)}`;
      const job = await jobWithHistory(title);
      const page = await browser.page();
      await signIn(page);
      await page.goto(`/admin/manage-jobs/history/${job.id}`);
      const before = await stored(job.id);

      // Revision 2 (20 Jan) is shown against the current one (30 Jan). Double-click its button.
      await page.getByRole("heading", { name: /Revision 2 compared/ }).waitFor();
      await page.getByRole("link", { name: /Restore this revision/ }).dblclick();
      const question = page.getByRole("region", { name: /Restore revision 2\?/ });
      await question.waitFor();
      expect(await stored(job.id)).toEqual(before);
      // What will change: the last date, from now to after the restore.
      const line = question.locator('tr[data-changed="true"]', { hasText: "Last date to apply" });
      await expect(line.textContent()).resolves.toMatch(/30 Jan 2031.*20 Jan 2031/);
      await expect(question.textContent()).resolves.toContain("The status stays Published");

      await question.getByRole("button", { name: "Restore revision 2" }).dblclick();
      await page.getByText(/Revision 2 restored/).waitFor();
      // Give a second request (if the double click sent one) time to be answered.
      await page.waitForLoadState("networkidle");
      const after = await stored(job.id);
      expect(after.lastDate).toBe("2031-01-20");
      expect(after.restores).toBe(1);
      expect(after.revisions).toBe(before.revisions + 1);
      // The same place now holds no restore button for another revision.
      expect(await page.getByRole("button", { name: /Restore revision/ }).count()).toBe(0);
    });

    it("refuses a confirmation shown at an older version, restoring nothing", async () => {
      const job = await jobWithHistory(`Stale Restore Clerk ${crypto.randomUUID().slice(0, 8)}`);
      const page = await browser.page();
      await signIn(page);
      await page.goto(`/admin/manage-jobs/history/${job.id}`);
      await page.getByRole("link", { name: /Restore this revision/ }).click();
      const question = page.getByRole("region", { name: /Restore revision 2\?/ });
      await question.waitFor();
      // A colleague saves while the question is open.
      await withE2eDb(
        (db) =>
          changedEntry(
            db,
            job.id,
            {
              title: `Stale Restore Clerk changed`,
              organization: "Restore Check Board",
              status: "published",
              data: {
                summary: "Changed meanwhile.",
                employmentType: "FULL_TIME",
                state: "Delhi",
                qualification: "Graduate",
                lastDate: "2031-02-15",
              },
            },
            { id: null, email: null, name: "Colleague" },
          ),
        { write: true },
      );
      const before = await stored(job.id);
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        question.getByRole("button", { name: "Restore revision 2" }).click(),
      ]);
      expect(response.status()).toBe(409);
      await page.getByText(/Not restored: Colleague saved this job/).waitFor();
      expect(await stored(job.id)).toEqual(before);
      // The question is asked again against what is stored now.
      const again = page.getByRole("region", { name: /Restore revision 2\?/ });
      await expect.poll(() => again.textContent(), { timeout: 10_000 }).toMatch(/15 Feb 2031/);
    });
  });
}

describe("restoring through crafted requests", () => {
  it("needs the version the differences were shown at", async () => {
    const job = await jobWithHistory(`Crafted Restore Clerk ${crypto.randomUUID().slice(0, 8)}`);
    const login = await fetch(`${baseURL()}/admin/login`, {
      method: "POST",
      body: new URLSearchParams({ ...EDITOR, next: "/admin" }),
      redirect: "manual",
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const revisionId = await withE2eDb(
      async (db) =>
        (
          await db
            .selectFrom("revisions")
            .select("id")
            .where("subject_id", "=", job.id)
            .orderBy("created_at")
            .executeTakeFirstOrThrow()
        ).id,
    );
    const before = await stored(job.id);
    const post = (body: Record<string, string>) =>
      fetch(`${baseURL()}/admin/manage-jobs/history/${job.id}`, {
        method: "POST",
        headers: { cookie, origin: baseURL() },
        body: new URLSearchParams(body),
        redirect: "manual",
      });
    // Without a version (the old form), and with a wrong one: refused, nothing written.
    for (const body of [
      { intent: "restore", revisionId } as Record<string, string>,
      { intent: "restore", revisionId, version: "2020-01-01T00:00:00.000Z" },
    ]) {
      const res = await post(body);
      await res.arrayBuffer();
      expect([400, 409]).toContain(res.status);
    }
    expect(await stored(job.id)).toEqual(before);
    // Fifty at once with the right version: one restore.
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        post({ intent: "restore", revisionId, version: before.version }).then(async (r) => {
          await r.arrayBuffer();
          return r.status;
        }),
      ),
    );
    expect(answers.filter((s) => s === 302)).toHaveLength(1);
    const after = await stored(job.id);
    expect(after.restores).toBe(1);
    expect(after.lastDate).toBe("2031-01-10");
  });
});
