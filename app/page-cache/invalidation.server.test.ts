import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizationScope, pageScopes, sitePageScope } from "./scopes.ts";

/** The scopes the page cache gives a page of the kind-detail and kind-list routes. */
const detailPageScope = (page: { path: string; params: { slug: string } }) =>
  pageScopes(["entry"], page);
/** A list page; a landing page (/jobs/state/delhi) has the route's `value` param, as the router gives. */
const listPageScope = ({ path }: { path: string }) =>
  pageScopes(["list"], { path, params: { value: path.split("/")[3] } });
import { DIALECTS, freshDatabase } from "../../test/databases.ts";
import { job } from "../../test/entries.ts";
import { followContentChanges, watchContentGeneration } from "./follow.server.ts";
import { readContentGeneration } from "./generation.server.ts";
import { openDatabase, type AppDatabase } from "~/platform/db/db.server.ts";
import { buildCachedResponse } from "./response.server.ts";
import { PageCache } from "./store.server.ts";
import { saveEntry } from "~/entries/entries.service.server.ts";
import { saveContentSettings } from "~/settings/settings.service.server.ts";
import type { Actor } from "~/writes/transaction.server.ts";

const PRIYA: Actor = { id: "user-priya", email: "priya@govjobs.test", name: "Priya" };
const DAY = "2026-11-23";

const page = (text: string) =>
  buildCachedResponse(
    200,
    new Headers({ "content-type": "text/html" }),
    Buffer.from(text),
    "1",
    () => "",
  );

/** The pages a visitor may have cached, with the scopes their routes declare for them. */
const PAGES: Record<string, readonly string[]> = {
  "/jobs/clerk-2026": detailPageScope({ path: "/jobs/clerk-2026", params: { slug: "clerk-2026" } }),
  "/hi/jobs/clerk-2026": detailPageScope({
    path: "/jobs/clerk-2026",
    params: { slug: "clerk-2026" },
  }),
  "/jobs": listPageScope({ path: "/jobs" }),
  "/jobs/state/delhi": listPageScope({ path: "/jobs/state/delhi" }),
  "/": ["home"],
  "/organizations/central-staff-selection-agency": [
    organizationScope("central-staff-selection-agency"),
  ],
  "/results/railway-result": detailPageScope({
    path: "/results/railway-result",
    params: { slug: "railway-result" },
  }),
  "/results": listPageScope({ path: "/results" }),
  "/organizations/railway-board": [organizationScope("railway-board")],
  "/about-us": [sitePageScope("about-us")],
  "/contact-us": [],
  // A page whose route declares nothing: every write drops it.
  "/mystery": ["*"],
};

/** What each page is in the cache now. */
function states(cache: PageCache): Record<string, "fresh" | "stale" | "gone"> {
  return Object.fromEntries(
    Object.keys(PAGES).map((key) => {
      const found = cache.lookup(key);
      return [key, !found ? "gone" : found.stale ? "stale" : "fresh"];
    }),
  );
}

const fill = (cache: PageCache) => {
  for (const [key, scopes] of Object.entries(PAGES)) cache.set(key, page(key), scopes);
};

