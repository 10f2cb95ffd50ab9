import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSmtp, type TestSmtp } from "../test/smtp.ts";
import { firstJobPath } from "../bench/lib.ts";
import { baseURL, launch, useBrowser } from "./browser.ts";
import { startInstance, type Instance } from "./instances.ts";

/**
 * Issue 27's one form contract on the public forms: a refused submission shows each problem
 * beside its field (aria-invalid, aria-describedby naming the message) and keeps what was typed,
 * from the browser's own check with JavaScript and from the server's reply without it.
 */

/** The message a field's aria-describedby points at (its error, not its hint). */
async function errorBeside(page: Page, label: string | RegExp) {
  const field = page.getByLabel(label);
  expect(await field.getAttribute("aria-invalid")).toBe("true");
  const ids = ((await field.getAttribute("aria-describedby")) ?? "").split(" ");
  const texts = await Promise.all(
    ids.filter(Boolean).map((id) => page.locator(`[id="${id}"]`).innerText()),
  );
  return texts.join(" | ");
}

for (const javaScriptEnabled of [true, false]) {
  describe(`public forms with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    const browser = useBrowser({ viewport: { width: 360, height: 800 }, javaScriptEnabled });

    async function ready(page: Page) {
      if (javaScriptEnabled) await page.locator("[data-testid=bell][data-count]").waitFor();
    }

    it("contact: a bad email is refused beside its field, and what was typed stays", async () => {
      const page = await browser.page();
      await page.goto("/contact-us");
      await ready(page);
      await page.getByLabel("Your Name").fill("Priya Contract");
      await page.getByLabel("Email Address").fill("not-an-address");
      await page.getByLabel("Message").fill("A message long enough to pass.");
      await page.getByRole("button", { name: "Send Message" }).click();
      await page.locator("#contact-email[aria-invalid=true]").waitFor();
      expect(await errorBeside(page, "Email Address")).toContain(
        "This email address does not look right",
      );
      expect(await page.getByLabel("Your Name").getAttribute("aria-invalid")).toBeNull();
      expect(await page.getByLabel("Your Name").inputValue()).toBe("Priya Contract");
      expect(await page.getByLabel("Email Address").inputValue()).toBe("not-an-address");
      expect(await page.getByLabel("Message").inputValue()).toBe("A message long enough to pass.");
      await page.close();
    });

    it("the eligibility finder: a date that is not real is refused beside it, and what was typed stays", async () => {
      const page = await browser.page();
      await page.goto("/eligibility");
      await ready(page);
      const form = page.getByRole("form", { name: "Your details" });
      await form.getByLabel("Day", { exact: true }).fill("31");
      await form.getByLabel("Month", { exact: true }).fill("2");
      await form.getByLabel("Year", { exact: true }).fill("2001");
      await form.getByRole("button", { name: "Show jobs I can apply for" }).click();
      const day = form.getByLabel("Day", { exact: true });
      await form.locator("input[name=dobDay][aria-invalid=true]").waitFor();
      expect(await errorBeside(page, /^Day/)).toContain("Your date of birth is not a real date");
      expect(await day.inputValue()).toBe("31");
      expect(await form.getByLabel("Year", { exact: true }).inputValue()).toBe("2001");
      await page.close();
    });

    it("'Am I eligible?': a date that is not real is refused beside it, and the category stays", async () => {
      const page = await browser.page();
      const job = await firstJobPath(baseURL());
      await page.goto(job);
      await ready(page);
      const box = page.locator("#am-i-eligible");
      await box.locator("summary").click();
      await box.getByLabel("Day", { exact: true }).fill("31");
      await box.getByLabel("Month", { exact: true }).fill("2");
      await box.getByLabel("Year", { exact: true }).fill("2001");
      await box.getByLabel("Category").selectOption("obc");
      await box.getByRole("button", { name: "Check" }).click();
      await box.locator("input[name=dobDay][aria-invalid=true]").waitFor();
      const day = box.getByLabel("Day", { exact: true });
      const ids = ((await day.getAttribute("aria-describedby")) ?? "").split(" ");
      const said = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()));
      expect(said.join(" | ")).toContain("Your date of birth is not a real date");
      expect(await day.inputValue()).toBe("31");
      expect(await box.getByLabel("Category").inputValue()).toBe("obc");
      expect(await box.getByLabel("Category").getAttribute("aria-invalid")).toBeNull();
      await page.close();
    });
  });
}

describe("the alerts sign-up (a server with e-mail)", () => {
  let smtp: TestSmtp;
  let instance: Instance;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    instance = await startInstance({ SMTP_URL: smtp.url, ALERTS_RATE_LIMIT: "1000/1m" });
  });
  afterAll(async () => {
    await instance?.stop();
    await smtp?.close();
  });

  it("answers 50 malformed POSTs at once with 4xx and words, never 500", async () => {
    for (const path of ["/alerts", "/hi/alerts", "/alerts/manage"])
      await fiftyAtOnce(instance.baseURL, path);
  });

  for (const javaScriptEnabled of [true, false]) {
    it(`refuses a bad address beside its field and keeps the address and the ticks (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async () => {
      const browser = await launch({ baseURL: instance.baseURL, javaScriptEnabled });
      try {
        const page = await browser.context.newPage();
        await page.goto("/alerts");
        if (javaScriptEnabled) await page.locator("[data-testid=bell][data-count]").waitFor();
        await page.getByLabel("E-mail address").fill("not-an-address");
        await page.getByRole("checkbox", { name: "Bihar" }).check();
        await page.getByRole("button", { name: "Subscribe" }).click();
        await page.locator("#alerts-email[aria-invalid=true]").waitFor();
        expect(await errorBeside(page, "E-mail address")).toBe(
          "Enter an e-mail address such as name@example.com.",
        );
        expect(await page.getByLabel("E-mail address").inputValue()).toBe("not-an-address");
        expect(await page.getByRole("checkbox", { name: "Bihar" }).isChecked()).toBe(true);
      } finally {
        await browser.close();
      }
    });
  }
});

