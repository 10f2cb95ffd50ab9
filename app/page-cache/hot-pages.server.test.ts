import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase } from "../../test/databases.ts";
import { openDatabase } from "~/platform/db/db.server.ts";
import {
  HOT_WINDOW_MINUTES,
  HotPageCounter,
  MAX_COUNTED_URLS,
  MAX_HOT_URL_LENGTH,
  flushHotPages,
  hotPageCounter,
  listHotPages,
  minuteOf,
  recordHotPages,
  warmPages,
} from "./hot-pages.server.ts";

const MINUTE = minuteOf(Date.parse("2026-11-27T02:00:00Z"));

describe.each(DIALECTS)("hot list in the database [%s]", (dialect) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
  });
  afterAll(async () => {
    await database?.dispose();
  });
  beforeEach(async () => {
    await database.db.deleteFrom("hot_pages").execute();
  });
  const db = () => database.db;

  it("sums what two workers wrote for one minute, and lists the most hit first", async () => {
    await recordHotPages(
      db(),
      [
        { url: "/jobs", hits: 5 },
        { url: "/results", hits: 7 },
      ],
      MINUTE,
    );
    await recordHotPages(
      db(),
      [
        { url: "/jobs", hits: 4 },
        { url: "/", hits: 1 },
      ],
      MINUTE,
    );
    await recordHotPages(db(), [{ url: "/", hits: 2 }], MINUTE + 1);
    expect(await listHotPages(db(), 10)).toEqual(["/jobs", "/results", "/"]);
    expect(await listHotPages(db(), 2)).toEqual(["/jobs", "/results"]);
  });

  it("counts the hour before the newest minute, and a write deletes older minutes", async () => {
    await recordHotPages(db(), [{ url: "/old-favourite", hits: 1000 }], MINUTE);
    await recordHotPages(db(), [{ url: "/jobs", hits: 3 }], MINUTE + HOT_WINDOW_MINUTES);
    expect(await listHotPages(db(), 10)).toEqual(["/old-favourite", "/jobs"]);
    await recordHotPages(db(), [{ url: "/results", hits: 1 }], MINUTE + HOT_WINDOW_MINUTES + 1);
    expect(await listHotPages(db(), 10)).toEqual(["/jobs", "/results"]);
    const minutes = await db().selectFrom("hot_pages").select("minute").execute();
    expect(minutes.map((r) => Number(r.minute))).not.toContain(MINUTE);
  });

  it("keeps the list through a restart: another connection reads what a flush wrote", async () => {
    for (let i = 0; i < 3; i++) hotPageCounter.count("/admit-cards");
    hotPageCounter.count("/syllabus");
    await flushHotPages(db(), Date.parse("2026-11-27T02:05:30Z"));
    expect(hotPageCounter.size).toBe(0);
    const reopened = openDatabase(
      dialect === "sqlite"
        ? { dialect: "sqlite", file: database.url }
        : { dialect: "postgres", url: database.url },
    );
    try {
      expect(await listHotPages(reopened.db, 200)).toEqual(["/admit-cards", "/syllabus"]);
    } finally {
      await reopened.close();
    }
  });

  it("has an empty list before anything was recorded", async () => {
    expect(await listHotPages(db(), 200)).toEqual([]);
  });
});

describe("counting hot pages in memory", () => {
  it("refuses addresses longer than the cap and client-navigation data requests", () => {
    const counter = new HotPageCounter();
    counter.count(`/search?q=${"x".repeat(MAX_HOT_URL_LENGTH)}`);
    counter.count("/jobs.data?_routes=routes%2Fsite%2Fkind-list");
    counter.count("//evil.example/jobs");
    counter.count("/jobs");
    expect(counter.take().map((r) => r.url)).toEqual(["/jobs"]);
  });

  it("keeps the pages many people asked for through a flood of distinct junk addresses", () => {
    const counter = new HotPageCounter();
    for (let i = 0; i < 50; i++) counter.count("/results");
    for (let i = 0; i < 20; i++) counter.count("/jobs");
    for (let i = 0; i < MAX_COUNTED_URLS * 3; i++) counter.count(`/search?q=junk${i}`);
    expect(counter.size).toBeLessThanOrEqual(MAX_COUNTED_URLS);
    const top = counter.take(2);
    expect(top).toEqual([
      { url: "/results", hits: 50 },
      { url: "/jobs", hits: 20 },
    ]);
    expect(counter.size).toBe(0);
  });

  it("writes at most the requested number of rows, most counted first", () => {
    const counter = new HotPageCounter();
    for (let i = 0; i < 10; i++) for (let n = 0; n <= i; n++) counter.count(`/p${i}`);
    expect(counter.take(3).map((r) => r.url)).toEqual(["/p9", "/p8", "/p7"]);
  });
});

describe("drawing the hot pages at start", () => {
  it("draws every page in order when there is time", async () => {
    const drawn: string[] = [];
    const warming = await warmPages(["/a", "/b", "/c"], async (url) => drawn.push(url), 60_000);
    await warming.done;
    expect(drawn).toEqual(["/a", "/b", "/c"]);
    expect(warming.drawn).toBe(3);
  });

  it("stops holding the start at the bound while a draw still runs, and draws the rest after", async () => {
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    const drawn: string[] = [];
    const draw = async (url: string) => {
      if (url === "/slow") await stuck;
      drawn.push(url);
    };
    // Resolves although /slow never finishes before it: the caller listens now.
    const warming = await warmPages(["/fast", "/slow", "/after"], draw, 20);
    expect(drawn).toEqual(["/fast"]);
    expect(warming.drawn).toBe(1);
    release();
    await warming.done;
    expect(drawn).toEqual(["/fast", "/slow", "/after"]);
  });

  it("goes on past a page that fails, and stops after the page being drawn when told", async () => {
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    const drawn: string[] = [];
    const warming = await warmPages(
      ["/broken", "/a", "/b", "/c"],
      async (url) => {
        if (url === "/broken") throw new Error("no such page");
        if (url === "/a") await stuck;
        drawn.push(url);
      },
      20,
    );
    warming.stop();
    release();
    await warming.done;
    expect(drawn).toEqual(["/a"]);
    expect(warming.drawn).toBe(2);
  });
});
