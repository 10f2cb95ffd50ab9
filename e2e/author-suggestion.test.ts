import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, useBrowser } from "./browser.ts";
import { withE2eDb } from "./db.ts";
import { AUTHOR, EDITOR } from "./server.global.ts";
import { savedEntry } from "../test/writes.ts";

/**
 * Issue 26: once an editor published an author's job, the author's save replaced the form with
 * "Not allowed for your role" (403): what they typed was lost, nothing said the job was
 * published, their dashboard said "Nothing yet" and they could not open their own entry. Now the
 * refused save keeps every word, says who published it and when, and offers to send the edit as
 * a suggested change, which an editor applies (a normal save: revision, change log, audit, cache)
 * or declines from the review queue.
 */

type Credentials = { email: string; password: string };

async function signIn(page: Page, who: Credentials) {
  await page.goto("/admin/login");
  await page.getByLabel("E-mail address", { exact: true }).fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
}

async function hydrated(page: Page) {
  await page.waitForFunction(
    () =>
      document.querySelector<HTMLInputElement>('input[name="slug"]')?.placeholder !==
      "made-from-the-title",
  );
}

const made: string[] = [];
let authorId = "";

beforeAll(async () => {
  authorId = await withE2eDb(
    async (db) =>
      (
        await db
          .selectFrom("user")
          .select("id")
          .where("email", "=", AUTHOR.email)
          .executeTakeFirstOrThrow()
      ).id,
  );
});

afterAll(async () => {
  if (made.length)
    await withE2eDb((db) => db.deleteFrom("entries").where("id", "in", made).execute(), {
      write: true,
    });
});

/** The author's submission, waiting for review. */
async function submission(title: string) {
  const entry = await withE2eDb(
    (db) =>
      savedEntry(
        db,
        "job",
        {
          title,
          organization: "Central Staff Selection Agency",
          status: "pending",
          data: {
            summary: "Clerk posts, submitted for review.",
            employmentType: "FULL_TIME",
            state: "Delhi",
            qualification: "Graduate",
            lastDate: "2031-01-31",
            feeNote: "Pay online.",
          },
        },
        { id: authorId, email: AUTHOR.email, name: "Author" },
      ),
    { write: true },
  );
  made.push(entry.id);
  return entry;
}

