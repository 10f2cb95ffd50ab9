import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { Profile } from "~/content/eligibility-types.ts";
import type { EntryData, Row } from "~/content/fields.ts";
import { findPosts, type OpenJob } from "~/content/job-eligibility.ts";
import { catalog } from "~/i18n/catalog.server.ts";
import type { Locale } from "~/lib/locale.ts";
import { todayInIndia } from "~/lib/india-date.ts";
import { openJobRules } from "~/eligibility/rules.repository.server.ts";
import { signInAsAdmin, useBrowser } from "./browser.ts";
import { withE2eDb } from "./db.ts";

/**
 * Issue 26: a graduate was told "✓ you can apply" for Medical Officer and Junior Engineer posts,
 * whose subject was never checked. Here a graduate in Arts, and one who gives no subject, use the
 * finder and a job page's "Am I eligible?" with JavaScript on and off, in English and Hindi.
 */

/** The demo posts that ask for a degree in Medicine or in Engineering. */
const NEEDS_SUBJECT = /Medical Officer|Junior Engineer/;

/** About 24 years old today, OBC, no domicile: inside most demo age limits. */
function graduate(discipline?: Profile["discipline"]): Profile {
  const born = new Date(`${todayInIndia()}T00:00:00Z`);
  born.setUTCFullYear(born.getUTCFullYear() - 24);
  return {
    dateOfBirth: born.toISOString().slice(0, 10),
    gender: "male",
    category: "obc",
    pwbd: false,
    qualification: "graduate",
    finalYear: false,
    ...(discipline ? { discipline } : {}),
  };
}

/**
 * The open demo posts that ask for Medicine or Engineering and that this candidate's age fits
 * (a doctor or an engineer of the same age may apply): the ones that must never show ✓.
 */
async function subjectPosts(profile: Profile) {
  const today = todayInIndia();
  const { jobs } = await withE2eDb((db) => openJobRules(db, today));
  const keys = new Set<string>();
  const pages: OpenJob[] = [];
  for (const discipline of ["medicine", "engineering"] as const) {
    const found = findPosts({ ...profile, discipline }, jobs, today);
    for (const { job, post } of found.eligible) {
      if (!NEEDS_SUBJECT.test(post)) continue;
      keys.add(`${job.href}#${post}`);
      if (!pages.includes(job)) pages.push(job);
    }
  }
  return { keys, pages };
}

const prefix = (locale: Locale) => (locale === "hi" ? "/hi" : "");

async function fillFinder(page: Page, locale: Locale, profile: Profile) {
  const t = catalog(locale).eligibility;
  const [year, month, day] = profile.dateOfBirth.split("-");
  const form = page.getByRole("form", { name: t.formLabel });
  await form.locator("input[name=dobDay]").fill(String(Number(day)));
  await form.locator("input[name=dobMonth]").fill(String(Number(month)));
  await form.locator("input[name=dobYear]").fill(year);
  await form.locator(`input[name=gender][value=${profile.gender}]`).check();
  await form.locator(`input[name=category][value=${profile.category}]`).check();
  await form.locator("select[name=qualification]").selectOption(profile.qualification);
  if (profile.discipline) {
    await form.getByLabel(t.discipline).selectOption(profile.discipline);
  }
  await form.getByRole("button", { name: t.submit }).click();
}

/** The `data-finding` keys of the finder's list named `name`. */
async function listed(page: Page, name: string): Promise<string[]> {
  return page
    .getByRole("list", { name, exact: true })
    .locator("[data-finding]")
    .evaluateAll((els) => els.map((el) => el.getAttribute("data-finding") ?? ""));
}

