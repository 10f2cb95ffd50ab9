import path from "node:path";
import axe from "axe-core";
import type { ParsedMail } from "mailparser";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "~/platform/db/db.server.ts";
import { saveEntry } from "~/entries/entries.service.server.ts";
import { job } from "../test/entries.ts";
import { startTestSmtp, type TestSmtp } from "../test/smtp.ts";
import { baseURL, CHROMIUM_ARGS } from "./browser.ts";
import { withE2eDb } from "./db.ts";
import { startInstance, type Instance } from "./instances.ts";

// Job alerts by e-mail (issue 15) on a server of their own, with SMTP_URL pointing at a real SMTP
// server inside this test: subscribe, confirm (only by the button's POST), manage, export, delete,
// with and without JavaScript; one-click unsubscribe as a mail provider sends it.

let smtp: TestSmtp;
let instance: Instance;
let database: AppDatabase;
let browser: Browser;

beforeAll(async () => {
  smtp = await startTestSmtp();
  instance = await startInstance({ SMTP_URL: smtp.url, ALERTS_RATE_LIMIT: "1000/1m" });
  database = openDatabase({
    dialect: "sqlite",
    file: path.join(instance.dataDir, "instance.db"),
  });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
});

afterAll(async () => {
  await browser?.close();
  await database?.close();
  await instance?.stop();
  await smtp?.close();
});

const db = () => database.db;
const EDITOR = { id: null, email: null, name: "e2e" };

/** The next mail to this address (the server's outbox worker sends within a second or two). */
async function mailTo(address: string, after = 0): Promise<ParsedMail> {
  for (let n = 1; ; n++) {
    const mails = await smtp.received(n);
    const found = mails
      .slice(after)
      .find((m) => !Array.isArray(m.to) && m.to?.value[0]?.address === address);
    if (found) return found;
  }
}

const link = (mail: ParsedMail, pathPart: string) => {
  const m = new RegExp(`https?://[^\\s]+${pathPart}\\?token=[^\\s]+`).exec(mail.text ?? "");
  if (!m) throw new Error(`no ${pathPart} link in: ${mail.text}`);
  return m[0];
};

const header = (mail: ParsedMail, name: string) =>
  mail.headerLines
    .find((h) => h.key === name)
    ?.line.replace(/\r?\n[ \t]+/g, " ")
    .replace(/^[^:]+:\s*/, "");

const subscription = (email: string) =>
  db().selectFrom("alert_subscriptions").selectAll().where("email", "=", email).executeTakeFirst();

async function publish(title: string, state: string) {
  const saved = await saveEntry(db(), { kind: "job", input: job(title, { state }), actor: EDITOR });
  if (!saved.ok) throw new Error(`not saved: ${saved.reason}`);
  return saved.entry;
}

async function subscribeInBrowser(page: Page, email: string, state: string) {
  await page.goto(`${instance.baseURL}/alerts`);
  await page.getByRole("heading", { level: 1, name: "Job Alerts by E-mail" }).waitFor();
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("checkbox", { name: state, exact: true }).check();
  await page.getByRole("checkbox", { name: "Jobs", exact: true }).check();
  await page.getByRole("button", { name: "Subscribe" }).click();
  await page.getByText(`we have sent a mail to ${email}`).waitFor();
}

