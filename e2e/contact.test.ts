import http from "node:http";
import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { baseURL, useBrowser } from "./browser.ts";
import { withE2eDb } from "./db.ts";

const SENT = "Message sent successfully!";
const FAILED = "Failed to send message. Please try again.";
/** The spec's failure message, then when to try again (the spec says nothing of limits). */
const RATE_LIMITED =
  /^Failed to send message\. Please try again\. You have sent several messages in a short time\. Please try again in (\d+) minutes?\.$/;

const unique = (label: string) => `${label} ${crypto.randomUUID().slice(0, 8)}`;

async function storedMessages(name: string) {
  return withE2eDb((db) =>
    db.selectFrom("messages").selectAll().where("name", "=", name).execute(),
  );
}

/** Browser submissions all come from 127.0.0.1: start each test with a fresh allowance. */
async function resetLocalRateLimit() {
  await withE2eDb((db) =>
    db.deleteFrom("rate_limits").where("key", "like", "contact:%127.0.0.1").execute(),
  );
}

/**
 * Use up the browser's allowance (5 in 10 minutes), its window opened 3½ minutes ago: the next
 * message is refused for about 6½ minutes more. A message must have been sent first, so that the
 * counter exists under whatever key the server gives 127.0.0.1.
 */
async function exhaustLocalAllowance() {
  const updated = await withE2eDb((db) =>
    db
      .updateTable("rate_limits")
      .set({ count: 5, window_start: new Date(Date.now() - 210_000).toISOString() })
      .where("key", "like", "contact:%127.0.0.1")
      .executeTakeFirst(),
  );
  expect(Number(updated.numUpdatedRows)).toBe(1);
  // Other test files send from 127.0.0.1 too.
  onTestFinished(resetLocalRateLimit);
}

/** The minutes the answer's Retry-After header stands for, as the visitor is told them. */
const minutesOf = (retryAfter: string | undefined | null) => Math.ceil(Number(retryAfter) / 60);

async function openContact(page: Page) {
  await page.goto("/contact-us");
  await page.getByRole("heading", { level: 1, name: "Contact Us" }).waitFor();
}

async function hydrated(page: Page) {
  await page.locator("[data-testid=bell][data-count]").waitFor();
}

async function fill(page: Page, values: { name: string; email: string; message: string }) {
  await page.getByLabel("Your Name").fill(values.name);
  await page.getByLabel("Email Address").fill(values.email);
  await page.getByLabel("Message").fill(values.message);
}

/** A form POST from a chosen loopback address: the server sees it as another visitor. */
function postFrom(localAddress: string, fields: Record<string, string>) {
  const body = new URLSearchParams(fields).toString();
  const url = new URL("/contact-us", baseURL());
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: "POST",
          localAddress,
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            "content-length": Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk) => (text += chunk));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
          );
        },
      );
      req.on("error", reject);
      req.end(body);
    },
  );
}

/**
 * Sends one message (allowed), uses up this address's allowance, then sends another: the answer
 * must be the 429 with the alert saying when to try again.
 */
async function sendOverTheLimit(page: Page) {
  const message = { email: "often@example.in", message: "One more question, please." };
  await fill(page, { name: unique("Frequent Writer"), ...message });
  await page.getByRole("button", { name: "Send Message" }).click();
  await page.getByText(SENT).waitFor();
  await exhaustLocalAllowance();

  const name = unique("Too Frequent");
  await fill(page, { name, ...message });
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    page.getByRole("button", { name: "Send Message" }).click(),
  ]);
  expect(response.status()).toBe(429);
  const alert = page.getByRole("alert");
  await alert.getByText(FAILED, { exact: false }).waitFor();
  const text = await alert.innerText();
  expect(text).toMatch(RATE_LIMITED);
  return { name, response, alert, text };
}