describe.each([
  ["JavaScript on", true],
  ["JavaScript off", false],
] as const)("the finder, %s", (_, javaScriptEnabled) => {
  const browser = useBrowser({ viewport: { width: 360, height: 800 }, javaScriptEnabled });

  for (const locale of ["en", "hi"] as const) {
    const t = catalog(locale).eligibility;

    it(`${locale}: a graduate in Arts is never told ✓ for a post that needs Medicine or Engineering`, async () => {
      const profile = graduate("arts");
      const { keys } = await subjectPosts(profile);
      expect(keys.size).toBeGreaterThan(0);
      const page = await browser.page();
      await page.goto(`${prefix(locale)}/eligibility`);
      if (javaScriptEnabled) await page.waitForLoadState("networkidle");
      await fillFinder(page, locale, profile);
      const heading = page.locator("#eligible-title");
      await expect.poll(() => heading.count(), { timeout: 10_000 }).toBe(1);
      const eligible = await listed(page, t.results.eligibleLabel);
      expect(eligible.length).toBeGreaterThan(0);
      expect(eligible.filter((key) => keys.has(key))).toEqual([]);
      expect(eligible.filter((key) => NEEDS_SUBJECT.test(key))).toEqual([]);
      // The form keeps the choice made.
      await expect(page.locator("select[name=discipline]").inputValue()).resolves.toBe("arts");
      expect(browser.consoleErrors).toEqual([]);
    });

    it(`${locale}: a graduate who gives no subject is asked to check those posts, with the reason`, async () => {
      const profile = graduate();
      const { keys } = await subjectPosts(profile);
      const page = await browser.page();
      await page.goto(`${prefix(locale)}/eligibility`);
      if (javaScriptEnabled) await page.waitForLoadState("networkidle");
      await fillFinder(page, locale, profile);
      await expect.poll(() => page.locator("#eligible-title").count(), { timeout: 10_000 }).toBe(1);
      const eligible = await listed(page, t.results.eligibleLabel);
      expect(eligible.filter((key) => NEEDS_SUBJECT.test(key))).toEqual([]);
      const toCheck = await listed(page, t.results.checkLabel);
      for (const key of keys) expect(toCheck).toContain(key);
      // Each says what to check, in the page's language, without opening anything.
      const first = page.locator(`[data-finding="${[...keys][0]}"] [data-check]`);
      await expect(first.first().isVisible()).resolves.toBe(true);
      const words = t.rules.disciplines;
      await expect(first.first().textContent()).resolves.toMatch(
        new RegExp(`${escape(words.medicine)}|${escape(words.engineering)}`),
      );
    });
  }
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe.each([
  ["JavaScript on", true],
  ["JavaScript off", false],
] as const)("a job page's 'Am I eligible?', %s", (_, javaScriptEnabled) => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 }, javaScriptEnabled });

  for (const locale of ["en", "hi"] as const) {
    const t = catalog(locale).detail.eligible;

    async function check(page: Page, profile: Profile, withQualification: boolean) {
      const [year, month, day] = profile.dateOfBirth.split("-");
      const box = page.locator("#am-i-eligible");
      await box.locator("summary").click();
      await box.locator("input[name=dobDay]").fill(String(Number(day)));
      await box.locator("input[name=dobMonth]").fill(String(Number(month)));
      await box.locator("input[name=dobYear]").fill(year);
      await box.locator("select[name=category]").selectOption(profile.category);
      if (withQualification) {
        await box.getByLabel(t.qualification).selectOption(profile.qualification);
        if (profile.discipline) await box.getByLabel(t.discipline).selectOption(profile.discipline);
      }
      await box.getByRole("button", { name: t.check, exact: true }).click();
      const answers = page.locator("#am-i-eligible [data-answer]");
      await expect.poll(() => answers.count(), { timeout: 10_000 }).toBeGreaterThan(0);
      return answers.evaluateAll((els) =>
        els.map((el) => [el.getAttribute("data-answer") ?? "", el.textContent ?? ""]),
      );
    }

    it(`${locale}: date of birth and category alone never say ✓ for a post that needs a subject`, async () => {
      const { pages } = await subjectPosts(graduate("arts"));
      const page = await browser.page();
      for (const job of pages.slice(0, 2)) {
        await page.goto(`${prefix(locale)}${job.href}`);
        const answers = await check(page, graduate("arts"), false);
        for (const [post, text] of answers) {
          if (!NEEDS_SUBJECT.test(post)) continue;
          expect(text).not.toContain(t.canApply);
          expect(text).toContain(t.toCheck);
        }
      }
    });

    it(`${locale}: a graduate in Arts is told ✗ for the Medical Officer and Junior Engineer posts`, async () => {
      const { pages } = await subjectPosts(graduate("arts"));
      const page = await browser.page();
      let seen = 0;
      for (const job of pages) {
        await page.goto(`${prefix(locale)}${job.href}`);
        const answers = await check(page, graduate("arts"), true);
        for (const [post, text] of answers) {
          if (!NEEDS_SUBJECT.test(post)) continue;
          seen++;
          expect(text).not.toContain(t.canApply);
        }
      }
      expect(seen).toBeGreaterThan(0);
    });

    if (javaScriptEnabled) {
      it(`${locale}: the profile remembered on this phone gives the finder's answer on the job page`, async () => {
        const profile = graduate("arts");
        const { pages } = await subjectPosts(profile);
        const page = await browser.page();
        await page.goto(`${prefix(locale)}/eligibility`);
        await page.evaluate(
          (saved) => localStorage.setItem("govjobs:eligibility-profile", JSON.stringify(saved)),
          profile,
        );
        await page.goto(`${prefix(locale)}${pages[0].href}`);
        const answers = page.locator("#am-i-eligible [data-answer]");
        await expect.poll(() => answers.count(), { timeout: 10_000 }).toBeGreaterThan(0);
        const shown = await answers.evaluateAll((els) =>
          els.map((el) => [el.getAttribute("data-answer") ?? "", el.textContent ?? ""]),
        );
        const needing = shown.filter(([post]) => NEEDS_SUBJECT.test(post));
        expect(needing.length).toBeGreaterThan(0);
        for (const [, text] of needing) {
          expect(text).not.toContain(t.canApply);
          expect(text).toContain(t.notEligible);
        }
        await page.evaluate(() => localStorage.clear());
      });
    }
  }
});

