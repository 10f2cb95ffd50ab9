import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import path from "node:path";
import { openDatabase, type AppDatabase } from "~/platform/db/db.server.ts";
import {
  createPostgresDatabase,
  createUser,
  signIn,
  startInstance,
  type Instance,
} from "./instances.ts";
import { EDITOR } from "./server.global.ts";

/**
 * Issue 16, through the real server, on SQLite (the shared e2e server) and PostgreSQL (an instance
 * of its own): an editor's save drops the saved job's page, so the very next request shows the new
 * title; the job list is answered stale once while one request draws it again; another kind's page
 * stays cached.
 */
interface Target {
  baseURL: string;
  cookie: string;
  database: AppDatabase;
}

function preciseInvalidation(target: () => Target) {
  const get = async (path: string) => {
    const res = await fetch(target().baseURL + path);
    return { cache: res.headers.get("x-cache"), html: await res.text() };
  };
  /**
   * Asked until the cache answers it fresh: a page an earlier write left stale is answered stale
   * while one request draws it again in the background.
   */
  const warm = (path: string) =>
    vi.waitFor(async () => expect((await get(path)).cache).toBe("HIT"), {
      timeout: 10_000,
      interval: 20,
    });
  const cacheStats = async () => {
    const res = await fetch(target().baseURL + "/healthz");
    return ((await res.json()) as { pageCache: Record<string, number> }).pageCache;
  };
  /** The editor's form for a job, as the browser posts it; answered with a redirect when saved. */
  const postJob = async (path: string, title: string, version?: string) => {
    const { baseURL, cookie } = target();
    const res = await fetch(baseURL + path, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, origin: baseURL, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        intent: "publish",
        title,
        organization: "Cache Precision Board",
        ...(version ? { version } : {}),
        "data.summary": "A job saved to test the page cache.",
        "data.employmentType": "FULL_TIME",
        "data.state": "Delhi",
        "data.lastDate": "2099-12-31",
        "data.qualification": "Graduate",
      }),
    });
    expect([302, 303]).toContain(res.status);
  };

  it("shows a saved job's new title on the very next request, and keeps other kinds' pages", async () => {
    const { db } = target().database;
    const title = `Cache Precision Clerk ${Date.now()}`;
    await postJob("/admin/manage-jobs/add", title);
    const created = await db
      .selectFrom("entries")
      .select(["id", "slug", "updated_at"])
      .where("title", "=", title)
      .executeTakeFirstOrThrow();
    const result = await db
      .selectFrom("entries")
      .select("slug")
      .where("kind", "=", "result")
      .where("status", "=", "published")
      .where("deleted_at", "is", null)
      .executeTakeFirstOrThrow();
    const slug = created.slug;
    await warm(`/jobs/${slug}`);
    await warm(`/hi/jobs/${slug}`);
    await warm("/jobs");
    await warm(`/results/${result.slug}`);
    const before = await cacheStats();

    await postJob(
      `/admin/manage-jobs/edit/${created.id}`,
      `${title} Corrected`,
      created.updated_at,
    );

    // The saved job's own pages: never stale, in either language.
    const page = await get(`/jobs/${slug}`);
    expect(page.cache).toBe("MISS");
    expect(page.html).toContain(`${title} Corrected`);
    expect((await get(`/hi/jobs/${slug}`)).html).toContain(`${title} Corrected`);
    // Another kind's page was kept.
    expect((await get(`/results/${result.slug}`)).cache).toBe("HIT");
    // The job list: the stale copy once, while one request draws it again; then the new one.
    const list = await get("/jobs");
    expect(list.cache).toBe("STALE");
    expect(list.html).not.toContain(`${title} Corrected`);
    await vi.waitFor(
      async () => {
        const again = await get("/jobs");
        expect(again.cache).toBe("HIT");
        expect(again.html).toContain(`${title} Corrected`);
      },
      { timeout: 10_000, interval: 50 },
    );

    const after = await cacheStats();
    expect(after.preciseInvalidations).toBeGreaterThan(before.preciseInvalidations);
    expect(after.fullInvalidations).toBe(before.fullInvalidations);
    expect(after.staleServes).toBeGreaterThan(before.staleServes);
    console.log(
      `[cache-precision] renders after the save: ${after.renders - before.renders}, ` +
        `dropped ${after.dropped - before.dropped}, staled ${after.staled - before.staled}`,
    );
  });
}

describe("precise page-cache invalidation [sqlite]", () => {
  let target: Target;
  beforeAll(async () => {
    const baseURL = inject("baseURL");
    target = {
      baseURL,
      cookie: await signIn(baseURL, EDITOR.email, EDITOR.password),
      database: openDatabase({
        dialect: "sqlite",
        file: path.join(inject("dataDir"), "e2e.db"),
      }),
    };
  });
  afterAll(() => target?.database.close());
  preciseInvalidation(() => target);
});

describe("precise page-cache invalidation [postgres]", () => {
  const admin = { email: "cache@govjobs.test", password: "Narrow-drops-only-16" };
  let instance: Instance;
  let target: Target;
  beforeAll(async () => {
    const url = await createPostgresDatabase(inject("postgresUrl"), "cache");
    instance = await startInstance({ DATABASE_URL: url, SEED_DEMO: "1" });
    createUser(
      { DATABASE_URL: url, DATA_DIR: instance.dataDir },
      admin.email,
      admin.password,
      true,
    );
    target = {
      baseURL: instance.baseURL,
      cookie: await signIn(instance.baseURL, admin.email, admin.password),
      database: openDatabase({ dialect: "postgres", url }),
    };
  });
  afterAll(async () => {
    await target?.database.close();
    await instance?.stop();
  });
  preciseInvalidation(() => target);
});
