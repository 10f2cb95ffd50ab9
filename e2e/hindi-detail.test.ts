import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { REGISTRY } from "~/content/registry.ts";
import type { Kind } from "~/content/kinds.ts";
import { en } from "~/i18n/catalog/en/index.ts";
import { hi } from "~/i18n/catalog/hi/index.ts";
import { todayInIndia } from "~/lib/india-date.ts";
import { baseURL, useBrowser } from "./browser.ts";
import { withE2eDb } from "./db.ts";
import { savedEntry, TEST_ACTOR } from "../test/writes.ts";

/**
 * Issue 14 on the entry pages (job, result, admit card): the interface in Hindi under /hi/ (the
 * registry's section and field labels, the at-a-glance facts and buttons, "Am I eligible?"),
 * every link staying in Hindi, and the entry's English text canonical to its English page.
 */

const t = hi.detail;
const DEVANAGARI = /[\u0900-\u097F]/;
/** "22 नवंबर 2026": Hindi month names, international digits. */
const HINDI_DATE = /\d{1,2} [\u0900-\u097F]+ \d{4}/;

/** A demo result that belongs to a published open job, and that job. */
async function demoJobWithResult() {
  const today = todayInIndia();
  return withE2eDb((db) =>
    db
      .selectFrom("entries as r")
      .innerJoin("entries as j", "j.id", "r.job_id")
      .select(["r.slug as result", "j.slug as job", "j.id as jobId"])
      .where("r.kind", "=", "result")
      .where("r.status", "=", "published")
      .where("j.status", "=", "published")
      .where("r.deleted_at", "is", null)
      .where("j.deleted_at", "is", null)
      .where("j.last_date", ">", today)
      .where("r.data", "like", "%fictional demo content%")
      .where("j.data", "like", "%fictional demo content%")
      // The first to close: its application window has opened (a later one may not have, and
      // then has no Apply button yet).
      .orderBy("j.last_date", "asc")
      .executeTakeFirstOrThrow(),
  );
}

/** A published demo entry of `kind`; with `hindi`, one with (true) or without (false) Hindi text. */
async function demoSlug(kind: Kind, { hindi, open }: { hindi?: boolean; open?: boolean } = {}) {
  return withE2eDb(async (db) => {
    let q = db
      .selectFrom("entries")
      .select("slug")
      .where("kind", "=", kind)
      .where("status", "=", "published")
      .where("deleted_at", "is", null)
      .where("data", "like", "%fictional demo content%");
    if (hindi !== undefined) q = q.where("data", hindi ? "like" : "not like", '%"hi_title"%');
    if (open) q = q.where("last_date", ">", todayInIndia());
    return (await q.orderBy("published_at", "desc").executeTakeFirstOrThrow()).slug;
  });
}

/** A section's Hindi title, as the page looks it up (`kind:id` first). */
const sectionTitle = (kind: Kind, id: string) =>
  t.registry.sections[`${kind}:${id}`] ?? t.registry.sections[id];

