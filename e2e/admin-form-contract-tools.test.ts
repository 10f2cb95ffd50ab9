import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/platform/db/db.server.ts";
import { signInAsAdmin, useBrowser } from "./browser.ts";
import { snapshotSettings, withE2eDb } from "./db.ts";

/**
 * Issue 27's one form contract on the admin tools' forms (Conform's useForm): with JavaScript a
 * bad value is refused beside its field before anything is sent, and a good save is one POST;
 * without it the server's reply shows the same message beside the field, with what was typed.
 */

const tag = crypto.randomUUID().slice(0, 8);
let restoreSettings: ((db: DB) => Promise<void>) | undefined;

beforeAll(async () => {
  restoreSettings = await snapshotSettings();
});

afterAll(async () => {
  await withE2eDb(
    async (db) => {
      await restoreSettings?.(db);
      await db.deleteFrom("redirects").where("source", "like", `/contract-${tag}%`).execute();
      await db.deleteFrom("photo_presets").where("key", "like", `contract-${tag}%`).execute();
    },
    { write: true },
  );
});

/** The messages a field's aria-describedby names (its error and its hint). */
async function describedText(page: Page, label: string) {
  const ids = ((await page.getByLabel(label).getAttribute("aria-describedby")) ?? "").split(" ");
  const texts = await Promise.all(
    ids.filter(Boolean).map((id) => page.locator(`[id="${id}"]`).innerText()),
  );
  return texts.join(" | ");
}

/** The POSTs a page sends from now on (form submissions, with or without JavaScript). */
function countPosts(page: Page) {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  return posts;
}

/** React has hydrated the form once its element carries React's props. */
async function hydrated(page: Page, formId: string) {
  await page.waitForFunction((id) => {
    const form = document.getElementById(id);
    return !!form && Object.keys(form).some((key) => key.startsWith("__reactProps"));
  }, formId);
}

interface Screen {
  name: string;
  formId: string;
  /** The field to fill wrongly, the bad value and the message said beside it. */
  field: string;
  bad: string;
  message: string;
  good: () => string;
  button: string;
  saved: string;
  /** Fields a good save needs besides `field`. */
  before?: (page: Page) => Promise<void>;
}

const screens: Screen[] = [
  {
    name: "SEO defaults",
    formId: "seo-defaults-form",
    field: "Title template",
    bad: "no placeholder here",
    message: "The title template must contain %s where the page title goes",
    good: () => "%s | govjobs",
    button: "Save SEO defaults",
    saved: "SEO defaults saved.",
  },
  {
    name: "Organization",
    formId: "organization-form",
    field: "Social profiles",
    bad: "https://x.com/govjobs\nnot an address",
    message: "Line 2: Each profile must be a full http:// or https:// address",
    good: () => "https://x.com/govjobs",
    button: "Save organization",
    saved: "Organization record saved.",
  },
  {
    name: "Redirects",
    formId: "redirect-form",
    field: "Old path (source)",
    bad: "/jobs",
    message: "This path is a core page and cannot be redirected",
    good: () => `/contract-${tag}-${crypto.randomUUID().slice(0, 6)}`,
    button: "Add redirect",
    saved: "Redirect added.",
    before: async (page) => {
      await page.getByLabel("New address (destination)").fill("/about-us");
    },
  },
];

for (const javaScriptEnabled of [true, false]) {
  describe(`SEO tools' forms with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    const browser = useBrowser({ viewport: { width: 1280, height: 900 }, javaScriptEnabled });
    let page: Page;

    beforeAll(async () => {
      page = await browser.page();
      await signInAsAdmin(page);
    });

    for (const screen of screens) {
      it(`${screen.name}: a bad value is refused beside its field, typed text kept`, async () => {
        await page.goto("/admin/seo-tools");
        if (javaScriptEnabled) await hydrated(page, screen.formId);
        const posts = countPosts(page);
        await screen.before?.(page);
        const field = page.getByLabel(screen.field);
        await field.fill(screen.bad);
        // Straight from typing to the button: the press is not lost to a message appearing as
        // the field is left (checks on leaving a field moved the button from under the click).
        await page.getByRole("button", { name: screen.button }).click();
        await page.locator(`#${screen.formId} [aria-invalid=true]`).waitFor();
        expect(await field.getAttribute("aria-invalid")).toBe("true");
        expect(await describedText(page, screen.field)).toContain(screen.message);
        expect(await field.inputValue()).toBe(screen.bad);
        // With JavaScript the browser's check keeps the form; without, the server answers it.
        expect(posts).toHaveLength(javaScriptEnabled ? 0 : 1);
        if (javaScriptEnabled)
          expect(await page.evaluate(() => document.activeElement?.id)).toBe(
            await field.getAttribute("id"),
          );
      });

      it(`${screen.name}: a good save is one POST`, async () => {
        await page.goto("/admin/seo-tools");
        if (javaScriptEnabled) await hydrated(page, screen.formId);
        const posts = countPosts(page);
        await screen.before?.(page);
        await page.getByLabel(screen.field).fill(screen.good());
        await page.getByRole("button", { name: screen.button }).click();
        await page.getByText(screen.saved).waitFor();
        expect(posts).toHaveLength(1);
        expect(await page.locator("[aria-invalid=true]").count()).toBe(0);
      });
    }
  });
}

/** A new photo preset's form, filled as it would save (one rule row). */
async function fillPreset(page: Page, key: string) {
  await page.getByLabel("Key").fill(key);
  await page.getByLabel("Name", { exact: true }).fill(`Contract preset ${tag}`);
  await page.getByLabel("Source (the notification)").fill("Contract notice 1/2026");
  await page.getByLabel("Source's address").fill("https://psc.example.gov.in/notice-1.pdf");
  await page.locator('[name="rules[0].slot"]').selectOption("photo");
  await page.locator('[name="rules[0].kbMax"]').fill("40");
}

for (const javaScriptEnabled of [true, false]) {
  describe(`the photo preset form with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    const browser = useBrowser({ viewport: { width: 360, height: 800 }, javaScriptEnabled });
    let page: Page;
    const key = `contract-${tag}-${javaScriptEnabled ? "js" : "nojs"}`;

    beforeAll(async () => {
      page = await browser.page();
      await signInAsAdmin(page);
    });

    // Its rows are read and checked by the server only, which says every problem at once: one
    // POST answers a bad value too, with JavaScript as without.
    it("a bad key is refused beside its field by the server's reply, typed text kept", async () => {
      await page.goto("/admin/photo-presets/new");
      if (javaScriptEnabled) await hydrated(page, "photo-preset-form");
      const posts = countPosts(page);
      await fillPreset(page, "Not A Key");
      await page.getByLabel("Key").press("Tab");
      expect(posts).toHaveLength(0);
      await page.getByRole("button", { name: "Save preset" }).click();
      await page.locator("#photo-preset-form [aria-invalid=true]").waitFor();
      expect(await describedText(page, "Key")).toContain(
        "The key may contain only lower-case letters, digits and single hyphens",
      );
      expect(await page.getByLabel("Key").inputValue()).toBe("Not A Key");
      expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe(
        `Contract preset ${tag}`,
      );
      expect(posts).toHaveLength(1);
    });

    it("a good save is one POST", async () => {
      await page.goto("/admin/photo-presets/new");
      if (javaScriptEnabled) await hydrated(page, "photo-preset-form");
      const posts = countPosts(page);
      await fillPreset(page, key);
      await page.getByRole("button", { name: "Save preset" }).click();
      await page.waitForURL((url) => url.searchParams.get("saved") === key);
      expect(posts).toHaveLength(1);
    });
  });
}
