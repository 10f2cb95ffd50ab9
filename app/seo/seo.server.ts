import type { MetaDescriptor, RouterContextProvider } from "react-router";
import { jsonLdContext } from "~/lib/request-context.ts";
import type { EntryData, Row } from "~/content/fields.ts";
import { localePath, OG_LOCALE, type Locale } from "~/lib/locale.ts";
import type { Settings } from "../settings/settings.repository.server.ts";

/**
 * Search-engine markup as pure functions: titles, meta tags, canonical URLs and JSON-LD. Loaders
 * call them and hand the result to the page; nothing here reads the database or the environment.
 */

// ---------------------------------------------------------------------------------------------
// Titles, descriptions, canonical URLs, meta tags

/** "%s | govjobs" + "SSC Clerk" → "SSC Clerk | govjobs". A template without %s is a suffix. */
export function pageTitle(template: string, title: string): string {
  return template.includes("%s") ? template.replace("%s", title) : `${title} | ${template}`;
}

/** Plain text of at most `max` characters, cut at a word, for meta descriptions. */
export function metaDescription(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, "")}…`;
}

/**
 * The one address of a page: the site's origin plus the path, no tracking or filter parameters;
 * only a page number above 1 stays, because page 2 is a different page.
 */
export function canonicalUrl(baseUrl: string, path: string, page = 1): string {
  const url = `${baseUrl.replace(/\/+$/, "")}${path === "/" ? "/" : path.replace(/\/+$/, "")}`;
  return page > 1 ? `${url}?page=${page}` : url;
}

export interface PageMetaInput {
  baseUrl: string;
  settings: Pick<Settings, "siteName" | "seo">;
  /** The page's own title; the settings' template is applied unless `fullTitle` is set. */
  title: string;
  fullTitle?: boolean;
  description: string;
  path: string;
  page?: number;
  type?: "website" | "article";
  noindex?: boolean;
  /** The RSS feed of the kind shown (list pages). */
  feed?: { title: string; href: string };
  prev?: string;
  next?: string;
  /** The page's language (default English). `path` is always the English path. */
  locale?: Locale;
  /**
   * Whether the page exists in both languages for real (default: yes, the interface is
   * translated). An entry without Hindi text is not: its Hindi URL shows the English text in the
   * Hindi interface, is canonical to the English page and has no alternates.
   */
  translated?: boolean;
}

/** A page's language versions for `hreflang`: English, Hindi, and English as the default. */
export function languageAlternates(baseUrl: string, path: string, page = 1) {
  const en = canonicalUrl(baseUrl, path, page);
  const hi = canonicalUrl(baseUrl, localePath("hi", path), page);
  return [
    { hrefLang: "en", href: en },
    { hrefLang: "hi", href: hi },
    { hrefLang: "x-default", href: en },
  ];
}

export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const title = input.fullTitle
    ? input.title
    : pageTitle(input.settings.seo.titleTemplate, input.title);
  const description = metaDescription(input.description || input.settings.seo.defaultDescription);
  const locale = input.locale ?? "en";
  const translated = input.translated ?? true;
  const ownPath = translated ? localePath(locale, input.path) : input.path;
  const url = canonicalUrl(input.baseUrl, ownPath, input.page);
  const meta: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:site_name", content: input.settings.siteName },
    { property: "og:locale", content: OG_LOCALE[locale] },
    { name: "twitter:card", content: "summary" },
  ];
  if (translated && !input.noindex) {
    for (const alt of languageAlternates(input.baseUrl, input.path, input.page))
      meta.push({ tagName: "link", rel: "alternate", ...alt });
  }
  if (input.noindex) meta.push({ name: "robots", content: "noindex, follow" });
  if (input.feed) {
    meta.push({
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: input.feed.title,
      href: localePath(locale, input.feed.href),
    });
  }
  if (input.prev) meta.push({ tagName: "link", rel: "prev", href: input.prev });
  if (input.next) meta.push({ tagName: "link", rel: "next", href: input.next });
  return meta;
}

// ---------------------------------------------------------------------------------------------
// JSON-LD

export type JsonLd = Record<string, unknown>;

/**
 * Drop what says nothing: undefined, null, blank strings, empty arrays, and objects left with
 * nothing but their @type. `false` and 0 are values and stay.
 */
export function compact<T>(value: T): T | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return value.trim() === "" ? undefined : value;
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (Array.isArray(value)) {
    const items = value.map((v) => compact(v)).filter((v) => v !== undefined);
    return items.length ? (items as T) : undefined;
  }
  if (typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const c = compact(v);
      if (c !== undefined) out[k] = c;
    }
    const keys = Object.keys(out).filter((k) => k !== "@type" && k !== "@context");
    return keys.length ? (out as T) : undefined;
  }
  return value;
}

/**
 * JSON for inside <script type="application/ld+json">: no string may close the script element or
 * open a comment, and the two line separators JavaScript once choked on are escaped as well.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * Hands a page's JSON-LD blocks to the HTML renderer (entry.server), outside the loader data the
 * browser hydrates with: the browser has no use for them, yet in that data they were sent twice
 * (as the script and again in the hydration payload) and cost a job page's render 12% of its
 * serialization. Returns how many blocks there are, which is all the page component needs
 * (JsonLd in ~/components/json-ld.tsx). Null blocks are left out.
 */
export function structuredData(
  context: Readonly<RouterContextProvider>,
  blocks: unknown[],
): number {
  const serialized = blocks.filter((b) => b !== null && b !== undefined).map(serializeJsonLd);
  context.set(jsonLdContext, serialized);
  return serialized.length;
}

export const SCHEMA_ORG = "https://schema.org";

function absolute(baseUrl: string, url: string | undefined): string | undefined {
  if (!url) return undefined;
  if (/^https?:\/\//.test(url)) return url;
  return `${baseUrl.replace(/\/+$/, "")}/${url.replace(/^\/+/, "")}`;
}

export function organizationJsonLd(
  settings: Pick<Settings, "siteName" | "organization" | "contactEmail" | "contactPhone">,
  baseUrl: string,
): JsonLd {
  const org = settings.organization;
  return compact({
    "@context": SCHEMA_ORG,
    "@type": "Organization",
    name: org.name || settings.siteName,
    url: org.url || canonicalUrl(baseUrl, "/"),
    logo: absolute(baseUrl, org.logo),
    sameAs: org.sameAs,
    contactPoint: {
      "@type": "ContactPoint",
      contactType: org.contactType,
      email: settings.contactEmail,
      telephone: settings.contactPhone,
      areaServed: "IN",
      availableLanguage: ["en", "hi"],
    },
  })!;
}

export function webSiteJsonLd(settings: Pick<Settings, "siteName">, baseUrl: string): JsonLd {
  const root = canonicalUrl(baseUrl, "/");
  return compact({
    "@context": SCHEMA_ORG,
    "@type": "WebSite",
    name: settings.siteName,
    url: root,
    potentialAction: {
      "@type": "SearchAction",
      target: `${root.replace(/\/$/, "")}/search?q={search_term_string}`,
      "query-input": "required name=search_term_string",
    },
  })!;
}

export interface Crumb {
  name: string;
  path: string;
}

/** The page itself, for its publication and modification dates (JobPosting has no dateModified). */
export function webPageJsonLd(page: {
  url: string;
  name: string;
  datePublished: string | null;
  dateModified: string;
}): JsonLd {
  return compact({
    "@context": SCHEMA_ORG,
    "@type": "WebPage",
    url: page.url,
    name: page.name,
    datePublished: page.datePublished ?? undefined,
    dateModified: page.dateModified,
  }) as JsonLd;
}

export function breadcrumbJsonLd(crumbs: readonly Crumb[], baseUrl: string): JsonLd {
  return compact({
    "@context": SCHEMA_ORG,
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: c.name,
      item: canonicalUrl(baseUrl, c.path),
    })),
  })!;
}

export interface Faq {
  question: string;
  answer: string;
}

/** Null when there is no complete question and answer: an empty FAQPage is an error to Google. */
export function faqPageJsonLd(faqs: readonly Faq[] | undefined): JsonLd | null {
  const complete = (faqs ?? []).filter((f) => f.question?.trim() && f.answer?.trim());
  if (complete.length === 0) return null;
  return compact({
    "@context": SCHEMA_ORG,
    "@type": "FAQPage",
    mainEntity: complete.map((f) => ({
      "@type": "Question",
      name: f.question.trim(),
      acceptedAnswer: { "@type": "Answer", text: f.answer.trim() },
    })),
  })!;
}

/** The FAQ rows of an entry's data, whatever shape the editor left them in. */
export function entryFaqs(data: EntryData): Faq[] {
  const rows = (Array.isArray(data.faqs) ? data.faqs : []) as Row[];
  return rows.map((r) => ({ question: String(r.question ?? ""), answer: String(r.answer ?? "") }));
}
