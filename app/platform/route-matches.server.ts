import type { EntryContext, StaticHandlerContext } from "react-router";

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

type Manifest = EntryContext["manifest"];
/** The routes a render needs, by path, per build's manifest. */
const manifests = new WeakMap<Manifest, Map<string, Manifest>>();

/**
 * React Router's `ServerRouter` turns every route of the manifest (both languages' sites and the
 * back-office: 150) into route objects and compiles each one's path into a regular expression, on
 * every render, although a render only uses the routes that match its path and, for lazy route
 * discovery, those of the path's ancestors ("/", "/jobs"). The render is given a manifest of
 * exactly those routes, the same ones `getPartialManifest` sends to the browser, remembered per
 * path like the matches.
 */
export function withRenderedRoutes(context: EntryContext): EntryContext {
  const { manifest, staticHandlerContext: state } = context;
  const match = state._match;
  if (typeof match !== "function") return context;
  const pathname = state.location.pathname;
  let byPath = manifests.get(manifest);
  if (!byPath) manifests.set(manifest, (byPath = new Map()));
  // Per path and the routes this render matched: a request refused before its routes were matched
  // (a method React Router does not serve gets the root's only) must not decide the next render's.
  const matched = state.matches.map((m) => m.route.id);
  const key = `${pathname}\n${matched.join(",")}`;
  let trimmed = byPath.get(key);
  if (!trimmed) {
    const ids = new Set(matched);
    const segments = pathname.split("/").filter(Boolean);
    for (let n = segments.length - 1; n >= 0; n--)
      for (const m of match(`/${segments.slice(0, n).join("/")}`) ?? []) ids.add(m.route.id);
    const routes: Manifest["routes"] = {};
    for (const id of ids) if (manifest.routes[id]) routes[id] = manifest.routes[id];
    if (byPath.size >= REMEMBERED_PATHS) byPath.clear();
    byPath.set(key, (trimmed = { ...manifest, routes }));
  }
  return { ...context, manifest: trimmed };
}
