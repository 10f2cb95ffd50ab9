import type { APIResponse, Page } from "playwright-core";
import { afterAll, describe, expect, it, vi } from "vitest";
import { baseURL, useBrowser } from "./browser.ts";
import { withE2eDb } from "./db.ts";
import { AUTHOR, EDITOR } from "./server.global.ts";
import { savedEntry } from "../test/writes.ts";

/**
 * Issue 13 in a real browser against the e2e server's database: an author writes a job and
 * submits it for review but cannot publish it (the controls are absent and the server refuses the
 * crafted requests, changing nothing); an editor finds it in the review queue and approves it.
 */

type Credentials = { email: string; password: string };

/** Through the real sign-in form (the browser must not be signed in yet). */
async function signIn(page: Page, user: Credentials) {
  await page.goto("/admin/login");
  expect(new URL(page.url()).pathname).toBe("/admin/login");
  await page.getByLabel("E-mail address", { exact: true }).fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
}

/** The editor has hydrated once the slug's placeholder follows the title (browser only). */
async function editorHydrated(page: Page) {
  await page.waitForFunction(() => {
    const slug = document.querySelector<HTMLInputElement>('input[name="slug"]');
    return !!slug && slug.placeholder !== "made-from-the-title";
  });
}

async function userId(email: string): Promise<string> {
  return withE2eDb(
    async (db) =>
      (
        await db
          .selectFrom("user")
          .select("id")
          .where("email", "=", email)
          .executeTakeFirstOrThrow()
      ).id,
  );
}

/** Everything a refused request must leave as it was: the row, its revisions, the audit log. */
async function stateOf(entryId: string, authorId: string) {
  return withE2eDb(async (db) => {
    const row = await db
      .selectFrom("entries")
      .selectAll()
      .where("id", "=", entryId)
      .executeTakeFirstOrThrow();
    const revisions = await db
      .selectFrom("revisions")
      .select(["id", "created_at"])
      .where("subject_id", "=", entryId)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    const audit = await db
      .selectFrom("audit_log")
      .selectAll()
      .where((eb) =>
        eb.or([eb("detail", "=", `id ${entryId}`), eb("detail", "like", `id ${entryId};%`)]),
      )
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    const byAuthor = await db
      .selectFrom("audit_log")
      .select("id")
      .where("actor_id", "=", authorId)
      .orderBy("id")
      .execute();
    const authorsEntries = await db
      .selectFrom("entries")
      .select("id")
      .where("created_by", "=", authorId)
      .orderBy("id")
      .execute();
    return { row, revisions, audit, byAuthor, authorsEntries };
  });
}

async function auditRows(entryId: string, action: string) {
  return withE2eDb((db) =>
    db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", action)
      .where((eb) =>
        eb.or([eb("detail", "=", `id ${entryId}`), eb("detail", "like", `id ${entryId};%`)]),
      )
      .execute(),
  );
}

/** Entries waiting for review (the dashboard lists and counts up to 50). */
async function pendingCount(): Promise<number> {
  return withE2eDb(async (db) => {
    const { n } = await db
      .selectFrom("entries")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "pending")
      .where("deleted_at", "is", null)
      .executeTakeFirstOrThrow();
    return Number(n);
  });
}

async function publicStatus(path: string): Promise<number> {
  const res = await fetch(`${baseURL()}${path}`, { redirect: "manual" });
  await res.arrayBuffer();
  return res.status;
}

