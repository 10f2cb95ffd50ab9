import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "~/routes.ts";
import { canonicalRequestUrl, routeMatcher, routeQueryParams, routeTree } from "./keys.ts";

/** A server build's route table made from the app's own route config (ids as React Router makes them). */
function buildOf(config: RouteConfigEntry[]): ServerBuild {
  const table: Record<string, unknown> = {
    root: { id: "root", path: "", module: {} },
  };
  const add = (entries: RouteConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.tsx?$/, "");
      table[id] = { id, parentId, path: entry.path, index: entry.index, module: {} };
      if (entry.children) add(entry.children, id);
    }
  };
  add(config, "root");
  return { routes: table } as unknown as ServerBuild;
}

const build = buildOf(routes);
const ids = (found: ReturnType<typeof matchRoutes>) =>
  found?.map((m) => [m.route.id, m.pathname, JSON.stringify(m.params)]) ?? null;

describe("the route matcher of the cache's keys and scopes", () => {
  it("answers as matchRoutes over the whole table, for every kind of path", () => {
    const match = routeMatcher(build);
    const whole = routeTree(build);
    const paths = [
      "/",
      "/hi",
      "/hi/",
      "/jobs",
      "/JOBS",
      "/Jobs/SSC-CGL-2026",
      "/%6Aobs/ssc-cgl-2026",
      "/jobs/ssc-cgl-2026",
      "/jobs/ssc-cgl-2026/",
      "/jobs/state/bihar",
      "/jobs/qualification/12th-pass",
      "/jobs/a/b/c",
      "/hi/jobs/ssc-cgl-2026",
      "/hi/results",
      "/hi/feeds/jobs.xml",
      "/results/x",
      "/admit-cards",
      "/syllabus/y",
      "/answer-key/z",
      "/organizations/upsc",
      "/about-us",
      "/privacy-policy",
      "/search",
      "/eligibility",
      "/eligibility/rules.json",
      "/alerts/confirm",
      "/alerts/unsubscribe/one-click",
      "/feeds/jobs.xml",
      "/sitemaps/jobs-1.xml",
      "/sitemap.xml",
      "/updates.json",
      "/api/auth/sign-in/email",
      "/admin",
      "/admin/manage-jobs/edit/12",
      "/admin/nowhere/at/all",
      "/nowhere",
      "/nowhere/at/all",
      "/%E0%A4%B9",
      "/%zz/bad-encoding",
      "//double//slashes",
    ];
    for (const path of paths) expect(ids(match(path)), path).toEqual(ids(matchRoutes(whole, path)));
    // Matched at all: the table is real, not empty.
    expect(ids(match("/jobs/ssc-cgl-2026"))?.at(-1)?.[0]).toBe("detail-job");
    expect(ids(match("/hi/jobs/ssc-cgl-2026"))?.at(-1)?.[0]).toBe("detail-job-hi");
    expect(ids(match("/nowhere/at/all"))?.at(-1)?.[0]).toBe("not-found");
  });
});

describe("the cache key of a page and of React Router's data request", () => {
  const withHandles = buildOf(routes);
  (withHandles.routes["list-job"]!.module as { handle?: unknown }).handle = {
    queryParams: ["page", "sort"],
  };
  const params = routeQueryParams(withHandles);

  it("keeps a page's declared parameters only, sorted", () => {
    expect(
      canonicalRequestUrl("/jobs?utm_source=x&sort=last-date&page=2", params.of("/jobs")),
    ).toBe("/jobs?page=2&sort=last-date");
  });

  // Issue 26: React Router's own requests reach it as they were sent.
  it("keeps a data request's address exactly as sent", () => {
    for (const url of [
      "/jobs.data?utm_source=x&sort=last-date&page=2&_routes=root%2Clist-job",
      "/_root.data?index&_routes=root",
      "/jobs.data?b=2&a=1",
    ]) {
      const path = url.slice(0, url.indexOf("?"));
      expect(canonicalRequestUrl(url, params.of(path)), url).toBe(url);
    }
  });
});