/** Bodies no browser sends: each public form must refuse them with words, never fail (500). */
function malformed(i: number): { type: string; body: BodyInit } {
  const huge = "x".repeat(300_000);
  const bodies: { type: string; body: BodyInit }[] = [
    { type: "application/json", body: '{"email":"a@b.c","name":"x"}' },
    { type: "text/plain", body: "name=x&email=y" },
    { type: "application/x-www-form-urlencoded", body: "%E0%A4%A&&==&%zz=1" },
    {
      type: "application/x-www-form-urlencoded",
      body: `name=${huge}&email=${huge}&dobDay=${huge}`,
    },
    {
      type: "application/x-www-form-urlencoded",
      body: "__proto__[x]=1&constructor.prototype=2&states=x&states=y",
    },
    {
      type: "application/x-www-form-urlencoded",
      body: new Blob([new Uint8Array([0xff, 0xfe, 0x00, 0x26, 0x3d])]),
    },
    { type: "multipart/form-data; boundary=nope", body: "--wrong\r\n\r\nbroken" },
    { type: "application/x-www-form-urlencoded", body: "" },
    {
      type: "application/x-www-form-urlencoded",
      body: "email=&category=🙂&dobYear=-1&dobMonth=99&gender=x",
    },
    { type: "application/xml", body: "<form><name>x</name></form>" },
  ];
  return bodies[i % bodies.length];
}

async function fiftyAtOnce(base: string, path: string) {
  const answers = await Promise.all(
    Array.from({ length: 50 }, async (_, i) => {
      const { type, body } = malformed(i);
      const res = await fetch(`${base}${path}`, {
        method: "POST",
        headers: { "content-type": type, origin: base },
        body,
      });
      return { i, status: res.status, text: await res.text() };
    }),
  );
  const bad = answers.filter((a) => a.status < 400 || a.status > 499 || !a.text.trim());
  expect(
    bad.map((a) => `${path} body ${a.i % 10}: ${a.status}`),
    path,
  ).toEqual([]);
}

describe("50 malformed POSTs at once to each public form", () => {
  it("are each refused with 4xx and words, never 500", async () => {
    const job = await firstJobPath(baseURL());
    for (const path of ["/contact-us", "/hi/contact-us", "/eligibility", "/hi/eligibility", job])
      await fiftyAtOnce(baseURL(), path);
  });
});
