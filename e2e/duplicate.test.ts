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

describe("duplicating an entry", () => {
  // Without JavaScript too: the button is a plain form post.
  for (const javaScriptEnabled of [true, false]) {
    describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
      const browser = useBrowser({ viewport: { width: 1280, height: 900 }, javaScriptEnabled });

      it("makes a draft copy with its own slug and no history of its own", async () => {
        const original = await withE2eDb((db) =>
          db
            .selectFrom("entries")
            .select(["id", "title", "slug", "data"])
            .where("kind", "=", "job")
            .where("status", "=", "published")
            .orderBy("title")
            .executeTakeFirstOrThrow(),
        );
        const page = await browser.page();
        await signIn(page);
        await page.goto(`/admin/manage-jobs/edit/${original.id}`);
        await page.getByRole("button", { name: "Duplicate" }).click();
        await page.waitForURL(/saved=duplicated/);
        await page.getByText("This is a new draft copy").waitFor();
        const copyId = /edit\/([0-9a-f-]+)/.exec(page.url())![1];
        expect(copyId).not.toBe(original.id);
        const copy = await withE2eDb((db) =>
          db
            .selectFrom("entries")
            .select(["title", "slug", "status", "data"])
            .where("id", "=", copyId)
            .executeTakeFirstOrThrow(),
        );
        expect(copy.status).toBe("draft");
        expect(copy.title).toBe(`${original.title} (copy)`);
        expect(copy.slug).not.toBe(original.slug);
        // The copy keeps every word, Hindi included; only the write's own stamps are new.
        const words = (json: string) => {
          const { textChangedAt: _t, hi_changedAt: _h, ...rest } = JSON.parse(json);
          return rest;
        };
        expect(words(copy.data)).toEqual(words(original.data));
        const revisions = await withE2eDb((db) =>
          db.selectFrom("revisions").select("id").where("subject_id", "=", copyId).execute(),
        );
        expect(revisions).toHaveLength(1);
        // The copy is not public.
        const res = await fetch(new URL(`/jobs/${copy.slug}`, page.url()));
        expect(res.status).toBe(404);
        await withE2eDb((db) => db.deleteFrom("entries").where("id", "=", copyId).execute(), {
          write: true,
        });
      });
    });
  }
});
