import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser.ts";
import { withE2eDb } from "./db.ts";
import { ADMIN } from "./server.global.ts";

/** Through the real sign-in form; a browser that is already signed in goes straight on. */
async function signIn(page: Page) {
  await page.goto("/admin/login");
  if (new URL(page.url()).pathname === "/admin") return;
  await page.getByLabel("E-mail address").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
}

function countKind(kind: string) {
  return withE2eDb(async (db) => {
    const { n } = await db
      .selectFrom("entries")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("kind", "=", kind)
      .executeTakeFirstOrThrow();
    return Number(n);
  });
}

interface BadInput {
  name: string;
  value: string;
  /** The message shown next to the field. */
  error: RegExp;
  /** Other inputs a row needs so that it is not dropped as blank. */
  with?: [string, string][];
  /**
   * A date input holds a year of five digits (a slip of the keyboard the browser accepts) and
   * Playwright's fill() only takes well-formed dates: set it as a person's typing would.
   */
  typed?: boolean;
}

const KINDS: { kind: string; segment: string; bad: BadInput[] }[] = [
  {
    kind: "job",
    segment: "manage-jobs",
    bad: [
      {
        name: "data.lastDate",
        value: "20311-12-31",
        error: /must be a date \(YYYY-MM-DD\)/,
        typed: true,
      },
      {
        name: "data.posts[0].total",
        value: "-5",
        error: /Total cannot be negative/,
        with: [["data.posts[0].post", "Clerk"]],
      },
      {
        // A link into the server's own network is refused like a malformed one.
        name: "data.applyUrl",
        value: "http://127.0.0.1:8080/apply",
        error: /Apply online must be a public web address, not a private or local one/,
      },
    ],
  },
  {
    kind: "result",
    segment: "manage-results",
    bad: [{ name: "data.resultDate", value: "20310-02-10", error: /must be a date/, typed: true }],
  },
  {
    kind: "admit-card",
    segment: "manage-admit-cards",
    bad: [{ name: "data.examDate", value: "120311-01-01", error: /must be a date/, typed: true }],
  },
  {
    kind: "syllabus",
    segment: "manage-syllabi",
    bad: [
      {
        name: "data.pattern[0].questions",
        value: "-10",
        error: /Questions cannot be negative/,
        with: [["data.pattern[0].paper", "General Awareness"]],
      },
    ],
  },
  {
    kind: "answer-key",
    segment: "manage-answer-keys",
    bad: [
      { name: "data.releaseDate", value: "20311-01-01", error: /must be a date/, typed: true },
      { name: "data.objectionFee", value: "-100", error: /cannot be negative/ },
    ],
  },
];

/** Fill the add form with an empty title, a malformed URL and the kind's own bad values. */
async function fillBadForm(page: Page, bad: BadInput[]) {
  await page.locator('[name="title"]').fill("");
  await page.locator('[name="organization"]').fill("Validation Test Board");
  await page.locator('[name="data.summary"]').fill("Checking that bad input is refused.");
  await page.locator('[name="data.officialWebsite"]').fill("not a web address");
  for (const input of bad) {
    for (const [name, value] of input.with ?? [])
      await page.locator(`[name="${name}"]`).fill(value);
    const field = page.locator(`[name="${input.name}"]`);
    if (!input.typed) {
      await field.fill(input.value);
      continue;
    }
    await field.evaluate((el, value) => {
      (el as HTMLInputElement).value = value;
      el.dispatchEvent(new Event("input", { bubbles: true }));
      el.dispatchEvent(new Event("change", { bubbles: true }));
    }, input.value);
    // The browser took it as it is: what reaches the server is the five-digit year.
    await expect(field.inputValue()).resolves.toBe(input.value);
  }
}

/** The error is in the field's own block and tied to its input for screen readers. */
async function expectErrorNextTo(page: Page, name: string, message: RegExp) {
  const input = page.locator(`[name="${name}"]`);
  // Conform marks the fields once it has taken the server's reply, a render after the summary.
  await expect.poll(() => input.getAttribute("aria-invalid")).toBe("true");
  const errorId = (await input.getAttribute("aria-describedby"))?.split(" ")[0];
  expect(errorId).toMatch(/-error$/);
  const error = page.locator(`[data-field="${name}"] #${errorId}`);
  await expect(error.textContent()).resolves.toMatch(message);
}

