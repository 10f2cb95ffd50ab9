import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countRecipients } from "~/alerts/triggers.server.ts";
import { saveEntry } from "~/entries/entries.service.server.ts";
import { job } from "../test/entries.ts";
import { useBrowser } from "./browser.ts";
import { withE2eDb } from "./db.ts";
import { ADMIN, EDITOR } from "./server.global.ts";

// Issue 15, the back-office's side of alerts: the editor's "This will notify N subscribers" with
// its box (with and without JavaScript), and the admin's Alerts screen without JavaScript.

const RUN = Date.now();
const ORGANIZATION = `Alerts Probe Board ${RUN}`;
const SUBSCRIPTION = `admin-alerts-${RUN}`;

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto("/admin/login");
  if (new URL(page.url()).pathname === "/admin") return;
  await page.getByLabel("E-mail address", { exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
}

/** The outbox rows of this file's subscriber (the e2e database is shared with other files). */
const alertRows = (entryId: string) =>
  withE2eDb((db) =>
    db
      .selectFrom("outbox")
      .select(["key", "status"])
      .where("subscription_id", "=", SUBSCRIPTION)
      .where("key", "like", `%${entryId}%`)
      .execute(),
  );

beforeAll(async () => {
  const at = new Date().toISOString();
  await withE2eDb((db) =>
    db
      .insertInto("alert_subscriptions")
      .values({
        id: SUBSCRIPTION,
        channel: "email",
        email: `${SUBSCRIPTION}@example.test`,
        language: "en",
        topic_states: '["bihar"]', // topics are stored by key (issue 27)
        topic_qualifications: "[]",
        topic_organizations: JSON.stringify([ORGANIZATION]),
        topic_kinds: '["job"]',
        cadence: "instant",
        digest_hour: 7,
        status: "active",
        created_at: at,
        confirmed_at: at,
      })
      .execute(),
  );
});

afterAll(async () => {
  await withE2eDb(async (db) => {
    await db.deleteFrom("outbox").where("subscription_id", "=", SUBSCRIPTION).execute();
    await db.deleteFrom("alert_subscriptions").where("id", "=", SUBSCRIPTION).execute();
  });
});

describe("the editor's notify notice", () => {
  for (const javaScriptEnabled of [false, true]) {
    describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
      const browser = useBrowser({ viewport: { width: 1280, height: 900 }, javaScriptEnabled });

      for (const notify of [false, true]) {
        it(`publishes a job its subscriber follows with "Notify subscribers" ${notify ? "ticked: one alert" : "unticked: no alert"}`, async () => {
          const title = `Bihar Probe Clerk ${javaScriptEnabled ? "js" : "nojs"} ${notify} ${RUN}`;
          const draft = await withE2eDb(async (db) => {
            const saved = await saveEntry(db, {
              kind: "job",
              input: { ...job(title, { state: "Bihar" }, "draft"), organization: ORGANIZATION },
              actor: { id: null, email: null, name: "e2e" },
            });
            if (!saved.ok) throw new Error(saved.reason);
            return saved.entry;
          });
          const expected = await withE2eDb((db) => countRecipients(db, draft));
          expect(expected).toBeGreaterThanOrEqual(1);

          const page = await browser.page();
          await signIn(page, EDITOR);
          await page.goto(`/admin/manage-jobs/edit/${draft.id}`);
          const notice = page.getByTestId("notify-notice");
          // A draft stays a draft: nobody is notified, the notice is not shown.
          await expect(notice.isVisible()).resolves.toBe(false);
          await page.getByLabel("Status", { exact: true }).selectOption("published");
          await expect(notice.isVisible()).resolves.toBe(true);
          await expect(notice.innerText()).resolves.toContain(
            `This will notify ${expected} ${expected === 1 ? "subscriber" : "subscribers"}.`,
          );
          const box = page.getByLabel("Notify subscribers");
          await expect(box.isChecked()).resolves.toBe(true);
          if (!notify) await box.uncheck();
          await page.locator(".entry-primary").click();
          await page.waitForURL((url) => url.searchParams.get("saved") === "1");
          await page.getByText("Saved and published.").waitFor();

          const stored = await withE2eDb((db) =>
            db
              .selectFrom("entries")
              .select("status")
              .where("id", "=", draft.id)
              .executeTakeFirstOrThrow(),
          );
          expect(stored.status).toBe("published");
          const rows = await alertRows(draft.id);
          expect(rows).toEqual(
            notify
              ? [{ key: `alert:${SUBSCRIPTION}:${draft.id}:published`, status: "pending" }]
              : [],
          );
          await page.close();
        });
      }
    });
  }
});

