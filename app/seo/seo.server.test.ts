import { describe, expect, it } from "vitest";
import type { EntryData } from "~/content/fields.ts";
import {
  breadcrumbJsonLd,
  canonicalUrl,
  compact,
  faqPageJsonLd,
  metaDescription,
  organizationJsonLd,
  pageMeta,
  pageTitle,
  serializeJsonLd,
  webSiteJsonLd,
} from "./seo.server.ts";
import { endOfDayInIndia, jobPostingJsonLd, type JobForJsonLd } from "./job-posting.server.ts";
import { escapeXml, robotsTxt, rssXml, sitemapIndexXml, urlsetXml } from "./seo-files.server.ts";
import { SettingsSchema } from "../settings/settings.repository.server.ts";

const BASE = "https://govjobs.example";
const settings = SettingsSchema.parse({});
const TODAY = "2026-11-22";

function job(data: Partial<EntryData> = {}, extra: Partial<JobForJsonLd> = {}): JobForJsonLd {
  return {
    id: "0b7c3f6e-job",
    kind: "job",
    slug: "cssa-junior-clerk-2026",
    title: "CSSA Junior Clerk Recruitment 2026",
    organization: "Central Staff Selection Agency",
    publishedAt: "2026-11-01T05:30:00.000Z",
    lastDate: "2026-11-30",
    data: {
      summary: "CSSA has announced 120 posts of Junior Clerk.",
      employmentType: "FULL_TIME",
      state: "Maharashtra",
      salaryMin: 19900,
      salaryMax: 63200,
      advertisementNumber: "CSSA/2026/01",
      officialWebsite: "https://cssa.example.gov.in",
      qualification: "12th Pass",
      posts: [{ post: "Junior Clerk", total: 120 }],
      ...data,
    },
    ...extra,
  };
}

describe("titles, descriptions and canonical URLs", () => {
  it("applies the settings' title template", () => {
    expect(pageTitle("%s | govjobs", "Latest Jobs")).toBe("Latest Jobs | govjobs");
    expect(pageTitle("govjobs", "Latest Jobs")).toBe("Latest Jobs | govjobs");
  });

  it("builds the canonical URL from the base and the path only, keeping a page above 1", () => {
    expect(canonicalUrl(BASE, "/jobs")).toBe("https://govjobs.example/jobs");
    expect(canonicalUrl(`${BASE}/`, "/jobs/")).toBe("https://govjobs.example/jobs");
    expect(canonicalUrl(BASE, "/")).toBe("https://govjobs.example/");
    expect(canonicalUrl(BASE, "/jobs", 1)).toBe("https://govjobs.example/jobs");
    expect(canonicalUrl(BASE, "/jobs", 3)).toBe("https://govjobs.example/jobs?page=3");
  });

  it("cuts a long description at a word with an ellipsis", () => {
    const text = "word ".repeat(60);
    const cut = metaDescription(text, 40);
    expect(cut.length).toBeLessThanOrEqual(40);
    expect(cut.endsWith("word…")).toBe(true);
    expect(metaDescription("  short\n text ")).toBe("short text");
  });

  it("gives every page a title, description, canonical link, Open Graph and Twitter tags", () => {
    const meta = pageMeta({
      baseUrl: BASE,
      settings,
      title: "Latest Jobs",
      description: "All the jobs.",
      path: "/jobs",
      page: 2,
      feed: { title: "Jobs", href: "/feeds/jobs.xml" },
      prev: "/jobs",
      next: "/jobs?page=3",
    });
    expect(meta).toContainEqual({ title: "Latest Jobs | govjobs" });
    expect(meta).toContainEqual({ name: "description", content: "All the jobs." });
    expect(meta).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://govjobs.example/jobs?page=2",
    });
    expect(meta).toContainEqual({ property: "og:title", content: "Latest Jobs | govjobs" });
    expect(meta).toContainEqual({ property: "og:description", content: "All the jobs." });
    expect(meta).toContainEqual({
      property: "og:url",
      content: "https://govjobs.example/jobs?page=2",
    });
    expect(meta).toContainEqual({ property: "og:type", content: "website" });
    expect(meta).toContainEqual({ property: "og:site_name", content: "govjobs" });
    expect(meta).toContainEqual({ name: "twitter:card", content: "summary" });
    expect(meta).toContainEqual(
      expect.objectContaining({ rel: "alternate", type: "application/rss+xml" }),
    );
    expect(meta).toContainEqual({ tagName: "link", rel: "prev", href: "/jobs" });
    expect(meta).toContainEqual({ tagName: "link", rel: "next", href: "/jobs?page=3" });
    expect(meta.some((m) => "name" in m && m.name === "robots")).toBe(false);
  });

  it("marks a page noindex when asked and falls back to the default description", () => {
    const meta = pageMeta({
      baseUrl: BASE,
      settings,
      title: "Search",
      description: "",
      path: "/search",
      noindex: true,
    });
    expect(meta).toContainEqual({ name: "robots", content: "noindex, follow" });
    expect(meta).toContainEqual({
      name: "description",
      content: settings.seo.defaultDescription,
    });
  });
});