const stored = (id: string) =>
  withE2eDb(async (db) => {
    const row = await db
      .selectFrom("entries")
      .select(["status", "data", "updated_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const audit = await db
      .selectFrom("audit_log")
      .select("action")
      .where("detail", "like", `id ${id}%`)
      .orderBy("created_at")
      .execute();
    return {
      status: row.status,
      data: JSON.parse(row.data) as Record<string, unknown>,
      version: row.updated_at,
      audit: audit.map((a) => a.action),
    };
  });

describe("an author's late edit after an editor published it", () => {
  const authorBrowser = useBrowser({ viewport: { width: 1280, height: 900 } });
  const editorBrowser = useBrowser({ viewport: { width: 1280, height: 900 } });

  it("keeps the author's text, lands a suggested change in the review queue, and the editor applies it", async () => {
    const title = `Suggestion Race Clerk ${crypto.randomUUID().slice(0, 8)}`;
    const entry = await submission(title);
    const author = await authorBrowser.page();
    await signIn(author, AUTHOR);
    await author.goto(`/admin/manage-jobs/edit/${entry.id}`);
    await hydrated(author);

    // The editor approves it from the review queue while the author is still typing.
    const editor = await editorBrowser.page();
    await signIn(editor, EDITOR);
    await editor.getByRole("button", { name: `Approve and publish ${title}`, exact: true }).click();
    await editor.getByText(`Approved and published: ${title}`).waitFor();
    expect((await stored(entry.id)).status).toBe("published");

    await author.getByLabel("How to pay", { exact: true }).fill("Pay online or at a post office.");
    const [answer] = await Promise.all([
      author.waitForResponse((r) => r.request().method() === "POST"),
      author.getByRole("button", { name: "Submit for review", exact: true }).click(),
    ]);
    expect(answer.status()).toBe(409);
    const notice = author.getByRole("alert").filter({ hasText: "Not saved" });
    await notice.waitFor();
    await expect(notice.textContent()).resolves.toMatch(/editor@govjobs\.test|editor/i);
    await expect(notice.textContent()).resolves.toMatch(
      /published this job at \d+ \w+ \d{4}, \d\d:\d\d/,
    );
    // Nothing typed is lost: the form is still there with the author's words.
    await expect(author.getByLabel("How to pay", { exact: true }).inputValue()).resolves.toBe(
      "Pay online or at a post office.",
    );
    expect(await author.getByText("Not allowed for your role").count()).toBe(0);

    await author.getByRole("button", { name: "Send as a suggested change" }).click();
    await author.getByText(/Sent to the editors as a suggested change/).waitFor();
    const afterSuggest = await stored(entry.id);
    expect(afterSuggest.data.feeNote).toBe("Pay online.");
    expect(afterSuggest.audit).toContain("entry.suggest");

    // The author's dashboard lists the published job, and it opens (read only) for them.
    await author.goto("/admin");
    const mine = author.locator("section", { has: author.getByRole("heading", { name: /^Your/ }) });
    await mine.getByRole("link", { name: title, exact: true }).click();
    await author.waitForURL((url) => url.pathname === `/admin/manage-jobs/edit/${entry.id}`);
    await author.getByText(/waiting for an editor/).waitFor();
    const preview = await author.goto(`/admin/manage-jobs/preview/${entry.id}`);
    expect(preview?.status()).toBe(200);

    // The editor's review queue shows the suggestion with what it changes, and applies it.
    await editor.goto("/admin");
    const item = editor.locator("[data-suggestion]", { hasText: title });
    await item.waitFor();
    const line = item.locator('tr[data-changed="true"]', { hasText: "How to pay" });
    await expect(line.textContent()).resolves.toMatch(
      /Pay online\..*Pay online or at a post office\./,
    );
    await item.getByRole("button", { name: /^Apply/ }).click();
    await editor.getByText(/Suggested change applied/).waitFor();
    const applied = await stored(entry.id);
    expect(applied.status).toBe("published");
    expect(applied.data.feeNote).toBe("Pay online or at a post office.");
    expect(applied.audit).toContain("entry.apply-suggestion");
    expect(await editor.locator("[data-suggestion]", { hasText: title }).count()).toBe(0);
    // Public at once: the page cache heard of the write.
    const page = await fetch(`${baseURL()}/jobs/${entry.slug}`);
    expect(await page.text()).toContain("Pay online or at a post office.");
  });

  it("lets an editor decline a suggestion, changing nothing public", async () => {
    const title = `Suggestion Decline Clerk ${crypto.randomUUID().slice(0, 8)}`;
    const entry = await submission(title);
    const editor = await editorBrowser.page();
    await editor.goto("/admin");
    await editor.getByRole("button", { name: `Approve and publish ${title}`, exact: true }).click();
    await editor.getByText(`Approved and published: ${title}`).waitFor();

    // The author opens their published job (read only) and sends a change from there.
    const author = await authorBrowser.page();
    await author.goto(`/admin/manage-jobs/edit/${entry.id}`);
    await hydrated(author);
    expect(await author.getByRole("button", { name: "Submit for review" }).count()).toBe(0);
    await author.getByLabel("How to pay", { exact: true }).fill("Pay in cash.");
    await author.getByRole("button", { name: "Send as a suggested change" }).click();
    await author.getByText(/Sent to the editors as a suggested change/).waitFor();
    const before = await stored(entry.id);

    await editor.goto("/admin");
    const item = editor.locator("[data-suggestion]", { hasText: title });
    await item.getByRole("button", { name: /^Decline/ }).click();
    await editor.getByText(/Suggested change declined/).waitFor();
    const after = await stored(entry.id);
    expect(after.data).toEqual(before.data);
    expect(after.version).toBe(before.version);
    expect(after.audit).toContain("entry.decline-suggestion");
    await author.goto(`/admin/manage-jobs/edit/${entry.id}`);
    await author.getByText(/declined by/).waitFor();
  });
});