describe("contact page with JavaScript", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });
  beforeEach(resetLocalRateLimit);

  it("shows the contact details and labelled fields with no browser validation", async () => {
    const page = await browser.page();
    await openContact(page);
    const details = page.getByRole("complementary", { name: "Contact details" });
    expect(await details.innerText()).toMatch(/Email: \S+@\S+/);
    expect(await details.innerText()).toMatch(/Phone: \+?[\d ]+/);
    expect(await details.getByRole("link").getAttribute("href")).toMatch(/^mailto:/);
    const form = page.locator("form[method=post]");
    expect(await form.getAttribute("novalidate")).not.toBeNull();
    expect(await form.locator("[required]").count()).toBe(0);
    for (const label of ["Your Name", "Email Address", "Message"]) {
      expect(await page.getByLabel(label).getAttribute("aria-required")).toBe("true");
    }
    expect(await page.getByRole("button", { name: "Send Message" }).isVisible()).toBe(true);
    await page.close();
  });

  it("sends a message, says so, clears the fields and stores it", async () => {
    const page = await browser.page();
    await openContact(page);
    await hydrated(page);
    const name = unique("Ravi Kumar");
    await fill(page, {
      name,
      email: "ravi@example.in",
      message: "Is the SSC exam date fixed yet?",
    });
    const before = page.url();
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText(SENT).waitFor();
    expect(page.url()).toBe(before);
    expect(await page.getByLabel("Your Name").inputValue()).toBe("");
    expect(await page.getByLabel("Email Address").inputValue()).toBe("");
    expect(await page.getByLabel("Message").inputValue()).toBe("");
    const rows = await storedMessages(name);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      email: "ravi@example.in",
      message: "Is the SSC exam date fixed yet?",
      status: "unread",
    });
    await page.close();
  });

  it("shows each field's problem next to it and stores nothing", async () => {
    const page = await browser.page();
    await openContact(page);
    await hydrated(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    // The checks' code arrives on the first touch of the form: wait for their answer.
    await page.locator("[aria-invalid=true]").first().waitFor();
    for (const [label, text] of [
      ["Your Name", "Please enter your name."],
      ["Email Address", "Please enter your email address, so that we can reply."],
      ["Message", "Please write your message."],
    ]) {
      const field = page.getByLabel(label);
      expect(await field.getAttribute("aria-invalid")).toBe("true");
      const described = (await field.getAttribute("aria-describedby")) ?? "";
      const errorId = described.split(" ").find((id) => id.endsWith("-error"));
      expect(await page.locator(`#${errorId}`).innerText()).toBe(text);
    }
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");

    const name = unique("Bad Email");
    await fill(page, { name, email: "not-an-address", message: "A long enough message." });
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("This email address does not look right").waitFor();
    expect(await page.getByLabel("Your Name").getAttribute("aria-invalid")).toBeNull();
    expect(await page.getByText(SENT).count()).toBe(0);
    expect(await storedMessages(name)).toHaveLength(0);
    await page.close();
  });

  it("says 'Sending...' with every input disabled while the message is on its way", async () => {
    const page = await browser.page();
    await openContact(page);
    await hydrated(page);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/contact-us.data*", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    const name = unique("Meera Nair");
    await fill(page, { name, email: "meera@example.in", message: "Please add the UPSC syllabus." });
    await page.getByRole("button", { name: "Send Message" }).click();
    const busy = page.getByRole("button", { name: "Sending..." });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    for (const label of ["Your Name", "Email Address", "Message"]) {
      expect(await page.getByLabel(label).isDisabled()).toBe(true);
    }
    release();
    await page.getByText(SENT).waitFor();
    expect(await page.getByLabel("Your Name").isEnabled()).toBe(true);
    expect(await storedMessages(name)).toHaveLength(1);
    await page.close();
  });

  it("says 'Failed to send message. Please try again.' on a server error or a lost connection", async () => {
    for (const failure of ["500", "network"] as const) {
      const page = await browser.page();
      await openContact(page);
      await hydrated(page);
      await page.route("**/contact-us.data*", (route) => {
        if (route.request().method() !== "POST") return route.continue();
        return failure === "500"
          ? route.fulfill({ status: 500, contentType: "text/plain", body: "Internal Server Error" })
          : route.abort("internetdisconnected");
      });
      const name = unique(`Failure ${failure}`);
      await fill(page, { name, email: "f@example.in", message: "This one will not arrive." });
      await page.getByRole("button", { name: "Send Message" }).click();
      await page.getByRole("alert").getByText(FAILED).waitFor();
      // The form is still there, with what was typed, ready for another try.
      expect(await page.getByLabel("Your Name").inputValue()).toBe(name);
      expect(await page.getByRole("button", { name: "Send Message" }).isEnabled()).toBe(true);
      expect(await storedMessages(name)).toHaveLength(0);
      // Once the connection is back, the same message goes through and the fields are cleared.
      await page.unrouteAll();
      await page.getByRole("button", { name: "Send Message" }).click();
      await page.getByText(SENT).waitFor();
      expect(await page.getByRole("alert").innerText()).toBe("");
      expect(await page.getByLabel("Your Name").inputValue()).toBe("");
      expect(await storedMessages(name)).toHaveLength(1);
      await page.close();
    }
  });

  it("tells a visitor over the limit when to try again, in the alert by the button", async () => {
    const page = await browser.page();
    await openContact(page);
    await hydrated(page);
    const { name, response, alert, text } = await sendOverTheLimit(page);
    const minutes = Number(RATE_LIMITED.exec(text)?.[1]);
    expect(minutes).toBe(minutesOf(await response.headerValue("retry-after")));
    expect(minutes).toBeGreaterThanOrEqual(1);
    expect(minutes).toBeLessThanOrEqual(7);
    // Right below the button that was pressed, and the form keeps what was typed.
    const [button, box] = await Promise.all([
      page.getByRole("button", { name: "Send Message" }).boundingBox(),
      alert.boundingBox(),
    ]);
    expect(box!.y).toBeGreaterThanOrEqual(button!.y + button!.height);
    expect(box!.y - (button!.y + button!.height)).toBeLessThan(40);
    expect(await page.getByLabel("Your Name").inputValue()).toBe(name);
    expect(await storedMessages(name)).toHaveLength(0);
    await page.close();
  });
});