describe.each([
  ["without JavaScript", false],
  ["with JavaScript", true],
] as const)("e-mail alerts in the browser, %s", (label, javaScriptEnabled) => {
  it("subscribes, confirms only on the button, receives an alert, changes topics, exports and deletes", async () => {
    const context = await browser.newContext({ javaScriptEnabled });
    try {
      const page = await context.newPage();
      const email = `reader-${javaScriptEnabled ? "js" : "nojs"}@example.com`;
      const before = smtp.mails.length;
      await subscribeInBrowser(page, email, "Bihar");

      const confirm = await mailTo(email, before);
      expect(confirm.subject).toBe("Confirm your job alerts");
      // Opening the link (what a mail scanner does) shows a button and confirms nothing.
      await page.goto(link(confirm, "/alerts/confirm"));
      await page.getByRole("button", { name: "Confirm my alerts" }).waitFor();
      expect((await subscription(email))?.status).toBe("pending");
      await page.getByRole("button", { name: "Confirm my alerts" }).click();
      await page.getByText("Your alerts are on.").waitFor();
      expect((await subscription(email))?.status).toBe("active");

      const sent = smtp.mails.length;
      await publish(`Bihar Alert Test Job ${label}`, "Bihar");
      const alert = await mailTo(email, sent);
      expect(alert.subject).toBe(`New: Bihar Alert Test Job ${label}`);
      expect(header(alert, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");

      await page.goto(link(alert, "/alerts/manage"));
      await page.getByRole("heading", { level: 1, name: "Manage your job alerts" }).waitFor();
      await page.getByRole("checkbox", { name: "Bihar", exact: true }).uncheck();
      await page.getByRole("checkbox", { name: "Kerala", exact: true }).check();
      await page.getByRole("button", { name: "Save changes" }).click();
      await page.getByText("Your choices are saved.").waitFor();
      expect(JSON.parse((await subscription(email))!.topic_states)).toEqual(["kerala"]);

      // A refused save (a state not on the list, as a stale or forged page sends it) keeps what
      // was ticked: the page shows the choices sent with the problem, and the stored ones stay.
      const manage = link(alert, "/alerts/manage");
      const refusedSave = await fetch(manage, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: instance.baseURL },
        body: new URLSearchParams([
          ["token", new URL(manage).searchParams.get("token")!],
          ["intent", "save"],
          ["states", "Goa"],
          ["states", "Narnia"],
        ]),
      });
      expect(refusedSave.status).toBe(400);
      const refusedPage = await refusedSave.text();
      expect(refusedPage).toContain("One of the choices is not on the list");
      const ticked = (value: string) =>
        /\bchecked\b/.test(new RegExp(`<input[^>]*value="${value}"[^>]*>`).exec(refusedPage)![0]);
      expect(ticked("goa")).toBe(true);
      expect(ticked("kerala")).toBe(false);
      expect(JSON.parse((await subscription(email))!.topic_states)).toEqual(["kerala"]);

      const exportHref = await page
        .getByRole("link", { name: "Download my data (JSON)" })
        .getAttribute("href");
      const exported = await fetch(new URL(exportHref!, instance.baseURL));
      expect(exported.headers.get("content-disposition")).toContain("attachment");
      const stored = (await exported.json()) as { subscription: { email: string } };
      expect(stored.subscription.email).toBe(email);

      const { id } = (await subscription(email))!;
      await page.getByRole("button", { name: "Delete my alerts" }).click();
      await page.getByText("Done: your alerts are stopped").waitFor();
      expect(await subscription(email)).toBeUndefined();
      expect(
        await db().selectFrom("outbox").select("id").where("subscription_id", "=", id).execute(),
      ).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("e-mail alerts over HTTP", () => {
  it("refuses a bad address with the field's message and stores nothing", async () => {
    const res = await fetch(`${instance.baseURL}/alerts`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: instance.baseURL },
      body: new URLSearchParams({ email: "not-an-address", states: "Narnia" }),
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Enter an e-mail address such as name@example.com.");
    expect(await subscription("not-an-address")).toBeUndefined();
  });

  it("stops the next alert after a one-click unsubscribe POST without cookie or Origin; a forged token changes nothing", async () => {
    const page = await browser.newPage();
    const email = "one-click@example.com";
    const control = "control@example.com";
    try {
      for (const address of [email, control]) {
        const before = smtp.mails.length;
        await subscribeInBrowser(page, address, "Goa");
        await page.goto(link(await mailTo(address, before), "/alerts/confirm"));
        await page.getByRole("button", { name: "Confirm my alerts" }).click();
        await page.getByText("Your alerts are on.").waitFor();
      }
    } finally {
      await page.close();
    }
    let sent = smtp.mails.length;
    await publish("Goa First Alert Job", "Goa");
    const alert = await mailTo(email, sent);
    expect((await mailTo(control, sent)).subject).toBe("New: Goa First Alert Job");
    const oneClick = /<(https?:[^>]+)>/.exec(header(alert, "list-unsubscribe") ?? "")?.[1];
    expect(oneClick).toContain("/alerts/unsubscribe/one-click?token=");

    const forged = oneClick!.replace(/.(?=$)/, (c) => (c === "A" ? "B" : "A"));
    const refused = await fetch(forged, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("not valid");
    expect((await subscription(email))?.status).toBe("active");

    // As a mail provider posts it: no cookie, no Origin, cross-site.
    const res = await fetch(oneClick!, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "sec-fetch-site": "cross-site",
      },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    expect(await subscription(email)).toBeUndefined();

    sent = smtp.mails.length;
    await publish("Goa Second Alert Job", "Goa");
    const next = await mailTo(control, sent);
    expect(next.subject).toBe("New: Goa Second Alert Job");
    const toUnsubscribed = smtp.mails
      .slice(sent)
      .filter((m) => !Array.isArray(m.to) && m.to?.value[0]?.address === email);
    expect(toUnsubscribed).toEqual([]);
  });

  it("limits subscriptions per visitor address, storing nothing past the limit", async () => {
    const limited = await startInstance({ SMTP_URL: smtp.url, ALERTS_RATE_LIMIT: "2/10m" });
    try {
      const post = (email: string) =>
        fetch(`${limited.baseURL}/alerts`, {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            origin: limited.baseURL,
          },
          body: new URLSearchParams({ email }),
        });
      expect((await post("first@example.com")).status).toBe(200);
      expect((await post("second@example.com")).status).toBe(200);
      const third = await post("third@example.com");
      expect(third.status).toBe(429);
      expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await third.text()).toContain("You have subscribed several times in a short time.");
      const other = openDatabase({
        dialect: "sqlite",
        file: path.join(limited.dataDir, "instance.db"),
      });
      try {
        const emails = await other.db.selectFrom("alert_subscriptions").select("email").execute();
        expect(emails.map((e) => e.email).sort()).toEqual([
          "first@example.com",
          "second@example.com",
        ]);
      } finally {
        await other.close();
      }
    } finally {
      await limited.stop();
    }
  });

  it("keeps refusing other cross-site writes: only the one-click path is exempt", async () => {
    const res = await fetch(`${instance.baseURL}/alerts/unsubscribe`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://evil.example",
      },
      body: "token=x",
    });
    expect(res.status).toBe(403);
  });

  it("says an expired confirmation link has expired, and confirming it changes nothing", async () => {
    const page = await browser.newPage();
    try {
      const email = "expired@example.com";
      const before = smtp.mails.length;
      await subscribeInBrowser(page, email, "Assam");
      const href = link(await mailTo(email, before), "/alerts/confirm");
      await db()
        .updateTable("alert_subscriptions")
        .set({ confirm_expires_at: "2000-01-01T00:00:00.000Z" })
        .where("email", "=", email)
        .execute();
      await page.goto(href);
      await page.getByText("This confirmation link has expired").waitFor();
      expect(await page.getByRole("button", { name: "Confirm my alerts" }).count()).toBe(0);
      const token = new URL(href).searchParams.get("token")!;
      const res = await fetch(`${instance.baseURL}/alerts/confirm?token=${token}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: instance.baseURL },
        body: new URLSearchParams({ token }),
      });
      expect(await res.text()).toContain("This confirmation link has expired");
      expect((await subscription(email))?.status).toBe("pending");
    } finally {
      await page.close();
    }
  });
});

describe("the alerts pages", () => {
  it("have no serious or critical axe-core violations, in English and Hindi", async () => {
    const page = await browser.newPage();
    try {
      for (const url of [
        "/alerts",
        "/hi/alerts",
        "/alerts/confirm?token=x",
        "/hi/alerts/manage?token=x",
      ]) {
        await page.goto(`${instance.baseURL}${url}`);
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        await page.evaluate(axe.source);
        const results = await page.evaluate(() =>
          (window as unknown as { axe: typeof axe }).axe.run(document, {
            resultTypes: ["violations"],
          }),
        );
        expect(results.passes.length).toBeGreaterThan(0);
        const blocking = results.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
        expect(blocking, url).toEqual([]);
      }
      // The Hindi page is in Hindi.
      await page.goto(`${instance.baseURL}/hi/alerts`);
      await page.getByRole("heading", { level: 1, name: "ईमेल पर नौकरी अलर्ट" }).waitFor();
    } finally {
      await page.close();
    }
  });
});

describe("without SMTP_URL (the shared e2e server)", () => {
  it("says e-mail alerts are off, and a subscription is refused and not stored", async () => {
    const page = await (await fetch(`${baseURL()}/alerts`)).text();
    expect(page).toContain("E-mail alerts are not available here yet.");
    expect(page).not.toContain('type="email"');
    const res = await fetch(`${baseURL()}/alerts`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: baseURL() },
      body: new URLSearchParams({ email: "off@example.com" }),
    });
    expect(res.status).toBe(503);
    const stored = await withE2eDb((db) =>
      db
        .selectFrom("alert_subscriptions")
        .select("id")
        .where("email", "=", "off@example.com")
        .execute(),
    );
    expect(stored).toEqual([]);
  });
});
