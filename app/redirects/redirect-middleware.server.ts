import { data, redirect, redirectDocument, type MiddlewareFunction } from "react-router";
import type { DB } from "../platform/db/db.server.ts";
import { localeFromPath, localePath, stripLocale } from "~/lib/locale.ts";
import { pagePath } from "~/lib/page-path.ts";
import { goneContext } from "~/lib/request-context.ts";
import { matchRedirect } from "./redirects.repository.server.ts";
import { isCorePath, type RedirectRule } from "./redirect-rules.ts";
import { logger } from "../platform/logger.server.ts";

const MAX_REMEMBERED_MISSES = 10_000;

/** An address on another site, or our own written in full: the browser must load it as a page. */
const ABSOLUTE = /^https?:\/\//i;

/**
 * The redirect check (spec §4) for every public page, on the first request and on each client-side
 * navigation (whose data request passes through here too). Core pages never look the table up; a
 * failed lookup is logged and the page is served as if there were no rule.
 */
export function redirectMiddleware(
  getDb: () => Promise<DB>,
  /** The content generation: given, paths without a rule are remembered until the next write. */
  contentGeneration?: () => Promise<number>,
): MiddlewareFunction<Response> {
  const misses = { generation: -1, paths: new Set<string>() };
  return async ({ request, context }, next) => {
    if (request.method !== "GET" && request.method !== "HEAD") return next();
    // A rule is written for the English path and holds for its Hindi twin: /hi/old → /hi/new.
    const fullPath = pagePath(request);
    const locale = localeFromPath(fullPath);
    const path = stripLocale(fullPath);
    if (isCorePath(path)) return next();
    let rule: RedirectRule | undefined;
    let generation = -1;
    try {
      generation = contentGeneration ? await contentGeneration() : -1;
      if (generation !== misses.generation) misses.paths.clear();
      misses.generation = generation;
      if (!(generation >= 0 && misses.paths.has(path))) rule = await lookUp(await getDb(), path);
    } catch (err) {
      logger.warn(`[redirects] lookup for ${path} failed: ${(err as Error).message}`);
      generation = -1;
    }
    if (!rule) {
      // Bounded: a crawler walking random paths must not grow it without end.
      if (misses.paths.size >= MAX_REMEMBERED_MISSES) misses.paths.clear();
      if (generation >= 0) misses.paths.add(path);
      return next();
    }
    if (rule.statusCode === 410) {
      // The not-found page says "This page has been removed" inside the site's shell. A path that
      // some other page would answer still answers 410, through the root error boundary.
      context.set(goneContext, true);
      const response = await next();
      if (response.status !== 410) throw data(null, { status: 410 });
      return response;
    }
    const destination = withQuery(localePath(locale, rule.destination), request);
    if (ABSOLUTE.test(destination)) throw redirectDocument(destination, rule.statusCode);
    // Not `replace()`: a client-side navigation has not put the old address in the history yet,
    // so a plain redirect already leaves it out, while `replace()` would also erase the page the
    // visitor came from (Back would skip it).
    throw redirect(destination, rule.statusCode);
  };
}

/** React Router's own parameters on data requests, which belong to this request only. */
const ROUTER_PARAMS = ["_routes", "index"];

/**
 * The destination with the request's query string carried over (a share link's ?utm_source or a
 * list's ?page reaches the new address), after the destination's own parameters and before its #.
 */
export function withQuery(destination: string, request: Request): string {
  const params = new URL(request.url).searchParams;
  for (const name of ROUTER_PARAMS) params.delete(name);
  const query = params.toString();
  if (!query) return destination;
  const hashAt = destination.indexOf("#");
  const base = hashAt < 0 ? destination : destination.slice(0, hashAt);
  const hash = hashAt < 0 ? "" : destination.slice(hashAt);
  return `${base}${base.includes("?") ? "&" : "?"}${query}${hash}`;
}

async function lookUp(conn: DB, path: string): Promise<RedirectRule | undefined> {
  const rule = await matchRedirect(conn, path);
  // Sources may be saved as typed (/परीक्षा) or as the browser sends them (/%E0%A4%AA…).
  if (rule || !path.includes("%")) return rule;
  const decoded = safeDecode(path);
  return decoded !== path ? matchRedirect(conn, decoded) : undefined;
}

function safeDecode(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