describe("contact page without JavaScript", () => {
  const browser = useBrowser({ viewport: { width: 360, height: 800 }, javaScriptEnabled: false });
  beforeEach(resetLocalRateLimit);

  it("sends and stores a message with a plain form post", async () => {
    const page = await browser.page();
    await openContact(page);
    const name = unique("No Script");
    await fill(page, { name, email: "noscript@example.in", message: "Sent without JavaScript." });
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Send Message" }).click(),
    ]);
    expect(response.status()).toBe(200);
    await page.getByText(SENT).waitFor();
    expect(await page.getByLabel("Your Name").inputValue()).toBe("");
    expect(await storedMessages(name)).toHaveLength(1);
    await page.close();
  });

  it("answers bad input with status 400 and the server's message beside each field", async () => {
    const page = await browser.page();
    await openContact(page);
    const name = unique("Server Check");
    await fill(page, { name, email: "name@", message: "short" });
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Send Message" }).click(),
    ]);
    expect(response.status()).toBe(400);
    await page.getByText("This email address does not look right").waitFor();
    await page.getByText("Your message is too short").waitFor();
    expect(await page.getByLabel("Email Address").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByLabel("Your Name").inputValue()).toBe(name);
    expect(await storedMessages(name)).toHaveLength(0);
    await page.close();
  });

  it("stops a pasted text at each field's limit, which a refusal's echo would otherwise cut", async () => {
    // Without the limits in the page, 5,145 characters were refused and shown again as 5,000: a
    // second press of Send sent a message cut short without a word.
    const page = await browser.page();
    await openContact(page);
    for (const [label, limit] of [
      ["Your Name", 100],
      ["Email Address", 254],
      ["Message", 5000],
    ] as const) {
      const field = page.getByLabel(label);
      expect(await field.getAttribute("maxlength"), label).toBe(String(limit));
      await field.focus();
      await page.keyboard.insertText("x".repeat(limit + 145));
      expect((await field.inputValue()).length, label).toBe(limit);
    }
    await page.close();
  });

  it("answers a visitor over the limit with 429, when to try again, and focus on that alert", async () => {
    const page = await browser.page();
    await openContact(page);
    const { name, response, text } = await sendOverTheLimit(page);
    expect(Number(RATE_LIMITED.exec(text)?.[1])).toBe(
      minutesOf(await response.headerValue("retry-after")),
    );
    // A new page's alert is not announced by itself: the browser moves focus to it.
    await page.waitForFunction(() => document.activeElement?.getAttribute("role") === "alert");
    expect(await page.getByLabel("Your Name").inputValue()).toBe(name);
    expect(await storedMessages(name)).toHaveLength(0);
    await page.close();
  });
});

describe("contact endpoint", () => {
  it("refuses an empty post with 400 and every field's error, storing nothing", async () => {
    const before = await withE2eDb((db) =>
      db
        .selectFrom("messages")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow(),
    );
    const res = await postFrom("127.0.0.1", {});
    expect(res.status).toBe(400);
    expect(res.body).toContain("Please enter your name.");
    expect(res.body).toContain("Please enter your email address");
    expect(res.body).toContain("Please write your message.");
    const after = await withE2eDb((db) =>
      db
        .selectFrom("messages")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow(),
    );
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("answers a filled honeypot as if sent, and stores nothing", async () => {
    const name = unique("Honeypot Robot");
    const res = await postFrom("127.0.0.2", {
      name,
      email: "robot@example.in",
      message: "Buy cheap followers now!!!",
      website: "http://spam.example",
    });
    expect(res.status).toBe(200);
    expect(res.body).toContain(SENT);
    expect(await storedMessages(name)).toHaveLength(0);
  });

  it("limits one address to 5 messages in 10 minutes, then answers 429 with Retry-After", async () => {
    // A loopback address of its own, so this test does not share an allowance with the others.
    const address = `127.0.${Math.floor(Math.random() * 200) + 20}.${Math.floor(Math.random() * 200) + 20}`;
    const name = unique("Rate Limited");
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof postFrom>> | undefined;
    for (let i = 0; i < 6; i++) {
      last = await postFrom(address, {
        name,
        email: "limit@example.in",
        message: `Message number ${i + 1} of six.`,
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(Number(last?.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(last?.headers["retry-after"])).toBeLessThanOrEqual(600);
    // The answer names the wait in minutes, in the alert that takes focus on the new page.
    const alert = /<div [^>]*role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(last?.body ?? "");
    expect(alert?.[0]).toMatch(/\bautofocus=""/);
    const said = alert?.[1].replace(/<[^>]+>/g, "");
    expect(said).toMatch(RATE_LIMITED);
    expect(Number(RATE_LIMITED.exec(said ?? "")?.[1])).toBe(
      minutesOf(last?.headers["retry-after"] as string),
    );
    expect(await storedMessages(name)).toHaveLength(5);
    // Another address is not affected.
    const other = await postFrom("127.0.0.3", {
      name: unique("Other Visitor"),
      email: "other@example.in",
      message: "A different visitor entirely.",
    });
    expect(other.status).toBe(200);
  });
});