describe("the editor's notify box, forged", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });

  it("refuses a value that is not a tick with a clear message, publishing nothing", async () => {
    const draft = await withE2eDb(async (db) => {
      const saved = await saveEntry(db, {
        kind: "job",
        input: {
          ...job(`Bihar Probe Forged ${RUN}`, { state: "Bihar" }, "draft"),
          organization: ORGANIZATION,
        },
        actor: { id: null, email: null, name: "e2e" },
      });
      if (!saved.ok) throw new Error(saved.reason);
      return saved.entry;
    });
    const page = await browser.page();
    await signIn(page, EDITOR);
    await page.goto(`/admin/manage-jobs/edit/${draft.id}`);
    await page.getByLabel("Status", { exact: true }).selectOption("published");
    await page.getByLabel("Notify subscribers").evaluate((box) => {
      (box as HTMLInputElement).value = "yes";
    });
    await page.locator(".entry-primary").click();
    await page.getByText("Tick the box or leave it empty.").first().waitFor();
    const stored = await withE2eDb((db) =>
      db
        .selectFrom("entries")
        .select(["status", "updated_at"])
        .where("id", "=", draft.id)
        .executeTakeFirstOrThrow(),
    );
    expect(stored).toEqual({ status: "draft", updated_at: draft.updatedAt });
    expect(await alertRows(draft.id)).toEqual([]);
    await page.close();
  });
});

