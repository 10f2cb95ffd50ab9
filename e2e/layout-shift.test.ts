import { describe, expect, it } from "vitest";
import { withE2eDb } from "./db.ts";
import { useBrowser } from "./browser.ts";

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
    await page.addInitScript(() => {
      const w = window as unknown as { shift: number };
      w.shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          w.shift += (entry as unknown as { value: number }).value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    for (const [path, save] of [
      [`/jobs/${slug}`, "Save"],
      [`/hi/jobs/${slug}`, "सेव करें"],
    ]) {
      await page.goto(path);
      await page.getByRole("button", { name: save, exact: true }).waitFor();
      await page.waitForTimeout(300);
      const shift = await page.evaluate(() => (window as unknown as { shift: number }).shift);
      expect(shift, path).toBeLessThan(0.01);
    }
  });
});
