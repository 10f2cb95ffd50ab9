// The site's stylesheet inside each page's <head> (issue 33: first paint on a cheap phone). On a
// slow link the stylesheet is one more request, sharing the line with the fonts and the script:
// on 400 kbit/s with a 400 ms round trip it arrived 1 s after the page, which painted at 1.9 s.
// Inline, the page paints as soon as it arrives. The <link> itself moves to the end of the body:
// React finds it there (a stylesheet with a precedence is a resource React looks up by its
// address, never hydrated in place), the browser fetches it without waiting to paint, and the
// pages that follow take it from the browser's cache.
import { readFileSync } from "node:fs";
import path from "node:path";
import { env } from "./env.server.ts";

const read = new Map<string, string | null>();

/** The stylesheet's text from the build, or null (the dev server, a file not found). */
function stylesheet(href: string): string | null {
  if (!read.has(href)) {
    let css: string | null = null;
    if (/^\/assets\/[\w.-]+\.css$/.test(href)) {
      try {
        css = readFileSync(path.join(env().BUILD_DIR, "client", href), "utf8");
        // Nothing in our CSS can close the element; refuse rather than break a page.
        if (/<\/style/i.test(css)) css = null;
      } catch {
        css = null;
      }
    }
    read.set(href, css);
  }
  return read.get(href) ?? null;
}

/** `html` with the stylesheet at `href` inlined in the head and its link at the end of the body. */
export function inlineStylesheet(html: Buffer<ArrayBuffer>, href: string): Buffer<ArrayBuffer> {
  const css = stylesheet(href);
  if (!css) return html;
  const text = html.toString("utf8");
  const link = new RegExp(`<link(?: nonce="([^"]*)")? rel="stylesheet" href="${href}"[^>]*/>`).exec(
    text,
  );
  const end = text.lastIndexOf("</body>");
  if (!link || end < link.index) return html;
  const nonce = link[1] ? ` nonce="${link[1]}"` : "";
  return Buffer.from(
    text.slice(0, link.index) +
      `<style${nonce}>${css}</style>` +
      text.slice(link.index + link[0].length, end) +
      link[0] +
      text.slice(end),
  );
}
