import { DEFERRED_MODULE_TYPE, DEFERRED_PRELOADS } from "./deferred-scripts.tsx";

const HEAD_END = Buffer.from("</head>");
const MODULE_TAG_END = ' type="module" async="">';
const MODULE_TAG_END_BYTES = Buffer.from(MODULE_TAG_END);
const PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;

/**
 * A drawn page with its script deferred until the page is drawn (see deferred-scripts.tsx):
 * React Router's module preloads leave the head, their addresses go onto its module script as
 * `data-preload`, and that script's type becomes one the browser does not run; StartScripts
 * restores both. Only the head and the module script's tag are read and rewritten (a few KB of a
 * 50 KB page). A page without React Router's script (none today) is returned as it was.
 */
export function deferModuleScripts(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const headEnd = html.indexOf(HEAD_END);
  const tagEnd = html.lastIndexOf(MODULE_TAG_END_BYTES);
  if (headEnd < 0 || tagEnd < headEnd) return html;
  const tagStart = html.lastIndexOf("<script", tagEnd);
  // The attribute text must belong to a script tag of its own, not to text after one.
  if (tagStart < headEnd || html.indexOf(">", tagStart) < tagEnd) return html;
  const preloads: string[] = [];
  const head = html
    .toString("utf8", 0, headEnd)
    .replace(PRELOAD, (_, href: string) => (preloads.includes(href) || preloads.push(href), ""));
  const tag = html
    .toString("utf8", tagStart, tagEnd)
    .concat(` type="${DEFERRED_MODULE_TYPE}" ${DEFERRED_PRELOADS}="${preloads.join(" ")}">`);
  return Buffer.concat([
    Buffer.from(head),
    html.subarray(headEnd, tagStart),
    Buffer.from(tag),
    html.subarray(tagEnd + MODULE_TAG_END_BYTES.length),
  ]);
}
