import type { StaticHandlerContext } from "react-router";

type StaticMatch = StaticHandlerContext["_match"];
/** Route matches by path, for the matcher they came from (one per build). */
const memos = new WeakMap<StaticMatch, Map<string, ReturnType<StaticMatch>>>();
/** Past this many paths the memo starts again, so odd addresses cannot grow it. */
export const REMEMBERED_PATHS = 1_000;

/**
 * While rendering, React Router matches the page's path and each of its ancestors ("/", "/jobs")
 * against the whole route table again, to tell the browser which routes it may need (lazy route
 * discovery, `getPartialManifest`). With both languages' routes that linear scan was 6% of an
 * uncached job page's CPU, and its answers never change for one build, so they are remembered per
 * path. Only the render's matcher (`_match`, read by the static router) is wrapped; the loaders'
 * matching stays React Router's own. A React Router without `_match` is left alone.
 */
export function rememberMatches(context: StaticHandlerContext): void {
  const match = context._match;
  if (typeof match !== "function") return;
  let paths = memos.get(match);
  if (!paths) memos.set(match, (paths = new Map()));
  const memo = paths;
  context._match = (location) => {
    if (typeof location !== "string") return match(location);
    if (memo.has(location)) return memo.get(location)!;
    if (memo.size >= REMEMBERED_PATHS) memo.clear();
    const found = match(location);
    memo.set(location, found);
    return found;
  };
}
