import { describe, expect, it } from "vitest";
import type { Page, Request } from "playwright-core";
import type { Profile } from "~/content/eligibility-types.ts";
import { answerPosts, findPosts, jobPostRules, type Finding } from "~/content/job-eligibility.ts";
import type { EntryData } from "~/content/fields.ts";
import { todayInIndia } from "~/lib/india-date.ts";
import { openJobRules } from "~/eligibility/rules.repository.server.ts";
import { useBrowser } from "./browser.ts";
import { withE2eDb } from "./db.ts";

/** The open demo posts, as the server's own rules say, answered by the same function. */
async function expected(profile: Profile) {
  const today = todayInIndia();
  const rules = await withE2eDb((db) => openJobRules(db, today));
  const found = findPosts(profile, rules.jobs, today);
  const keys = (list: Finding[]) => list.map((f) => `${f.job.href}#${f.post}`);
  return { eligible: keys(found.eligible), close: keys(found.close), jobs: rules.jobs };
}

/** A 25-year-old OBC graduate man, domiciled in Karnataka. */
const GRADUATE: Profile = {
  dateOfBirth: "2001-08-15",
  gender: "male",
  category: "obc",
  pwbd: false,
  domicileState: "Karnataka",
  qualification: "graduate",
  finalYear: false,
};

/** Someone who turns 18 in the coming months, in the final year of 12th: close, not yet in. */
function almostEighteen(): Profile {
  const today = new Date(`${todayInIndia()}T00:00:00Z`);
  today.setUTCFullYear(today.getUTCFullYear() - 18);
  today.setUTCMonth(today.getUTCMonth() + 3);
  return {
    dateOfBirth: today.toISOString().slice(0, 10),
    gender: "female",
    category: "sc",
    pwbd: false,
    qualification: "10th",
    finalYear: true,
  };
}

async function fillFinder(page: Page, profile: Profile) {
  const [year, month, day] = profile.dateOfBirth.split("-");
  const form = page.getByRole("form", { name: "Your details" });
  await form.getByLabel("Day", { exact: true }).fill(String(Number(day)));
  await form.getByLabel("Month", { exact: true }).fill(String(Number(month)));
  await form.getByLabel("Year", { exact: true }).fill(year);
  await form.locator(`input[name=gender][value=${profile.gender}]`).check();
  await form.locator(`input[name=category][value=${profile.category}]`).check();
  await form.getByLabel("Highest qualification passed").selectOption(profile.qualification);
  if (profile.domicileState) {
    await form.getByLabel("State of domicile").selectOption(profile.domicileState);
  }
  if (profile.finalYear) await form.getByLabel(/final year/).check();
  if (profile.pwbd) await form.getByLabel(/PwBD/).check();
  return form;
}

async function listed(page: Page, listName: string): Promise<string[]> {
  return page
    .getByRole("list", { name: listName })
    .locator("[data-finding]")
    .evaluateAll((els) => els.map((el) => el.getAttribute("data-finding") ?? ""));
}

/** Every way a birth date could be written into a request. */
function carriesBirthDate(request: Request, dateOfBirth: string): boolean {
  const [y, m, d] = dateOfBirth.split("-");
  const url = new URL(request.url());
  // A built file's name is the build's hash (finder-DObtBpah.js once matched /dob/i): no
  // visitor's data can be in it.
  const path = url.pathname.startsWith("/assets/") ? "" : url.pathname;
  const text = `${path}${url.search} ${request.postData() ?? ""}`;
  return (
    /dob/i.test(text) ||
    [dateOfBirth, `${d}/${m}/${y}`, `${d}-${m}-${y}`, `${Number(d)}/${Number(m)}/${y}`].some((s) =>
      text.includes(s),
    ) ||
    url.search.includes(y)
  );
}

/**
 * "Am I eligible?" sent empty: each problem is said beside its field, which names it
 * (aria-invalid, aria-describedby), and nothing typed is lost (the year stays).
 */
