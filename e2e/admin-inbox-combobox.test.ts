import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteEntries, trashEntries } from "~/entries/entries.service.server.ts";
import { countUnreadMessages, createMessage } from "~/messages/messages.repository.server.ts";
import { baseURL, useBrowser } from "./browser.ts";
import { withE2eDb } from "./db.ts";
import { ADMIN } from "./server.global.ts";
import { TEST_ACTOR } from "../test/writes.ts";

const tag = crypto.randomUUID().slice(0, 8);

async function signIn(page: Page) {
  await page.goto("/admin/login");
  if (new URL(page.url()).pathname === "/admin") return;
  await page.getByLabel("E-mail address", { exact: true }).fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
}

/** The editor has hydrated once the slug's placeholder follows the title (see admin-entries). */
async function editorHydrated(page: Page) {
  await page.waitForFunction(() => {
    const slug = document.querySelector<HTMLInputElement>('input[name="slug"]');
    return !!slug && slug.placeholder !== "made-from-the-title";
  });
}

const resultTitles: string[] = [];

/** Fill a result's required fields; the job is left to the test. */
async function fillResult(page: Page, title: string) {
  resultTitles.push(title);
  await page.getByLabel("Exam name", { exact: true }).fill(title);
  await page.getByLabel("Organization", { exact: true }).fill("E2E Picker Board");
  await page.getByLabel("Short information", { exact: true }).fill(`Result ${title}.`);
  await page.getByLabel("Result declared on", { exact: true }).fill("2026-11-20");
}

const savedResultJob = (title: string) =>
  withE2eDb((db) =>
    db
      .selectFrom("entries")
      .select(["job_id", "status"])
      .where("kind", "=", "result")
      .where("title", "=", title)
      .executeTakeFirstOrThrow(),
  );

afterAll(async () => {
  // The results this file made leave the shared database for good.
  await withE2eDb(
    async (db) => {
      const rows = await db
        .selectFrom("entries")
        .select("id")
        .where("title", "in", resultTitles.length ? resultTitles : ["-"])
        .execute();
      const ids = rows.map((r) => r.id);
      await trashEntries(db, "result", ids, TEST_ACTOR);
      await deleteEntries(db, ids, TEST_ACTOR);
      await db.deleteFrom("messages").where("name", "like", `%${tag}`).execute();
    },
    { write: true },
  );
});

describe("the messages inbox", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });
  const name = `Inbox Reader ${tag}`;
  const email = `reader-${tag}@example.com`;
  const text = `Is the answer key out?\nI applied for roll no. 42 & want to check ${tag}.`;

  beforeAll(async () => {
    await withE2eDb((db) => createMessage(db, { name, email, message: text }));
  });

  it("shows the unread count in the menu and lowers it when a message is opened", async () => {
    const page = await browser.page();
    await signIn(page);
    await page.goto("/admin/messages");
    const unread = await withE2eDb((db) => countUnreadMessages(db));
    expect(unread).toBeGreaterThan(0);
    const nav = page.getByRole("navigation", { name: "Admin" });
    await nav.getByRole("link", { name: `Messages, ${unread} unread`, exact: true }).waitFor();

    await page.getByRole("link", { name: new RegExp(name) }).click();
    await page.getByTestId("message-text").waitFor();
    const after = unread - 1;
    await nav
      .getByRole("link", {
        name: after > 0 ? `Messages, ${after} unread` : "Messages",
        exact: true,
      })
      .waitFor();
    const status = await withE2eDb((db) =>
      db.selectFrom("messages").select("status").where("name", "=", name).executeTakeFirstOrThrow(),
    );
    expect(status.status).toBe("read");
  });

  it("offers Reply as a mailto: link with the subject and the message quoted", async () => {
    const page = await browser.page();
    await signIn(page);
    await page.goto("/admin/messages?status=read");
    await page.getByRole("link", { name: new RegExp(name) }).click();
    const href = await page.getByRole("link", { name: "Reply", exact: true }).getAttribute("href");
    expect(href).toMatch(
      new RegExp(
        `^mailto:reader-${tag}@example\\.com\\?subject=Re%3A%20Your%20message%20to%20govjobs&body=`,
      ),
    );
    const body = new URL(href!).searchParams.get("body")!;
    expect(body).toMatch(
      new RegExp(
        `^\\r\\n\\r\\nOn \\d{1,2} \\w{3} \\d{4}, \\d\\d:\\d\\d \\(India time\\), ${name} <${email}> wrote:\\r\\n`,
      ),
    );
    expect(body).toContain(
      `> Is the answer key out?\r\n> I applied for roll no. 42 & want to check ${tag}.`,
    );
  });
});

