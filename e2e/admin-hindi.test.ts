import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, useBrowser } from "./browser.ts";
import { withE2eDb } from "./db.ts";
import { ADMIN } from "./server.global.ts";
import { savedEntry, TEST_ACTOR } from "../test/writes.ts";

/** Issue 14, the admin side: Hindi beside the English in the entry editor, site pages, settings. */

async function signIn(page: Page) {
  await page.goto("/admin/login");
  if (new URL(page.url()).pathname === "/admin") return;
  await page.getByLabel("E-mail address", { exact: true }).fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
}

/** The editor has hydrated once the tab bar is a tablist. */
async function editorHydrated(page: Page) {
  await page.getByRole("tab", { name: /^English/ }).waitFor();
}

async function stored(id: string) {
  const row = await withE2eDb((db) =>
    db
      .selectFrom("entries")
      .select(["data", "updated_at", "hi_title"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow(),
  );
  return { ...row, data: JSON.parse(row.data) as Record<string, unknown> };
}

async function publicText(path: string) {
  const res = await fetch(`${baseURL()}${path}`);
  return { status: res.status, text: await res.text() };
}

const suffix = crypto.randomUUID().slice(0, 8);
const title = `E2E Hindi Clerk Recruitment ${suffix}`;
const hindiTitle = `ई2ई हिन्दी क्लर्क भर्ती ${suffix}`;
let id = "";
let slug = "";

beforeAll(async () => {
  const entry = await withE2eDb(
    (db) =>
      savedEntry(
        db,
        "job",
        {
          title,
          organization: "E2E Hindi Commission",
          status: "published",
          data: {
            summary: `Clerk posts for graduates (${suffix}).`,
            employmentType: "FULL_TIME",
            state: "Delhi",
            lastDate: "2031-03-31",
            qualification: "Graduate",
            posts: [{ post: "Lower Division Clerk", total: 40 }],
            faqs: [
              { question: "Who can apply?", answer: "Graduates." },
              { question: "What is the fee?", answer: "None." },
            ],
          },
        },
        TEST_ACTOR,
      ),
    { write: true },
  );
  id = entry.id;
  slug = entry.slug;
});

afterAll(async () => {
  if (id)
    await withE2eDb((db) => db.deleteFrom("entries").where("id", "=", id).execute(), {
      write: true,
    });
});

describe("the entry editor's Hindi tab (JavaScript on)", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });

  it("saves Hindi through the Hindi tab, row by row, and says how complete it is", async () => {
    const page = await browser.page();
    await signIn(page);
    await page.goto(`/admin/manage-jobs/edit/${id}`);
    await editorHydrated(page);
    const hindiTab = page.getByRole("tab", { name: /^Hindi \(हिन्दी\)/ });
    await expect(hindiTab.innerText()).resolves.toContain("Hindi: missing");
    // One panel at a time with JavaScript.
    const hindiTitleInput = page.locator('[name="data.hi_title"]');
    expect(await hindiTitleInput.isVisible()).toBe(false);
    await hindiTab.click();
    expect(await hindiTitleInput.isVisible()).toBe(true);
    expect(await page.getByLabel("Post name", { exact: true }).isVisible()).toBe(false);
    await expect(hindiTitleInput.getAttribute("lang")).resolves.toBe("hi");
    // The English it translates is shown beside it.
    await expect(page.locator('[data-field="data.hi_summary"]').innerText()).resolves.toContain(
      `Clerk posts for graduates (${suffix}).`,
    );

    await hindiTitleInput.fill(hindiTitle);
    await page
      .getByLabel("Short information (Hindi)", { exact: true })
      .fill("स्नातकों के लिए क्लर्क पद।");
    // Only the second FAQ: it must stay the second one.
    await page.locator('[name="data.hi_faqs[1].question"]').fill("शुल्क कितना है?");
    await page.locator('[name="data.hi_faqs[1].answer"]').fill("कोई शुल्क नहीं।");
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await page.waitForURL(/saved=1/);

    const after = await stored(id);
    expect(after.data.hi_title).toBe(hindiTitle);
    expect(after.data.hi_summary).toBe("स्नातकों के लिए क्लर्क पद।");
    expect(after.hi_title).toBe(hindiTitle);
    const faqs = after.data.hi_faqs as Record<string, string>[];
    expect(faqs).toHaveLength(2);
    expect(faqs[0].question ?? "").toBe("");
    expect(faqs[1]).toEqual({ question: "शुल्क कितना है?", answer: "कोई शुल्क नहीं।" });
    // Left: the post name and the first FAQ's question and answer.
    await expect.poll(() => hindiTab.innerText()).toContain("Hindi: partial (3 texts left)");

    // The Hindi page shows the Hindi title, the English page the English one.
    const hi = await publicText(`/hi/jobs/${slug}`);
    expect(hi.status).toBe(200);
    expect(hi.text).toContain(hindiTitle);
    const en = await publicText(`/jobs/${slug}`);
    expect(en.text).toContain(title);
    expect(en.text).not.toContain(hindiTitle);

    await hindiTab.click();
    await page.locator('[name="data.hi_posts[0].post"]').fill("निम्न श्रेणी लिपिक");
    await page.locator('[name="data.hi_faqs[0].question"]').fill("कौन आवेदन कर सकता है?");
    await page.locator('[name="data.hi_faqs[0].answer"]').fill("स्नातक।");
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await page.waitForURL(/saved=1/);
    await expect.poll(() => hindiTab.innerText()).toContain("Hindi: complete");
    await expect(page.locator("#hindi").innerText()).resolves.toContain("Hindi: complete");
    const complete = await stored(id);
    expect((complete.data.hi_posts as Record<string, string>[])[0].post).toBe("निम्न श्रेणी लिपिक");
  });

  it("says the Hindi is older once only the English changes", async () => {
    const page = await browser.page();
    await signIn(page);
    await page.goto(`/admin/manage-jobs/edit/${id}`);
    await editorHydrated(page);
    await page
      .getByLabel("Short information", { exact: true })
      .fill(`Clerk posts for graduates, now 45 (${suffix}).`);
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await page.waitForURL(/saved=1/);
    const tab = page.getByRole("tab", { name: /^Hindi \(हिन्दी\)/ });
    await expect
      .poll(() => tab.innerText())
      .toMatch(/Hindi: older than the English \(changed since .+\)/);
    const after = await stored(id);
    expect(after.data.hi_summary).toBe("स्नातकों के लिए क्लर्क पद।");
    expect(String(after.data.textChangedAt) > String(after.data.hi_changedAt)).toBe(true);
    // The history names the Hindi fields in words.
    await page.goto(`/admin/manage-jobs/history/${id}`);
    const history = await page.locator("main").innerText();
    expect(history).not.toContain("hi_");
  });

  it("refuses a Hindi text over its limit at the field, and writes nothing", async () => {
    const page = await browser.page();
    await signIn(page);
    const before = await stored(id);
    await page.goto(`/admin/manage-jobs/edit/${id}`);
    await editorHydrated(page);
    await page.getByRole("tab", { name: /^Hindi \(हिन्दी\)/ }).click();
    const summary = page.getByLabel("Short information (Hindi)", { exact: true });
    // The browser's limit is a convenience; the server's is the rule.
    await summary.evaluate((el) => el.removeAttribute("maxlength"));
    await summary.fill("क".repeat(3001));
    await page.getByRole("button", { name: "Update", exact: true }).click();
    const error = page.locator("#f-data-hi-summary-error");
    await error.waitFor();
    await expect(error.innerText()).resolves.toContain("at most 3000 characters");
    // The error summary names the field in words, and the Hindi tab is the one shown.
    await expect(page.getByRole("alert").first().innerText()).resolves.toContain(
      "Short information (Hindi)",
    );
    expect(await summary.isVisible()).toBe(true);
    const after = await stored(id);
    expect(after.updated_at).toBe(before.updated_at);
    expect(after.data.hi_summary).toBe(before.data.hi_summary);
  });

  it("duplicates the Hindi with the entry", async () => {
    const page = await browser.page();
    await signIn(page);
    await page.goto(`/admin/manage-jobs/edit/${id}`);
    await page.getByRole("button", { name: "Duplicate" }).click();
    await page.waitForURL(/saved=duplicated/);
    const copyId = /edit\/([0-9a-f-]+)/.exec(page.url())![1];
    try {
      const copy = await stored(copyId);
      expect(copy.data.hi_title).toBe(hindiTitle);
      expect(copy.data.hi_faqs).toEqual((await stored(id)).data.hi_faqs);
    } finally {
      await withE2eDb((db) => db.deleteFrom("entries").where("id", "=", copyId).execute(), {
        write: true,
      });
    }
  });

  it("lists whether each entry has its Hindi title", async () => {
    const page = await browser.page();
    await signIn(page);
    await page.goto(`/admin/manage-jobs?q=${encodeURIComponent(suffix)}`);
    const row = page.getByRole("row", { name: new RegExp(title) });
    await expect(row.locator("[data-hindi]").getAttribute("data-hindi")).resolves.toBe("yes");
  });
});