async function submitAndExpectRejection(page: Page, segment: string, bad: BadInput[]) {
  const response = page.waitForResponse(
    (r) => r.request().method() === "POST" && r.url().includes(`/admin/${segment}/add`),
  );
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  expect((await response).status()).toBe(400);
  await page.locator("#error-summary-title").waitFor();
  await expectErrorNextTo(page, "title", /at least 3 characters/);
  await expectErrorNextTo(
    page,
    "data.officialWebsite",
    /must be a full http:\/\/ or https:\/\/ address/,
  );
  for (const input of bad) await expectErrorNextTo(page, input.name, input.error);
  // What the editor typed is still there.
  await expect(page.locator('[name="organization"]').inputValue()).resolves.toBe(
    "Validation Test Board",
  );
  await expect(page.locator('[name="data.officialWebsite"]').inputValue()).resolves.toBe(
    "not a web address",
  );
}

describe("the add form refuses bad input for every kind, and saves nothing", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });

  for (const { kind, segment, bad } of KINDS) {
    it(`${kind}: shows each problem next to its field, answers 400 and writes nothing`, async () => {
      const page = await browser.page();
      await signIn(page);
      await page.goto(`/admin/${segment}/add`);
      const before = await countKind(kind);
      await fillBadForm(page, bad);
      await submitAndExpectRejection(page, segment, bad);
      expect(await countKind(kind)).toBe(before);
    });
  }

  it("says what is wrong with a field as soon as it is left, before any save", async () => {
    const page = await browser.page();
    await signIn(page);
    await page.goto("/admin/manage-results/add");
    const website = page.locator('[name="data.officialWebsite"]');
    await website.fill("www.example");
    await website.blur();
    await expectErrorNextTo(
      page,
      "data.officialWebsite",
      /must be a full http:\/\/ or https:\/\/ address/,
    );
    await website.fill("https://www.example.gov.in");
    await website.blur();
    await expect.poll(() => page.locator("#f-data-officialWebsite-error").count()).toBe(0);
  });

  it("reports a slug that another job already uses next to the slug", async () => {
    const taken = await withE2eDb((db) =>
      db.selectFrom("entries").select("slug").where("kind", "=", "job").executeTakeFirstOrThrow(),
    );
    const page = await browser.page();
    await signIn(page);
    await page.goto("/admin/manage-jobs/add");
    const before = await countKind("job");
    await page.locator('[name="title"]').fill(`Slug clash ${crypto.randomUUID().slice(0, 8)}`);
    await page.locator('[name="slug"]').fill(taken.slug);
    await page.locator('[name="organization"]').fill("Validation Test Board");
    await page.locator('[name="data.summary"]').fill("A job whose slug is taken.");
    await page.locator('[name="data.employmentType"]').selectOption("FULL_TIME");
    await page.locator('[name="data.state"]').selectOption("Delhi");
    await page.locator('[name="data.lastDate"]').fill("2031-05-01");
    await page.locator('[name="data.qualification"]').selectOption("Graduate");
    const response = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    expect((await response).status()).toBe(400);
    await page.locator("#error-summary-title").waitFor();
    await expectErrorNextTo(page, "slug", /already used by another job/);
    expect(await countKind("job")).toBe(before);
  });
});

describe("without JavaScript the server is the check", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });

  it("answers a bad job with 400 and the errors next to their fields, writing nothing", async () => {
    const page = await browser.page();
    await signIn(page);
    await page.goto("/admin/manage-jobs/add");
    // Without JavaScript there is no "Add row": the form offers two blank rows instead.
    await expect(page.locator('[name="data.posts[1].post"]').count()).resolves.toBe(1);
    await expect(page.getByRole("button", { name: "Add row" }).count()).resolves.toBe(0);
    const job = KINDS[0];
    const before = await countKind("job");
    await fillBadForm(page, job.bad);
    await submitAndExpectRejection(page, job.segment, job.bad);
    expect(await countKind("job")).toBe(before);
  });
});
