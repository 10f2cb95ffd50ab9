import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteEntries, saveEntry, trashEntries } from "~/entries/entries.service.server.ts";
import { getSettings } from "~/settings/settings.repository.server.ts";
import { saveContentSettings } from "~/settings/settings.service.server.ts";
import { job } from "../test/entries.ts";
import { TEST_ACTOR } from "../test/writes.ts";
import { minimalPdf } from "../test/minimal-pdf.ts";
import { baseURL, useBrowser } from "./browser.ts";
import { snapshotSettings, withE2eDb } from "./db.ts";
import { signIn } from "./instances.ts";
import { cacheDirectives, countRows } from "./security-helpers.ts";
import { AUTHOR, EDITOR } from "./server.global.ts";

/**
 * Issue 25, "unbounded uploads", attacked over HTTP as reported: an author POSTed 49 files of
 * 10 MB to /admin/files, each public at once at /files/<sha256>.pdf and never deleted. Now each
 * person has a daily quota (here lowered to 10 files) that 50 uploads at once cannot pass, a
 * refusal says so in the job form's upload control, and an upload stays hidden from the public
 * (404, as for a file that does not exist) until an entry linking to it is published.
 */

const fileCount = () => withE2eDb((db) => countRows(db, "files"));

const postFile = (cookie: string, bytes: Buffer) => {
  const body = new FormData();
  body.set("file", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), "n.pdf");
  body.set("accept", "pdf");
  return fetch(`${baseURL()}/admin/files`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: baseURL(), cookie },
    body,
  });
};
const get = (path: string, cookie?: string) =>
  fetch(`${baseURL()}${path}`, { headers: cookie ? { cookie } : {} });

describe("an author's daily upload quota", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });
  const suffix = crypto.randomUUID().slice(0, 8);
  let restore: Awaited<ReturnType<typeof snapshotSettings>>;
  let author = "";
  beforeAll(async () => {
    restore = await snapshotSettings();
    await withE2eDb(
      async (db) => {
        // The Content settings screen's save: the other values as they are (demo content's).
        const current = await getSettings(db);
        const uploads = { perUserFiles: 10, perUserMb: 100, storageMb: 2048 };
        const sameAs = current.organization.sameAs;
        const saved = await saveContentSettings(db, { ...current, sameAs, uploads }, TEST_ACTOR);
        if (!saved.ok) throw new Error(`Settings not saved: ${JSON.stringify(saved)}`);
      },
      { write: true },
    );
    author = await signIn(baseURL(), AUTHOR.email, AUTHOR.password);
  });
  afterAll(async () => {
    await withE2eDb((db) => restore(db), { write: true });
  });

  it("holds against 50 uploads at once: 10 stored, 40 refused with a clear message", async () => {
    const before = await fileCount();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => postFile(author, minimalPdf(`burst ${suffix} ${i}`))),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
    const refused = answers.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // The one form reply (issue 27): the message for the whole form.
    expect(await refused.json()).toEqual({
      status: "error",
      error: {
        "": [
          "You have already uploaded 10 files today, the daily limit for each person, so this file was not stored. Try again tomorrow, or ask an admin to raise the limit.",
        ],
      },
    });
    expect(await fileCount()).toBe(before + 10);
  });

  async function signInAsAuthor(page: Page) {
    await page.goto("/admin/login");
    if (new URL(page.url()).pathname === "/admin") return;
    await page.getByLabel("E-mail address", { exact: true }).fill(AUTHOR.email);
    await page.getByLabel("Password", { exact: true }).fill(AUTHOR.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((u) => u.pathname === "/admin");
  }

  for (const width of [360, 1280]) {
    it(`shows the refusal in the job form's upload control at ${width} px, and stores nothing`, async () => {
      const before = await fileCount();
      const page = await browser.page();
      await page.setViewportSize({ width, height: 900 });
      await signInAsAuthor(page);
      await page.goto("/admin/manage-jobs/add");
      const control = page.getByLabel("Or upload the PDF", { exact: true });
      await control.waitFor({ state: "visible", timeout: 15_000 });
      await control.setInputFiles({
        name: "Notice.pdf",
        mimeType: "application/pdf",
        buffer: minimalPdf(`form ${suffix} ${width}`),
      });
      await page.getByRole("button", { name: "Upload", exact: true }).click();
      const alert = page.locator("#f-data-notificationUrl-upload-status").getByRole("alert");
      await alert.waitFor({ timeout: 10_000 });
      expect(await alert.textContent()).toBe(
        "You have already uploaded 10 files today, the daily limit for each person, so this file was not stored. Try again tomorrow, or ask an admin to raise the limit.",
      );
      await alert.scrollIntoViewIfNeeded();
      const box = await alert.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
      expect(await page.getByLabel("Notification PDF", { exact: true }).inputValue()).toBe("");
      expect(await fileCount()).toBe(before);
      await page.close();
    });
  }
});

