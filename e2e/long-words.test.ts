import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { job } from "../test/entries.ts";
import { savedEntry, TEST_ACTOR } from "../test/writes.ts";
import { signInAsAdmin, useBrowser } from "./browser.ts";
import { withE2eDb } from "./db.ts";

/**
 * A title or organization with one very long word (no spaces) wraps instead of widening the page:
 * at 360 px the public lists, the search results, the entry's own page, its organization's page
 * and the back-office's entry table and Links screen stay 360 px wide.
 */

const suffix = crypto
  .randomUUID()
  .replace(/[^a-f]/g, "")
  .slice(0, 4);
const word = `QA${"L".repeat(150)}${suffix}`;
const title = `QA ${word}`;
const organization = `Board ${"O".repeat(150)}${suffix}`;
let id = "";
let slug = "";
let organizationPath = "";

beforeAll(async () => {
  const entry = await withE2eDb(
    (db) =>
      savedEntry(
        db,
        "job",
        {
          ...job(title, {
            lastDate: "2099-12-31",
            notificationUrl: `https://long-words.example/notice-${suffix}.pdf`,
          }),
          organization,
        },
        TEST_ACTOR,
      ),
    { write: true },
  );
  id = entry.id;
  slug = entry.slug;
  const row = await withE2eDb((db) =>
    db
      .selectFrom("organizations")
      .select("slug")
      .where("name", "=", organization)
      .executeTakeFirstOrThrow(),
  );
  organizationPath = `/organizations/${row.slug}`;
});

afterAll(async () => {
  await withE2eDb(
    async (db) => {
      if (id) await db.deleteFrom("entries").where("id", "=", id).execute();
      await db.deleteFrom("organizations").where("name", "=", organization).execute();
    },
    { write: true },
  );
});

/** The pages of `paths` (each showing the long word) that are wider than the 360 px screen. */
async function tooWide(page: Page, paths: string[]): Promise<string[]> {
  const wide: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    // In the page's own content (the site's #content, the back-office's main), not the latest bar.
    await page.locator("#content, main").getByText(word).first().waitFor();
    const { width, culprits } = await page.evaluate(() => ({
      width: document.documentElement.scrollWidth,
      // The elements that reach past the screen's edge while their parent does not.
      culprits: [...document.body.querySelectorAll("*")]
        .filter((el) => {
          const parent = el.parentElement!.getBoundingClientRect();
          return el.getBoundingClientRect().right > 361 && parent.right <= 361;
        })
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 80)),
    }));
    if (width > 360) wide.push(`${path}: ${width} px (${culprits.join(", ")})`);
  }
  return wide;
}

describe("a title with a 150-letter word at 360 px", () => {
  const browser = useBrowser({ viewport: { width: 360, height: 740 } });

  it("keeps the public lists, the search results, the job's and its organization's pages 360 px wide", async () => {
    const page = await browser.page();
    const paths = [
      "/jobs",
      "/hi/jobs",
      "/jobs?state=Delhi",
      "/search?q=QA",
      `/jobs/${slug}`,
      `/hi/jobs/${slug}`,
      organizationPath,
    ];
    expect(await tooWide(page, paths)).toEqual([]);
  });

  it("keeps the back-office's entry table and Links screen 360 px wide", async () => {
    const page = await browser.page();
    await signInAsAdmin(page);
    const paths = [
      `/admin/manage-jobs?q=${word}`,
      `/admin/links?group=all&organization=${encodeURIComponent(organization)}`,
    ];
    expect(await tooWide(page, paths)).toEqual([]);
  });
});
