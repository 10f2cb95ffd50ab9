import { Kysely, SqliteDialect, type CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../test/databases.ts";
import { readContentGeneration } from "~/page-cache/index.ts";
import { registerDialect } from "./dialect.ts";
import type { Database } from "./schema.ts";
import {
  countPublished,
  entriesOfJob,
  filterValues,
  findPublishedBySlug,
  getPublishedSummaryById,
  jobsClosingSoon,
  latestPublished,
  listPublished,
} from "../../entries/public.repository.server.ts";
import { searchPublished } from "../../entries/search.repository.server.ts";
import {
  feedItems,
  publicKindStats,
  sitemapEntries,
} from "../../seo/sitemaps.repository.server.ts";
import {
  configureNotFoundLog,
  flushNotFound,
  listNotFound,
  recordNotFound,
} from "../../redirects/not-found-log.repository.server.ts";
import { consumeRateLimit } from "../rate-limit.server.ts";
import { matchRedirect } from "../../redirects/redirects.repository.server.ts";
import { publishDue } from "../../entries/entries.service.server.ts";

/**
 * The hot queries (public pages, the bell, search, sitemaps, the scheduled sweep, the per-request
 * bookkeeping) as SQLite plans them: none may read the entries table row by row. The real queries
 * are captured from the repository functions, then explained with their own parameters.
 */
describe("query plans of the hot paths [sqlite]", () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let captured: CompiledQuery[] = [];
  let db: Kysely<Database>;
  beforeAll(async () => {
    database = await freshDatabase("sqlite");
    db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: database.sqlite! }),
      log: (event) => {
        if (event.level === "query") captured.push(event.query);
      },
    });
    registerDialect(db, "sqlite");
  });
  afterAll(() => database.dispose());

  const hot: [string, () => Promise<unknown>][] = [
    ["job list, page 1", () => listPublished(db, "job", { page: 1, perPage: 20 })],
    [
      "job list, open jobs",
      () => listPublished(db, "job", { page: 1, perPage: 20, filters: { openOn: "2026-11-24" } }),
    ],
    ["job list, last page", () => listPublished(db, "job", { page: 250, perPage: 20 })],
    [
      "job list by state",
      () => listPublished(db, "job", { page: 1, perPage: 20, filters: { state: "Kerala" } }),
    ],
    [
      "job list by organization",
      () => listPublished(db, "job", { page: 1, perPage: 20, filters: { organization: "X" } }),
    ],
    [
      "job list by qualification",
      () => listPublished(db, "job", { page: 1, perPage: 20, filters: { qualification: "10th" } }),
    ],
    ["filter values", () => filterValues(db, "job", "state")],
    [
      "open jobs of a state, counted",
      () => countPublished(db, "job", { state: "Kerala", openOn: "2026-11-24" }),
    ],
    [
      "open jobs of a qualification, listed",
      () =>
        listPublished(db, "job", {
          page: 1,
          perPage: 20,
          filters: { qualification: "10th", openOn: "2026-11-24" },
        }),
    ],
    ["bell / latest", () => latestPublished(db, "result", 10)],
    ["bell / latest, open jobs", () => latestPublished(db, "job", 10, { openOn: "2026-11-24" })],
    ["closing soon", () => jobsClosingSoon(db, 7, 10)],
    ["detail by slug", () => findPublishedBySlug(db, "job", "no-such-job")],
    ["a job's entries", () => entriesOfJob(db, "job-id")],
    ["summary by id", () => getPublishedSummaryById(db, "job-id")],
    ["search", () => searchPublished(db, "clerk railway")],
    ["search naming a kind", () => searchPublished(db, "railway result")],
    ["search of a kind alone", () => searchPublished(db, "admit card")],
    ["sitemap file", () => sitemapEntries(db, "job", { page: 3 })],
    ["sitemap index", () => publicKindStats(db)],
    ["feed", () => feedItems(db, "job", 50)],
    ["scheduled sweep", () => publishDue(db)],
    ["content generation", () => readContentGeneration(db)],
    ["redirect lookup", () => matchRedirect(db, "/old-page")],
    [
      "404 log write and cap",
      async () => {
        // Two paths over a cap of one: the write, the count and the pruning all run.
        configureNotFoundLog({ maxRows: 1 });
        recordNotFound(db, "/missing", null);
        recordNotFound(db, "/also-missing", null);
        await flushNotFound();
      },
    ],
    ["404 log list", () => listNotFound(db, { limit: 50, offset: 50 })],
    ["rate limit", () => consumeRateLimit(db, "search:1.2.3.4", { limit: 60, windowMs: 60_000 })],
  ];

  it.each(hot)("%s uses an index", async (name, run) => {
    captured = [];
    await run();
    expect(captured.length).toBeGreaterThan(0);
    for (const query of captured) {
      const plan = database
        .sqlite!.prepare(`explain query plan ${query.sql}`)
        .all(...(query.parameters as unknown[])) as { detail: string }[];
      const details = plan.map((row) => row.detail);
      // "SCAN entries" alone is a full table scan; "SCAN entries USING INDEX" walks an index in
      // order and stops at the LIMIT, "SEARCH … USING INDEX" seeks.
      const fullScans = details.filter((d) =>
        /^SCAN (entries|redirects|not_found_log|rate_limits)\b(?! USING)/.test(d),
      );
      expect(fullScans, `${query.sql}\n${details.join("\n")}`).toEqual([]);
      // A list page walks an index in its order and stops at the page: sorting every entry of
      // the kind first cost 20 ms a page at 100,000 entries.
      if (name.includes("list") && /order by/i.test(query.sql))
        expect(details.join("\n"), query.sql).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
    }
  });

  /** The columns of each index SQLite plans the first query of `run` with (one per table read). */
  async function indexColumns(run: () => Promise<unknown>): Promise<string[][]> {
    captured = [];
    await run();
    const [query] = captured;
    const plan = database
      .sqlite!.prepare(`explain query plan ${query.sql}`)
      .all(...(query.parameters as unknown[])) as { detail: string }[];
    const reads = plan.filter((row) => /^(SEARCH|SCAN) entries\b/.test(row.detail));
    expect(reads.length, plan.map((row) => row.detail).join("\n")).toBeGreaterThan(0);
    return reads.map((row) => {
      const index = /USING (?:COVERING )?INDEX (\w+)/.exec(row.detail)?.[1];
      expect(index, row.detail).toBeDefined();
      return database
        .sqlite!.prepare(`pragma index_info(${index})`)
        .all()
        .map((c) => (c as { name: string }).name);
    });
  }

  it("counts a filtered list's open jobs with an index that holds the last date", async () => {
    // SQLite reads the row only for a column its index lacks (a deferred seek), so with the
    // last date in the index the count never touches the table (4,286 rows: 9.6 ms -> 0.7 ms).
    for (const [column, filter] of [
      ["state", { state: "Kerala" }],
      ["organization", { organization: "X" }],
      ["qualification", { qualification: "10th" }],
    ] as const) {
      for (const columns of await indexColumns(() =>
        countPublished(db, "job", { ...filter, openOn: "2026-11-24" }),
      ))
        expect(columns).toEqual(expect.arrayContaining(["kind", column, "last_date"]));
    }
    // The whole job list's open jobs too (/jobs: counted through the sitemaps' index, which lacks
    // the last date, 60,000 rows were read, 82–105 ms at 100,000 entries after every publish).
    const whole = await indexColumns(() => countPublished(db, "job", { openOn: "2026-11-24" }));
    for (const columns of whole)
      expect(columns).toEqual(expect.arrayContaining(["kind", "last_date"]));
  });

  it("counts and dates each kind for the sitemaps from an index that holds updated_at", async () => {
    // Grouping the public entries by kind read every row for its updated_at: 157 ms at 100,000
    // entries (11 ms from the index), once per generation when a crawler asks for the sitemaps.
    expect(await indexColumns(() => publicKindStats(db))).toEqual([["kind", "updated_at"]]);
  });
});
