import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import type { Profile } from "~/content/eligibility-types.ts";
import { findPosts, type Finding } from "~/content/job-eligibility.ts";
import { en } from "~/i18n/catalog/en/index.ts";
import { hi } from "~/i18n/catalog/hi/index.ts";
import { fmt } from "~/lib/locale.ts";
import { todayInIndia } from "~/lib/india-date.ts";
import { openJobRules } from "~/eligibility/rules.repository.server.ts";
import { baseURL, useBrowser } from "./browser.ts";
import { withE2eDb } from "./db.ts";

/**
 * Issue 14: the contact page and the eligibility finder in Hindi (/hi/contact-us,
 * /hi/eligibility), with and without JavaScript: the catalogue's words, the form's messages from
 * the browser's check and from the server's, the rules' sentences, links that stay in Hindi, the
 * language links, and the same answers as the English pages.
 */

const C = hi.contact;
const E = hi.eligibility;
const unique = (label: string) => `${label} ${crypto.randomUUID().slice(0, 8)}`;

/** Browser submissions all come from 127.0.0.1: start each test with a fresh allowance. */
async function resetLocalRateLimit() {
  await withE2eDb((db) =>
    db.deleteFrom("rate_limits").where("key", "like", "contact:%127.0.0.1").execute(),
  );
}

async function storedMessages(name: string) {
  return withE2eDb((db) =>
    db.selectFrom("messages").selectAll().where("name", "=", name).execute(),
  );
}

async function hydrated(page: Page) {
  await page.locator("[data-testid=bell][data-count]").waitFor();
}

