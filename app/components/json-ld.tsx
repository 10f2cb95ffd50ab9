/**
 * Structured data for search engines. The blocks arrive already serialized by the server
 * (serializeJsonLd in ~/server/seo.server.ts escapes <, >, &, U+2028 and U+2029), so no string in
 * them can close this script element.
 */
export function JsonLd({ blocks }: { blocks: readonly string[] }) {
  return (
    <>
      {blocks.map((json, i) => (
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />
      ))}
    </>
  );
}
