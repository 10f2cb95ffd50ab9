import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { todayInIndia } from "~/lib/india-date.ts";
import { useBrowser } from "./browser.ts";
import { withE2eDb } from "./db.ts";

// Issue 26: an answer key whose objection window closed still showed a large "Raise Objection"
// button under "(closed)". No primary button may lead to a closed window; the closed state is
// what the reader sees first.

/** A demo entry of `kind` whose window (`data[end]`, YYYY-MM-DD) closed before today. */
async function closedDemoEntry(kind: "answer-key" | "job", end: string) {
  const rows = await withE2eDb((db) =>
    db
      .selectFrom("entries")
      .select(["slug", "data"])
      .where("kind", "=", kind)
      .where("status", "=", "published")
      .where("deleted_at", "is", null)
      .where("data", "like", "%fictional demo content%")
      .orderBy("slug")
      .execute(),
  );
  const today = todayInIndia();
  const found = rows.find((r) => {
    const value = (JSON.parse(r.data) as Record<string, unknown>)[end];
    return typeof value === "string" && value < today;
  });
  if (!found) throw new Error(`no demo ${kind} whose ${end} has passed`);
  return found.slug;
}

/** Whether the element is inside the first screen (no scrolling) of a 360×740 phone. */
async function onFirstScreen(page: Page, locator: ReturnType<Page["locator"]>) {
  const box = await locator.boundingBox();
  return !!box && box.y >= 0 && box.y + box.height <= 740;
}

describe("a closed window has no primary button", () => {
  for (const javaScriptEnabled of [true, false]) {
    describe(javaScriptEnabled ? "JavaScript on" : "JavaScript off", () => {
      const browser = useBrowser({ viewport: { width: 360, height: 740 }, javaScriptEnabled });

      it("an answer key whose objections closed says so first, with no Raise Objection button", async () => {
        const slug = await closedDemoEntry("answer-key", "objectionEnd");
        for (const [path, label, closed] of [
          [`/answer-key/${slug}`, "Raise Objection", /^Closed on \d{1,2} \w{3} \d{4}$/],
          [`/hi/answer-key/${slug}`, "आपत्ति दर्ज करें", /^\d{1,2} \S+ \d{4} को बंद$/],
        ] as const) {
          const page = await browser.page();
          await page.goto(path);
          const glance = page.getByRole("region", { name: /At a glance|एक नज़र में/ });
          // The objection window's fact says closed, and the Download button is still there.
          await expect(glance.getByText(/\((closed|बंद)\)$/).count()).resolves.toBe(1);
          await expect(
            glance.getByRole("link", { name: /Answer Key|आंसर की/ }).count(),
          ).resolves.toBe(1);
          // No link in the first screen's buttons is named Raise Objection.
          await expect(glance.getByRole("link", { name: new RegExp(label) }).count()).resolves.toBe(
            0,
          );
          // In its place: the action's name and that it closed, on the first screen.
          const shut = glance.getByRole("listitem").filter({ hasText: label });
          await expect(shut.count()).resolves.toBe(1);
          await expect(shut.getByText(closed).count()).resolves.toBe(1);
          expect(await onFirstScreen(page, shut), "the closed line is below the first screen").toBe(
            true,
          );
          await page.close();
        }
      });

      it("a job whose last date passed has no Apply Online button", async () => {
        const slug = await closedDemoEntry("job", "lastDate");
        const page = await browser.page();
        await page.goto(`/jobs/${slug}`);
        const glance = page.getByRole("region", { name: "At a glance" });
        await expect(glance.getByRole("link", { name: /Apply Online/ }).count()).resolves.toBe(0);
        const shut = glance.getByRole("listitem").filter({ hasText: "Apply Online" });
        await expect(shut.getByText(/^Closed on /).count()).resolves.toBe(1);
        await page.close();
      });
    });
  }
});