/** What every Hindi interface page must have: lang, canonical, alternates, links in Hindi. */
async function checkHindiFrame(page: Page, englishPath: string) {
  expect(await page.locator("html").getAttribute("lang")).toBe("hi-IN");
  const head = page.locator("head");
  const origin = baseURL();
  expect(await head.locator("link[rel=canonical]").getAttribute("href")).toBe(
    `${origin}/hi${englishPath}`,
  );
  const alternates = await head
    .locator("link[rel=alternate][hreflang]")
    .evaluateAll((links) =>
      Object.fromEntries(
        links.map((l) => [l.getAttribute("hreflang"), l.getAttribute("href")] as const),
      ),
    );
  expect(alternates).toEqual({
    en: `${origin}${englishPath}`,
    hi: `${origin}/hi${englishPath}`,
    "x-default": `${origin}${englishPath}`,
  });
  // Every link to a page of the site stays in Hindi; the language switch is the one way out.
  const hrefs = await page
    .locator("a[href^='/']:not([hreflang])")
    .evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  expect(hrefs.length).toBeGreaterThan(5);
  expect(hrefs.filter((h) => !/^\/hi(\/|$|\?)/.test(h) && !/^\/(files|admin)\//.test(h))).toEqual(
    [],
  );
  const forms = await page
    .locator("main form[action]")
    .evaluateAll((fs) => fs.map((f) => f.getAttribute("action") ?? ""));
  expect(forms.filter((a) => !a.startsWith("/hi/"))).toEqual([]);
}

/** The header's switch leads to the same page in English, and back. */
async function roundTrip(page: Page, englishPath: string, englishHeading: string) {
  await page.locator("header a[hreflang='en']").click();
  await page.waitForURL((url) => url.pathname === englishPath);
  expect(await page.locator("html").getAttribute("lang")).toBe("en-IN");
  await page.getByRole("heading", { level: 1, name: englishHeading }).waitFor();
  await page.locator("header a[hreflang='hi']").click();
  await page.waitForURL((url) => url.pathname === `/hi${englishPath}`);
  expect(await page.locator("html").getAttribute("lang")).toBe("hi-IN");
}

/** The message beside a field, found through its aria-describedby. */
async function fieldError(page: Page, label: string) {
  const field = page.getByLabel(label);
  expect(await field.getAttribute("aria-invalid")).toBe("true");
  const described = (await field.getAttribute("aria-describedby")) ?? "";
  const errorId = described.split(" ").find((id) => id.endsWith("-error"));
  return page.locator(`#${errorId}`).innerText();
}

describe("/hi/contact-us with JavaScript at 360 px", () => {
  const browser = useBrowser({ viewport: { width: 360, height: 800 } });
  beforeEach(resetLocalRateLimit);

  it("is worded in Hindi, links in Hindi, and answers an empty form in Hindi", async () => {
    const page = await browser.page();
    await page.goto("/hi/contact-us");
    await page.getByRole("heading", { level: 1, name: C.title }).waitFor();
    await checkHindiFrame(page, "/contact-us");
    expect(await page.title()).toMatch(new RegExp(`^${C.title}`));
    for (const label of [C.name, C.email, C.message]) {
      expect(await page.getByLabel(label).getAttribute("aria-required")).toBe("true");
    }
    const details = page.getByRole("complementary", { name: C.details });
    expect(await details.innerText()).toContain(C.emailLabel);
    expect(await details.innerText()).toContain(C.phoneLabel);
    expect(await page.getByText("Your Name").count()).toBe(0);

    await hydrated(page);
    await page.getByRole("button", { name: C.send }).click();
    await page.locator("[aria-invalid=true]").first().waitFor();
    expect(await fieldError(page, C.name)).toBe(C.text.nameRequired);
    expect(await fieldError(page, C.email)).toBe(C.text.emailRequired);
    expect(await fieldError(page, C.message)).toBe(C.text.messageRequired);

    await page.getByLabel(C.name).fill("राम");
    await page.getByLabel(C.email).fill("not-an-address");
    await page.getByLabel(C.message).fill("छोटा");
    await page.getByRole("button", { name: C.send }).click();
    await page.getByText(C.text.emailInvalid).waitFor();
    expect(await fieldError(page, C.message)).toBe(C.text.messageTooShort);
    expect(browser.consoleErrors).toEqual([]);
    await page.close();
  });

  it("sends a message and says so in Hindi", async () => {
    const page = await browser.page();
    await page.goto("/hi/contact-us");
    await hydrated(page);
    const name = unique("हिंदी पाठक");
    await page.getByLabel(C.name).fill(name);
    await page.getByLabel(C.email).fill("pathak@example.in");
    await page.getByLabel(C.message).fill("मुझे भर्ती के बारे में जानकारी चाहिए।");
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: C.send }).click(),
    ]);
    expect(new URL(response.url()).pathname).toMatch(/^\/hi\/contact-us/);
    await page.getByRole("status").getByText(C.text.sent).waitFor();
    expect(await storedMessages(name)).toHaveLength(1);
    await page.close();
  });

  it("switches to the English page and back; English keeps its words", async () => {
    const page = await browser.page();
    await page.goto("/hi/contact-us");
    await roundTrip(page, "/contact-us", en.contact.title);
    await page.goto("/contact-us");
    expect(await page.getByLabel("Your Name").count()).toBe(1);
    expect(await page.getByRole("button", { name: "Send Message" }).count()).toBe(1);
    expect(await page.getByText(C.name).count()).toBe(0);
    await page.close();
  });
});

describe("/hi/contact-us without JavaScript", () => {
  const browser = useBrowser({ viewport: { width: 360, height: 800 }, javaScriptEnabled: false });
  beforeEach(resetLocalRateLimit);

  it("answers an empty form post with 400 and the server's messages in Hindi", async () => {
    const page = await browser.page();
    await page.goto("/hi/contact-us");
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: C.send }).click(),
    ]);
    expect(response.status()).toBe(400);
    expect(new URL(response.url()).pathname).toBe("/hi/contact-us");
    await page.waitForLoadState("load");
    expect(await page.locator("html").getAttribute("lang")).toBe("hi-IN");
    expect(await fieldError(page, C.name)).toBe(C.text.nameRequired);
    expect(await fieldError(page, C.email)).toBe(C.text.emailRequired);
    expect(await fieldError(page, C.message)).toBe(C.text.messageRequired);
    await page.close();
  });

  it("sends a message with a plain form post and says so in Hindi", async () => {
    const page = await browser.page();
    await page.goto("/hi/contact-us");
    const name = unique("बिना स्क्रिप्ट");
    await page.getByLabel(C.name).fill(name);
    await page.getByLabel(C.email).fill("noscript@example.in");
    await page.getByLabel(C.message).fill("बिना जावास्क्रिप्ट के भेजा गया।");
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: C.send }).click(),
    ]);
    expect(response.status()).toBe(200);
    await page.getByText(C.text.sent).waitFor();
    expect(await storedMessages(name)).toHaveLength(1);
    await page.close();
  });
});