describe("the related-job picker", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });
  let job: { id: string; title: string };

  beforeAll(async () => {
    // A published demo job with a title of several words.
    job = await withE2eDb((db) =>
      db
        .selectFrom("entries")
        .select(["id", "title"])
        .where("kind", "=", "job")
        .where("status", "=", "published")
        .where("deleted_at", "is", null)
        .where("title", "like", "% % % %")
        .orderBy("created_at")
        .executeTakeFirstOrThrow(),
    );
  });

  it("finds a job by part of its title, is chosen with the keyboard, and links the result", async () => {
    const page = await browser.page();
    await signIn(page);
    await page.goto("/admin/manage-results/add");
    // The text field becomes a combobox once the page has hydrated.
    const box = page.getByRole("combobox", { name: "Job it belongs to" });
    await box.waitFor();
    const title = `E2E Picker Result ${tag}`;
    await fillResult(page, title);

    expect(await box.getAttribute("aria-expanded")).toBe("false");
    // Two words from inside the title, the last one cut short.
    const words = job.title.split(/\s+/);
    const typed = `${words[1]} ${words[2].slice(0, Math.max(2, words[2].length - 1))}`;
    await box.click();
    await page.keyboard.type(typed);
    const listbox = page.getByRole("listbox", { name: "Jobs" });
    const option = listbox.getByRole("option", { name: new RegExp(`^${escape(job.title)}`) });
    await option.waitFor();
    expect(await box.getAttribute("aria-expanded")).toBe("true");
    expect(await box.getAttribute("aria-controls")).toBe(await listbox.getAttribute("id"));

    const names = await listbox.getByRole("option").allTextContents();
    const index = names.findIndex((n) => n.startsWith(job.title));
    expect(index).toBeGreaterThanOrEqual(0);

    // Escape closes the list without choosing.
    await page.keyboard.press("Escape");
    expect(await box.getAttribute("aria-expanded")).toBe("false");
    expect(await page.locator('input[type="hidden"][name="jobId"]').inputValue()).toBe("");

    // Down opens it again on the first option; down to the job, then Enter chooses it.
    for (let i = 0; i <= index; i++) await page.keyboard.press("ArrowDown");
    expect(await box.getAttribute("aria-expanded")).toBe("true");
    expect(await option.getAttribute("aria-selected")).toBe("true");
    expect(await box.getAttribute("aria-activedescendant")).toBe(await option.getAttribute("id"));
    await page.keyboard.press("Enter");
    expect(await box.getAttribute("aria-expanded")).toBe("false");
    expect(await box.inputValue()).toBe(job.title);
    expect(await page.locator('input[type="hidden"][name="jobId"]').inputValue()).toBe(job.id);
    // Enter chose; it did not send the form.
    expect(new URL(page.url()).pathname).toBe("/admin/manage-results/add");

    await page.getByLabel("Status", { exact: true }).selectOption("draft");
    await page.getByRole("button", { name: "Save draft", exact: true }).click();
    await page.waitForURL(/\/admin\/manage-results\/edit\/[^/?]+\?saved=1$/);
    const saved = await savedResultJob(title);
    expect(saved.job_id).toBe(job.id);
    expect(saved.status).toBe("draft");

    // The form shows the linked job's title when it opens, and Clear unlinks it.
    await page.reload();
    await editorHydrated(page);
    const opened = page.getByRole("combobox", { name: "Job it belongs to" });
    expect(await opened.inputValue()).toBe(job.title);
    await page.getByRole("button", { name: "Clear job" }).click();
    expect(await opened.inputValue()).toBe("");
    await page.getByLabel("Status", { exact: true }).selectOption("draft");
    // "Draft saved." still shows from the first save (?saved=1): wait for this save's answer.
    const answered = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Save draft", exact: true }).click();
    await answered;
    await page.getByText("Draft saved.").waitFor();
    expect((await savedResultJob(title)).job_id).toBeNull();
  });

  it("answers the search with at most 20 jobs as JSON to an admin, and refuses anyone else", async () => {
    const page = await browser.page();
    await signIn(page);
    const word = job.title.split(/\s+/)[0];
    const res = await page.request.get(`/admin/job-search?q=${encodeURIComponent(word)}`);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/^application\/json/);
    const { jobs } = (await res.json()) as { jobs: { id: string; title: string }[] };
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.length).toBeLessThanOrEqual(20);

    const anonymous = await fetch(`${baseURL()}/admin/job-search?q=${encodeURIComponent(word)}`, {
      redirect: "manual",
    });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/admin\/login\?next=/);
    expect(await anonymous.text()).not.toContain(job.title);
  });
});

describe("the related-job picker without JavaScript", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });

  it("links the job whose exact title is typed, and names the problem otherwise", async () => {
    const job = await withE2eDb((db) =>
      db
        .selectFrom("entries")
        .select(["id", "title"])
        .where("kind", "=", "job")
        .where("status", "=", "published")
        .where("deleted_at", "is", null)
        .orderBy("created_at", "desc")
        .executeTakeFirstOrThrow(),
    );
    const page = await browser.page();
    await signIn(page);
    await page.goto("/admin/manage-results/add");
    const title = `E2E Picker Result no JS ${tag}`;
    await fillResult(page, title);
    const field = page.getByLabel("Job it belongs to", { exact: true });
    expect(await field.getAttribute("role")).toBeNull();

    await field.fill(`No such job ${tag}`);
    await page.getByLabel("Status", { exact: true }).selectOption("draft");
    await page.getByRole("button", { name: "Save draft", exact: true }).click();
    await page
      .getByText(`No job matches “No such job ${tag}”.`, { exact: false })
      .first()
      .waitFor();
    expect(await page.getByLabel("Job it belongs to", { exact: true }).inputValue()).toBe(
      `No such job ${tag}`,
    );

    await page.getByLabel("Job it belongs to", { exact: true }).fill(job.title);
    await page.getByLabel("Status", { exact: true }).selectOption("draft");
    await page.getByRole("button", { name: "Save draft", exact: true }).click();
    await page.waitForURL(/\/admin\/manage-results\/edit\/[^/?]+\?saved=1$/);
    expect((await savedResultJob(title)).job_id).toBe(job.id);
    expect(await page.getByLabel("Job it belongs to", { exact: true }).inputValue()).toBe(
      job.title,
    );
  });
});

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