describe("JSON-LD", () => {
  it("drops empty values but keeps false and 0", () => {
    expect(
      compact({
        a: "",
        b: null,
        c: undefined,
        d: [],
        e: { "@type": "Thing" },
        f: false,
        g: 0,
        h: ["x", "", null],
        i: { "@type": "Thing", name: "  " },
      }),
    ).toEqual({ f: false, g: 0, h: ["x"] });
  });

  it("serializes so that no string can close the script element", () => {
    const title = 'Clerk </script><script>alert("x")</script> & <!-- \u2028\u2029';
    const json = serializeJsonLd({ title });
    expect(json).not.toMatch(/<|>|&|\u2028|\u2029/);
    expect(json.toLowerCase()).not.toContain("</script");
    expect(JSON.parse(json)).toEqual({ title });
  });

  it("escapes a </script> inside a job title in the JobPosting block", () => {
    const ld = jobPostingJsonLd(job({}, { title: "Clerk</script><b>" }), {
      baseUrl: BASE,
      today: TODAY,
    });
    const json = serializeJsonLd(ld);
    expect(json.toLowerCase()).not.toContain("</script");
    expect(JSON.parse(json).title).toBe("Clerk</script><b>");
  });

  it("describes the organization with logo, profiles and a customer-service contact", () => {
    const ld = organizationJsonLd(
      {
        ...settings,
        contactEmail: "help@govjobs.example",
        contactPhone: "+91 98765 43210",
        organization: {
          ...settings.organization,
          name: "govjobs",
          url: "",
          logo: "/logo.svg",
          sameAs: ["https://x.example/govjobs", ""],
        },
      },
      BASE,
    );
    expect(ld).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "govjobs",
      url: "https://govjobs.example/",
      logo: "https://govjobs.example/logo.svg",
      sameAs: ["https://x.example/govjobs"],
      contactPoint: {
        "@type": "ContactPoint",
        contactType: "customer service",
        email: "help@govjobs.example",
        telephone: "+91 98765 43210",
        areaServed: "IN",
        availableLanguage: ["en", "hi"],
      },
    });
    const bare = organizationJsonLd(
      { ...settings, organization: { ...settings.organization, sameAs: [] } },
      BASE,
    );
    expect(bare).not.toHaveProperty("sameAs");
  });

  it("points the site search at /search?q=", () => {
    const ld = webSiteJsonLd(settings, BASE);
    expect(ld["@type"]).toBe("WebSite");
    expect(ld.url).toBe("https://govjobs.example/");
    expect(ld.potentialAction).toEqual({
      "@type": "SearchAction",
      target: "https://govjobs.example/search?q={search_term_string}",
      "query-input": "required name=search_term_string",
    });
  });

  it("lists breadcrumbs with positions and absolute URLs", () => {
    const ld = breadcrumbJsonLd(
      [
        { name: "Home", path: "/" },
        { name: "Jobs", path: "/jobs" },
      ],
      BASE,
    );
    expect(ld).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: "https://govjobs.example/" },
        { "@type": "ListItem", position: 2, name: "Jobs", item: "https://govjobs.example/jobs" },
      ],
    });
  });

  it("builds an FAQPage from complete questions only, and none from nothing", () => {
    expect(faqPageJsonLd([])).toBeNull();
    expect(faqPageJsonLd(undefined)).toBeNull();
    expect(faqPageJsonLd([{ question: "Q?", answer: " " }])).toBeNull();
    expect(
      faqPageJsonLd([
        { question: "Last date?", answer: "30 Nov." },
        { question: "", answer: "orphan" },
      ]),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: [
        {
          "@type": "Question",
          name: "Last date?",
          acceptedAnswer: { "@type": "Answer", text: "30 Nov." },
        },
      ],
    });
  });

  it("builds a JobPosting for an open job with salary in INR per month", () => {
    const ld = jobPostingJsonLd(job(), { baseUrl: BASE, today: TODAY })!;
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "JobPosting",
      title: "CSSA Junior Clerk Recruitment 2026",
      datePosted: "2026-11-01T05:30:00.000Z",
      validThrough: "2026-11-30T23:59:59+05:30",
      employmentType: "FULL_TIME",
      url: "https://govjobs.example/jobs/cssa-junior-clerk-2026",
      hiringOrganization: {
        "@type": "Organization",
        name: "Central Staff Selection Agency",
        sameAs: "https://cssa.example.gov.in",
      },
      jobLocation: {
        "@type": "Place",
        address: { "@type": "PostalAddress", addressRegion: "Maharashtra", addressCountry: "IN" },
      },
      baseSalary: {
        "@type": "MonetaryAmount",
        currency: "INR",
        value: {
          "@type": "QuantitativeValue",
          minValue: 19900,
          maxValue: 63200,
          unitText: "MONTH",
        },
      },
      identifier: {
        "@type": "PropertyValue",
        name: "Central Staff Selection Agency",
        value: "CSSA/2026/01",
      },
      directApply: false,
    });
    expect(String(ld.description)).toContain("CSSA has announced 120 posts");
    expect(String(ld.description)).toContain("Last date to apply: 30 Nov 2026");
    expect(String(ld.description)).toContain("Salary: ₹19,900 – ₹63,200 per month");
    expect(ld).not.toHaveProperty("applicantLocationRequirements");
    expect(new Date(String(ld.validThrough)).toISOString()).toBe("2026-11-30T18:29:59.000Z");
  });

  it("states the education the job asks for, from its qualification level", () => {
    const at = (data: Partial<EntryData>) =>
      jobPostingJsonLd(job(data), { baseUrl: BASE, today: TODAY })!.educationRequirements;
    expect(at({})).toEqual({
      "@type": "EducationalOccupationalCredential",
      credentialCategory: "high school",
    });
    expect(at({ qualification: "Engineering" })).toEqual({
      "@type": "EducationalOccupationalCredential",
      credentialCategory: "bachelor degree",
      about: "Engineering/Technology",
    });
    expect(at({ qualification: "Post Graduate", qualificationSubjects: "Economics" })).toEqual({
      "@type": "EducationalOccupationalCredential",
      credentialCategory: "postgraduate degree",
      about: "Economics",
    });
    expect(at({ qualification: "ITI" })).toMatchObject({
      credentialCategory: "professional certificate",
    });
    expect(at({ qualification: "Any" })).toBeUndefined();
  });

  it("marks an All India job as open to applicants in India, with no region", () => {
    const ld = jobPostingJsonLd(job({ state: "All India" }), { baseUrl: BASE, today: TODAY })!;
    expect(ld.applicantLocationRequirements).toEqual({ "@type": "Country", name: "IN" });
    expect(ld.jobLocation).toEqual({
      "@type": "Place",
      address: { "@type": "PostalAddress", addressCountry: "IN" },
    });
  });

  it("drops the salary when none is known and falls back to the id as identifier", () => {
    const ld = jobPostingJsonLd(
      job({ salaryMin: undefined, salaryMax: undefined, advertisementNumber: undefined }),
      { baseUrl: BASE, today: TODAY },
    )!;
    expect(ld).not.toHaveProperty("baseSalary");
    expect(ld.identifier).toEqual({
      "@type": "PropertyValue",
      name: "Central Staff Selection Agency",
      value: "0b7c3f6e-job",
    });
  });

  it("refuses a JobPosting once the last date has passed, but not on the last date itself", () => {
    expect(
      jobPostingJsonLd(job({}, { lastDate: "2026-11-21" }), { baseUrl: BASE, today: TODAY }),
    ).toBeNull();
    expect(
      jobPostingJsonLd(job({}, { lastDate: "2026-11-22" }), { baseUrl: BASE, today: TODAY }),
    ).not.toBeNull();
  });

  it("gives no JobPosting for other kinds or unpublished jobs", () => {
    expect(
      jobPostingJsonLd(job({}, { kind: "result" }), { baseUrl: BASE, today: TODAY }),
    ).toBeNull();
    expect(
      jobPostingJsonLd(job({}, { publishedAt: null }), { baseUrl: BASE, today: TODAY }),
    ).toBeNull();
  });

  it("ends the last date at midnight in India", () => {
    expect(endOfDayInIndia("2027-01-05")).toBe("2027-01-05T23:59:59+05:30");
  });
});

