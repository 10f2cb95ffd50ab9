import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../test/databases.ts";
import { openDatabase } from "~/platform/db/db.server.ts";
import { watchContentGeneration } from "./follow.server.ts";
import { contentChanged, SQLITE_GENERATION_MS } from "./generation.server.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("content generation on SQLite", () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase("sqlite");
  });
  afterAll(() => database.dispose());

  it("sees another process's write within SQLITE_GENERATION_MS, and its own at once", async () => {
    const source = watchContentGeneration(database);
    const before = source.currentSync();
    expect(before).toBe(await source.current());

    // Another process (here a second connection to the same file) bumps the generation; nothing
    // in this process hears of it.
    const other = openDatabase({ dialect: "sqlite", file: database.sqlite!.name });
    await sql`insert into app_meta (key, value) values ('content_generation', '1')
      on conflict (key) do update set value = cast(cast(app_meta.value as integer) + 1 as text)`.execute(
      other.db,
    );
    await other.close();
    // Requests within SQLITE_GENERATION_MS share one read; a later one reads the file again.
    await sleep(SQLITE_GENERATION_MS + 1);
    expect(source.currentSync()).toBe(before! + 1);

    // This process's own write is seen at once; the write returns only when every other
    // process's read from before it has expired.
    const started = performance.now();
    const own = await contentChanged(database.db);
    expect(performance.now() - started).toBeGreaterThanOrEqual(SQLITE_GENERATION_MS);
    expect(source.currentSync()).toBe(own);
    await source.stop();
  });
});

describe("content generation on PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase("postgres");
  });
  afterAll(() => database.dispose());

  it("hears another instance's write through NOTIFY within a second", async () => {
    const url = String(database.pool!.options.connectionString);
    const source = watchContentGeneration(database, url);
    // Until it listens it cannot tell, so the fast path stays off; the async read still answers.
    const start = await source.current();
    await until(() => source.currentSync() === start);

    const other = openDatabase({ dialect: "postgres", url });
    const written = await sql<{ value: string }>`
      update app_meta set value = cast(cast(value as integer) + 1 as text)
      where key = 'content_generation' returning value`.execute(other.db);
    const generation = written.rows.length ? Number(written.rows[0].value) : start;
    await sql`select pg_notify('govjobs_content', ${String(generation)})`.execute(other.db);
    await other.close();
    const heard = Date.now();
    await until(() => source.currentSync() === generation);
    expect(Date.now() - heard).toBeLessThan(1000);
    await source.stop();
  });
});

async function until(check: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
}