describe("the Alerts screen (JavaScript off)", () => {
  // One browser per account: a browser signed in once stays signed in.
  const browser = useBrowser({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
  const editorBrowser = useBrowser({
    viewport: { width: 1280, height: 900 },
    javaScriptEnabled: false,
  });
  const keys = {
    failed: `screen:failed:${RUN}`,
    dead: `screen:dead:${RUN}`,
  };

  beforeAll(async () => {
    const at = new Date().toISOString();
    await withE2eDb((db) =>
      db
        .insertInto("outbox")
        .values(
          (["failed", "dead"] as const).map((status) => ({
            id: keys[status],
            channel: "email" as const,
            key: keys[status],
            subscription_id: SUBSCRIPTION,
            payload: JSON.stringify({ type: "confirm" }),
            status,
            attempts: status === "dead" ? 8 : 3,
            next_attempt_at: "2099-01-01T00:00:00.000Z",
            last_error: `550 ${status} probe: mailbox unavailable`,
            created_at: at,
          })),
        )
        .execute(),
    );
  });

  afterAll(async () => {
    await withE2eDb(async (db) => {
      await db.deleteFrom("outbox").where("key", "in", Object.values(keys)).execute();
      await db
        .updateTable("app_meta")
        .set({ value: "0" })
        .where("key", "=", "outbox_paused")
        .execute();
    });
  });

  const outboxRow = (key: string) =>
    withE2eDb((db) =>
      db
        .selectFrom("outbox")
        .select(["status", "attempts"])
        .where("key", "=", key)
        .executeTakeFirst(),
    );
  const auditCount = () =>
    withE2eDb(async (db) =>
      Number(
        (
          await db
            .selectFrom("audit_log")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );

  it("shows an editor the subscribers and the outbox, without a button to change them", async () => {
    const page = await editorBrowser.page();
    await signIn(page, EDITOR);
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Alerts" })
      .click();
    await page.getByRole("heading", { level: 1, name: "Alerts" }).waitFor();
    expect(Number(await page.getByTestId("email-active").innerText())).toBeGreaterThanOrEqual(1);
    await expect(page.getByText("550 failed probe: mailbox unavailable").count()).resolves.toBe(1);
    await expect(
      page.getByRole("button", { name: /Pause all sending|Retry/ }).count(),
    ).resolves.toBe(0);
    await page.close();
  });

  it("lets an admin retry, discard, pause and resume, and says so when a row moved on", async () => {
    const page = await browser.page();
    await signIn(page, ADMIN);
    await page.goto("/admin/alerts");
    const row = page.getByTestId("outbox-row").filter({ hasText: "550 failed probe" });
    await row.getByRole("button", { name: "Retry" }).click();
    await page.getByText("Message queued again").waitFor();
    expect(await outboxRow(keys.failed)).toEqual({ status: "pending", attempts: 0 });

    // A second tab still shows the dead row; the first discards it; the second's retry is stale.
    const stale = await browser.page();
    await stale.goto("/admin/alerts");
    await page.goto("/admin/alerts");
    await page
      .getByTestId("outbox-row")
      .filter({ hasText: "550 dead probe" })
      .getByRole("button", { name: "Discard" })
      .click();
    await page.getByText("Message discarded").waitFor();
    expect(await outboxRow(keys.dead)).toBeUndefined();
    const audits = await auditCount();
    await stale
      .getByTestId("outbox-row")
      .filter({ hasText: "550 dead probe" })
      .getByRole("button", { name: "Retry" })
      .click();
    await stale.getByText(/no longer in the outbox: it was discarded/).waitFor();
    expect(await auditCount()).toBe(audits);
    expect(await outboxRow(keys.dead)).toBeUndefined();

    await page.getByRole("button", { name: "Pause all sending" }).click();
    await page.getByText("Sending paused.").waitFor();
    await page.getByText(/Sending is paused: alerts/).waitFor();
    await page.getByRole("button", { name: "Resume sending" }).click();
    await page.getByText("Sending resumed.").waitFor();
    const recorded = await withE2eDb((db) =>
      db
        .selectFrom("audit_log")
        .select(["action", "actor_email"])
        .where("action", "in", ["outbox.retry", "outbox.discard", "outbox.pause", "outbox.resume"])
        .where("actor_email", "=", ADMIN.email)
        .execute(),
    );
    expect(new Set(recorded.map((r) => r.action))).toEqual(
      new Set(["outbox.retry", "outbox.discard", "outbox.pause", "outbox.resume"]),
    );
    await page.close();
    await stale.close();
  });

  it("refuses a malformed or unknown button with a clear message, writing nothing", async () => {
    const page = await browser.page();
    await signIn(page, ADMIN);
    const before = await withE2eDb(async (db) => ({
      outbox: await db.selectFrom("outbox").selectAll().orderBy("id").execute(),
      audit: await auditCount(),
      meta: await db.selectFrom("app_meta").selectAll().orderBy("key").execute(),
    }));
    const missing = await page.request.post("/admin/alerts", {
      form: { intent: "retry", id: "" },
      maxRedirects: 0,
    });
    expect(missing.status()).toBe(400);
    expect(await missing.text()).toContain("Choose a message");
    const unknown = await page.request.post("/admin/alerts", {
      form: { intent: "send-everything-twice" },
      maxRedirects: 0,
    });
    expect(unknown.status()).toBe(400);
    expect(await unknown.text()).toContain("This button is not known here");
    const after = await withE2eDb(async (db) => ({
      outbox: await db.selectFrom("outbox").selectAll().orderBy("id").execute(),
      audit: await auditCount(),
      meta: await db.selectFrom("app_meta").selectAll().orderBy("key").execute(),
    }));
    expect(after).toEqual(before);
    await page.close();
  });
});
