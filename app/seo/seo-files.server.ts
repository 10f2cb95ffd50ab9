/**
 * The files search engines and feed readers fetch, as pure functions: robots.txt, sitemaps and RSS
 * (the pages' own markup is in seo.server.ts). Nothing here reads the database or the environment.
 */
import { localePath } from "~/lib/locale.ts";
import { canonicalUrl, languageAlternates } from "./seo.server.ts";
/** Text for XML content and attributes: the five characters XML reserves, and no control codes. */
export function escapeXml(text: string): string {
  return (
    text
      // XML 1.0 cannot carry these at all, not even escaped.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
  );
}

/**
 * The editor's robots.txt if there is one, else ours: keep crawlers out of the back-office and the
 * endless search pages. Either way it ends by naming the sitemap.
 */
export function robotsTxt(custom: string, baseUrl: string): string {
  const sitemapLine = `Sitemap: ${canonicalUrl(baseUrl, "/sitemap.xml")}`;
  const body = custom.trim()
    ? custom
        .replace(/\r\n?/g, "\n")
        .split("\n")
        .filter((line) => line.trim() !== sitemapLine)
        .join("\n")
        .trim()
    : ["User-agent: *", "Disallow: /admin", "Disallow: /search", "Allow: /"].join("\n");
  return `${body}\n\n${sitemapLine}\n`;
}

export function sitemapIndexXml(sitemaps: readonly { loc: string; lastmod?: string }[]): string {
  const items = sitemaps.map(
    (s) =>
      `  <sitemap>\n    <loc>${escapeXml(s.loc)}</loc>\n${s.lastmod ? `    <lastmod>${escapeXml(s.lastmod)}</lastmod>\n` : ""}  </sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</sitemapindex>\n`;
}

export interface SitemapUrl {
  loc: string;
  lastmod?: string;
  /** The page's language versions (`languageAlternates`), listed on each of them. */
  alternates?: readonly { hrefLang: string; href: string }[];
}

/**
 * A page that exists in both languages, as sitemap entries: the English and the Hindi URL, each
 * carrying both as `xhtml:link` alternates (Google wants the set repeated on every version).
 */
export function bilingualUrls(baseUrl: string, path: string, lastmod?: string): SitemapUrl[] {
  const alternates = languageAlternates(baseUrl, path);
  return [
    { loc: canonicalUrl(baseUrl, path), lastmod, alternates },
    { loc: canonicalUrl(baseUrl, localePath("hi", path)), lastmod, alternates },
  ];
}

export function urlsetXml(urls: readonly SitemapUrl[]): string {
  const items = urls.map((u) => {
    const links = (u.alternates ?? [])
      .map(
        (a) =>
          `    <xhtml:link rel="alternate" hreflang="${escapeXml(a.hrefLang)}" href="${escapeXml(a.href)}"/>\n`,
      )
      .join("");
    return `  <url>\n    <loc>${escapeXml(u.loc)}</loc>\n${u.lastmod ? `    <lastmod>${escapeXml(u.lastmod)}</lastmod>\n` : ""}${links}  </url>`;
  });
  const xhtml = urls.some((u) => u.alternates?.length)
    ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"'
    : "";
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${xhtml}>\n${items.join("\n")}${items.length ? "\n" : ""}</urlset>\n`;
}

export interface RssChannel {
  title: string;
  /** "en-IN" (default) or "hi-IN". */
  language?: string;
  link: string;
  selfLink: string;
  description: string;
  items: readonly {
    title: string;
    link: string;
    guid: string;
    pubDate: string;
    description: string;
  }[];
}

/** RSS 2.0 with the dates in RFC 822 form, as the format wants. */
export function rssXml(channel: RssChannel): string {
  const rfc822 = (iso: string) => new Date(iso).toUTCString();
  const items = channel.items.map(
    (i) => `    <item>
      <title>${escapeXml(i.title)}</title>
      <link>${escapeXml(i.link)}</link>
      <guid isPermaLink="true">${escapeXml(i.guid)}</guid>
      <pubDate>${rfc822(i.pubDate)}</pubDate>
      <description>${escapeXml(i.description)}</description>
    </item>`,
  );
  const newest = channel.items[0]?.pubDate;
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(channel.title)}</title>
    <link>${escapeXml(channel.link)}</link>
    <description>${escapeXml(channel.description)}</description>
    <language>${channel.language ?? "en-IN"}</language>
    <atom:link href="${escapeXml(channel.selfLink)}" rel="self" type="application/rss+xml"/>
${newest ? `    <lastBuildDate>${rfc822(newest)}</lastBuildDate>\n` : ""}${items.join("\n")}${items.length ? "\n" : ""}  </channel>
</rss>
`;
}