const storedData = (id: string) =>
  withE2eDb(async (db) => {
    const row = await db
      .selectFrom("entries")
      .select("data")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return JSON.parse(row.data) as EntryData;
  });

describe("the job editor's subjects", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });
  const noScript = useBrowser({ viewport: { width: 360, height: 800 }, javaScriptEnabled: false });

  it("are ticked, previewed as the finder will check them, and saved, with JavaScript and without", async () => {
    const page = await browser.page();
    await signInAsAdmin(page);
    await page.goto("/admin/manage-jobs/add");
    await page.getByRole("button", { name: "Add row" }).first().waitFor();
    const title = `Subjects Test Medical Officer ${Date.now()}`;
    await page.getByLabel("Post name", { exact: true }).fill(title);
    await page.getByLabel("Organization", { exact: true }).fill("E2E Health Board");
    await page.getByLabel("Short information", { exact: true }).fill("Doctors wanted.");
    await page.getByLabel("Employment type", { exact: true }).selectOption("FULL_TIME");
    await page.getByLabel("Job location (state)", { exact: true }).selectOption("Delhi");
    await page.getByLabel("Last date to apply", { exact: true }).fill("2031-03-31");
    await page.getByLabel("Maximum age", { exact: true }).fill("35");
    await page.getByLabel("Minimum qualification", { exact: true }).selectOption("Graduate");
    await page.getByLabel("Status", { exact: true }).selectOption("draft");
    await page.locator('[name="data.posts[0].post"]').fill("Medical Officer");
    await page.locator('[name="data.posts[0].total"]').fill("12");
    await page.locator('[name="data.posts[1].post"]').fill("TGT (Science)");
    await page.locator('[name="data.posts[1].total"]').fill("4");

    const subjects = page.getByRole("group", { name: "Subjects accepted (any one of them)" });
    await subjects.getByLabel("Medicine (MBBS)", { exact: true }).check();
    // The second post: a B.Sc. and a B.Ed., ticked in its own row.
    const row = (column: string) => page.locator(`details[data-choices="data.posts[1].${column}"]`);
    await row("disciplines").locator("summary").click();
    await row("disciplines").getByLabel("Science", { exact: true }).check();
    await row("alsoRequired").locator("summary").click();
    await row("alsoRequired").getByLabel("Education (B.Ed.)", { exact: true }).check();
    await expect
      .poll(() => row("alsoRequired").locator("summary").textContent())
      .toContain("Education (B.Ed.)");

    const preview = page.locator("[data-qualification-preview]");
    await expect
      .poll(() => preview.locator("li").allTextContents(), { timeout: 5_000 })
      .toEqual([
        "Medical Officer: Graduate in Medicine (MBBS)",
        "TGT (Science): Graduate in Science, with Education (B.Ed.)",
      ]);
    await page.getByRole("button", { name: "Save draft", exact: true }).click();
    await page.waitForURL(/\/admin\/manage-jobs\/edit\/[^/?]+/);
    const id = /\/edit\/([^/?]+)/.exec(page.url())![1];
    const saved = await storedData(id);
    expect(saved.disciplines).toEqual(["medicine"]);
    expect(saved.alsoRequired).toBeUndefined();
    expect((saved.posts as Row[]).map((r) => [r.disciplines, r.alsoRequired])).toEqual([
      [undefined, undefined],
      [["science"], ["education"]],
    ]);

    // Without JavaScript: the boxes are plain checkboxes in the form, drawn ticked as saved.
    const plain = await noScript.page();
    await plain.context().addCookies(await page.context().cookies());
    await plain.goto(`/admin/manage-jobs/edit/${id}`);
    const plainSubjects = plain.getByRole("group", { name: "Subjects accepted (any one of them)" });
    await expect(
      plainSubjects.getByLabel("Medicine (MBBS)", { exact: true }).isChecked(),
    ).resolves.toBe(true);
    await expect(
      plain.locator("[data-qualification-preview] li").first().textContent(),
    ).resolves.toBe("Medical Officer: Graduate in Medicine (MBBS)");
    await plainSubjects.getByLabel("Medicine (MBBS)", { exact: true }).uncheck();
    await plainSubjects.getByLabel("Engineering/Technology", { exact: true }).check();
    await plainSubjects.getByLabel("Science", { exact: true }).check();
    await plain
      .getByRole("group", { name: "Also required, besides the qualification" })
      .getByLabel("Law", { exact: true })
      .check();
    await plain.getByRole("button", { name: "Save draft", exact: true }).click();
    await plain.waitForLoadState("load");
    const again = await storedData(id);
    expect(again.disciplines).toEqual(["science", "engineering"]);
    expect(again.alsoRequired).toEqual(["law"]);
    await expect(
      plain.locator("[data-qualification-preview] li").first().textContent(),
    ).resolves.toBe("Medical Officer: Graduate in Science or Engineering/Technology, with Law");
    expect(browser.consoleErrors).toEqual([]);
  });
});
