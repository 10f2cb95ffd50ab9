import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase } from "../../../test/databases.ts";
import { migrationProvider } from "./migrations/index.ts";

// Issue 25: stored push errors showed editors an internal service's body and open ports.
const MIGRATION = "2026-11-26T1000-push-errors-scrubbed";

describe.each(DIALECTS)("push errors scrubbed by migration [%s]", (dialect) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  const migrator = () =>
    new Migrator({
      db: database.db,
      provider: migrationProvider(dialect),
      migrationTableName: "kysely_migration",
      migrationLockTableName: "kysely_migration_lock",
    });

  beforeAll(async () => {
    database = await freshDatabase(dialect, { migrated: false });
    const names = Object.keys(await migrationProvider(dialect).getMigrations()).sort();
    const at = names.indexOf(MIGRATION);
    expect(at).toBeGreaterThan(0);
    expect((await migrator().migrateTo(names[at - 1])).error).toBeUndefined();
  });
  afterAll(() => database?.dispose());

  it("keeps the status code and a fixed reason, nothing of the remote answer", async () => {
    const at = new Date().toISOString();
    const row = (id: string, channel: "push" | "email", lastError: string) => ({
      id,
      channel,
      key: `k-${id}`,
      payload: "{}",
      status: "failed" as const,
      attempts: 1,
      next_attempt_at: at,
      created_at: at,
      last_error: lastError,
    });
    await database.db
      .insertInto("outbox")
      .values([
        row("a", "push", "push service answered 403: SECRET-INTERNAL-DATA from the admin port"),
        row("b", "push", "push service unreachable: ECONNREFUSED"),
        row("c", "push", "push service answered 503: "),
        row("d", "email", "push service answered 403: an e-mail error stays as it was"),
      ])
      .execute();
    expect((await migrator().migrateTo(MIGRATION)).error).toBeUndefined();
    const rows = await database.db
      .selectFrom("outbox")
      .select(["id", "last_error"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { id: "a", last_error: "push service answered 403" },
      { id: "b", last_error: "push service unreachable" },
      { id: "c", last_error: "push service answered 503" },
      { id: "d", last_error: "push service answered 403: an e-mail error stays as it was" },
    ]);
  });
});
