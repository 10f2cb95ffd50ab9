import type { Page } from "playwright-core";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createMessage } from "~/messages/messages.repository.server.ts";
import { baseURL, useBrowser } from "./browser.ts";
import type { DB } from "~/platform/db/db.server.ts";
import { snapshotSettings, UNTIL_404_WRITTEN, withE2eDb } from "./db.ts";
import { ADMIN } from "./server.global.ts";

const tag = crypto.randomUUID().slice(0, 8);

async function signIn(page: Page) {
  await page.goto("/admin/login");
  await page.getByLabel("E-mail address").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
}

const redirectsWithSource = (source: string) =>
  withE2eDb((db) => db.selectFrom("redirects").selectAll().where("source", "=", source).execute());

/** Sign in with fetch through the real form; the session cookie, or null when refused. */
async function loginCookie(email: string, password: string): Promise<string | null> {
  const res = await fetch(`${baseURL()}/admin/login`, {
    method: "POST",
    body: new URLSearchParams({ email, password, next: "/admin" }),
    redirect: "manual",
  });
  if (res.status !== 302) return null;
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

let originalSiteName: string | null = null;
let restoreSettings: ((db: DB) => Promise<void>) | undefined;
type PageRow = { title: string; description: string; body: string };
const originalPages = new Map<string, PageRow>();

/** Remember a site page as it was, so afterAll can put it back. */
async function rememberPage(slug: string) {
  const row = await withE2eDb((db) =>
    db
      .selectFrom("site_pages")
      .select(["title", "description", "body"])
      .where("slug", "=", slug)
      .executeTakeFirstOrThrow(),
  );
  if (!originalPages.has(slug)) originalPages.set(slug, row);
}

afterAll(async () => {
  // Other test files share this database: put back what this file changed on public pages.
  await withE2eDb(
    async (db) => {
      await db.deleteFrom("redirects").where("source", "like", `%-${tag}`).execute();
      // The content settings screen saves every setting it shows (the Hindi ones too).
      await restoreSettings?.(db);
      for (const [slug, row] of originalPages)
        await db.updateTable("site_pages").set(row).where("slug", "=", slug).execute();
    },
    { write: true },
  );
});

describe("the back-office screens", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });
  const dialogs: string[] = [];
  let page: Page;

  it("signs in through the real login form", async () => {
    page = await browser.page();
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signIn(page);
    expect(new URL(page.url()).pathname).toBe("/admin");
  });

  it("adds a redirect in SEO tools that the public site follows", async () => {
    const source = `/bo-old-notice-${tag}`;
    await page.goto("/admin/seo-tools");
    await page.getByLabel("Old path (source)").fill(source);
    await page.getByLabel("New address (destination)").fill("/about-us");
    await page.getByLabel("Status").selectOption("308");
    await page.getByRole("button", { name: "Add redirect" }).click();
    await page.getByText("Redirect added.").waitFor();
    await page.getByRole("cell", { name: source, exact: true }).waitFor();
    const rows = await redirectsWithSource(source);
    expect(rows.map((r) => [r.destination, r.status_code, r.enabled])).toEqual([
      ["/about-us", 308, 1],
    ]);

    const res = await fetch(`${baseURL()}${source}`, { redirect: "manual" });
    expect(res.status).toBe(308);
    expect(new URL(res.headers.get("location") ?? "", baseURL()).href).toBe(
      `${baseURL()}/about-us`,
    );
    expect((await redirectsWithSource(source))[0].hits).toBe(1);
  });

  it("refuses a redirect that shadows a core page, writing nothing", async () => {
    const before = await withE2eDb((db) => db.selectFrom("redirects").select("id").execute());
    await page.goto("/admin/seo-tools");
    await page.getByLabel("Old path (source)").fill("/jobs");
    await page.getByLabel("New address (destination)").fill("/results");
    await page.getByRole("button", { name: "Add redirect" }).click();
    await page.getByText("This path is a core page and cannot be redirected").waitFor();
    await expect(page.getByLabel("Old path (source)").getAttribute("aria-invalid")).resolves.toBe(
      "true",
    );
    expect(await redirectsWithSource("/jobs")).toEqual([]);
    const after = await withE2eDb((db) => db.selectFrom("redirects").select("id").execute());
    expect(after.length).toBe(before.length);
  });

  it("refuses a redirect that would loop, naming the chain, writing nothing", async () => {
    const a = `/bo-loop-a-${tag}`;
    const b = `/bo-loop-b-${tag}`;
    await page.goto("/admin/seo-tools");
    await page.getByLabel("Old path (source)").fill(a);
    await page.getByLabel("New address (destination)").fill(b);
    await page.getByRole("button", { name: "Add redirect" }).click();
    await page.getByText("Redirect added.").waitFor();

    await page.getByLabel("Old path (source)").fill(b);
    await page.getByLabel("New address (destination)").fill(`${baseURL()}${a}`);
    await page.getByRole("button", { name: "Add redirect" }).click();
    const message = page.getByText(`This would make a redirect loop: ${b} → ${a} → ${b}.`);
    await message.waitFor();
    expect(await redirectsWithSource(b)).toEqual([]);
  });

  it("shows a contact message as text in the inbox, marks it read on opening, archives it", async () => {
    const name = `Inbox Tester ${tag}`;
    const text = `Please add the <b>bold</b> <img src=x onerror="alert('msg')"> notice.\nSecond line ${tag}`;
    const message = await withE2eDb((db) =>
      createMessage(db, { name, email: `inbox-${tag}@example.com`, message: text }),
    );
    await page.goto("/admin/messages");
    await page.getByRole("link", { name: new RegExp(name) }).click();
    const body = page.getByTestId("message-text");
    await body.waitFor();
    expect(await body.innerText()).toBe(text);
    await expect(
      page
        .getByRole("link", { name: `inbox-${tag}@example.com`, exact: true })
        .getAttribute("href"),
    ).resolves.toBe(`mailto:inbox-${tag}@example.com`);
    const status = () =>
      withE2eDb((db) =>
        db
          .selectFrom("messages")
          .select("status")
          .where("id", "=", message.id)
          .executeTakeFirstOrThrow(),
      );
    expect((await status()).status).toBe("read");

    await page.getByRole("button", { name: "Archive", exact: true }).click();
    await page.getByText("Message archived.").waitFor();
    expect((await status()).status).toBe("archived");
    await page.getByRole("link", { name: /^Archived/ }).click();
    await page.waitForURL((url) => url.searchParams.get("status") === "archived");
    await page.getByRole("link", { name: new RegExp(name) }).waitFor();
    const audit = await withE2eDb((db) =>
      db
        .selectFrom("audit_log")
        .select("action")
        .where("subject", "=", message.id)
        .orderBy("created_at")
        .execute(),
    );
    expect(audit.map((a) => a.action)).toEqual(["message.read", "message.archived"]);
  });

  it("edits About Us with the rich-text editor and shows the new text on /about-us", async () => {
    await rememberPage("about-us");
    await page.goto("/admin/manage-site-pages/edit/about-us");
    await page.getByRole("toolbar", { name: "Formatting" }).waitFor();
    const editor = page.getByRole("textbox", { name: "Page text" });
    await editor.click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.press("Delete");
    await page.keyboard.type(`Who we are ${tag}`);
    await page.getByRole("button", { name: "Heading 2" }).click();
    await expect(
      page.getByRole("button", { name: "Heading 2" }).getAttribute("aria-pressed"),
    ).resolves.toBe("true");
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Paragraph" }).click();
    await page.keyboard.type(`We list jobs ${tag}. `);
    await page.getByRole("button", { name: "Bold" }).click();
    await page.keyboard.type("Always check");
    await page.getByRole("button", { name: "Bold" }).click();
    await page.getByRole("button", { name: "Save page" }).click();
    await page.getByText("Page saved.").waitFor();

    const body = await withE2eDb(
      async (db) =>
        (
          await db
            .selectFrom("site_pages")
            .select("body")
            .where("slug", "=", "about-us")
            .executeTakeFirstOrThrow()
        ).body,
    );
    expect(body).toContain(`<h2>Who we are ${tag}</h2>`);
    expect(body).toMatch(/<(strong|b)>Always check<\/(strong|b)>/);

    const pub = await browser.page();
    await pub.goto("/about-us");
    await expect(pub.getByRole("heading", { name: `Who we are ${tag}` }).isVisible()).resolves.toBe(
      true,
    );
    await expect(pub.getByText(`We list jobs ${tag}.`).isVisible()).resolves.toBe(true);
    await pub.close();
  });

  it("stores a pasted <script>/onerror payload inert: nothing runs in the admin or on the site", async () => {
    await page.goto("/admin/manage-site-pages/edit/about-us");
    await page.getByRole("toolbar", { name: "Formatting" }).waitFor();
    const editor = page.getByRole("textbox", { name: "Page text" });
    await editor.click();
    await page.keyboard.press("ControlOrMeta+End");
    // A paste of HTML, as from another web page.
    await editor.evaluate((el, marker) => {
      const data = new DataTransfer();
      data.setData(
        "text/html",
        `<p>Pasted ${marker}</p><img src="x" onerror="alert('pasted-img')"><script>alert('pasted-script')</script><p onclick="alert(1)"><a href="javascript:alert('js-link')">trap</a></p>`,
      );
      el.dispatchEvent(
        new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, tag);
    await page.getByText(`Pasted ${tag}`).waitFor();
    const editorHtml = await editor.innerHTML();
    expect(editorHtml).not.toMatch(/onerror|<script|<img|javascript:/i);

    // Raw HTML typed in the source view goes to the server as it is: the server must clean it.
    await page.getByRole("button", { name: "Edit HTML source" }).click();
    const source = page.locator("textarea[name=body]");
    await source.fill(
      `${await source.inputValue()}<p>Source ${tag}</p><img src=x onerror="alert('source-img')"><script>alert('source-script')</script><svg onload="alert('svg')"></svg>`,
    );
    await page.getByRole("button", { name: "Save page" }).click();
    await page.getByText("Page saved.").waitFor();

    const body = await withE2eDb(
      async (db) =>
        (
          await db
            .selectFrom("site_pages")
            .select("body")
            .where("slug", "=", "about-us")
            .executeTakeFirstOrThrow()
        ).body,
    );
    expect(body).toContain(`Pasted ${tag}`);
    expect(body).toContain(`Source ${tag}`);
    expect(body).not.toMatch(/onerror|onload|onclick|<script|<img|<svg|javascript:/i);

    const pub = await browser.page();
    pub.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await pub.goto("/about-us");
    await pub.getByText(`Source ${tag}`).waitFor();
    const html = await pub.content();
    expect(html).not.toMatch(/pasted-script|source-script|onerror=/);
    // Open the editor again: the stored page must not run anything there either.
    await page.reload();
    await page.getByRole("toolbar", { name: "Formatting" }).waitFor();
    await pub.close();
    expect(dialogs).toEqual([]);
  });

  it("changes the site name in content settings and shows it on the public home page", async () => {
    restoreSettings = await snapshotSettings();
    originalSiteName = await withE2eDb(async (db) => {
      const row = await db
        .selectFrom("settings")
        .select("value")
        .where("key", "=", "siteName")
        .executeTakeFirst();
      return row ? (JSON.parse(row.value) as string) : "govjobs";
    });
    await page.goto("/admin/content-settings");
    // A bad value first: refused with the field's own message, nothing saved.
    await page.getByLabel("Rotate every (ms)").fill("500");
    await page.getByLabel("Site name").fill(`Naukri ${tag}`);
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Rotate every (ms) must be at least 2000").waitFor();
    const unsaved = await withE2eDb((db) =>
      db.selectFrom("settings").select("value").where("key", "=", "siteName").executeTakeFirst(),
    );
    expect(unsaved?.value ?? JSON.stringify("govjobs")).toBe(JSON.stringify(originalSiteName));

    await page.getByLabel("Rotate every (ms)").fill("7000");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Settings saved.").waitFor();
    const pub = await browser.page();
    await pub.goto("/");
    await expect(
      pub
        .getByRole("banner")
        .getByRole("link", { name: `Naukri ${tag}` })
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    await pub.close();
  });

  it("creates a user with a role, changes the role, and resets the password", async () => {
    const email = `bo-user-${tag}@example.test`;
    const first = "first-Pelican-meadow-38";
    const second = "second-Harbour-violet-64";
    await page.goto("/admin/users");
    const create = page.locator("#create-user");
    await create.getByLabel("E-mail address").fill(email);
    await create.getByLabel("Name").fill(`User ${tag}`);
    await create.getByLabel("Password").fill("password");
    await create.getByRole("button", { name: "Create user" }).click();
    await page.getByText("Password must be at least 12 characters long.").waitFor();
    const role = () =>
      withE2eDb((db) =>
        db.selectFrom("user").select(["role", "banned"]).where("email", "=", email).execute(),
      );
    expect(await role()).toEqual([]);

    await create.getByLabel("Password").fill(first);
    // No role chosen: refused, the role marked.
    await create.getByRole("button", { name: "Create user" }).click();
    await page.getByText("Choose a role: Admin, Editor, Author or No access.").first().waitFor();
    expect(await role()).toEqual([]);
    await create.getByLabel("Password").fill(first);
    await create.getByLabel("Role", { exact: true }).selectOption("author");
    await create.getByRole("button", { name: "Create user" }).click();
    await page.getByText("User created.").waitFor();
    expect((await role())[0]?.role).toBe("author");
    expect(await loginCookie(email, first)).not.toBeNull();

    const row = page.locator(`tr[data-email="${email}"]`);
    await expect(row.getByLabel(`New role for ${email}`).inputValue()).resolves.toBe("author");
    for (const [value, words] of [
      ["admin", "Role changed to Admin."],
      ["editor", "Role changed to Editor."],
      ["user", "Role changed to No access"],
    ] as const) {
      await row.getByLabel(`New role for ${email}`).selectOption(value);
      await row.getByRole("button", { name: `Change the role of ${email}` }).click();
      await page.getByText(words).waitFor();
      expect((await role())[0]?.role).toBe(value);
      await expect(row.getByLabel(`New role for ${email}`).inputValue()).resolves.toBe(value);
    }

    await row.getByText("Reset password").click();
    await row.getByLabel(`New password for ${email}`).fill(second);
    await row.getByRole("button", { name: "Set new password" }).click();
    await page.getByText("Password reset.").waitFor();
    expect(await loginCookie(email, first)).toBeNull();
    expect(await loginCookie(email, second)).not.toBeNull();

    const audit = await withE2eDb((db) =>
      db
        .selectFrom("audit_log")
        .select(["action", "detail"])
        .where("subject", "=", email)
        .orderBy("created_at")
        .execute(),
    );
    expect(audit.map((a) => [a.action, a.detail])).toEqual([
      ["user.create", "role author"],
      ["user.set-role", "admin"],
      ["user.set-role", "editor"],
      ["user.set-role", "user"],
      ["user.reset-password", "sessions revoked"],
    ]);
    expect(JSON.stringify(audit)).not.toContain(first);
    expect(JSON.stringify(audit)).not.toContain(second);
  });
});

describe("the back-office without JavaScript", () => {
  const browser = useBrowser({ viewport: { width: 360, height: 800 }, javaScriptEnabled: false });
  let page: Page;

  it("turns a 404 into a redirect from the log, deletes it after confirming, and clears the log", async () => {
    page = await browser.page();
    await signIn(page);
    const missing = `/bo-missing-${tag}`;
    const logged = () =>
      withE2eDb((db) =>
        db.selectFrom("not_found_log").select("path").where("path", "=", missing).execute(),
      );
    expect((await fetch(`${baseURL()}${missing}`, { redirect: "manual" })).status).toBe(404);
    await vi.waitFor(async () => expect(await logged()).toHaveLength(1), UNTIL_404_WRITTEN);
    await page.goto("/admin/seo-tools");
    await page.getByRole("link", { name: `Create redirect for ${missing}` }).click();
    await expect(page.getByLabel("Old path (source)").inputValue()).resolves.toBe(missing);
    await page.getByLabel("New address (destination)").fill("/jobs");
    await page.getByRole("button", { name: "Add redirect" }).click();
    await page.getByText("Redirect added.").waitFor();
    // The path has a home now: it leaves the 404 log.
    expect(await logged()).toEqual([]);

    const row = page.getByRole("row").filter({ hasText: missing });
    await row.getByText("Delete", { exact: true }).click();
    await row.getByRole("button", { name: "Yes, delete it" }).click();
    await page.getByText("Redirect deleted.").waitFor();
    expect(await redirectsWithSource(missing)).toEqual([]);

    expect((await fetch(`${baseURL()}${missing}`, { redirect: "manual" })).status).toBe(404);
    await vi.waitFor(async () => expect(await logged()).toHaveLength(1), UNTIL_404_WRITTEN);
    await page.goto("/admin/seo-tools");
    await page.locator("#not-found").getByText("Clear log", { exact: true }).click();
    await page.getByRole("button", { name: "Yes, clear the log" }).click();
    await page.getByText("The 404 log is empty.").waitFor();
    const left = await withE2eDb((db) => db.selectFrom("not_found_log").select("path").execute());
    expect(left).toEqual([]);
  });

  it("edits a site page as HTML in the plain textarea", async () => {
    await rememberPage("terms-of-service");
    await page.goto("/admin/manage-site-pages/edit/terms-of-service");
    const textarea = page.getByRole("textbox", { name: "Page text" });
    await expect(textarea.isVisible()).resolves.toBe(true);
    await expect(page.getByRole("toolbar").count()).resolves.toBe(0);
    const before = await textarea.inputValue();
    await textarea.fill(`${before}\n<p>No-script clause ${tag}</p><script>alert(1)</script>`);
    await page.getByRole("button", { name: "Save page" }).click();
    await page.getByText("Page saved.").waitFor();
    const body = await withE2eDb(
      async (db) =>
        (
          await db
            .selectFrom("site_pages")
            .select("body")
            .where("slug", "=", "terms-of-service")
            .executeTakeFirstOrThrow()
        ).body,
    );
    expect(body).toContain(`<p>No-script clause ${tag}</p>`);
    expect(body).not.toContain("<script");
  });
});
