import { describe, expect, it } from "vitest";
import { todayInIndia } from "~/lib/india-date.ts";
import { baseURL, useBrowser } from "./browser.ts";
import { withE2eDb } from "./db.ts";

type Ld = Record<string, any>;

/** Every JSON-LD block of a page's first HTML response, parsed; a block that is not JSON fails. */
async function jsonLdOf(path: string): Promise<{ html: string; blocks: Ld[] }> {
  const res = await fetch(`${baseURL()}${path}`);
  expect(res.status, path).toBe(200);
  const html = await res.text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1]) as Ld,
  );
  for (const block of blocks) expect(block["@context"]).toBe("https://schema.org");
  return { html, blocks };
}

const ofType = (blocks: Ld[], type: string) => blocks.filter((b) => b["@type"] === type);

async function demoSlug(kind: string, which?: "open" | "closed") {
  const today = todayInIndia();
  return withE2eDb(async (db) => {
    let q = db
      .selectFrom("entries")
      .select("slug")
      .where("kind", "=", kind)
      .where("status", "=", "published")
      .where("deleted_at", "is", null);
    if (which) q = q.where("last_date", which === "open" ? ">" : "<", today);
    // Demo entries (with FAQs); other test files add entries of their own to the same database.
    q = q.where("data", "like", "%fictional demo content%").where("data", "like", '%"question"%');
    return (await q.orderBy("published_at", "desc").executeTakeFirstOrThrow()).slug;
  });
}

function expectBreadcrumbs(blocks: Ld[], names: string[]) {
  const [crumbs] = ofType(blocks, "BreadcrumbList");
  expect(crumbs.itemListElement.map((i: Ld) => i.name).slice(0, names.length)).toEqual(names);
  crumbs.itemListElement.forEach((item: Ld, i: number) => {
    expect(item["@type"]).toBe("ListItem");
    expect(item.position).toBe(i + 1);
    expect(item.item.startsWith(baseURL())).toBe(true);
  });
}

/** Parse XML with Chromium's own parser: anything not well-formed comes back as a parsererror. */
async function parseXml(
  browser: ReturnType<typeof useBrowser>,
  xml: string,
  tag: string,
): Promise<{ errors: number; values: string[] }> {
  const page = await browser.page();
  const result = await page.evaluate(
    ([text, name]) => {
      const doc = new DOMParser().parseFromString(text, "application/xml");
      return {
        errors: doc.getElementsByTagName("parsererror").length,
        values: [...doc.getElementsByTagName(name)].map((n) => n.textContent ?? ""),
      };
    },
    [xml, tag],
  );
  await page.close();
  return result;
}