describe.each(DIALECTS)("precise page-cache invalidation [%s]", (dialect) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  /** A second connection, as another process or instance has. */
  let other: AppDatabase;
  let url: string | undefined;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    url = dialect === "postgres" ? String(database.pool!.options.connectionString) : undefined;
    other =
      dialect === "postgres"
        ? openDatabase({ dialect: "postgres", url: url! })
        : openDatabase({ dialect: "sqlite", file: database.sqlite!.name });
  });
  afterAll(async () => {
    await other?.close();
    await database?.dispose();
  });

  /** A page cache following a database the way http/app.ts does, up to `generation`. */
  function follower(on: AppDatabase) {
    const cache = new PageCache();
    const source = watchContentGeneration(on, url);
    const follow = followContentChanges(cache, on.db);
    return {
      cache,
      source,
      /** Wait until this follower's source tells `generation` (NOTIFY on PostgreSQL), then follow. */
      async reach(generation: number) {
        await until(async () => (await source.current()) === generation);
        await follow(generation, DAY);
      },
    };
  }

  it("a job's save drops its pages, stales its lists and keeps other kinds' and organizations' pages, in every process", async () => {
    const railway = await saveEntry(database.db, {
      kind: "result",
      input: { ...job("Railway Result"), organization: "Railway Board" },
      actor: PRIYA,
    });
    const clerk = await saveEntry(database.db, {
      kind: "job",
      input: { ...job("Clerk 2026"), slug: "clerk-2026" },
      actor: PRIYA,
    });
    expect(railway.ok && clerk.ok).toBe(true);
    if (!clerk.ok) return;

    const a = follower(database);
    const b = follower(other);
    const start = await readContentGeneration(database.db);
    await a.reach(start);
    await b.reach(start);
    fill(a.cache);
    fill(b.cache);
    const precise = a.cache.stats.preciseInvalidations;

    const saved = await saveEntry(database.db, {
      kind: "job",
      id: clerk.entry.id,
      input: { ...job("Clerk 2026 (corrected)"), slug: "clerk-2026" },
      expectedVersion: clerk.entry.updatedAt,
      actor: PRIYA,
    });
    expect(saved.ok).toBe(true);
    await a.reach(start + 1);
    await b.reach(start + 1);

    const expected = {
      "/jobs/clerk-2026": "gone",
      "/hi/jobs/clerk-2026": "gone",
      "/jobs": "stale",
      "/jobs/state/delhi": "stale",
      "/": "stale",
      "/organizations/central-staff-selection-agency": "stale",
      "/results/railway-result": "fresh",
      "/results": "fresh",
      "/organizations/railway-board": "fresh",
      "/about-us": "fresh",
      "/contact-us": "fresh",
      "/mystery": "gone",
    };
    expect(states(a.cache)).toEqual(expected);
    // The other process read the same rows: the same pages went.
    expect(states(b.cache)).toEqual(expected);
    expect(a.cache.stats.preciseInvalidations).toBe(precise + 1);
    await a.source.stop();
    await b.source.stop();
  });

  it("a result's save drops the page of the job it belongs to", async () => {
    const parent = await saveEntry(database.db, {
      kind: "job",
      input: { ...job("Parent Job"), slug: "parent-job" },
      actor: PRIYA,
    });
    if (!parent.ok) throw new Error("no parent job");
    const a = follower(database);
    const start = await readContentGeneration(database.db);
    await a.reach(start);
    const parentScopes = detailPageScope({
      path: "/jobs/parent-job",
      params: { slug: "parent-job" },
    });
    a.cache.set("/jobs/parent-job", page("parent"), parentScopes);
    a.cache.set("/jobs", page("jobs"), listPageScope({ path: "/jobs" }));
    await saveEntry(database.db, {
      kind: "result",
      input: { ...job("Parent Job Result"), jobId: parent.entry.id },
      actor: PRIYA,
    });
    await a.reach(start + 1);
    expect(a.cache.lookup("/jobs/parent-job")).toBeUndefined();
    // A result does not appear in the job list.
    expect(a.cache.lookup("/jobs")?.stale).toBe(false);
    await a.source.stop();
  });

  it("a job's save stales the landing pages of its state and qualification, not the others'", async () => {
    // Two public jobs in each state, so a save that keeps its values changes no filter menu.
    const saved = [];
    for (const [title, state] of [
      ["Delhi Clerk A", "Delhi"],
      ["Delhi Clerk B", "Delhi"],
      ["Bihar Clerk A", "Bihar"],
      ["Bihar Clerk B", "Bihar"],
    ] as const) {
      const s = await saveEntry(database.db, {
        kind: "job",
        input: job(title, { state }),
        actor: PRIYA,
      });
      if (!s.ok) throw new Error(`could not save ${title}`);
      saved.push(s.entry);
    }
    const landing = [
      "/jobs/state/delhi",
      "/jobs/state/bihar",
      "/jobs/qualification/graduate",
      "/jobs/qualification/12th-pass",
    ];
    const a = follower(database);
    let generation = await readContentGeneration(database.db);
    await a.reach(generation);
    const fillLists = () => {
      for (const path of ["/jobs", ...landing])
        a.cache.set(path, page(path), listPageScope({ path }));
    };
    const stateOf = () =>
      Object.fromEntries(
        ["/jobs", ...landing].map((k) => [k, a.cache.lookup(k)?.stale ? "stale" : "fresh"]),
      );
    fillLists();

    const delhi = saved[0];
    const retitled = await saveEntry(database.db, {
      kind: "job",
      id: delhi.id,
      input: { ...job("Delhi Clerk A (corrected)"), slug: delhi.slug },
      expectedVersion: delhi.updatedAt,
      actor: PRIYA,
    });
    if (!retitled.ok) throw new Error("the retitle was refused");
    await a.reach(++generation);
    expect(stateOf()).toEqual({
      "/jobs": "stale",
      "/jobs/state/delhi": "stale",
      "/jobs/state/bihar": "fresh",
      "/jobs/qualification/graduate": "stale",
      "/jobs/qualification/12th-pass": "fresh",
    });

    // Moved to a state no other job has: a new value in the menus every landing page shows.
    fillLists();
    const moved = await saveEntry(database.db, {
      kind: "job",
      id: delhi.id,
      input: { ...job("Delhi Clerk A (corrected)", { state: "Goa" }), slug: delhi.slug },
      expectedVersion: retitled.entry.updatedAt,
      actor: PRIYA,
    });
    expect(moved.ok).toBe(true);
    await a.reach(++generation);
    expect(Object.values(stateOf())).toEqual(["stale", "stale", "stale", "stale", "stale"]);
    await a.source.stop();
  });

  it("a settings save empties the cache", async () => {
    const a = follower(database);
    const start = await readContentGeneration(database.db);
    await a.reach(start);
    fill(a.cache);
    const full = a.cache.stats.fullInvalidations;
    const saved = await saveContentSettings(
      database.db,
      {
        siteName: "Sarkari Board",
        tagline: "Jobs, results and admit cards",
        contactEmail: "help@govjobs.test",
        contactPhone: "+91 98765 43210",
        securityEmail: "security@govjobs.test",
        sameAs: [],
        latestBar: { count: 5, rotateMs: 7000, refreshMs: 300_000 },
        bell: { perKind: 5, max: 10 },
        homeFaq: [],
      },
      PRIYA,
    );
    expect(saved.ok).toBe(true);
    await a.reach(start + 1);
    expect(a.cache.size).toBe(0);
    expect(a.cache.stats.fullInvalidations).toBe(full + 1);
    await a.source.stop();
  });

  it("a generation without its change row (a gap) empties the cache", async () => {
    const a = follower(database);
    const start = await readContentGeneration(database.db);
    await a.reach(start);
    fill(a.cache);
    // A bump that wrote no row, as a writer from before the table existed would.
    const written = await sql<{ value: string }>`
      update app_meta set value = cast(cast(value as integer) + 1 as text)
      where key = 'content_generation' returning value`.execute(other.db);
    const generation = Number(written.rows[0].value);
    if (dialect === "postgres")
      await sql`select pg_notify('govjobs_content', ${String(generation)})`.execute(other.db);
    await a.reach(generation);
    expect(a.cache.size).toBe(0);

    // The next write after the gap is precise again.
    fill(a.cache);
    await saveEntry(database.db, { kind: "syllabus", input: job("Any Syllabus"), actor: PRIYA });
    await a.reach(generation + 1);
    expect(states(a.cache)["/results/railway-result"]).toBe("fresh");
    expect(states(a.cache)["/mystery"]).toBe("gone");
    await a.source.stop();
  });

  it("a refused save writes neither a generation nor a change row; a save records its scopes", async () => {
    const before = await readContentGeneration(database.db);
    const rows = async () =>
      Number(
        (
          await database.db
            .selectFrom("content_changes")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const count = await rows();
    // A slug in use: the save is refused, and neither the generation nor a change row moved.
    const refused = await saveEntry(database.db, {
      kind: "job",
      input: { ...job("Another Clerk"), slug: "clerk-2026" },
      actor: PRIYA,
    });
    expect(refused.ok).toBe(false);
    expect(await readContentGeneration(database.db)).toBe(before);
    expect(await rows()).toBe(count);
    const row = await database.db
      .selectFrom("content_changes")
      .select("scopes")
      .where("generation", "=", before)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.scopes)).toContain("kind:/syllabus");
  });
});

async function until(check: () => Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
}