describe("roles: an author submits, cannot publish; an editor approves", () => {
  const authorBrowser = useBrowser({ viewport: { width: 1280, height: 900 } });
  const editorBrowser = useBrowser({ viewport: { width: 1280, height: 900 } });
  const suffix = crypto.randomUUID().slice(0, 8);
  const title = `Roles Test Field Assistant Recruitment ${suffix}`;
  const made: string[] = [];
  let id = "";
  let slug = "";
  let authorId = "";
  let editorId = "";

  afterAll(async () => {
    // Leave the site as it was: the entries made here go (their revisions and links with them).
    if (made.length)
      await withE2eDb((db) => db.deleteFrom("entries").where("id", "in", made).execute(), {
        write: true,
      });
  });

  it("offers an author no status select and no publish or trash control; Submit for review stores Pending, audited, not public", async () => {
    authorId = await userId(AUTHOR.email);
    editorId = await userId(EDITOR.email);
    const page = await authorBrowser.page();
    await signIn(page, AUTHOR);
    // The author's dashboard is not the review queue.
    await page.getByRole("heading", { name: "Your entries" }).waitFor();
    expect(await page.getByRole("heading", { name: /^Pending review/ }).count()).toBe(0);

    const add = await page.goto("/admin/manage-jobs/add");
    expect(add?.status()).toBe(200);
    // A new form has hydrated once the slug's placeholder follows the title typed.
    const titleInput = page.getByLabel("Post name", { exact: true });
    const slugInput = page.getByLabel("Slug (web address)", { exact: true });
    await vi.waitFor(
      async () => {
        await titleInput.fill(title);
        expect(await slugInput.getAttribute("placeholder")).toBe(
          `roles-test-field-assistant-recruitment-${suffix}`,
        );
      },
      { timeout: 15_000, interval: 200 },
    );
    await expectAuthorControls(page);

    await page.getByLabel("Organization", { exact: true }).fill("Roles Test Commission");
    await page
      .getByLabel("Short information", { exact: true })
      .fill(`Vacancies for field assistants (${suffix}).`);
    await page.getByLabel("Employment type", { exact: true }).selectOption("FULL_TIME");
    await page.getByLabel("Job location (state)", { exact: true }).selectOption("Delhi");
    await page.getByLabel("Application starts", { exact: true }).fill("2031-01-05");
    await page.getByLabel("Last date to apply", { exact: true }).fill("2031-03-31");
    await page.getByLabel("Minimum qualification", { exact: true }).selectOption("Graduate");
    await page.locator('[name="data.posts[0].post"]').fill("Field Assistant");
    await page.locator('[name="data.posts[0].total"]').fill("40");
    await page
      .getByLabel("Apply online", { exact: true })
      .fill("https://roles.example.gov.in/apply");
    await page.getByLabel("Official website", { exact: true }).fill("https://roles.example.gov.in");

    // First a draft: stored as one, by the author.
    await page.getByRole("button", { name: "Save draft", exact: true }).click();
    const editUrl = /\/admin\/manage-jobs\/edit\/([0-9a-f-]{36})\?saved=1$/;
    await page.waitForURL(editUrl);
    id = editUrl.exec(page.url())![1];
    made.push(id);
    await page.getByText("Draft saved. It is not on the site.").waitFor();
    const draft = await withE2eDb((db) =>
      db
        .selectFrom("entries")
        .select(["status", "slug", "created_by", "title"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow(),
    );
    expect(draft).toMatchObject({ status: "draft", created_by: authorId, title });
    slug = draft.slug;
    expect(await auditRows(id, "entry.submit")).toHaveLength(0);

    // The edit page of the author's own draft: the same two buttons, still no publish or trash.
    await editorHydrated(page);
    await expectAuthorControls(page);

    const [sent] = await Promise.all([
      // (The "editing now" heartbeat posts elsewhere, to /admin/presence.)
      page.waitForRequest(
        (r) =>
          r.method() === "POST" &&
          new URL(r.url()).pathname.startsWith(`/admin/manage-jobs/edit/${id}`),
      ),
      page.getByRole("button", { name: "Submit for review", exact: true }).click(),
    ]);
    // What the page sent: the author's button, and the hidden status (no other status field).
    const sentBody = new URLSearchParams(sent.postData() ?? "");
    expect(new URL(sent.url()).pathname).toBe(`/admin/manage-jobs/edit/${id}.data`);
    expect(sentBody.getAll("intent")).toEqual(["submit"]);
    expect(sentBody.getAll("status")).toEqual(["draft"]);
    await page.getByText("Submitted for review. An editor will publish it;").waitFor();
    await expect(page.locator("main").textContent()).resolves.toContain(
      "Submitted for review. An editor will publish it; until then it is not on the site.",
    );
    expect(new URL(page.url()).pathname).toBe(`/admin/manage-jobs/edit/${id}`);
    const stored = await withE2eDb((db) =>
      db
        .selectFrom("entries")
        .select(["status", "published_at", "updated_by"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow(),
    );
    expect(stored).toEqual({ status: "pending", published_at: null, updated_by: authorId });
    const submits = await auditRows(id, "entry.submit");
    expect(submits).toHaveLength(1);
    expect(submits[0]).toMatchObject({
      actor_id: authorId,
      actor_email: AUTHOR.email,
      subject: `job:${title}`,
    });
    // The status the author sees is the stored one.
    await expect(page.locator('input[type="hidden"][name="status"]').inputValue()).resolves.toBe(
      "pending",
    );

    // Not on the site: neither its page nor the public list.
    expect(await publicStatus(`/jobs/${slug}`)).toBe(404);
    const list = await fetch(`${baseURL()}/jobs`);
    expect(list.status).toBe(200);
    expect(await list.text()).not.toContain(title);
  });

  it("refuses every crafted publish, schedule and trash from the author's session, changing nothing", async () => {
    expect(id).not.toBe("");
    const page = await authorBrowser.page();
    const edit = await page.goto(`/admin/manage-jobs/edit/${id}`);
    expect(edit?.status()).toBe(200);
    await editorHydrated(page);
    // Exactly the fields the page sends (its version included). The app has no CSRF token: its
    // defence is the Origin check, so these requests come from this site with the author's cookies.
    const fields = await page.evaluate(() => {
      const form = document.getElementById("entry-form") as HTMLFormElement;
      return [...new FormData(form)].map(([k, v]) => [k, String(v)] as [string, string]);
    });
    const fieldNames = fields.map(([k]) => k);
    expect(fieldNames).toEqual(expect.arrayContaining(["version", "title", "status", "slug"]));
    expect(fields.filter(([k]) => k === "status")).toEqual([["status", "pending"]]);
    const request = authorBrowser.context().request;

    const withFields = (changes: Record<string, string>): [string, string][] => [
      ...fields.filter(([k]) => !(k in changes)),
      ...Object.entries(changes),
    ];
    const post = (path: string, body: [string, string][]): Promise<APIResponse> =>
      request.post(path, {
        headers: {
          "content-type": "application/x-www-form-urlencoded;charset=UTF-8",
          origin: baseURL(),
          referer: `${baseURL()}/admin/manage-jobs/edit/${id}`,
        },
        data: new URLSearchParams(body).toString(),
        maxRedirects: 0,
      });

    const editPath = `/admin/manage-jobs/edit/${id}`;
    const listPath = "/admin/manage-jobs";
    const addPath = "/admin/manage-jobs/add";
    const NOT_PUBLISH = "Your role (Author) cannot publish. Nothing was changed";
    const NOT_TRASH = "Your role (Author) cannot move entries to the trash. Nothing was changed";
    const NOT_LIST = "Your role (Author) cannot do this. Nothing was changed";
    const NOT_STATUS = "Authors save drafts or submit them for review; an editor publishes.";
    const newJob = { version: "", slug: "", title: `${title} (straight)` };
    const attempts: { what: string; path: string; body: [string, string][]; says: string }[] = [
      {
        what: "intent=publish",
        path: editPath,
        body: withFields({ intent: "publish" }),
        says: NOT_PUBLISH,
      },
      {
        what: "status=published with the Save button",
        path: editPath,
        body: withFields({ intent: "save", status: "published" }),
        says: NOT_STATUS,
      },
      {
        what: "status=scheduled with a publish time",
        path: editPath,
        body: withFields({ intent: "save", status: "scheduled", publishAt: "2031-02-01T10:00" }),
        says: NOT_STATUS,
      },
      {
        what: "status=archived",
        path: editPath,
        body: withFields({ intent: "save", status: "archived" }),
        says: NOT_STATUS,
      },
      {
        what: "intent=trash (the trash form's field)",
        path: editPath,
        body: [["intent", "trash"]],
        says: NOT_TRASH,
      },
      { what: "intent=restore", path: editPath, body: [["intent", "restore"]], says: NOT_TRASH },
      {
        what: "bulk publish from the list",
        path: listPath,
        body: [
          ["intent", "publish"],
          ["ids", id],
        ],
        says: NOT_LIST,
      },
      {
        what: "bulk trash from the list",
        path: listPath,
        body: [
          ["intent", "trash"],
          ["ids", id],
        ],
        says: NOT_LIST,
      },
      {
        what: "a new job published from the add form",
        path: addPath,
        body: withFields({ ...newJob, intent: "publish" }),
        says: NOT_PUBLISH,
      },
      {
        what: "a new job with status=published from the add form",
        path: addPath,
        body: withFields({ ...newJob, intent: "save", status: "published" }),
        says: NOT_STATUS,
      },
    ];

    const before = await stateOf(id, authorId);
    expect(before.row.status).toBe("pending");
    expect(before.revisions.length).toBeGreaterThanOrEqual(2);
    const failures: string[] = [];
    let tried = 0;
    for (const attempt of attempts) {
      // As a form posted without JavaScript (an HTML answer), and as the hydrated page posts it
      // (React Router's `.data` request, which the Submit-for-review click above used).
      for (const path of [attempt.path, `${attempt.path}.data`]) {
        tried++;
        const what = `${attempt.what} → POST ${path.replace(id, ":id")}`;
        const res = await post(path, attempt.body);
        const text = await res.text();
        if (res.status() !== 403)
          failures.push(`${what}: ${res.status()} ${res.headers().location ?? ""}`);
        else if (!text.includes(attempt.says))
          failures.push(`${what}: the answer does not say "${attempt.says}"`);
        else if (
          !path.endsWith(".data") &&
          attempt.says !== NOT_STATUS &&
          !text.includes("Not allowed for your role")
        )
          failures.push(`${what}: the page is not the role refusal`);
        const after = await stateOf(id, authorId);
        if (JSON.stringify(after) !== JSON.stringify(before))
          failures.push(`${what}: the database changed`);
      }
    }
    expect(failures).toEqual([]);
    expect(tried).toBe(attempts.length * 2);
    const after = await stateOf(id, authorId);
    expect(after).toEqual(before);
    expect(after.row.status).toBe("pending");
    expect(await publicStatus(`/jobs/${slug}`)).toBe(404);

    // The same session and fields are accepted when they ask for what an author may do, so the
    // refusals above came from the role and not from a request the server could not read.
    const ok = await post(editPath, withFields({ intent: "submit" }));
    expect(ok.status()).toBe(302);
    expect(ok.headers().location).toBe(`${editPath}?saved=1`);
    const resubmitted = await stateOf(id, authorId);
    expect(resubmitted.row.status).toBe("pending");
    expect(resubmitted.revisions.length).toBe(before.revisions.length + 1);
    // Pending before and after: an edit of the submission, not a second one.
    expect(await auditRows(id, "entry.submit")).toHaveLength(1);
  });

  it("shows an author a 403 page, in the author's words, for another user's entry", async () => {
    const other = await withE2eDb(
      (db) =>
        savedEntry(
          db,
          "job",
          {
            title: `Roles Test Editor Draft ${suffix}`,
            organization: "Roles Test Commission",
            status: "draft",
            data: {
              summary: "A draft of the editor's own.",
              employmentType: "FULL_TIME",
              state: "Delhi",
              lastDate: "2031-01-31",
              qualification: "Graduate",
            },
          },
          { id: editorId, email: EDITOR.email, name: "Editor" },
        ),
      { write: true },
    );
    made.push(other.id);
    const before = await stateOf(other.id, authorId);
    const page = await authorBrowser.page();
    const res = await page.goto(`/admin/manage-jobs/edit/${other.id}`);
    expect(res?.status()).toBe(403);
    await page.getByRole("heading", { level: 1, name: "Not allowed for your role" }).waitFor();
    await expect(page.locator("main").textContent()).resolves.toContain(
      "Your role (Author) cannot open this entry. Nothing was changed; ask an editor or an admin.",
    );
    // Nothing of the entry itself is shown.
    expect(await page.locator("#entry-form").count()).toBe(0);
    expect(await page.content()).not.toContain("A draft of the editor's own.");
    expect(await stateOf(other.id, authorId)).toEqual(before);
  });

  it("lets an editor approve the submission from the review queue: audited, public, out of the queue", async () => {
    expect(id).not.toBe("");
    const page = await editorBrowser.page();
    await signIn(page, EDITOR);
    const queue = page.locator("section", {
      has: page.getByRole("heading", { name: /^Pending review \(\d+\)$/ }),
    });
    const waiting = await pendingCount();
    expect(waiting).toBeGreaterThanOrEqual(1);
    await expect(queue.getByRole("heading").first().textContent()).resolves.toBe(
      `Pending review (${Math.min(waiting, 50)})`,
    );
    const link = queue.getByRole("link", { name: title, exact: true });
    await expect(link.getAttribute("href")).resolves.toBe(`/admin/manage-jobs/edit/${id}`);
    await link.click();
    await page.waitForURL((url) => url.pathname === `/admin/manage-jobs/edit/${id}`);
    await editorHydrated(page);

    // An editor has the Status select; choosing Published turns the button into the approval.
    const status = page.getByLabel("Status", { exact: true });
    await expect(status.inputValue()).resolves.toBe("pending");
    await status.selectOption("published");
    const approve = page.getByRole("button", { name: "Approve and publish", exact: true });
    await approve.waitFor();
    await approve.click();
    await page.waitForURL(/\?saved=1$/);
    await page.getByText("Saved and published.").waitFor();

    const stored = await withE2eDb((db) =>
      db
        .selectFrom("entries")
        .select(["status", "updated_by"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow(),
    );
    expect(stored).toEqual({ status: "published", updated_by: editorId });
    const approvals = await auditRows(id, "entry.approve");
    expect(approvals).toHaveLength(1);
    expect(approvals[0]).toMatchObject({
      actor_id: editorId,
      actor_email: EDITOR.email,
      subject: `job:${title}`,
    });
    // The editor's one record of this entry is the approval; the submission stays the author's.
    const byEditor = await withE2eDb((db) =>
      db
        .selectFrom("audit_log")
        .select("action")
        .where("actor_id", "=", editorId)
        .where((eb) => eb.or([eb("detail", "=", `id ${id}`), eb("detail", "like", `id ${id};%`)]))
        .execute(),
    );
    expect(byEditor.map((r) => r.action)).toEqual(["entry.approve"]);
    expect(await auditRows(id, "entry.submit")).toHaveLength(1);

    expect(await publicStatus(`/jobs/${slug}`)).toBe(200);

    await page.goto("/admin");
    const after = await pendingCount();
    expect(after).toBe(waiting - 1);
    await expect(queue.getByRole("heading").first().textContent()).resolves.toBe(
      `Pending review (${Math.min(after, 50)})`,
    );
    expect(await queue.getByRole("link", { name: title, exact: true }).count()).toBe(0);
  });

  it("approves a submission in one click from the dashboard; a second click finds it handled", async () => {
    const quick = `Roles Test Quick Approval Clerk ${suffix}`;
    const entry = await withE2eDb(
      (db) =>
        savedEntry(
          db,
          "job",
          {
            title: quick,
            organization: "Central Staff Selection Agency",
            status: "pending",
            data: {
              summary: "A submission approved from the queue.",
              employmentType: "FULL_TIME",
              state: "Delhi",
              lastDate: "2030-01-31",
              feeNote: "Pay online.",
              qualification: "Graduate",
            },
          },
          { id: authorId, email: AUTHOR.email, name: "Author" },
        ),
      { write: true },
    );
    made.push(entry.id);
    const page = await editorBrowser.page();
    await page.goto("/admin");
    const stale = await editorBrowser.page();
    await stale.goto("/admin");
    const button = (p: Page) =>
      p.getByRole("button", { name: `Approve and publish ${quick}`, exact: true });
    await button(page).click();
    await page.getByText(`Approved and published: ${quick}`).waitFor();
    const row = await withE2eDb((db) =>
      db
        .selectFrom("entries")
        .select(["status", "updated_by"])
        .where("id", "=", entry.id)
        .executeTakeFirstOrThrow(),
    );
    expect(row).toEqual({ status: "published", updated_by: editorId });
    const approvals = await auditRows(entry.id, "entry.approve");
    expect(approvals).toHaveLength(1);
    expect(approvals[0]).toMatchObject({ actor_id: editorId, actor_email: EDITOR.email });
    expect(await publicStatus(`/jobs/${entry.slug}`)).toBe(200);
    expect(await button(page).count()).toBe(0);

    // The other tab still shows the button: its click changes nothing and says why.
    await button(stale).click();
    await stale
      .getByText("This entry is no longer waiting for review: someone has already handled it.")
      .waitFor();
    expect(await auditRows(entry.id, "entry.approve")).toHaveLength(1);
  });

  it("forwards a signed-in editor and author from the sign-in page to the back-office", async () => {
    for (const [who, browser] of [
      ["editor", editorBrowser],
      ["author", authorBrowser],
    ] as const) {
      const page = await browser.page();
      const res = await page.goto("/admin/login");
      expect(new URL(page.url()).pathname, who).toBe("/admin");
      expect(res?.status(), who).toBe(200);
      await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
      expect(await page.getByLabel("Password", { exact: true }).count(), who).toBe(0);
      // The address asked for comes back after the forwarding, as after signing in.
      await page.goto("/admin/login?next=%2Fadmin%2Fmanage-jobs");
      expect(new URL(page.url()).pathname, who).toBe("/admin/manage-jobs");
    }
  });
});

/** The author's form: no Status select, the two author buttons, nothing that publishes or trashes. */
async function expectAuthorControls(page: Page) {
  expect(await page.locator('select[name="status"]').count()).toBe(0);
  expect(await page.getByLabel("Status", { exact: true }).count()).toBe(0);
  await expect(
    page.getByRole("button", { name: "Save draft", exact: true }).isVisible(),
  ).resolves.toBe(true);
  await expect(
    page.getByRole("button", { name: "Submit for review", exact: true }).isVisible(),
  ).resolves.toBe(true);
  const buttons = await page.getByRole("button").allTextContents();
  const forbidden = buttons.filter((b) => /publish|schedule|trash|update|archive|approve/i.test(b));
  expect(forbidden).toEqual([]);
  expect(await page.locator('button[value="publish"], button[value="trash"]').count()).toBe(0);
  // The edit page keeps an empty trash form for editors' button; nothing of an author's uses it.
  expect(await page.locator('[form="trash-form"]').count()).toBe(0);
  // The only status sent is the hidden one, and it is one an author may use.
  const hidden = await page.locator('input[type="hidden"][name="status"]').inputValue();
  expect(["draft", "pending"]).toContain(hidden);
}