describe("Hindi without JavaScript", () => {
  const browser = useBrowser({ viewport: { width: 360, height: 800 }, javaScriptEnabled: false });

  it("shows the Hindi fields on the page and saves them with the form", async () => {
    const page = await browser.page();
    await signIn(page);
    await page.goto(`/admin/manage-jobs/edit/${id}`);
    // The tab bar is two in-page links; the Hindi panel is on the page.
    await page.getByRole("link", { name: /^Hindi \(हिन्दी\)/ }).click();
    expect(new URL(page.url()).hash).toBe("#hindi");
    const input = page.locator('[name="data.hi_title"]');
    expect(await input.isVisible()).toBe(true);
    await input.fill(`${hindiTitle} (बिना जावास्क्रिप्ट)`);
    await page.locator(".entry-primary").click();
    await page.waitForURL(/saved=1/);
    expect((await stored(id)).data.hi_title).toBe(`${hindiTitle} (बिना जावास्क्रिप्ट)`);
  });

  it("saves a site page's Hindi, sanitized, and the Hindi address shows it", async () => {
    const original = await withE2eDb((db) =>
      db
        .selectFrom("site_pages")
        .select(["hindi", "updated_at"])
        .where("slug", "=", "about-us")
        .executeTakeFirstOrThrow(),
    );
    const page = await browser.page();
    await signIn(page);
    try {
      await page.goto("/admin/manage-site-pages/edit/about-us");
      // Folded away until opened, without JavaScript too.
      expect(await page.getByLabel("Title (Hindi)", { exact: true }).isVisible()).toBe(false);
      await page.locator("#hindi summary").click();
      await page.getByLabel("Title (Hindi)", { exact: true }).fill(`हमारे बारे में ${suffix}`);
      await page
        .locator('textarea[name="hi_body"]')
        .fill(`<p>हम सरकारी नौकरियों की खबर देते हैं ${suffix}.</p><script>alert(1)</script>`);
      await page.getByRole("button", { name: "Save page" }).click();
      await page.waitForURL(/done=saved/);
      const row = await withE2eDb((db) =>
        db
          .selectFrom("site_pages")
          .select("hindi")
          .where("slug", "=", "about-us")
          .executeTakeFirstOrThrow(),
      );
      const hindi = JSON.parse(row.hindi ?? "{}") as { title: string; body: string };
      expect(hindi.title).toBe(`हमारे बारे में ${suffix}`);
      expect(hindi.body).toContain(`हम सरकारी नौकरियों की खबर देते हैं ${suffix}.`);
      expect(hindi.body).not.toContain("script");
      const hi = await publicText("/hi/about-us");
      expect(hi.text).toContain(`हमारे बारे में ${suffix}`);
      const en = await publicText("/about-us");
      expect(en.text).not.toContain(`हमारे बारे में ${suffix}`);
      // The list says it is translated.
      await page.goto("/admin/manage-site-pages");
      await expect(page.locator("main").innerText()).resolves.toContain("Hindi: complete");
    } finally {
      // Put the demo page's Hindi back for the other tests.
      await withE2eDb(
        (db) =>
          db
            .updateTable("site_pages")
            .set({ hindi: original.hindi })
            .where("slug", "=", "about-us")
            .execute(),
        { write: true },
      );
    }
  });

  it("saves the Hindi tagline in the content settings", async () => {
    const page = await browser.page();
    await signIn(page);
    await page.goto("/admin/content-settings");
    const tagline = page.getByLabel("Tagline (Hindi)", { exact: true });
    const old = await tagline.inputValue();
    try {
      await tagline.fill(`सरकारी नौकरी की खबरें ${suffix}`);
      await page.getByRole("button", { name: "Save settings" }).click();
      await page.waitForURL(/done=saved/);
      const row = await withE2eDb((db) =>
        db.selectFrom("settings").select("value").where("key", "=", "hindi").executeTakeFirst(),
      );
      expect(row?.value ?? "").toContain(`सरकारी नौकरी की खबरें ${suffix}`);
      await expect(page.getByLabel("Tagline (Hindi)", { exact: true }).inputValue()).resolves.toBe(
        `सरकारी नौकरी की खबरें ${suffix}`,
      );
    } finally {
      await page.goto("/admin/content-settings");
      await page.getByLabel("Tagline (Hindi)", { exact: true }).fill(old);
      await page.getByRole("button", { name: "Save settings" }).click();
      await page.waitForURL(/done=saved/);
    }
  });
});
