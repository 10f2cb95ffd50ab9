import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { baseURL, useBrowser } from "./browser.ts";
import { withE2eDb } from "./db.ts";
import { AUTHOR, EDITOR } from "./server.global.ts";
import { savedEntry, TEST_ACTOR } from "../test/writes.ts";

/**
 * Issue 31 in the back-office: a job's upload rules in its form (a preset, and its own values,
 * which win), checked on the server; the presets on their own screen, whose changes reach every
 * job page naming them at once; and only editors and admins may change them.
 */

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto("/admin/login");
  await page.getByLabel("E-mail address", { exact: true }).fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
}

/** The text of the job page's "Photo and signature" section (English or Hindi). */
async function photoSection(path: string): Promise<string> {
  const html = await (await fetch(`${baseURL()}${path}`)).text();
  const start = html.indexOf('id="section-uploads"');
  if (start === -1) return "";
  return html
    .slice(start, html.indexOf("</section>", start))
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

const suffix = crypto.randomUUID().slice(0, 8);
const presetKey = `e2e-psc-${suffix}`;
let job = { id: "", slug: "" };

beforeAll(async () => {
  job = await withE2eDb(
    (db) =>
      savedEntry(
        db,
        "job",
        {
          title: `E2E Photo Rules Clerk ${suffix}`,
          organization: "E2E Photo Commission",
          status: "published",
          data: {
            summary: "Clerk posts.",
            employmentType: "FULL_TIME",
            state: "Delhi",
            lastDate: "2031-03-31",
            qualification: "Graduate",
          },
        },
        TEST_ACTOR,
      ),
    { write: true },
  );
});

describe("upload rules in the back-office", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });

  it("a job names a preset and overrides one value; its page shows the merged rules", async () => {
    expect(await photoSection(`/jobs/${job.slug}`)).toBe("");
    const page = await browser.page();
    await signIn(page, EDITOR);
    await page.goto(`/admin/manage-jobs/edit/${job.id}`);
    await page.getByRole("button", { name: "Add row" }).first().waitFor();
    await page.getByLabel("Recruiter's usual rules (preset)").selectOption("upsc");
    await page.locator('[name="data.uploads[0].slot"]').selectOption("photo");
    await page.locator('[name="data.uploads[0].kbMax"]').fill("200");
    await page.locator('[name="data.uploads[1].slot"]').selectOption("other");
    await page.locator('[name="data.uploads[1].label"]').fill("Caste certificate");
    await page.locator('[name="data.uploads[1].kbMax"]').fill("500");
    await page.getByRole("button", { name: "Update" }).click();
    await page.waitForURL((url) => url.searchParams.get("saved") === "1");

    const section = await photoSection(`/jobs/${job.slug}`);
    // UPSC's photo, with this job's 200 KB instead of 300; its signature as it is; its own image.
    expect(section).toContain("Width 350–1000 pixels");
    expect(section).toContain("File size 20–200 KB");
    expect(section).toContain("File size 20–300 KB");
    expect(section).toContain("Caste certificate");
    expect(section).toContain("File size at most 500 KB");
    expect(section).toContain("Based on the usual rules of UPSC");
    expect(await photoSection(`/hi/jobs/${job.slug}`)).toContain("फाइल साइज 20–200 KB");
    // The tool gets the same rules.
    const tool = await (await fetch(`${baseURL()}/photo-tool?job=${job.slug}`)).text();
    expect(tool).toContain("File size 20–200 KB");
  });

  it("refuses a range written backwards and a preset that does not exist, and saves nothing", async () => {
    const page = await browser.page();
    await page.goto(`/admin/manage-jobs/edit/${job.id}`);
    await page.getByRole("button", { name: "Add row" }).first().waitFor();
    await page.locator('[name="data.uploads[0].kbMin"]').fill("250");
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("alert").first().textContent()).resolves.toContain(
      "Size up to must not be less than size from",
    );

    // A forged choice: a key no preset has.
    await page.goto(`/admin/manage-jobs/edit/${job.id}`);
    await page.getByRole("button", { name: "Add row" }).first().waitFor();
    await page.locator('[name="data.photoPreset"]').evaluate((select: HTMLSelectElement) => {
      select.add(new Option("forged", "no-such-preset"));
      select.value = "no-such-preset";
    });
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("alert").first().textContent()).resolves.toContain(
      "Choose one of the listed presets, or none",
    );
    const stored = await withE2eDb((db) =>
      db.selectFrom("entries").select("data").where("id", "=", job.id).executeTakeFirstOrThrow(),
    );
    expect(JSON.parse(stored.data)).toMatchObject({
      photoPreset: "upsc",
      uploads: [{ slot: "photo", kbMax: 200 }, { slot: "other" }],
    });
  });

  it("adds a preset on its screen; a change to it reaches the job page naming it at once", async () => {
    const page = await browser.page();
    await page.goto("/admin/photo-presets");
    await page.getByRole("link", { name: "Add a preset" }).click();
    await page.getByLabel("Key").fill(presetKey);
    await page.getByLabel("Name", { exact: true }).fill(`E2E PSC ${suffix}`);
    await page.getByLabel("Name in Hindi", { exact: true }).fill(`ई2ई लोक सेवा आयोग ${suffix}`);
    await page.getByLabel("Source (the notification)").fill("E2E PSC notice 1/2026");
    await page.getByLabel("Source's address").fill("https://psc.example.gov.in/notice-1.pdf");
    await page.locator('[name="rules[0].slot"]').selectOption("photo");
    await page.locator('[name="rules[0].widthMin"]').fill("150");
    await page.locator('[name="rules[0].widthMax"]').fill("150");
    await page.locator('[name="rules[0].heightMin"]').fill("200");
    await page.locator('[name="rules[0].heightMax"]').fill("200");
    await page.locator('[name="rules[0].kbMax"]').fill("40");
    await page.locator('[name="rules[0].notesHi"]').fill("सफेद बैकग्राउंड");
    await page.getByRole("button", { name: "Save preset" }).click();
    await page.waitForURL((url) => url.searchParams.get("saved") === presetKey);

    // The job names it (its own photo row still gives 200 KB).
    await page.goto(`/admin/manage-jobs/edit/${job.id}`);
    await page.getByRole("button", { name: "Add row" }).first().waitFor();
    await page.getByLabel("Recruiter's usual rules (preset)").selectOption(presetKey);
    await page.locator('[name="data.uploads[0].kbMax"]').fill("");
    await page.getByRole("button", { name: "Update" }).click();
    await page.waitForURL((url) => url.searchParams.get("saved") === "1");
    expect(await photoSection(`/jobs/${job.slug}`)).toContain("File size at most 40 KB");
    expect(await photoSection(`/hi/jobs/${job.slug}`)).toContain("सफेद बैकग्राउंड");

    // The page is cached now; the preset's change still shows on the next request.
    await page.goto(`/admin/photo-presets/edit/${presetKey}`);
    await page.getByRole("button", { name: "Add row" }).waitFor();
    const kbMax = page.locator('[name="rules[0].kbMax"]');
    await kbMax.fill("45");
    expect(await kbMax.inputValue()).toBe("45");
    await page.getByRole("button", { name: "Save preset" }).click();
    await page.waitForURL((url) => url.searchParams.get("saved") === presetKey);
    const section = await photoSection(`/jobs/${job.slug}`);
    expect(section).toContain("File size at most 45 KB");
    expect(section).toContain("150 × 200 pixels");
  });

  it("refuses a preset form that breaks its rules, naming the fields", async () => {
    const page = await browser.page();
    await page.goto("/admin/photo-presets/new");
    await page.getByLabel("Key").fill("Not A Key");
    await page.getByLabel("Source's address").fill("javascript:alert(1)");
    await page.getByRole("button", { name: "Save preset" }).click();
    await page.getByText("your attention. Nothing was saved.").waitFor();
    const text = (await page.locator("main").textContent()) ?? "";
    expect(text).toContain("fields need your attention. Nothing was saved.");
    expect(text).toContain("The key may contain only lower-case letters");
    expect(text).toContain("must be a full http:// or https:// address");
    expect(text).toContain("Give at least one image's rule");
  });
});

describe("who may change presets", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });

  it("an author may not open or post the presets screens", async () => {
    const page = await browser.page();
    await signIn(page, AUTHOR);
    const screen = await page.goto("/admin/photo-presets");
    expect(screen?.status()).toBe(403);
    const post = await page.request.post(`/admin/photo-presets/edit/ibps`, {
      form: {
        key: "ibps",
        name: "Hijacked",
        sourceTitle: "x",
        sourceUrl: "https://x.in",
        checkedOn: "2026-01-01",
      },
      headers: { Origin: baseURL() },
    });
    expect(post.status()).toBe(403);
    const ibps = await withE2eDb((db) =>
      db
        .selectFrom("photo_presets")
        .select("name")
        .where("key", "=", "ibps")
        .executeTakeFirstOrThrow(),
    );
    expect(ibps.name).not.toBe("Hijacked");
  });
});