/** Links and form targets of the site that leave Hindi (the language switch excepted). */
async function englishLinks(page: Page): Promise<string[]> {
  const targets = await page.$$eval("a[href^='/'], form[action^='/']", (els) =>
    els
      .filter((el) => el.getAttribute("hreflang") !== "en")
      .map((el) => el.getAttribute("href") ?? el.getAttribute("action")!),
  );
  return targets.filter((h) => !/^\/hi(\/|[?#]|$)/.test(h) && !/^\/(files|admin)\//.test(h));
}

async function headings(page: Page) {
  return (await page.locator("article h2").allTextContents()).map((h) => h.trim());
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

/** A page's first HTML: canonical, hreflang links, JSON-LD blocks. */
async function head(path: string) {
  const res = await fetch(`${baseURL()}${path}`);
  expect(res.status, path).toBe(200);
  const html = await res.text();
  return {
    html,
    canonical: /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1],
    hreflang: html.match(/<link[^>]*hrefLang=|<link[^>]*hreflang=/gi) ?? [],
    ld: [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
      (m) => JSON.parse(m[1]) as Record<string, any>,
    ),
  };
}

describe("entry pages in Hindi, in Chromium at 360 px", () => {
  const browser = useBrowser({ viewport: { width: 360, height: 800 } });

  it("words a job page in Hindi: sections, facts, buttons, dates, 'Am I eligible?'", async () => {
    const { job, result } = await demoJobWithResult();
    const page = await browser.page();
    await page.goto(`/hi/jobs/${job}`, { waitUntil: "networkidle" });
    expect(await page.locator("html").getAttribute("lang")).toBe("hi-IN");

    // The registry's sections in their order, each in Hindi.
    const expected = REGISTRY.job.sections.map((s) => sectionTitle("job", s.id));
    const shown = await headings(page);
    expect(shown.at(-1)).toBe(t.related);
    expect(shown.slice(0, -1)).toEqual(expected);
    for (const english of ["Important Dates", "Application Fee", "Age Limit", "How to Apply"])
      expect(shown).not.toContain(english);

    // Breadcrumbs in Hindi, leading to Hindi pages.
    const crumbs = page.getByRole("navigation", { name: hi.common.breadcrumb });
    expect(await crumbs.getByRole("link").allTextContents()).toEqual([
      t.home,
      t.registry.kinds.job.plural,
    ]);
    expect(await crumbs.getByRole("link").last().getAttribute("href")).toBe("/hi/jobs");

    // The first screen: Hindi facts and buttons.
    const glance = page.getByRole("region", { name: t.atAGlance });
    const facts = await glance.locator("dt").allTextContents();
    expect(facts).toContain(t.glance.lastDate);
    expect(facts).toContain(t.glance.totalPosts);
    const lastDate = glance.locator("dt", { hasText: t.glance.lastDate }).locator("xpath=../dd");
    expect(await lastDate.textContent()).toMatch(HINDI_DATE);
    expect(await lastDate.textContent()).toMatch(/दिन बाकी|अंतिम दिन/);
    expect(await glance.getByRole("link").first().textContent()).toContain(
      t.glance.actions.applyUrl,
    );
    expect(await glance.getByRole("link").first().textContent()).toContain(t.officialSite);

    // Field labels and dates in the sections.
    const dates = page.getByRole("region", { name: sectionTitle("job", "dates") });
    await expect(
      dates
        .getByRole("row", {
          name: new RegExp(`${t.registry.fields.lastDate} ${HINDI_DATE.source}`),
        })
        .count(),
    ).resolves.toBe(1);
    expect(
      await page
        .getByRole("row", {
          name: new RegExp(`^${t.registry.fields.salaryMin.replace(/[()]/g, "\\$&")} ₹`),
        })
        .count(),
    ).toBe(1);

    // Related entries in Hindi, linked in Hindi.
    const related = page.getByRole("region", { name: t.related });
    expect(await related.locator(`a[href="/hi/results/${result}"]`).count()).toBe(1);
    expect(await related.textContent()).toContain(t.registry.kinds.result.label);

    // "Am I eligible?": Hindi words, the island loaded on demand answers in Hindi.
    const box = page.locator("#am-i-eligible");
    expect(await box.locator("summary").textContent()).toContain(t.eligible.summary);
    await box.locator("summary").click();
    await box.getByLabel(t.eligible.dobParts.day, { exact: true }).fill("15");
    await box.getByLabel(t.eligible.dobParts.month, { exact: true }).fill("8");
    await box.getByLabel(t.eligible.dobParts.year, { exact: true }).fill("2001");
    await box.getByLabel(t.eligible.category).selectOption("obc");
    expect(
      await box.getByLabel(t.eligible.category).locator("option[value=general]").textContent(),
    ).toBe(t.eligible.categories.general);
    await box.getByRole("button", { name: t.eligible.check, exact: true }).click();
    const answers = box.getByRole("list", { name: t.eligible.answersLabel });
    await expect.poll(() => answers.count()).toBe(1);
    // Date of birth and category alone: a post that asks a qualification is "check first".
    const verdicts = [t.eligible.canApply, t.eligible.toCheck, t.eligible.notEligible];
    expect(await answers.textContent()).toMatch(
      new RegExp(verdicts.map((v) => v.replace(/[?.*+()[\]\\]/g, "\\$&")).join("|")),
    );
    // The rules' own sentences come in Hindi too (the eligibility area's words).
    expect(await answers.textContent()).toContain(hi.eligibility.rules.met.replace(/।$/, ""));
    expect(await answers.textContent()).not.toMatch(/\b(met|not met)\.|You are \d/);
    expect(await box.getByRole("link", { name: t.eligible.findAll }).getAttribute("href")).toBe(
      "/hi/eligibility",
    );

    expect(await englishLinks(page)).toEqual([]);
    await noSidewaysScroll(page);
    expect(browser.consoleErrors).toEqual([]);
  });

  it("words a result page in Hindi", async () => {
    const { job, result } = await demoJobWithResult();
    const page = await browser.page();
    await page.goto(`/hi/results/${result}`, { waitUntil: "networkidle" });
    expect(await page.locator("html").getAttribute("lang")).toBe("hi-IN");
    const shown = await headings(page);
    expect(shown).toContain(sectionTitle("result", "overview"));
    expect(shown).toContain(t.registry.sections["result:how-to"]);
    expect(shown).toContain(sectionTitle("result", "links"));
    expect(shown).not.toContain("Important Links");
    const glance = page.getByRole("region", { name: t.atAGlance });
    const declared = glance.locator("dt", { hasText: t.glance.resultDeclared });
    expect(await declared.locator("xpath=../dd").textContent()).toMatch(HINDI_DATE);
    expect(await glance.getByRole("link").first().textContent()).toContain(
      t.glance.actions.resultUrl,
    );
    expect(await page.locator("article header").textContent()).toContain(
      t.registry.kinds.result.label,
    );
    const related = page.getByRole("region", { name: t.related });
    expect(await related.locator(`a[href="/hi/jobs/${job}"]`).count()).toBe(1);
    expect(await englishLinks(page)).toEqual([]);
    await noSidewaysScroll(page);
    expect(browser.consoleErrors).toEqual([]);
  });

  it("words an admit card page in Hindi", async () => {
    const slug = await demoSlug("admit-card");
    const page = await browser.page();
    await page.goto(`/hi/admit-cards/${slug}`, { waitUntil: "networkidle" });
    expect(await page.locator("html").getAttribute("lang")).toBe("hi-IN");
    const shown = await headings(page);
    expect(shown).toContain(sectionTitle("admit-card", "overview"));
    expect(shown).toContain(t.registry.sections["admit-card:how-to"]);
    const glance = page.getByRole("region", { name: t.atAGlance });
    expect(await glance.locator("dt").allTextContents()).toContain(t.glance.examDate);
    const exam = glance.locator("dt", { hasText: t.glance.examDate }).locator("xpath=../dd");
    expect(await exam.textContent()).toMatch(HINDI_DATE);
    expect(await glance.getByRole("link").first().textContent()).toContain(
      t.glance.actions.downloadUrl,
    );
    const overview = page.getByRole("region", { name: sectionTitle("admit-card", "overview") });
    expect(
      await overview.getByRole("rowheader", { name: t.registry.fields.examDate }).count(),
    ).toBe(1);
    expect(await englishLinks(page)).toEqual([]);
    await noSidewaysScroll(page);
    expect(browser.consoleErrors).toEqual([]);
  });

  it("switches a job page to English and back", async () => {
    const { job } = await demoJobWithResult();
    const page = await browser.page();
    await page.goto(`/hi/jobs/${job}`);
    await page.locator("header a[hreflang='en']").click();
    await page.waitForURL((url) => url.pathname === `/jobs/${job}`);
    expect(await page.locator("html").getAttribute("lang")).toBe("en-IN");
    expect((await headings(page))[0]).toBe("Short Information");
    await page.locator("header a[hreflang='hi']").click();
    await page.waitForURL((url) => url.pathname === `/hi/jobs/${job}`);
    expect(await page.locator("html").getAttribute("lang")).toBe("hi-IN");
    expect((await headings(page))[0]).toBe(sectionTitle("job", "overview"));
  });

  it("leaves the English job page as it was", async () => {
    const { job } = await demoJobWithResult();
    const page = await browser.page();
    await page.goto(`/jobs/${job}`, { waitUntil: "networkidle" });
    expect(await page.locator("html").getAttribute("lang")).toBe("en-IN");
    const shown = await headings(page);
    expect(shown.slice(0, -1)).toEqual(REGISTRY.job.sections.map((s) => s.title));
    expect(shown.at(-1)).toBe(en.detail.related);
    const glance = page.getByRole("region", { name: "At a glance" });
    expect(await glance.locator("dt").allTextContents()).toEqual(
      expect.arrayContaining(["Last date", "Total posts"]),
    );
    expect(await glance.getByRole("link").first().textContent()).toContain("Apply Online");
    expect(await page.locator("#am-i-eligible summary").textContent()).toContain("Am I eligible?");
    // Not one Hindi letter in the entry's page body (the header's switch is outside it).
    expect(await page.locator("main").textContent()).not.toMatch(DEVANAGARI);
    expect(
      (
        await page.$$eval("main a[href^='/']", (as) => as.map((a) => a.getAttribute("href")!))
      ).filter((h) => h.startsWith("/hi")),
    ).toEqual([]);
  });
});

describe("an entry without Hindi text, for search engines", () => {
  it("is canonical to its English page from its Hindi address, with no hreflang alternates", async () => {
    const job = await demoSlug("job", { hindi: false, open: true });
    const result = await demoSlug("result", { hindi: false });
    for (const path of [`/jobs/${job}`, `/results/${result}`]) {
      const english = `${baseURL()}${path}`;
      const hindi = await head(`/hi${path}`);
      expect(hindi.canonical).toBe(english);
      expect(hindi.hreflang).toEqual([]);
      expect(hindi.html).toContain('<meta property="og:locale" content="hi_IN"/>');
      expect(hindi.html).toContain(`<meta property="og:url" content="${english}"/>`);
      const plain = await head(path);
      expect(plain.canonical).toBe(english);
      expect(plain.hreflang).toEqual([]);
      // Structured data describes the English text at its English address, and says so.
      for (const page of [hindi, plain]) {
        const webPage = page.ld.find((b) => b["@type"] === "WebPage")!;
        expect(webPage.inLanguage).toBe("en-IN");
        expect(webPage.url).toBe(english);
        const faq = page.ld.find((b) => b["@type"] === "FAQPage");
        if (faq) expect(faq.inLanguage).toBe("en-IN");
        const crumbs = page.ld.find((b) => b["@type"] === "BreadcrumbList")!;
        expect(crumbs.itemListElement[0].name).toBe("Home");
      }
    }
  });
});

describe("an entry with Hindi text", () => {
  it("leaves a job's posting to its English page (one vacancy, one JobPosting)", async () => {
    const job = await demoSlug("job", { hindi: true, open: true });
    const hindi = await head(`/hi/jobs/${job}`);
    expect(hindi.canonical).toBe(`${baseURL()}/hi/jobs/${job}`);
    expect(hindi.ld.filter((b) => b["@type"] === "JobPosting")).toEqual([]);
    expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(hindi.html)?.[1]).toMatch(DEVANAGARI);
    const faq = hindi.ld.find((b) => b["@type"] === "FAQPage");
    if (faq) expect(faq.inLanguage).toBe("hi-IN");
    const english = await head(`/jobs/${job}`);
    expect(english.ld.filter((b) => b["@type"] === "JobPosting")).toHaveLength(1);
    expect(english.ld.find((b) => b["@type"] === "WebPage")!.inLanguage).toBe("en-IN");
  });

  it("shows it on its Hindi page, which is then its own canonical with hreflang alternates", async () => {
    const title = `E2E Hindi Result ${Date.now()}`;
    const hindiTitle = "ई2ई हिन्दी रिजल्ट";
    const hindiSummary = "यह रिजल्ट हिन्दी में लिखा गया है।";
    const entry = await withE2eDb(
      (db) =>
        savedEntry(
          db,
          "result",
          {
            title,
            organization: "E2E Test Board",
            status: "published",
            data: {
              summary: "A result written in both languages by the Hindi detail test.",
              resultDate: "2026-11-01",
              hi_title: hindiTitle,
              hi_summary: hindiSummary,
            },
          },
          TEST_ACTOR,
        ),
      { write: true },
    );
    try {
      const path = `/results/${entry.slug}`;
      const expected = {
        en: `${baseURL()}${path}`,
        hi: `${baseURL()}/hi${path}`,
        "x-default": `${baseURL()}${path}`,
      };
      const hindi = await (await fetch(`${baseURL()}/hi${path}`)).text();
      expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(hindi)?.[1]).toBe(hindiTitle);
      expect(hindi).toContain(hindiSummary);
      expect(/<link rel="canonical" href="([^"]+)"/.exec(hindi)?.[1]).toBe(expected.hi);
      const english = await (await fetch(`${baseURL()}${path}`)).text();
      expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(english)?.[1]).toBe(title);
      expect(english).not.toContain(hindiSummary);
      expect(/<link rel="canonical" href="([^"]+)"/.exec(english)?.[1]).toBe(expected.en);
      for (const html of [hindi, english]) {
        for (const [lang, href] of Object.entries(expected))
          expect(html).toMatch(
            new RegExp(`<link rel="alternate" hrefLang="${lang}" href="${href}"/>`, "i"),
          );
      }
      // Its structured data describes the Hindi text at the Hindi address.
      const ld = (await head(`/hi${path}`)).ld;
      const webPage = ld.find((b) => b["@type"] === "WebPage")!;
      expect(webPage).toMatchObject({ inLanguage: "hi-IN", url: expected.hi, name: hindiTitle });
      const crumbs = ld.find((b) => b["@type"] === "BreadcrumbList")!;
      expect(crumbs.itemListElement.map((i: { name: string }) => i.name)).toEqual([
        t.home,
        t.registry.kinds.result.plural,
        hindiTitle,
      ]);
      expect(crumbs.itemListElement[2].item).toBe(expected.hi);
      const englishLd = (await head(path)).ld.find((b) => b["@type"] === "WebPage")!;
      expect(englishLd).toMatchObject({ inLanguage: "en-IN", url: expected.en, name: title });
    } finally {
      await withE2eDb(
        (db) =>
          db
            .updateTable("entries")
            .set({ deleted_at: new Date().toISOString() })
            .where("id", "=", entry.id)
            .execute(),
        { write: true },
      );
    }
  });
});