describe("robots.txt, sitemaps and feeds", () => {
  it("keeps crawlers out of the back-office and search by default and names the sitemap", () => {
    const txt = robotsTxt("", BASE);
    expect(txt).toContain("User-agent: *");
    expect(txt).toContain("Disallow: /admin");
    expect(txt).toContain("Disallow: /search");
    expect(txt.trimEnd().split("\n").at(-1)).toBe("Sitemap: https://govjobs.example/sitemap.xml");
  });

  it("serves the editor's robots.txt, still ending with the sitemap exactly once", () => {
    const custom =
      "User-agent: *\r\nDisallow: /private\r\nSitemap: https://govjobs.example/sitemap.xml";
    const txt = robotsTxt(custom, BASE);
    expect(txt).toContain("Disallow: /private");
    expect(txt).not.toContain("Disallow: /search");
    expect(txt.match(/Sitemap:/g)).toHaveLength(1);
    expect(txt.trimEnd().endsWith("Sitemap: https://govjobs.example/sitemap.xml")).toBe(true);
  });

  it("escapes the characters XML reserves and drops the ones it forbids", () => {
    expect(escapeXml(`a & b < c > "d" 'e'\u0001`)).toBe(
      "a &amp; b &lt; c &gt; &quot;d&quot; &apos;e&apos;",
    );
  });

  it("writes a sitemap index and a url set with lastmod", () => {
    const index = sitemapIndexXml([{ loc: `${BASE}/sitemaps/jobs.xml`, lastmod: "2026-11-22" }]);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index).toContain("<loc>https://govjobs.example/sitemaps/jobs.xml</loc>");
    expect(index).toContain("<lastmod>2026-11-22</lastmod>");
    const set = urlsetXml([{ loc: `${BASE}/jobs/a?x=1&y=2` }]);
    expect(set).toContain("<loc>https://govjobs.example/jobs/a?x=1&amp;y=2</loc>");
    expect(set).not.toContain("<lastmod>");
  });

  it("writes RSS 2.0 items with escaped text and RFC 822 dates", () => {
    const xml = rssXml({
      title: "Jobs: govjobs",
      link: `${BASE}/jobs`,
      selfLink: `${BASE}/feeds/jobs.xml`,
      description: "The newest jobs",
      items: [
        {
          title: "Clerk <2026> & more",
          link: `${BASE}/jobs/clerk`,
          guid: `${BASE}/jobs/clerk`,
          pubDate: "2026-11-22T10:00:00.000Z",
          description: "Apply </description> now",
        },
      ],
    });
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain("<title>Clerk &lt;2026&gt; &amp; more</title>");
    expect(xml).toContain("<description>Apply &lt;/description&gt; now</description>");
    expect(xml).toContain("<pubDate>Sun, 22 Nov 2026 10:00:00 GMT</pubDate>");
    expect(xml).toContain('<guid isPermaLink="true">https://govjobs.example/jobs/clerk</guid>');
  });
});
