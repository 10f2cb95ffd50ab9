import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { EVERYTHING, pageScopes } from "./scopes.ts";
import { stripLocale } from "~/lib/locale.ts";
import type { RouteHandle } from "./route-handle.ts";
import { pagePath } from "~/lib/page-path.ts";

const MAX_REMEMBERED_PATHS = 10_000;
const NONE: ReadonlySet<string> = new Set();
/**
 * What a client-navigation data request (`/jobs.data?sort=…&_routes=…`) is keyed by: its address
 * exactly as sent. It is React Router's own request (the page's loaders, and its `_routes` and
 * `index`), so nothing in it is dropped, sorted or rewritten (issue 26: a rewritten `/__manifest`
 * request broke navigation; that one is never cached at all, see store.server.ts).
 */
export const AS_SENT: ReadonlySet<string> = new Set();

/**
 * The query parameters the route answering `pathname` reads, from the `handle.queryParams` the
 * matched route modules declare (route-handle.ts). Matching is remembered per path: a miss
 * already costs a render, and the cache-hit fast path needs the answer without matching at all.
 */
export function routeQueryParams(build: ServerBuild) {
  const match = routeMatcher(build);
  const remembered = new Map<string, ReadonlySet<string>>();

  const compute = (path: string): ReadonlySet<string> => {
    if (path.endsWith(".data")) return AS_SENT;
    const names = new Set<string>();
    for (const found of match(path) ?? []) {
      const handle = build.routes[found.route.id!]?.module.handle as RouteHandle | undefined;
      for (const name of handle?.queryParams ?? []) names.add(name);
    }
    return names.size ? names : NONE;
  };

  return {
    /** The declared names, or undefined when this path has not been matched yet. */
    known(pathname: string): ReadonlySet<string> | undefined {
      return remembered.get(pathname);
    },
    of: rememberPerPath(remembered, compute),
  };
}

/** `compute` remembered for up to MAX_REMEMBERED_PATHS paths (then forgotten all at once). */
function rememberPerPath<T>(remembered: Map<string, T>, compute: (pathname: string) => T) {
  return (pathname: string): T => {
    let value = remembered.get(pathname);
    if (value === undefined) {
      value = compute(pathname);
      if (remembered.size >= MAX_REMEMBERED_PATHS) remembered.clear();
      remembered.set(pathname, value);
    }
    return value;
  };
}

/**
 * The cache scopes of the page at `pathname` (scopes.ts): what its matched routes'
 * `handle.cacheScope` declare for its params, the same for its Hindi twin and its client-navigation
 * data URL. A page none of whose routes declares a scope depends on everything. Remembered per
 * path: every stale hit asks (matching the routes each time was 5% of a result-day run's CPU).
 */
export function routeCacheScopes(build: ServerBuild) {
  const match = routeMatcher(build);
  return rememberPerPath(new Map<string, readonly string[]>(), (pathname) => {
    const path = pathname.endsWith(".data")
      ? pagePath(new Request(`http://x${pathname}`))
      : pathname;
    const scopes = new Set<string>();
    let declared = false;
    for (const found of match(path) ?? []) {
      const handle = build.routes[found.route.id!]?.module.handle as RouteHandle | undefined;
      if (!handle?.cacheScope) continue;
      declared = true;
      for (const scope of pageScopes(handle.cacheScope, {
        params: found.params,
        path: stripLocale(path),
      }))
        scopes.add(scope);
    }
    return declared ? [...scopes] : [EVERYTHING];
  });
}

/**
 * React Router's `matchRoutes` for the build's routes, answering as it does over the whole table.
 * `matchRoutes` ranks the table and compiles every route's pattern on each call (0.7 ms for our
 * 112 routes, twice for each path a page is first asked for: every job page a crawler reaches).
 * So each call is given only the routes that can match a path with that first segment: those
 * whose own first segment is the same (matched without case, as React Router does), dynamic,
 * a splat, or absent. Siblings keep their order, so the ranking among them is the same.
 */
export function routeMatcher(build: ServerBuild) {
  const routes = routeTree(build);
  const shards = new Map<string, RouteObject[]>();
  return (path: string) => {
    const first = firstSegment(path);
    let shard = shards.get(first);
    if (!shard) {
      shard = routesFor(routes, "", first);
      // Bounded: a flood of made-up first segments all get the same few dynamic routes anyway.
      if (shards.size < 1_000) shards.set(first, shard);
    }
    return matchRoutes(shard, path);
  };
}

function firstSegment(path: string): string {
  const segment = path.split("/").find(Boolean) ?? "";
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

function routesFor(routes: RouteObject[], parentPath: string, first: string): RouteObject[] {
  const kept: RouteObject[] = [];
  for (const route of routes) {
    const path = route.path === undefined ? parentPath : `${parentPath}/${route.path}`;
    const own = path.split("/").find(Boolean);
    const mayMatch =
      own === undefined ||
      own.toLowerCase() === first ||
      own.startsWith(":") ||
      own.startsWith("*") ||
      own.endsWith("?");
    if (route.children) {
      const children = routesFor(route.children, path, first);
      if (children.length > 0 || mayMatch) kept.push({ ...route, children });
    } else if (mayMatch) kept.push(route);
  }
  return kept;
}

export function routeTree(build: ServerBuild): RouteObject[] {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const list = children.get(route.parentId) ?? [];
    list.push({
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
    } as RouteObject);
    children.set(route.parentId, list);
  }
  const attach = (list: RouteObject[]): RouteObject[] =>
    list.map((route) => {
      const kids = children.get(route.id);
      return kids && !route.index ? { ...route, children: attach(kids) } : route;
    });
  return attach(children.get(undefined) ?? []);
}

/**
 * The cache key, and the URL a page is rendered from: the path with only the declared query
 * parameters, sorted by name (the order of repeated values kept), so `?b=2&a=1`, `?a=1&b=2` and
 * `?a=1&b=2&utm_source=wa` are one page. A data request's address is kept as sent (AS_SENT).
 */
export function canonicalRequestUrl(url: string, declared: ReadonlySet<string>): string {
  const at = url.indexOf("?");
  if (at < 0 || declared === AS_SENT) return url;
  // Remembered per address and declared names: parsing and sorting was 2% of a cached search's
  // CPU. Bounded like the paths above (a flood of junk parameters only empties it more often).
  let known = canonicalKeys.get(declared);
  if (!known) canonicalKeys.set(declared, (known = new Map()));
  let key = known.get(url);
  if (key === undefined) {
    key = canonicalize(url, at, declared);
    if (known.size >= MAX_REMEMBERED_PATHS) known.clear();
    known.set(url, key);
  }
  return key;
}

const canonicalKeys = new WeakMap<ReadonlySet<string>, Map<string, string>>();

function canonicalize(url: string, at: number, declared: ReadonlySet<string>): string {
  const path = url.slice(0, at);
  if (declared.size === 0) return path;
  const kept = [...new URLSearchParams(url.slice(at + 1))].filter(([name]) => declared.has(name));
  if (kept.length === 0) return path;
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${path}?${new URLSearchParams(kept).toString()}`;
}
