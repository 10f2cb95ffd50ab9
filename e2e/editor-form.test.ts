import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
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

const countJobs = () =>
  withE2eDb(async (db) =>
    Number(
      (
        await db
          .selectFrom("entries")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("kind", "=", "job")
          .executeTakeFirstOrThrow()
      ).n,
    ),
  );

describe("the entry editor's controls", () => {
  for (const javaScriptEnabled of [true, false]) {
    describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
      const browser = useBrowser({ viewport: { width: 1280, height: 900 }, javaScriptEnabled });

      it("has one control for the status: the main button says what the select chose", async () => {
        const page = await browser.page();
        await signIn(page);
        await page.goto("/admin/manage-jobs/add");
        const status = page.getByLabel("Status", { exact: true });
        const main = page.locator(".entry-primary");
        await expect(main.innerText()).resolves.toBe("Publish");
        for (const [value, label] of [
          ["draft", "Save draft"],
          ["pending", "Submit for review"],
          ["scheduled", "Schedule"],
          ["archived", "Save"],
          ["published", "Publish"],
        ] as const) {
          await status.selectOption(value);
          await expect(main.innerText()).resolves.toBe(label);
        }
        // No second button deciding the status on its own.
        await expect(page.getByRole("button", { name: "Publish now" }).count()).resolves.toBe(0);
        await expect(page.getByRole("button", { name: "Save draft" }).count()).resolves.toBe(0);
      });
    });
  }

  describe("after a rejected empty form", () => {
    const browser = useBrowser({ viewport: { width: 1280, height: 900 } });

    it("lists what is missing, saves nothing, and lets the editor leave without a prompt", async () => {
      const before = await countJobs();
      const page = await browser.page();
      await signIn(page);
      await page.goto("/admin/manage-jobs/add");
      await page.waitForFunction(() => {
        const slug = document.querySelector<HTMLInputElement>('input[name="slug"]');
        return !!slug && slug.placeholder === "made-from-the-title";
      });
      await page.locator(".entry-primary").click();
      await page.getByText(/fields need your attention\. Nothing was saved\./).waitFor();
      expect(await countJobs()).toBe(before);
      await expect(page.getByText("Unsaved changes").count()).resolves.toBe(0);
      await page
        .getByRole("navigation", { name: "Admin" })
        .getByRole("link", { name: "Results" })
        .click();
      await page.waitForURL("**/admin/manage-results");
      await expect(
        page.getByRole("alertdialog", { name: "Leave without saving?" }).count(),
      ).resolves.toBe(0);
    });
  });
});
