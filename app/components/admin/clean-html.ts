// The rich-text editor's cleaning in the browser (rich-text-editor.tsx): pasted and typed-in HTML
// keeps only the tags and safe links the site allows, so a pasted <script> or onerror never runs
// inside the admin. The server sanitizes whatever arrives all the same (sanitize.server.ts).

const ALLOWED = new Set([
  "P",
  "BR",
  "H2",
  "H3",
  "H4",
  "STRONG",
  "B",
  "EM",
  "I",
  "U",
  "S",
  "UL",
  "OL",
  "LI",
  "A",
  "BLOCKQUOTE",
  "HR",
  "CODE",
  "PRE",
  "TABLE",
  "THEAD",
  "TBODY",
  "TR",
  "TH",
  "TD",
]);
/** Dropped with everything inside them; other unknown tags are unwrapped (their text is kept). */
const DROPPED = new Set([
  "SCRIPT",
  "STYLE",
  "IFRAME",
  "OBJECT",
  "EMBED",
  "TEMPLATE",
  "NOSCRIPT",
  "SVG",
  "MATH",
  "IMG",
  "VIDEO",
  "AUDIO",
  "SOURCE",
  "LINK",
  "META",
  "BASE",
  "FORM",
  "INPUT",
  "BUTTON",
  "SELECT",
  "TEXTAREA",
  "TITLE",
  "HEAD",
]);

export function isSafeLink(href: string): boolean {
  const value = href.trim();
  if (/^mailto:[^\s@]+@[^\s@]+$/i.test(value)) return true;
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && !!url.hostname;
  } catch {
    return false;
  }
}

/**
 * Rebuild HTML from an allow-list. DOMParser documents are inert (no scripts run, no images load),
 * and only allowed tags and safe hrefs are copied into the live document.
 */
export function cleanHtml(html: string): string {
  const source = new DOMParser().parseFromString(html, "text/html").body;
  const out = document.createElement("div");
  const copy = (from: Node, to: Node) => {
    for (const child of Array.from(from.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) {
        to.appendChild(document.createTextNode(child.textContent ?? ""));
        continue;
      }
      if (child.nodeType !== Node.ELEMENT_NODE) continue;
      const tag = (child as Element).tagName.toUpperCase();
      if (DROPPED.has(tag)) continue;
      if (!ALLOWED.has(tag)) {
        // <div>, <span>, <font>…: keep the text, lose the wrapper.
        copy(child, to);
        continue;
      }
      const el = document.createElement(tag.toLowerCase());
      if (tag === "A") {
        const href = (child as Element).getAttribute("href") ?? "";
        if (isSafeLink(href)) el.setAttribute("href", href.trim());
      }
      copy(child, el);
      to.appendChild(el);
    }
  };
  copy(source, out);
  return out.innerHTML;
}