async function quickCheckRefused(page: Page) {
  const { jobs } = await expected(GRADUATE);
  const job = jobs.find((j) => j.posts.some((p) => p.rules))!;
  await page.goto(job.href);
  await page.waitForLoadState("networkidle");
  const box = page.locator("#am-i-eligible");
  await box.locator("summary").click();
  await box.getByLabel("Year", { exact: true }).fill("2001");
  await box.getByRole("button", { name: "Check" }).click();
  await box.locator("[aria-invalid=true]").first().waitFor();
  for (const field of [box.getByLabel("Day", { exact: true }), box.getByLabel("Category")]) {
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    const described = (await field.getAttribute("aria-describedby")) ?? "";
    const errorId = described.split(" ").find((id) => id.endsWith("-error"));
    expect(errorId).toBeDefined();
    expect((await box.locator(`#${errorId}`).innerText()).length).toBeGreaterThan(5);
  }
  expect(await box.getByLabel("Year", { exact: true }).inputValue()).toBe("2001");
}

describe("the eligibility finder with JavaScript", () => {
  const browser = useBrowser({ viewport: { width: 360, height: 800 } });

  it("lists exactly the open demo posts the function accepts, and sends no birth date", async () => {
    const want = await expected(GRADUATE);
    expect(want.eligible.length).toBeGreaterThan(3);
    const page = await browser.page();
    const requests: Request[] = [];
    page.on("request", (request) => requests.push(request));
    await page.goto("/eligibility");
    await page.waitForLoadState("networkidle");
    const form = await fillFinder(page, GRADUATE);
    await form.getByRole("button", { name: "Show jobs I can apply for" }).click();
    await expect
      .poll(() => page.getByRole("heading", { name: /^You can apply for/ }).count())
      .toBe(1);
    expect(await listed(page, "Posts you can apply for")).toEqual(want.eligible);
    expect(await listed(page, "Not eligible, but close")).toEqual(want.close);
    // The explanation is there for each: the age on the notification's own date.
    await expect(page.locator("[data-finding] summary").first().textContent()).resolves.toMatch(
      /^You are 2\d years( \d+ months?)? on \d{1,2} \w{3} \d{4}/,
    );
    expect(requests.some((r) => r.url().endsWith("/eligibility/rules.json"))).toBe(true);
    expect(requests.filter((r) => r.method() !== "GET").map((r) => r.url())).toEqual([]);
    expect(requests.filter((r) => carriesBirthDate(r, GRADUATE.dateOfBirth))).toEqual([]);
    expect(page.url()).toMatch(/\/eligibility$/);
    expect(browser.consoleErrors).toEqual([]);
  });

  it("shows a near miss as close, not as eligible", async () => {
    const profile = almostEighteen();
    const want = await expected(profile);
    expect(want.close.length).toBeGreaterThan(0);
    const page = await browser.page();
    await page.goto("/eligibility");
    await page.waitForLoadState("networkidle");
    const form = await fillFinder(page, profile);
    await form.getByRole("button", { name: "Show jobs I can apply for" }).click();
    await expect
      .poll(() => page.getByRole("heading", { name: /Not eligible, but close/ }).count())
      .toBe(1);
    expect(await listed(page, "Not eligible, but close")).toEqual(want.close);
    expect(await listed(page, "Posts you can apply for")).toEqual(want.eligible);
    await expect(
      page
        .getByText(/You reach 18 on/)
        .first()
        .isVisible(),
    ).resolves.toBe(true);
  });

  it("says what is wrong with a date of birth, without sending anything", async () => {
    const page = await browser.page();
    const requests: Request[] = [];
    await page.goto("/eligibility");
    await page.waitForLoadState("networkidle");
    page.on("request", (request) => requests.push(request));
    const form = await fillFinder(page, { ...GRADUATE, dateOfBirth: "2001-02-31" });
    await form.getByRole("button", { name: "Show jobs I can apply for" }).click();
    await expect
      .poll(() => page.getByText("Your date of birth is not a real date").count())
      .toBe(1);
    // Nothing went out for it: no form post, no rules file, no birth date.
    expect(requests.filter((r) => r.method() !== "GET")).toEqual([]);
    expect(requests.filter((r) => r.url().includes("rules.json"))).toEqual([]);
    expect(requests.filter((r) => carriesBirthDate(r, "2001-02-31"))).toEqual([]);
    await expect(page.getByRole("heading", { name: /You can apply/ }).count()).resolves.toBe(0);
  });

  it("remembers the profile on this device only when asked, and forgets it", async () => {
    const want = await expected(GRADUATE);
    const page = await browser.page();
    await page.goto("/eligibility");
    await page.waitForLoadState("networkidle");
    const form = await fillFinder(page, GRADUATE);
    await form.getByLabel("Remember on this device").check();
    await form.getByRole("button", { name: "Show jobs I can apply for" }).click();
    await expect
      .poll(() => page.getByRole("heading", { name: /^You can apply for/ }).count())
      .toBe(1);
    const stored = await page.evaluate(() => localStorage.getItem("govjobs:eligibility-profile"));
    expect(JSON.parse(stored ?? "null")).toMatchObject({
      dateOfBirth: GRADUATE.dateOfBirth,
      category: "obc",
    });

    // A new visit answers at once, from the phone's copy, and still sends no birth date.
    const requests: Request[] = [];
    page.on("request", (request) => requests.push(request));
    await page.goto("/eligibility");
    await expect
      .poll(() => page.getByRole("heading", { name: /^You can apply for/ }).count())
      .toBe(1);
    expect(await listed(page, "Posts you can apply for")).toEqual(want.eligible);
    await expect(page.getByLabel("Year", { exact: true }).inputValue()).resolves.toBe("2001");
    expect(requests.filter((r) => carriesBirthDate(r, GRADUATE.dateOfBirth))).toEqual([]);

    // The job page answers each post for the remembered profile, as the function does.
    const job = want.jobs.find((j) => j.posts.length > 1 && j.posts.every((p) => p.rules))!;
    await page.goto(job.href);
    const answers = page.getByRole("list", { name: "Answer for each post" });
    await expect.poll(() => answers.count(), { timeout: 10_000 }).toBe(1);
    const shown = await answers
      .locator("[data-answer]")
      .evaluateAll((els) => els.map((el) => [el.getAttribute("data-answer"), el.textContent]));
    const wanted = answerPosts(GRADUATE, job.posts);
    expect(shown.map(([post]) => post)).toEqual(wanted.map((a) => a.post));
    const verdictWords = {
      eligible: "you can apply",
      check: "check first",
      "not-eligible": "not eligible",
    } as const;
    shown.forEach(([, text], i) =>
      expect(text).toContain(verdictWords[wanted[i].result?.verdict ?? "not-eligible"]),
    );
    expect(requests.filter((r) => carriesBirthDate(r, GRADUATE.dateOfBirth))).toEqual([]);

    await page.goto("/eligibility");
    await page.getByRole("button", { name: "Forget my details" }).click();
    await expect(
      page.evaluate(() => localStorage.getItem("govjobs:eligibility-profile")),
    ).resolves.toBeNull();
    await expect(page.getByRole("heading", { name: /You can apply/ }).count()).resolves.toBe(0);
  });

  it("says each problem of 'Am I eligible?' beside its field", async () => {
    await quickCheckRefused(await browser.page());
  });

  it("answers 'Am I eligible?' on a job page from two fields, on the phone", async () => {
    const { jobs } = await expected(GRADUATE);
    const job = jobs.find((j) => j.posts.some((p) => p.rules))!;
    const page = await browser.page();
    const requests: Request[] = [];
    page.on("request", (request) => requests.push(request));
    await page.goto(job.href);
    await page.waitForLoadState("networkidle");
    const box = page.locator("#am-i-eligible");
    await box.locator("summary").click();
    await box.getByLabel("Day", { exact: true }).fill("15");
    await box.getByLabel("Month", { exact: true }).fill("8");
    await box.getByLabel("Year", { exact: true }).fill("2001");
    await box.getByLabel("Category").selectOption("obc");
    await box.getByRole("button", { name: "Check" }).click();
    const answers = box.getByRole("list", { name: "Answer for each post" });
    await expect.poll(() => answers.count()).toBe(1);
    // Date of birth and category alone: a post that asks a qualification is "check first".
    await expect(answers.textContent()).resolves.toMatch(/you can apply|check first|not eligible/);
    await expect(box.getByText(/Age only/).count()).resolves.toBe(1);
    expect(requests.filter((r) => r.method() !== "GET").map((r) => r.url())).toEqual([]);
    expect(requests.filter((r) => carriesBirthDate(r, GRADUATE.dateOfBirth))).toEqual([]);
  });
});

