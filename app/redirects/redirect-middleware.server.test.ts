import { describe, expect, it, vi } from "vitest";
import { RouterContextProvider } from "react-router";
import { describeEachDatabase } from "../../test/databases.ts";
import type { DB } from "../platform/db/db.server.ts";
import { newId, now } from "../platform/db/dialect.ts";
import { pagePath } from "~/lib/page-path.ts";
import { redirectMiddleware } from "./redirect-middleware.server.ts";
import { logger } from "../platform/logger.server.ts";

/** A rule written straight into the table (the admin's checks would refuse a core source). */
async function rule(db: DB, source: string, destination: string, status: number, enabled = 1) {
  const at = now();
  await db
    .insertInto("redirects")
    .values({
      id: newId(),
      source,
      destination,
      status_code: status,
      enabled,
      hits: 0,
      last_hit_at: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

async function run(getDb: () => Promise<DB>, url: string, method = "GET") {
  const next = vi.fn(async () => new Response("the page"));
  const middleware = redirectMiddleware(getDb);
  const args = {
    request: new Request(`http://govjobs.test${url}`, { method }),
    params: {},
    context: new RouterContextProvider(),
  } as unknown as Parameters<typeof middleware>[0];
  try {
    const result = await middleware(args, next);
    return { result, thrown: undefined, next };
  } catch (thrown) {
    return { result: undefined, thrown, next };
  }
}

describe("pagePath", () => {
  it("reads the page behind a client-side navigation's data request", () => {
    const path = (url: string) => pagePath(new Request(`http://x${url}`));
    expect(path("/old-page")).toBe("/old-page");
    expect(path("/old-page.data?_routes=x")).toBe("/old-page");
    expect(path("/_.data")).toBe("/");
    expect(path("/_root.data")).toBe("/");
    expect(path("/folder/_.data")).toBe("/folder/");
  });
});

describeEachDatabase("redirect middleware", (db) => {
  const getDb = async () => db();

  it("sends an internal rule to its destination with the rule's status", async () => {
    await rule(db(), "/old-jobs-page", "/jobs", 301);
    const { thrown, next } = await run(getDb, "/old-jobs-page");
    expect(next).not.toHaveBeenCalled();
    const response = thrown as Response;
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/jobs");
    // A replacing redirect would drop the visitor's previous page from the history.
    expect(response.headers.get("X-Remix-Replace")).toBeNull();
  });

  it("does the same for a client-side navigation's data request, and counts every hit", async () => {
    const { thrown } = await run(getDb, "/old-jobs-page.data?_routes=routes%2Fsite%2Fnot-found");
    expect((thrown as Response).headers.get("Location")).toBe("/jobs");
    const row = await db()
      .selectFrom("redirects")
      .select(["hits", "last_hit_at"])
      .where("source", "=", "/old-jobs-page")
      .executeTakeFirstOrThrow();
    expect(row.hits).toBe(2);
    expect(row.last_hit_at).not.toBeNull();
  });

  it("matches a rule with or without a trailing slash and carries the query string", async () => {
    await rule(db(), "/old-notice/", "/jobs?state=Bihar#top", 301);
    await rule(db(), "/old-form", "/contact-us", 302);
    const slashless = await run(getDb, "/old-notice?utm_source=wa&page=2");
    expect((slashless.thrown as Response).headers.get("Location")).toBe(
      "/jobs?state=Bihar&utm_source=wa&page=2#top",
    );
    const slashed = await run(getDb, "/old-form/?ref=mail");
    expect((slashed.thrown as Response).headers.get("Location")).toBe("/contact-us?ref=mail");
    // React Router's own data-request parameter stays behind.
    const data = await run(getDb, "/old-form.data?_routes=root&ref=x");
    expect((data.thrown as Response).headers.get("Location")).toBe("/contact-us?ref=x");
  });

  it("holds a rule for the Hindi twin of its path, to the Hindi destination", async () => {
    await rule(db(), "/old-hindi-notice", "/jobs?state=Bihar", 301);
    const page = await run(getDb, "/hi/old-hindi-notice?utm_source=wa");
    expect((page.thrown as Response).headers.get("Location")).toBe(
      "/hi/jobs?state=Bihar&utm_source=wa",
    );
    const data = await run(getDb, "/hi/old-hindi-notice.data?_routes=x");
    expect((data.thrown as Response).headers.get("Location")).toBe("/hi/jobs?state=Bihar");
    // The Hindi home and lists are core pages like their English twins: never looked up.
    await rule(db(), "/results", "/jobs", 301);
    const core = await run(getDb, "/hi/results");
    expect(core.thrown).toBeUndefined();
    expect(core.next).toHaveBeenCalledOnce();
  });

  it("sends an absolute destination as a full page load", async () => {
    await rule(db(), "/partner", "https://example.org/notice", 302);
    const { thrown } = await run(getDb, "/partner");
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("https://example.org/notice");
    expect(response.headers.get("X-Remix-Reload-Document")).toBe("true");
  });

  it("answers a 410 rule with a 410 error for the error page", async () => {
    await rule(db(), "/withdrawn-notice", "", 410);
    const { thrown } = await run(getDb, "/withdrawn-notice");
    expect(thrown).toMatchObject({ type: "DataWithResponseInit", init: { status: 410 } });
  });

  it("never redirects a core page, a disabled rule, or a form submission", async () => {
    await rule(db(), "/jobs", "/results", 301);
    await rule(db(), "/admin/manage-jobs", "/", 301);
    await rule(db(), "/paused-rule", "/results", 301, 0);
    for (const [url, method] of [
      ["/jobs", "GET"],
      ["/jobs.data", "GET"],
      ["/admin/manage-jobs", "GET"],
      ["/paused-rule", "GET"],
      ["/old-jobs-page", "POST"],
    ]) {
      const { thrown, next, result } = await run(getDb, url, method);
      expect(thrown, url).toBeUndefined();
      expect(next, url).toHaveBeenCalledOnce();
      expect(await (result as Response).text()).toBe("the page");
    }
    const core = await db()
      .selectFrom("redirects")
      .select("hits")
      .where("source", "=", "/jobs")
      .executeTakeFirstOrThrow();
    expect(core.hits).toBe(0);
  });

  it("matches a source saved with the characters the browser percent-encodes", async () => {
    await rule(db(), "/परीक्षा", "/results", 308);
    const { thrown } = await run(getDb, `/${encodeURIComponent("परीक्षा")}`);
    expect((thrown as Response).status).toBe(308);
  });

  it("serves the page when the lookup fails, logging it only", async () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => {});
    const { thrown, next } = await run(() => Promise.reject(new Error("database down")), "/x");
    expect(thrown).toBeUndefined();
    expect(next).toHaveBeenCalledOnce();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("database down"));
    warn.mockRestore();
  });

  it("remembers a path without a rule until the content generation changes", async () => {
    let generation = 7;
    const middleware = redirectMiddleware(getDb, async () => generation);
    const request = async () => {
      const next = vi.fn(async () => new Response("the page"));
      const args = {
        request: new Request("http://govjobs.test/renamed-later"),
        params: {},
        context: new RouterContextProvider(),
      } as unknown as Parameters<typeof middleware>[0];
      try {
        await middleware(args, next);
        return { next, status: undefined };
      } catch (thrown) {
        return { next, status: (thrown as Response).status };
      }
    };
    expect((await request()).next).toHaveBeenCalledOnce();
    // A rule written without bumping the generation (no write path does that) is not looked up:
    // the miss was remembered for this generation.
    await rule(db(), "/renamed-later", "/jobs", 301);
    expect((await request()).next).toHaveBeenCalledOnce();
    // Every write bumps the generation: the next request finds the rule.
    generation = 8;
    const after = await request();
    expect(after.next).not.toHaveBeenCalled();
    expect(after.status).toBe(301);
  });
});
