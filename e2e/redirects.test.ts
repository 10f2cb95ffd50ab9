import { afterAll, describe, expect, it, vi } from "vitest";
import { baseURL, useBrowser } from "./browser.ts";
import { UNTIL_404_WRITTEN, withE2eDb } from "./db.ts";

const tag = crypto.randomUUID().slice(0, 8);
const created: string[] = [];

/** A redirect record written straight into the e2e database, removed again after the file. */
async function rule(source: string, destination: string, status: number) {
  const id = crypto.randomUUID();
  const at = new Date().toISOString();
  await withE2eDb(
    (db) =>
      db
        .insertInto("redirects")
        .values({
          id,
          source,
          destination,
          status_code: status,
          enabled: 1,
          hits: 0,
          last_hit_at: null,
          created_at: at,
          updated_at: at,
        })
        .execute(),
    { write: true },
  );
  created.push(id);
  return id;
}

async function hits(id: string) {
  return withE2eDb(async (db) => {
    const row = await db
      .selectFrom("redirects")
      .select("hits")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return row.hits;
  });
}

const get = (path: string, init: RequestInit = {}) =>
  fetch(`${baseURL()}${path}`, { redirect: "manual", ...init });

afterAll(async () => {
  await withE2eDb((db) => db.deleteFrom("redirects").where("id", "in", created).execute(), {
    write: true,
  });
});

describe("redirects and the 404 log", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });

  it("sends an internal rule's path to its destination with the rule's status, counting hits", async () => {
    const id = await rule(`/old-vacancies-${tag}`, "/jobs", 301);
    const res = await get(`/old-vacancies-${tag}`);
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/jobs");
    expect(await hits(id)).toBe(1);
    const again = await get(`/old-vacancies-${tag}`);
    expect(again.status).toBe(301);
    expect(await hits(id)).toBe(2);
  });

  it("sends an absolute destination to the other site with the rule's status", async () => {
    const id = await rule(`/partner-notice-${tag}`, "https://example.org/notice", 302);
    const res = await get(`/partner-notice-${tag}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("https://example.org/notice");
    expect(await hits(id)).toBe(1);
  });

  it("answers a 410 rule with 'This page has been removed'", async () => {
    const id = await rule(`/withdrawn-${tag}`, "", 410);
    const res = await get(`/withdrawn-${tag}`);
    expect(res.status).toBe(410);
    const html = await res.text();
    expect(html).toContain("This page has been removed");
    // Inside the site's shell: the header's navigation and the footer are there.
    expect(html).toMatch(/<nav[^>]*aria-label="Main"/);
    expect(html).toContain("<footer");
    expect(await hits(id)).toBe(1);
  });

  it("never redirects a core page, even when a record names it", async () => {
    const id = await rule("/jobs", "/results", 301);
    const res = await get("/jobs");
    expect(res.status).toBe(200);
    expect(await hits(id)).toBe(0);
    await withE2eDb((db) => db.deleteFrom("redirects").where("id", "=", id).execute(), {
      write: true,
    });
  });

  it("redirects a client-side navigation too, keeping the old address out of the history", async () => {
    // The footer's Security Policy link is a client-side link to a non-core page.
    const id = await rule("/security-policy", "/jobs", 302);
    try {
      const page = await browser.page();
      await page.goto("/");
      await page.locator("[data-testid=bell][data-count]").waitFor();
      const documents: string[] = [];
      page.on("request", (r) => r.resourceType() === "document" && documents.push(r.url()));
      await page.getByRole("contentinfo").getByRole("link", { name: "Security Policy" }).click();
      await page.waitForURL("**/jobs");
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      expect(documents).toEqual([]); // no full page load
      expect(await hits(id)).toBeGreaterThanOrEqual(1);
      // Replaced: going back returns to the home page, not to the old address.
      await page.goBack();
      await page.waitForURL((url) => url.pathname === "/");
      await page.close();
    } finally {
      await withE2eDb((db) => db.deleteFrom("redirects").where("id", "=", id).execute(), {
        write: true,
      });
    }
  });

  it("answers an unknown path with 404 and records it with the referrer", async () => {
    const path = `/no-such-page-${tag}`;
    const referrer = "https://example.org/some-forum-post";
    const res = await get(path, { headers: { referer: referrer } });
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Page not found");
    expect(html).toContain('action="/search"');
    const logged = () =>
      withE2eDb((db) =>
        db.selectFrom("not_found_log").selectAll().where("path", "=", path).executeTakeFirst(),
      );
    await vi.waitFor(
      async () => expect(await logged()).toMatchObject({ hits: 1, last_referrer: referrer }),
      UNTIL_404_WRITTEN,
    );
    await get(path);
    await vi.waitFor(async () => expect((await logged())?.hits).toBe(2), UNTIL_404_WRITTEN);

    // A visitor following a broken link on one of our pages: the page is the referrer.
    const page = await browser.page();
    await page.goto("/jobs");
    await page.locator("[data-testid=bell][data-count]").waitFor();
    const clientPath = `/gone-missing-${tag}`;
    await page.evaluate((to) => {
      const a = document.createElement("a");
      a.href = to;
      a.textContent = "a link the page does not have";
      document.querySelector("footer")?.append(a);
    }, clientPath);
    await page.getByRole("link", { name: "a link the page does not have" }).click();
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    await vi.waitFor(async () => {
      const clientRow = await withE2eDb((db) =>
        db
          .selectFrom("not_found_log")
          .selectAll()
          .where("path", "=", clientPath)
          .executeTakeFirst(),
      );
      expect(clientRow).toMatchObject({ hits: 1, last_referrer: `${baseURL()}/jobs` });
    }, UNTIL_404_WRITTEN);
    await page.close();
  });
});
