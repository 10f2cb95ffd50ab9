import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAsAdmin, useBrowser } from "./browser.ts";
import { snapshotSettings, withE2eDb } from "./db.ts";

/**
 * Issue 27's one form contract on the admin screens held with useAdminForm: a bad value is
 * refused beside its field (aria-invalid, aria-describedby naming the message) with what was
 * typed kept — by the browser's own check with JavaScript, without a request where the schema
 * can say it, and by the server's reply without JavaScript — and one press of a button that
 * saves is exactly one POST. Leaving a field sends nothing.
 */

const tag = Date.now().toString(36);

/** The POSTs a page sends to `path` (with JavaScript, React Router's `path.data`). */
function postsTo(page: Page, path: string): string[] {
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.method() !== "POST") return;
    if (new URL(request.url()).pathname.replace(/\.data$/, "") === path) sent.push(request.url());
  });
  return sent;
}

/** The messages a field's aria-describedby names, joined. */
async function errorBeside(page: Page, field: Locator) {
  expect(await field.getAttribute("aria-invalid")).toBe("true");
  const ids = ((await field.getAttribute("aria-describedby")) ?? "").split(" ").filter(Boolean);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()));
  return texts.join(" | ");
}

for (const javaScriptEnabled of [true, false]) {
  const js = javaScriptEnabled ? "on" : "off";
  describe(`admin forms with JavaScript ${js}`, () => {
    const browser = useBrowser({ viewport: { width: 1280, height: 900 }, javaScriptEnabled });
    let page: Page;
    let restoreSettings: Awaited<ReturnType<typeof snapshotSettings>> | undefined;
    const fakes: string[] = [];

    beforeAll(async () => {
      page = await browser.page();
      await signInAsAdmin(page);
    });
    afterAll(async () => {
      await withE2eDb(
        async (db) => {
          if (fakes.length)
            await db.deleteFrom("link_known_fakes").where("host", "in", fakes).execute();
          await restoreSettings?.(db);
        },
        { write: true },
      );
    });

    /** Opens a screen and, with JavaScript, waits until `form` is React's. */
    async function open(path: string, form: string): Promise<string[]> {
      await page.goto(path);
      if (javaScriptEnabled)
        await page.waitForFunction((selector) => {
          const element = document.querySelector(selector);
          return !!element && Object.keys(element).some((k) => k.startsWith("__reactProps"));
        }, form);
      return postsTo(page, path);
    }

    /** A bad value refused: by the browser without a request (JS on), or by the server's reply. */
    const refusedPosts = (browserChecks: boolean) => (javaScriptEnabled && browserChecks ? 0 : 1);

    it("Users: a bad e-mail is refused beside it; a good create is one POST", async () => {
      const posts = await open("/admin/users", "#create-user-form");
      const create = page.locator("#create-user");
      const email = create.getByLabel("E-mail address");
      await email.fill("not-an-address");
      await create.getByLabel("Name").focus();
      // Leaving a field sends nothing and marks nothing (a message appearing there would move
      // the button from under a click); the press checks the form.
      expect(await create.locator("[aria-invalid=true]").count()).toBe(0);
      expect(posts).toEqual([]);
      await create.getByRole("button", { name: "Create user" }).click();
      await create.locator("input[name=email][aria-invalid=true]").waitFor();
      expect(await errorBeside(page, email)).toContain(
        "Enter a valid e-mail address, like name@example.com",
      );
      // Every mistake at once: the role too, and the banner above.
      expect(await create.getByLabel("Role", { exact: true }).getAttribute("aria-invalid")).toBe(
        "true",
      );
      await create
        .getByText("The user was not created. Correct the fields marked below.")
        .waitFor();
      expect(await email.inputValue()).toBe("not-an-address");
      expect(posts).toHaveLength(refusedPosts(true));

      posts.length = 0;
      await email.fill(`contract-${tag}-${js}@example.test`);
      await create.getByLabel("Password").fill("first-Pelican-meadow-38");
      await create.getByLabel("Role", { exact: true }).selectOption("author");
      await create.getByRole("button", { name: "Create user" }).click();
      await page.getByText("User created.").waitFor();
      expect(posts).toHaveLength(1);
    });

    it("a site page: an empty title is refused beside it; saving is one POST", async () => {
      const path = "/admin/manage-site-pages/edit/terms-of-service";
      const posts = await open(path, "#site-page-form");
      const title = page.getByLabel("Title", { exact: true });
      const stored = await title.inputValue();
      await title.fill("   ");
      await page.getByRole("button", { name: "Save page" }).click();
      await page.locator("input[name=title][aria-invalid=true]").waitFor();
      expect(await errorBeside(page, title)).toContain("Enter the page title");
      await page.getByText("The page was not saved. Correct the fields marked below.").waitFor();
      expect(posts).toHaveLength(refusedPosts(true));

      posts.length = 0;
      await title.fill(stored);
      await page.getByRole("button", { name: "Save page" }).click();
      await page.getByText(/Nothing had changed|Page saved\./).waitFor();
      expect(posts).toHaveLength(1);
      expect(await page.locator("[aria-invalid=true]").count()).toBe(0);
    });

    it("vendor hosts and known fakes: each form answers only for itself; adding is one POST", async () => {
      const path = "/admin/links/hosts";
      const posts = await open(path, "#add-fake-form");
      const fake = page.locator("#add-fake-form");
      const vendor = page.locator("#add-vendor-form");
      await fake.getByLabel("Domain").fill("not a host!");
      await fake.getByRole("button", { name: "Add known fake" }).click();
      await fake.locator("input[name=host][aria-invalid=true]").waitFor();
      expect(await errorBeside(page, fake.getByLabel("Domain"))).toContain(
        "Give the fake site's domain, such as ssc-gov.example.",
      );
      // Pressing the button checks every field. Both forms have a Source and a Note: each
      // label names its own form's input (no id on the page twice).
      const source = fake.getByLabel("Source");
      expect(await source.getAttribute("aria-invalid")).toBe("true");
      expect(await errorBeside(page, source)).toContain(
        "Say who reported it (a link or a notice).",
      );
      const ids = await page.locator("[id]").evaluateAll((all) => all.map((e) => e.id));
      expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
      expect(await fake.getByLabel("Domain").inputValue()).toBe("not a host!");
      expect(await vendor.locator("[aria-invalid=true]").count()).toBe(0);
      expect(posts).toHaveLength(refusedPosts(true));

      // A refusal only the server can make (a host listed already: the migration lists the common
      // platforms), then the other form.
      posts.length = 0;
      const listed = await withE2eDb((db) =>
        db
          .selectFrom("link_vendor_hosts")
          .select(["pattern", "organization_id"])
          .executeTakeFirstOrThrow(),
      );
      await vendor.getByLabel("Organization").selectOption(listed.organization_id);
      await vendor.getByLabel("Host").fill(listed.pattern);
      await vendor.locator("input[name=source]").fill("e2e contract");
      await vendor.getByRole("button", { name: "Add vendor host" }).click();
      await vendor.locator("input[name=pattern][aria-invalid=true]").waitFor();
      expect(await errorBeside(page, vendor.getByLabel("Host"))).toContain(
        "This organization has this host already.",
      );
      expect(posts).toHaveLength(1);

      posts.length = 0;
      const host = `contract-${tag}-${js}.example`;
      fakes.push(host);
      await fake.getByLabel("Domain").fill(host);
      await source.fill("e2e contract");
      await fake.getByRole("button", { name: "Add known fake" }).click();
      await page.getByText("Known fake added.").waitFor();
      expect(posts).toHaveLength(1);
      // The vendor form's refusal went with its reply.
      expect(await page.locator("[aria-invalid=true]").count()).toBe(0);
    });

    it("Organizations: a bad domain is refused beside it in its row; saving is one POST", async () => {
      const path = "/admin/organizations";
      const posts = await open(path, "form[id^=org-]");
      const row = page.locator("form[id^=org-]").first();
      const domains = row.getByLabel("Official domains (one per line)");
      const stored = await domains.inputValue();
      await domains.fill("not a domain!!");
      await row.getByRole("button", { name: "Save" }).click();
      await row.locator("textarea[name=domains][aria-invalid=true]").waitFor();
      expect(await errorBeside(page, domains)).toContain('"not a domain!!" is not a web address.');
      expect(await domains.inputValue()).toBe("not a domain!!");
      expect(await page.locator("[aria-invalid=true]").count()).toBe(1);
      expect(posts).toHaveLength(refusedPosts(true));

      posts.length = 0;
      await domains.fill(stored);
      await row.getByRole("button", { name: "Save" }).click();
      await page.getByText(/^Saved /).waitFor();
      expect(posts).toHaveLength(1);
      expect(await page.locator("[aria-invalid=true]").count()).toBe(0);
    });

    it("Content settings: a count out of range is refused beside it (the server's rule); saving is one POST", async () => {
      restoreSettings ??= await snapshotSettings();
      const posts = await open("/admin/content-settings", "#content-settings-form");
      const count = page.getByLabel("Number of updates");
      const stored = await count.inputValue();
      await count.fill("0");
      await page.getByLabel("Site name").focus();
      await page.getByRole("button", { name: "Save settings" }).click();
      await page.locator("input[name='latestBar.count'][aria-invalid=true]").waitFor();
      expect(await errorBeside(page, count)).toContain("Number of updates must be at least 1");
      // Focus goes to the refused field, not the banner above the form.
      if (javaScriptEnabled)
        await page.waitForFunction(
          () => document.activeElement?.getAttribute("name") === "latestBar.count",
          undefined,
          { timeout: 5000 },
        );
      expect(await count.inputValue()).toBe("0");
      // The settings' rules are the server's: one POST either way, none for leaving the field.
      expect(posts).toHaveLength(1);

      posts.length = 0;
      await page.getByLabel("Number of updates").fill(stored);
      await page.getByRole("button", { name: "Save settings" }).click();
      await page.getByText("Settings saved.").waitFor();
      expect(posts).toHaveLength(1);
      expect(await page.locator("[aria-invalid=true]").count()).toBe(0);
    });
  });
}
