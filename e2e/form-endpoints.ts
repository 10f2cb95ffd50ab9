import { readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../app/routes.ts";

/** A route that takes a request body: its module exports an `action`. */
export interface FormEndpoint {
  /** The address to send to, parameters filled in (`?index` for an index route). */
  path: string;
  /** The route module, relative to app/. */
  file: string;
  /** A page (with a component): React Router's client posts to its `.data` twin as well. */
  page: boolean;
}

const ACTION =
  /export\s+(?:async\s+)?function\s+action\b|export\s+const\s+action\b|export\s*\{[^}]*\baction\b/;
const COMPONENT = /export\s+default\b/;

/**
 * Every route of app/routes.ts whose module has an action, so that a form added tomorrow is in
 * the list without anybody adding it. `fill` gives a value for each `:param` (and `*`).
 */
export function formEndpoints(fill: (param: string, routePath: string) => string): FormEndpoint[] {
  const found: FormEndpoint[] = [];
  const walk = (entries: RouteConfigEntry[], parent: string) => {
    for (const entry of entries) {
      const own = entry.path ?? "";
      const full = [parent, own].filter(Boolean).join("/");
      if (entry.children) walk(entry.children, full);
      const source = readFileSync(path.join("app", entry.file), "utf8");
      if (!ACTION.test(source)) continue;
      const filled = full
        .split("/")
        .map((segment) =>
          segment.startsWith(":") || segment === "*" ? fill(segment, full) : segment,
        )
        .join("/");
      found.push({
        path: `/${filled}${entry.index ? "?index" : ""}`,
        file: entry.file,
        page: COMPONENT.test(source),
      });
    }
  };
  walk(routes, "");
  return found;
}

/** The `.data` address React Router's client sends a page's form to. */
export function dataPath(endpoint: FormEndpoint): string {
  const [pathname, query] = endpoint.path.split("?");
  const data = pathname === "/" ? "/_root.data" : `${pathname}.data`;
  return query ? `${data}?${query}` : data;
}