// ---------------------------------------------------------------------------------------------
// The eligibility finder

/** A 25-year-old OBC graduate man, domiciled in Karnataka (as in eligibility.test.ts). */
const GRADUATE: Profile = {
  dateOfBirth: "2001-08-15",
  gender: "male",
  category: "obc",
  pwbd: false,
  domicileState: "karnataka", // stored by key (issue 27); the Hindi page names it कर्नाटक
  qualification: "graduate",
  finalYear: false,
};

/** The open demo posts the function accepts, by the keys the page marks them with. */
async function expected(profile: Profile) {
  const today = todayInIndia();
  const rules = await withE2eDb((db) => openJobRules(db, today));
  const found = findPosts(profile, rules.jobs, today);
  const keys = (list: Finding[]) => list.map((f) => `${f.job.href}#${f.post}`);
  return { eligible: keys(found.eligible), close: keys(found.close) };
}

type Words = typeof en.eligibility;

async function fillFinder(page: Page, t: Words, profile: Profile) {
  const [year, month, day] = profile.dateOfBirth.split("-");
  const form = page.getByRole("form", { name: t.formLabel });
  await form.getByLabel(t.dobParts.day, { exact: true }).fill(String(Number(day)));
  await form.getByLabel(t.dobParts.month, { exact: true }).fill(String(Number(month)));
  await form.getByLabel(t.dobParts.year, { exact: true }).fill(year);
  await form.getByRole("radio", { name: t.genders[profile.gender], exact: true }).check();
  await form
    .getByRole("radio", { name: t.rules.categories[profile.category], exact: true })
    .check();
  await form.getByLabel(t.qualification).selectOption(profile.qualification);
  if (profile.domicileState) {
    await form.getByLabel(t.domicile).selectOption(profile.domicileState);
  }
  return form;
}

async function listed(page: Page, listName: string): Promise<string[]> {
  return page
    .getByRole("list", { name: listName })
    .locator("[data-finding]")
    .evaluateAll((els) => els.map((el) => el.getAttribute("data-finding") ?? ""));
}

/** "आपकी आयु 1 अगस्त 2024 को 27 वर्ष 3 महीने है": a Hindi date inside a Hindi sentence. */
const HINDI_AGE = new RegExp(
  `^आपकी आयु \\d{1,2} (${E.rules.monthNames.join("|")}) \\d{4} को \\d+ वर्ष( \\d+ (महीना|महीने))? है`,
);