describe("an author's upload before and after publication", () => {
  const suffix = crypto.randomUUID().slice(0, 8);
  const made: string[] = [];
  afterAll(async () => {
    const actor = { id: null, email: null, name: "e2e cleanup" };
    await withE2eDb(
      async (db) => {
        await trashEntries(db, "job", made, actor);
        await deleteEntries(db, made, actor);
      },
      { write: true },
    );
  });

  it("is 404 to the public and 200 to staff (kept by no cache) until a published entry links to it", async () => {
    const author = await signIn(baseURL(), AUTHOR.email, AUTHOR.password);
    const editor = await signIn(baseURL(), EDITOR.email, EDITOR.password);
    const pdf = minimalPdf(`hidden ${suffix}`);
    const res = await postFile(author, pdf);
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(/^\/files\/[0-9a-f]{64}\.pdf$/);

    // The public is told what it is told for a file that does not exist: nothing to tell them apart.
    const unknown = await get(`/files/${"0".repeat(64)}.pdf`);
    for (let i = 0; i < 2; i++) {
      const anon = await get(url);
      expect(anon.status).toBe(404);
      expect(await anon.text()).toBe(await unknown.clone().text());
      expect(anon.headers.get("cache-control")).toBe(unknown.headers.get("cache-control"));
      expect(anon.headers.get("content-type")).toBe(unknown.headers.get("content-type"));
    }
    // Staff see it, marked for nobody's cache.
    for (const cookie of [author, editor]) {
      const staff = await get(url, cookie);
      expect(staff.status).toBe(200);
      expect(cacheDirectives(staff.headers.get("cache-control"))).toEqual(["no-store", "private"]);
      expect(Buffer.compare(Buffer.from(await staff.arrayBuffer()), pdf)).toBe(0);
    }
    // The page cache kept none of it: the public still gets 404, twice over.
    for (let i = 0; i < 2; i++) expect((await get(url)).status).toBe(404);

    // The author links it from a job and submits it for review: still not public.
    const id = await withE2eDb(
      async (db) => {
        const user = await db
          .selectFrom("user")
          .select(["id", "name"])
          .where("email", "=", AUTHOR.email)
          .executeTakeFirstOrThrow();
        const saved = await saveEntry(db, {
          kind: "job",
          input: job(`Hidden Upload Clerk ${suffix}`, { notificationUrl: url }, "pending"),
          actor: { id: user.id, email: AUTHOR.email, name: user.name },
        });
        if (!saved.ok) throw new Error(saved.reason);
        made.push(saved.entry.id);
        return saved.entry.id;
      },
      { write: true },
    );
    expect((await get(url)).status).toBe(404);

    // An editor approves it from the review queue: the file is public, cacheable for good.
    const approve = await fetch(`${baseURL()}/admin?index`, {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: baseURL(),
        cookie: editor,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "approve", kind: "job", id }),
    });
    expect(approve.status).toBe(302);
    const open = await get(url);
    expect(open.status).toBe(200);
    expect(open.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.compare(Buffer.from(await open.arrayBuffer()), pdf)).toBe(0);
  });
});
