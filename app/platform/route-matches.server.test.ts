import { createStaticHandler, type StaticHandlerContext } from "react-router";
import { describe, expect, it } from "vitest";
import { REMEMBERED_PATHS, rememberMatches, withRenderedRoutes } from "./route-matches.server.ts";
import type { EntryContext } from "react-router";

const routes = [
  {
    id: "root",
    path: "/",
    children: [
      { id: "home", index: true },
      { id: "list", path: "jobs" },
      { id: "detail", path: "jobs/:slug" },
      { id: "not-found", path: "*" },
    ],
  },
];

/** A real static handler's context for one document request, as entry.server receives it. */
async function contextFor(path: string) {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error("expected a context");
  return context;
}

/** Counts the calls that reach the matcher underneath. */
function counted(context: StaticHandlerContext) {
  const original = context._match;
  const calls: unknown[] = [];
  context._match = (location) => {
    calls.push(location);
    return original(location);
  };
  return calls;
}

const ids = (matches: ReturnType<StaticHandlerContext["_match"]>) =>
  matches?.map((m) => m.route.id) ?? null;

describe("the render's route matches, remembered per path", () => {
  it("answers as React Router does, matching each path once", async () => {
    const context = await contextFor("/jobs/ssc-cgl-2026");
    const original = context._match;
    const calls = counted(context);
    rememberMatches(context);
    for (const path of ["/", "/jobs", "/jobs/ssc-cgl-2026", "/nowhere/at/all"]) {
      expect(ids(context._match(path))).toEqual(ids(original(path)));
    }
    expect(ids(context._match("/jobs/ssc-cgl-2026"))).toEqual(["root", "detail"]);
    expect(ids(context._match("/"))).toEqual(["root", "home"]);
    expect(calls).toEqual(["/", "/jobs", "/jobs/ssc-cgl-2026", "/nowhere/at/all"]);
    // Asked again, from the memo: the same answer and no new match.
    const again = context._match("/jobs");
    expect(again).toBe(context._match("/jobs"));
    expect(calls).toHaveLength(4);
    // A location object is not remembered: it goes to React Router every time.
    context._match({ pathname: "/jobs" });
    context._match({ pathname: "/jobs" });
    expect(calls).toHaveLength(6);
  });

  it("keeps a bounded number of paths, starting again when full", async () => {
    const context = await contextFor("/");
    const calls = counted(context);
    rememberMatches(context);
    for (let i = 0; i < REMEMBERED_PATHS; i++) context._match(`/jobs/job-${i}`);
    context._match("/jobs/job-0");
    expect(calls).toHaveLength(REMEMBERED_PATHS);
    context._match("/jobs/one-more"); // the memo is full: it starts again
    context._match("/jobs/job-0");
    expect(calls).toHaveLength(REMEMBERED_PATHS + 2);
    expect(ids(context._match("/jobs/job-0"))).toEqual(["root", "detail"]);
    expect(calls).toHaveLength(REMEMBERED_PATHS + 2);
  });
});

describe("the routes a render is given", () => {
  /** A build's manifest: every route of the table above, and two the job page never uses. */
  const manifest = {
    entry: { module: "/entry.js", imports: [] },
    url: "/manifest.js",
    version: "1",
    routes: Object.fromEntries(
      ["root", "home", "list", "detail", "not-found", "admin", "admin-edit"].map((id) => [
        id,
        { id, parentId: id === "root" ? undefined : "root", hasLoader: true },
      ]),
    ),
  } as unknown as EntryContext["manifest"];

  const entryContext = async (path: string) =>
    ({ manifest, staticHandlerContext: await contextFor(path) }) as unknown as EntryContext;

  it("holds the matched routes and those of the path's ancestors, as the browser is sent", async () => {
    const job = withRenderedRoutes(await entryContext("/jobs/ssc-cgl-2026"));
    expect(Object.keys(job.manifest.routes).sort()).toEqual(["detail", "home", "list", "root"]);
    expect(job.manifest.routes.detail).toBe(manifest.routes.detail);
    expect(job.manifest.entry).toBe(manifest.entry);
    expect(job.manifest.version).toBe("1");
    expect(job.staticHandlerContext.location.pathname).toBe("/jobs/ssc-cgl-2026");

    const home = withRenderedRoutes(await entryContext("/"));
    expect(Object.keys(home.manifest.routes).sort()).toEqual(["home", "root"]);
    const missing = withRenderedRoutes(await entryContext("/nowhere/at/all"));
    expect(Object.keys(missing.manifest.routes).sort()).toEqual(["home", "not-found", "root"]);
    // The build's manifest itself is not changed.
    expect(Object.keys(manifest.routes)).toHaveLength(7);
  });

  it("is remembered per path", async () => {
    const first = withRenderedRoutes(await entryContext("/jobs"));
    const second = withRenderedRoutes(await entryContext("/jobs"));
    expect(second.manifest).toBe(first.manifest);
    expect(Object.keys(first.manifest.routes).sort()).toEqual(["home", "list", "root"]);
  });
});

describe("a render that failed before its routes were matched", () => {
  // A method React Router does not serve (OPTIONS, PURGE…) is answered 405 with the root's
  // matches only. Remembered for the path, those made every later render of the page fail
  // ("Route … not found in manifest") until the process restarted.
  it("does not decide the routes of the next render of the same path", async () => {
    const manifest = {
      entry: { module: "/entry.js", imports: [] },
      url: "/manifest.js",
      version: "1",
      routes: Object.fromEntries(
        ["root", "home", "list", "detail", "not-found"].map((id) => [
          id,
          { id, parentId: id === "root" ? undefined : "root", hasLoader: true },
        ]),
      ),
    } as unknown as EntryContext["manifest"];
    const handler = createStaticHandler(routes);
    const refused = await handler.query(
      new Request("http://localhost/jobs/refused-first", { method: "OPTIONS" }),
    );
    if (refused instanceof Response) throw new Error("expected a context");
    expect(refused.statusCode).toBe(405);
    const first = withRenderedRoutes({ manifest, staticHandlerContext: refused } as EntryContext);
    expect(Object.keys(first.manifest.routes)).not.toContain("detail");
    const served = withRenderedRoutes({
      manifest,
      staticHandlerContext: await contextFor("/jobs/refused-first"),
    } as unknown as EntryContext);
    expect(Object.keys(served.manifest.routes).sort()).toEqual(["detail", "home", "list", "root"]);
  });
});