describe("/hi/eligibility with JavaScript at 360 px", () => {
  const browser = useBrowser({ viewport: { width: 360, height: 800 } });

  it("is worded in Hindi and finds the same posts as the English finder, in Hindi sentences", async () => {
    const want = await expected(GRADUATE);
    expect(want.eligible.length).toBeGreaterThan(3);

    // The English finder first: its list is the reference.
    const english = await browser.page();
    await english.goto("/eligibility");
    await english.waitForLoadState("networkidle");
    const enForm = await fillFinder(english, en.eligibility, GRADUATE);
    await enForm.getByRole("button", { name: en.eligibility.submit }).click();
    await english.getByRole("heading", { name: /^You can apply for/ }).waitFor();
    const englishList = await listed(english, en.eligibility.results.eligibleLabel);
    expect(englishList).toEqual(want.eligible);
    await english.close();

    const page = await browser.page();
    await page.goto("/hi/eligibility");
    await page.getByRole("heading", { level: 1, name: E.heading }).waitFor();
    await checkHindiFrame(page, "/eligibility");
    expect(await page.title()).toMatch(new RegExp(`^${E.metaTitle.replace(/[?:]/g, "\\$&")}`));
    await page.waitForLoadState("networkidle");
    const form = await fillFinder(page, E, GRADUATE);
    await form.getByRole("button", { name: E.submit }).click();
    const jobs = new Set(want.eligible.map((k) => k.split("#")[0])).size;
    const count = (n: number, one: string, many: string) => fmt(n === 1 ? one : many, { n });
    const heading = fmt(E.results.canApply, {
      posts: count(want.eligible.length, E.results.post, E.results.posts),
      jobs: count(jobs, E.results.job, E.results.jobs),
    });
    await page.getByRole("heading", { level: 2, name: heading }).waitFor();
    expect(await listed(page, E.results.eligibleLabel)).toEqual(englishList);
    expect(await listed(page, E.results.closeLabel)).toEqual(want.close);

    // The sentences are the rules' Hindi ones: the age, then how it was worked out.
    const summary = page.locator("[data-finding] summary").first();
    expect(await summary.textContent()).toMatch(HINDI_AGE);
    await summary.click();
    const reasons = await page
      .locator("[data-finding]")
      .first()
      .locator("details li")
      .allTextContents();
    expect(reasons.length).toBeGreaterThan(1);
    expect(reasons.some((r) => r.startsWith("अधिकतम आयु सीमा ") || r.startsWith("जन्म "))).toBe(true);
    expect(reasons.at(-1)).toMatch(/^योग्यता: /);
    // No English sentence slipped through.
    const results = await page.locator("#eligible-title").locator("..").locator("..").innerText();
    expect(results).not.toMatch(/\b(Upper limit|Qualification|Born on|You are|Last date|Post:)/);
    expect(results).toContain(hi.list.facts.lastDate);
    // The posts' links go to the Hindi job pages.
    const links = await page
      .getByRole("list", { name: E.results.eligibleLabel })
      .locator("a")
      .evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((href) => href.startsWith("/hi/jobs/"))).toBe(true);
    expect(browser.consoleErrors).toEqual([]);
    await page.close();
  });

  it("answers an empty form in Hindi, computed on the phone", async () => {
    const page = await browser.page();
    await page.goto("/hi/eligibility");
    await page.waitForLoadState("networkidle");
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() !== "GET") posts.push(r.url());
    });
    await page.getByRole("button", { name: E.submit }).click();
    await page
      .getByRole("alert")
      .getByText(fmt(E.checkMany, { n: 4 }))
      .waitFor();
    for (const message of [
      E.rules.errors.dobMissing,
      E.rules.errors.gender,
      E.rules.errors.category,
      E.rules.errors.qualification,
    ]) {
      expect(await page.getByText(message, { exact: true }).count()).toBe(1);
    }
    expect(posts).toEqual([]);
    await page.close();
  });

  it("switches to the English finder and back", async () => {
    const page = await browser.page();
    await page.goto("/hi/eligibility");
    await roundTrip(page, "/eligibility", en.eligibility.heading);
    await page.goto("/eligibility");
    expect(await page.getByRole("form", { name: "Your details" }).count()).toBe(1);
    expect(await page.getByText(E.submit).count()).toBe(0);
    await page.close();
  });
});

describe("/hi/eligibility without JavaScript", () => {
  const browser = useBrowser({ viewport: { width: 360, height: 800 }, javaScriptEnabled: false });

  it("POSTs to the Hindi page and gets the same list from the server, in Hindi", async () => {
    const want = await expected(GRADUATE);
    const page = await browser.page();
    await page.goto("/hi/eligibility");
    const form = await fillFinder(page, E, GRADUATE);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      form.getByRole("button", { name: E.submit }).click(),
    ]);
    expect(new URL(response.url()).pathname).toBe("/hi/eligibility");
    expect(response.headers()["cache-control"]).toBe("no-store");
    await page.waitForLoadState("load");
    expect(await page.locator("html").getAttribute("lang")).toBe("hi-IN");
    expect(await listed(page, E.results.eligibleLabel)).toEqual(want.eligible);
    expect(await page.locator("[data-finding] summary").first().textContent()).toMatch(HINDI_AGE);
    await page.close();
  });

  it("answers bad input with 400 and the server's messages in Hindi", async () => {
    const page = await browser.page();
    await page.goto("/hi/eligibility");
    const form = page.getByRole("form", { name: E.formLabel });
    await form.getByLabel(E.dobParts.day, { exact: true }).fill("31");
    await form.getByLabel(E.dobParts.month, { exact: true }).fill("2");
    await form.getByLabel(E.dobParts.year, { exact: true }).fill("2001");
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      form.getByRole("button", { name: E.submit }).click(),
    ]);
    expect(response.status()).toBe(400);
    await page.waitForLoadState("load");
    await page.getByText(E.rules.errors.dobNotReal, { exact: true }).waitFor();
    await page.getByText(E.rules.errors.category, { exact: true }).waitFor();
    await page
      .getByRole("alert")
      .getByText(fmt(E.checkMany, { n: 4 }))
      .waitFor();
    await page.close();
  });
});