describe("structured data", () => {
  const structuredBrowser = useBrowser();

  it("home: Organization, WebSite with site search, FAQPage", async () => {
    const { blocks, html } = await jsonLdOf("/");
    const [org] = ofType(blocks, "Organization");
    expect(org.name).toBeTruthy();
    expect(org.url).toBe(`${baseURL()}/`);
    expect(org.logo).toMatch(/^https?:\/\//);
    expect(org.contactPoint).toMatchObject({
      "@type": "ContactPoint",
      contactType: "customer service",
    });
    expect(org.contactPoint.email).toContain("@");
    expect(org.contactPoint.telephone).toBeTruthy();
    const [site] = ofType(blocks, "WebSite");
    expect(site.potentialAction).toMatchObject({
      "@type": "SearchAction",
      target: `${baseURL()}/search?q={search_term_string}`,
    });
    const [faq] = ofType(blocks, "FAQPage");
    expect(faq.mainEntity.length).toBeGreaterThan(0);
    expect(faq.mainEntity[0]).toMatchObject({
      "@type": "Question",
      acceptedAnswer: { "@type": "Answer" },
    });
    expect(html).toContain('<link rel="canonical" href="' + `${baseURL()}/"`);
  });

  it("a list: BreadcrumbList Home › Jobs, canonical, Open Graph and the kind's feed", async () => {
    const { blocks, html } = await jsonLdOf("/jobs?utm_source=x");
    expectBreadcrumbs(blocks, ["Home", "Jobs"]);
    expect(html).toContain(`<link rel="canonical" href="${baseURL()}/jobs"/>`);
    expect(html).toContain(`<meta property="og:url" content="${baseURL()}/jobs"/>`);
    expect(html).toMatch(/<meta property="og:title" content="[^"]+ \| govjobs"\/>/);
    expect(html).toContain('<meta name="twitter:card" content="summary"/>');
    expect(html).toMatch(
      /<link rel="alternate" type="application\/rss\+xml"[^>]*href="\/feeds\/jobs.xml"/,
    );
  });

  it("an open job: JobPosting with the listed properties, breadcrumbs and FAQPage", async () => {
    const slug = await demoSlug("job", "open");
    const { blocks } = await jsonLdOf(`/jobs/${slug}`);
    expectBreadcrumbs(blocks, ["Home", "Jobs"]);
    const postings = ofType(blocks, "JobPosting");
    expect(postings).toHaveLength(1);
    const job = postings[0];
    for (const key of [
      "title",
      "description",
      "datePosted",
      "validThrough",
      "employmentType",
      "hiringOrganization",
      "jobLocation",
      "baseSalary",
      "identifier",
    ]) {
      expect(job, key).toHaveProperty(key);
    }
    expect(job.directApply).toBe(false);
    expect(job.validThrough).toMatch(/^\d{4}-\d{2}-\d{2}T23:59:59\+05:30$/);
    expect(Date.parse(job.validThrough)).toBeGreaterThan(Date.now());
    expect(job.hiringOrganization["@type"]).toBe("Organization");
    expect(job.hiringOrganization.sameAs).toMatch(/^https:\/\//);
    expect(job.jobLocation.address.addressCountry).toBe("IN");
    expect(job.baseSalary).toMatchObject({
      "@type": "MonetaryAmount",
      currency: "INR",
      value: { "@type": "QuantitativeValue", unitText: "MONTH" },
    });
    expect(job.baseSalary.value.minValue).toBeGreaterThan(0);
    expect(job.identifier["@type"]).toBe("PropertyValue");
    expect(ofType(blocks, "FAQPage")[0].mainEntity.length).toBeGreaterThan(0);
  });

  it("JSON-LD is written once, outside the hydration data, and stays after hydration", async () => {
    const slug = await demoSlug("job", "open");
    const { blocks, html } = await jsonLdOf(`/jobs/${slug}`);
    expect(blocks.length).toBe(4);
    // Once, in its script: the loader data the browser hydrates with carries only the count.
    expect(html.match(/JobPosting/g)).toHaveLength(1);
    expect(html.match(/BreadcrumbList/g)).toHaveLength(1);

    const page = await structuredBrowser.page();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    expect((await page.goto(`/jobs/${slug}`))?.status()).toBe(200);
    await page.locator("[data-testid=bell][data-count]").waitFor(); // hydrated
    const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(texts.map((t) => (JSON.parse(t) as Ld)["@type"])).toEqual(blocks.map((b) => b["@type"]));
    expect(errors).toEqual([]);
    await page.close();
  });

  it("a closed job: no JobPosting, still breadcrumbs", async () => {
    const slug = await demoSlug("job", "closed");
    const { blocks, html } = await jsonLdOf(`/jobs/${slug}`);
    expect(ofType(blocks, "JobPosting")).toEqual([]);
    expect(html).not.toContain("JobPosting");
    expectBreadcrumbs(blocks, ["Home", "Jobs"]);
  });

  it("a result: breadcrumbs and FAQPage, never a JobPosting", async () => {
    const slug = await demoSlug("result");
    const { blocks } = await jsonLdOf(`/results/${slug}`);
    expectBreadcrumbs(blocks, ["Home", "Results"]);
    expect(ofType(blocks, "FAQPage")).toHaveLength(1);
    expect(ofType(blocks, "JobPosting")).toEqual([]);
  });
});

describe("robots.txt, sitemaps and feeds", () => {
  const browser = useBrowser();

  it("robots.txt keeps crawlers out of the admin and ends with the sitemap", async () => {
    const res = await fetch(`${baseURL()}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const text = await res.text();
    expect(text).toContain("Disallow: /admin");
    expect(text.trimEnd().split("\n").at(-1)).toBe(`Sitemap: ${baseURL()}/sitemap.xml`);
  });

  it("the sitemap index lists one sitemap per kind and one for pages, each answering", async () => {
    const res = await fetch(`${baseURL()}/sitemap.xml`);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const { errors, values } = await parseXml(browser, await res.text(), "loc");
    expect(errors).toBe(0);
    expect(values).toEqual(
      ["jobs", "results", "admit-cards", "syllabus", "answer-key", "pages"].map(
        (n) => `${baseURL()}/sitemaps/${n}.xml`,
      ),
    );
    for (const loc of values) {
      const sitemap = await fetch(loc);
      expect(sitemap.status, loc).toBe(200);
      expect((await parseXml(browser, await sitemap.text(), "loc")).errors, loc).toBe(0);
    }
    expect((await fetch(`${baseURL()}/sitemaps/nothing.xml`)).status).toBe(404);
    // Fewer than 10,000 jobs fit in one file: there is no second one (nor for the pages).
    for (const name of ["jobs-2", "pages-2", "jobs-0", "jobs-02"])
      expect((await fetch(`${baseURL()}/sitemaps/${name}.xml`)).status, name).toBe(404);
  });

  it("a kind's sitemap lists real job pages with lastmod", async () => {
    const res = await fetch(`${baseURL()}/sitemaps/jobs.xml`);
    const xml = await res.text();
    const locs = await parseXml(browser, xml, "loc");
    const lastmods = await parseXml(browser, xml, "lastmod");
    expect(locs.errors).toBe(0);
    expect(locs.values.length).toBeGreaterThanOrEqual(45);
    expect(lastmods.values).toHaveLength(locs.values.length);
    for (const lastmod of lastmods.values) expect(Number.isNaN(Date.parse(lastmod))).toBe(false);
    // An entry with Hindi text is listed twice: its English page and its Hindi one.
    for (const loc of locs.values.slice(0, 4)) {
      expect(loc.startsWith(`${baseURL()}/jobs/`) || loc.startsWith(`${baseURL()}/hi/jobs/`)).toBe(
        true,
      );
      expect((await fetch(loc, { redirect: "manual" })).status, loc).toBe(200);
    }
    const pages = await parseXml(
      browser,
      await (await fetch(`${baseURL()}/sitemaps/pages.xml`)).text(),
      "loc",
    );
    for (const path of ["/", "/jobs", "/about-us", "/security-policy", "/contact-us"]) {
      expect(pages.values).toContain(`${baseURL()}${path}`);
    }
  });

  it("the jobs feed is RSS 2.0 with real links, guids and dates", async () => {
    const res = await fetch(`${baseURL()}/feeds/jobs.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("xml");
    const xml = await res.text();
    expect(xml).toContain('<rss version="2.0"');
    const links = await parseXml(browser, xml, "link");
    expect(links.errors).toBe(0);
    const itemLinks = links.values.filter((l) => l.startsWith(`${baseURL()}/jobs/`));
    expect(itemLinks.length).toBeGreaterThan(0);
    expect(itemLinks.length).toBeLessThanOrEqual(50);
    const guids = await parseXml(browser, xml, "guid");
    expect(guids.values).toEqual(itemLinks);
    const dates = await parseXml(browser, xml, "pubDate");
    expect(dates.values).toHaveLength(itemLinks.length);
    for (const d of dates.values) expect(Number.isNaN(Date.parse(d))).toBe(false);
    expect((await fetch(itemLinks[0], { redirect: "manual" })).status).toBe(200);
    expect((await fetch(`${baseURL()}/feeds/nothing.xml`)).status).toBe(404);
  });
});
