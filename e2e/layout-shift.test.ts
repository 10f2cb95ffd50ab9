import { describe, expect, it } from "vitest";
import { withE2eDb } from "./db.ts";
import type { Page } from "playwright-core";
import { useBrowser } from "./browser.ts";

/** Sums every layout shift of each page the browser loads from now on (shiftOf reads it). */
const recordShifts = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as { shift: number };
    w.shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        w.shift += (entry as unknown as { value: number }).value;
    }).observe({ type: "layout-shift", buffered: true });
  });

const shiftOf = (page: Page) => page.evaluate(() => (window as unknown as { shift: number }).shift);

/**
 * What arrives after hydration must move nothing already drawn (Lighthouse's cumulative layout
 * shift). The job page's My exams bar took the Save button, 44 px tall on a phone, into a 36 px
 * bar before its "Add to calendar" link: everything below moved 8 px and the link sideways, a
 * shift of 0.067 on the Hindi job page that cost it its Lighthouse target (issue 29).
 */
describe("layout shift on a phone", () => {
  const browser = useBrowser({ viewport: { width: 360, height: 740 } });

  it("stays under 0.01 on a job page in English and Hindi once Save has arrived", async () => {
    const slug = await withE2eDb(async (db) => {
      const row = await db
        .selectFrom("entries")
        .select("slug")
        .where("kind", "=", "job")
        .where("status", "=", "published")
        .where("deleted_at", "is", null)
        .where("data", "like", "%fictional demo content%")
        .orderBy("title")
        .executeTakeFirstOrThrow();
      return row.slug;
    });
    const page = await browser.page();
    await recordShifts(page);
    for (const [path, save] of [
      [`/jobs/${slug}`, "Save"],
      [`/hi/jobs/${slug}`, "सेव करें"],
    ]) {
      await page.goto(path);
      await page.getByRole("button", { name: save, exact: true }).waitFor();
      await page.waitForTimeout(300);
      const shift = await shiftOf(page);
      expect(shift, path).toBeLessThan(0.01);
    }
  });

  it("stays under 0.01 on the home pages and a list with the fonts a second late (a slow first visit)", async () => {
    // Before issue 33's changes, two things moved here: the faces swapped in when they came
    // (`font-display: swap`), moving text drawn in the system face; and the home page's "Job
    // alerts" box (push-only alerts, as on the demo) appeared once the page had hydrated, pushing
    // every box below it down (0.15 on the English home page, both together).
    const page = await browser.page();
    await page.route("**/*.woff2", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await recordShifts(page);
    for (const path of ["/", "/hi", "/jobs"]) {
      const fonts: Promise<unknown>[] = [];
      page.on("requestfinished", (r) => {
        if (r.url().endsWith(".woff2")) fonts.push(r.response());
      });
      await page.goto(path);
      // Every font the page asked for has come (late) before the shift is read.
      await expect.poll(() => fonts.length, { message: path }).toBeGreaterThan(0);
      await page.waitForTimeout(1500);
      const shift = await shiftOf(page);
      expect.soft(shift, path).toBeLessThan(0.01);
      page.removeAllListeners("requestfinished");
    }
  });
});