describe("'Am I eligible?' in Hindi without JavaScript", () => {
  const browser = useBrowser({ viewport: { width: 360, height: 800 }, javaScriptEnabled: false });

  it("answers the form posted to the Hindi job page in Hindi", async () => {
    const { job } = await demoJobWithResult();
    const page = await browser.page();
    await page.goto(`/hi/jobs/${job}`);
    const box = page.locator("#am-i-eligible");
    await box.locator("summary").click();
    await box.getByLabel(t.eligible.dobParts.day, { exact: true }).fill("15");
    await box.getByLabel(t.eligible.dobParts.month, { exact: true }).fill("8");
    await box.getByLabel(t.eligible.dobParts.year, { exact: true }).fill("2001");
    await box.getByLabel(t.eligible.category).selectOption("sc");
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      box.getByRole("button", { name: t.eligible.check, exact: true }).click(),
    ]);
    expect(new URL(response.url()).pathname).toBe(`/hi/jobs/${job}`);
    await page.waitForLoadState("load");
    expect(await page.locator("html").getAttribute("lang")).toBe("hi-IN");
    const answers = page.getByRole("list", { name: t.eligible.answersLabel });
    expect(await answers.count()).toBe(1);
    expect(await answers.textContent()).toContain(hi.eligibility.rules.met.replace(/।$/, ""));
  });
});
