import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { job } from "../test/entries.ts";
import { changedEntry, savedEntry, TEST_ACTOR } from "../test/writes.ts";
import { signInAsAdmin, useBrowser } from "./browser.ts";
import { withE2eDb } from "./db.ts";

/**
 * Issue 29: the back-office fits a 360 px phone and a 1280 px screen: number boxes show six
 * digits, the job form's Posts rows stay inside their card, a wide table scrolls with a cue, and a
 * long address in the history's comparison wraps instead of pushing "Current" off the screen.
 */

const LONG_URL =
  "https://cssa.example.gov.in/files/notifications/2026/recruitment/junior-clerk/advertisement-number-CSSA-JC-2026-01-detailed-notification-final-version.pdf";

/** A job with two revisions, the second with a long notification address. */
async function jobWithHistory(): Promise<string> {
  return withE2eDb(
    async (db) => {
      const entry = await savedEntry(db, "job", job(`Fit Check Clerk ${Date.now()}`), TEST_ACTOR);
      const data = { ...entry.data, notificationUrl: LONG_URL };
      await changedEntry(db, entry.id, { ...job(entry.title), data }, TEST_ACTOR);
      return entry.id;
    },
    { write: true },
  );
}

/** How far any element inside `selector` reaches past its right edge (0: nothing does). */
function overflowOf(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((box) => {
      const right = box.getBoundingClientRect().right;
      let over = 0;
      for (const el of box.querySelectorAll("*"))
        over = Math.max(over, el.getBoundingClientRect().right - right);
      return Math.round(over);
    });
}

/** The Posts rows' boxes a reader can see. */
const visibleRowBoxes = (page: Page) =>
  page.locator("fieldset[data-field='data.posts'] li input:visible").count();

/**
 * The job form at a phone, a wide screen, and each side of every edge where the rows editor
 * changes its layout (`rows-wide` in app/admin.css: 42, 48, 56, 64 and 75rem): its ranges are
 * set by the back-office's menu and panel widths, so a change there shows here.
 */
const WIDTHS = [360, 671, 672, 767, 768, 895, 896, 1023, 1024, 1199, 1200, 1280, 1920];

describe("the back-office from 360 to 1920 px", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });

  for (const width of WIDTHS) {
    it(`fits the job form, its number boxes and its Posts rows at ${width} px`, async () => {
      const page = await browser.page();
      await page.setViewportSize({ width, height: 900 });
      await signInAsAdmin(page);
      const id = await withE2eDb(async (db) =>
        db
          .selectFrom("entries")
          .select("id")
          .where("kind", "=", "job")
          .where("status", "=", "published")
          .executeTakeFirstOrThrow(),
      );
      await page.goto(`/admin/manage-jobs/edit/${id.id}`);
      await page.getByRole("button", { name: "Add row" }).first().waitFor();
      // Six digits in every number box, none cut ("99" for 9970 before).
      const cut = await page.locator("input[type=number]").evaluateAll((inputs) =>
        (inputs as HTMLInputElement[])
          .filter((input) => input.getBoundingClientRect().width > 0)
          .map((input) => {
            const canvas = document.createElement("canvas").getContext("2d")!;
            const style = getComputedStyle(input);
            canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
            const text = canvas.measureText("999999").width;
            // Chromium draws spin buttons (16 px) inside a number box unless it looks like text.
            const spin = style.appearance === "textfield" ? 0 : 16;
            const room =
              input.clientWidth -
              parseFloat(style.paddingLeft) -
              parseFloat(style.paddingRight) -
              spin;
            return text > room ? `${input.name}: ${Math.round(room)} px for 999999` : "";
          })
          .filter(Boolean),
      );
      expect(cut).toEqual([]);
      expect(await overflowOf(page, "fieldset[data-field='data.posts']")).toBeLessThanOrEqual(0);
      // Each Posts row's boxes lie inside their row and inside the form's card around them.
      const outside = await page
        .locator("fieldset[data-field='data.posts'] li :is(input, select, textarea)")
        .evaluateAll((boxes) =>
          boxes
            .filter((box) => box.getBoundingClientRect().width > 0)
            .flatMap((box) => {
              const at = box.getBoundingClientRect();
              return [box.closest("li")!, box.closest("section")!]
                .filter((frame) => {
                  const f = frame.getBoundingClientRect();
                  return at.left < f.left || at.right > f.right || at.top < f.top;
                })
                .map((frame) => `${box.getAttribute("name")} outside its ${frame.tagName}`);
            }),
        );
      expect(outside).toEqual([]);
      expect(await visibleRowBoxes(page)).toBeGreaterThan(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
    });
  }

  it("scrolls the Users table at 360 px, and says so", async () => {
    const page = await browser.page();
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAsAdmin(page);
    await page.goto("/admin/users");
    const box = page
      .locator(".scroll-cue")
      .filter({ has: page.locator("table") })
      .first();
    const { scrolls, overflowX } = await box.evaluate((el) => ({
      scrolls: el.scrollWidth > el.clientWidth,
      overflowX: getComputedStyle(el).overflowX,
    }));
    expect([scrolls, overflowX]).toEqual([true, "auto"]);
    expect(await page.getByText("Swipe the table sideways for every column").isVisible()).toBe(
      true,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
  });

  it("wraps a long address in the history's comparison at 1280 px: Current stays in view", async () => {
    const id = await jobWithHistory();
    const page = await browser.page();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAsAdmin(page);
    await page.goto(`/admin/manage-jobs/history/${id}`);
    await page.getByRole("link", { name: /^Revision 1/ }).click();
    await page.waitForURL(/\?rev=/);
    const table = page.locator("table").filter({ hasText: "Notification PDF" });
    await table.waitFor();
    const current = table.locator("thead th").nth(2);
    const box = await current.boundingBox();
    const frame = await table.locator("xpath=..").boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(frame!.x + frame!.width + 1);
    expect(await overflowOf(page, "table:has(thead)")).toBeLessThanOrEqual(0);
    expect(await table.getByText(LONG_URL.slice(0, 30)).count()).toBeGreaterThan(0);
  });
});