describe("the eligibility finder without JavaScript", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });

  it("says each problem of 'Am I eligible?' beside its field, from the server", async () => {
    await quickCheckRefused(await browser.page());
  });

  it("POSTs the form and gets the same list from the server, never cached", async () => {
    const want = await expected(GRADUATE);
    const page = await browser.page();
    await page.goto("/eligibility");
    await expect(page.getByLabel("Remember on this device").count()).resolves.toBe(0);
    const form = await fillFinder(page, GRADUATE);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      form.getByRole("button", { name: "Show jobs I can apply for" }).click(),
    ]);
    expect(response.request().url()).toMatch(/\/eligibility$/);
    expect(response.headers()["cache-control"]).toBe("no-store");
    await page.waitForLoadState("load");
    // Issue 29: the answer page opens at the answer, below the form, not at the top.
    expect(page.url()).toMatch(/\/eligibility#eligible-title$/);
    const heading = await page.locator("#eligible-title").boundingBox();
    expect(heading!.y).toBeGreaterThanOrEqual(0);
    expect(heading!.y).toBeLessThan(900 / 2);
    expect(await listed(page, "Posts you can apply for")).toEqual(want.eligible);
    expect(await listed(page, "Not eligible, but close")).toEqual(want.close);
  });

  it("marks the fields it cannot do without before anything is sent (issue 29)", async () => {
    const page = await browser.page();
    await page.goto("/eligibility");
    const form = page.getByRole("form", { name: "Your details" });
    for (const name of ["Date of birth", "Gender", "Category"])
      expect(await form.getByRole("group", { name: `${name} (required)` }).count(), name).toBe(1);
    expect(await form.getByLabel("Highest qualification passed (required)").count()).toBe(1);
    expect(await form.locator("input[name=gender][required]").count()).toBe(3);
    // Optional ones say nothing.
    expect(await form.getByText("State of domicile", { exact: true }).count()).toBe(1);
  });

  it("answers a job page's two-field form on the server, post by post", async () => {
    const { jobs } = await expected(GRADUATE);
    const job = jobs.find((j) => j.posts.length > 1 && j.posts.every((p) => p.rules))!;
    const data = await withE2eDb((db) =>
      db
        .selectFrom("entries")
        .select("data")
        .where("slug", "=", job.href.split("/").pop()!)
        .executeTakeFirstOrThrow(),
    );
    const posts = jobPostRules(JSON.parse(data.data) as EntryData);
    const page = await browser.page();
    await page.goto(job.href);
    const box = page.locator("#am-i-eligible");
    await box.locator("summary").click();
    await box.getByLabel("Day", { exact: true }).fill("15");
    await box.getByLabel("Month", { exact: true }).fill("8");
    await box.getByLabel("Year", { exact: true }).fill("2001");
    await box.getByLabel("Category").selectOption("obc");
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      box.getByRole("button", { name: "Check" }).click(),
    ]);
    expect(response.headers()["cache-control"]).toBe("no-store");
    await page.waitForLoadState("load");
    const shown = await page
      .locator("#am-i-eligible [data-answer]")
      .evaluateAll((els) => els.map((el) => el.getAttribute("data-answer")));
    expect(shown).toEqual(posts.map((p) => p.post));
    await expect(
      page
        .locator("#am-i-eligible")
        .getByText(/Age only/)
        .count(),
    ).resolves.toBe(1);
  });
});
