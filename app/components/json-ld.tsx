import { createContext, use } from "react";

/**
 * The page's serialized JSON-LD blocks, provided by entry.server while it draws the HTML. In the
 * browser there is none: hydration adopts the server's script elements as they are (React does
 * not compare dangerouslySetInnerHTML when hydrating), and a page reached by client navigation
 * gets empty ones, which only search engines (who load every page whole) would read.
 */
export const JsonLdBlocks = /* @__PURE__ */ createContext<readonly string[]>([]);

/**
 * Structured data for search engines. `count` comes from the loader (structuredData in
 * ~/seo/seo.server.ts), the blocks themselves from the server's renderer, already serialized
 * (serializeJsonLd escapes <, >, &, U+2028 and U+2029, so no string in them can close this script
 * element).
 */
export function JsonLd({ count }: { count: number }) {
  // Only the server has the blocks; the browser's bundle leaves the context out.
  const blocks = import.meta.env.SSR ? use(JsonLdBlocks) : [];
  return Array.from({ length: count }, (_, i) => (
    <script
      key={i}
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: blocks[i] ?? "" }}
    />
  ));
}
