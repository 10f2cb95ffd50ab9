import { sql } from "kysely";
import { afterEach, expect, it } from "vitest";
import { describeEachDatabase, freshDatabase, DIALECTS } from "../../test/databases.ts";
import { readContentGeneration } from "~/page-cache/index.ts";
import type { DB } from "../platform/db/db.server.ts";
import type { EntryWrite } from "./entries.repository.server.ts";
import {
  approveEntry,
  publishDue,
  restoreEntries,
  saveEntry,
  trashEntries,
} from "./entries.service.server.ts";
import type { Actor } from "../writes/transaction.server.ts";

const PRIYA: Actor = { id: "user-priya", email: "priya@govjobs.test", name: "Priya" };
const ARJUN: Actor = { id: "user-arjun", email: "arjun@govjobs.test", name: "Arjun" };

function job(title: string, extra: Record<string, unknown> = {}): EntryWrite {
  return {
    title,
    organization: "Central Staff Selection Agency",
    status: "published",
    data: {
      summary: `Summary of ${title}`,
      employmentType: "FULL_TIME",
      state: "Delhi",
      lastDate: "2030-01-31",
      examDate: "2030-03-01",
      feeNote: "Pay online.",
      qualification: "Graduate",
      ...extra,
    },
  };
}

async function counts(db: DB, entryId: string) {
  const [revisions, audit, entry] = await Promise.all([
    db
      .selectFrom("revisions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("subject_id", "=", entryId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("audit_log")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("detail", "like", `id ${entryId}%`)
      .executeTakeFirstOrThrow(),
    db.selectFrom("entries").selectAll().where("id", "=", entryId).executeTakeFirst(),
  ]);
  return { revisions: Number(revisions.n), audit: Number(audit.n), entry };
}

async function created(db: DB, title: string, actor = PRIYA) {
  const result = await saveEntry(db, { kind: "job", input: job(title), actor });
  if (!result.ok) throw new Error(`not created: ${JSON.stringify(result)}`);
  return result.entry;
}

describeEachDatabase("the entry write path", (db) => {
  it("writes the row, a revision, an audit row and a new generation together", async () => {
    const before = await readContentGeneration(db());
    const entry = await created(db(), "Clerk Recruitment");
    const after = await counts(db(), entry.id);
    expect(after.revisions).toBe(1);
    expect(after.audit).toBe(1);
    expect(after.entry?.updated_by).toBe(PRIYA.id);
    expect(await readContentGeneration(db())).toBe(before + 1);
    const audit = await db()
      .selectFrom("audit_log")
      .selectAll()
      .where("detail", "like", `id ${entry.id}%`)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: "entry.create",
      actor_id: PRIYA.id,
      actor_email: PRIYA.email,
    });
  });

  it("refuses a save made against an older version: nothing written, who and what said", async () => {
    const entry = await created(db(), "Typist Recruitment");
    const loaded = entry.updatedAt;
    // Arjun saves first, from a form loaded at the same version.
    const first = await saveEntry(db(), {
      kind: "job",
      id: entry.id,
      input: job("Typist Recruitment", { examDate: "2030-04-15" }),
      expectedVersion: loaded,
      actor: ARJUN,
    });
    expect(first.ok).toBe(true);
    const stored = await counts(db(), entry.id);
    const generation = await readContentGeneration(db());

    const second = await saveEntry(db(), {
      kind: "job",
      id: entry.id,
      input: job("Typist Recruitment", { feeNote: "Pay by UPI only." }),
      expectedVersion: loaded,
      actor: PRIYA,
    });
    expect(second).toMatchObject({ ok: false, reason: "stale", by: "Arjun" });
    if (second.ok || second.reason !== "stale") throw new Error("not stale");
    expect(second.current.data.examDate).toBe("2030-04-15");
    expect(second.loaded?.data.examDate).toBe("2030-03-01");
    // Nothing of Priya's save reached the database.
    const now = await counts(db(), entry.id);
    expect(now.revisions).toBe(stored.revisions);
    expect(now.audit).toBe(stored.audit);
    expect(JSON.parse(now.entry!.data)).toMatchObject({
      examDate: "2030-04-15",
      feeNote: "Pay online.",
    });
    expect(await readContentGeneration(db())).toBe(generation);

    // Saving again from the current version is a choice the editor makes, and goes through.
    const again = await saveEntry(db(), {
      kind: "job",
      id: entry.id,
      input: job("Typist Recruitment", { examDate: "2030-04-15", feeNote: "Pay by UPI only." }),
      expectedVersion: second.current.updatedAt,
      actor: PRIYA,
    });
    expect(again.ok).toBe(true);
  });

  it("lets exactly one of two racing saves of the same version through", async () => {
    const entry = await created(db(), "Steno Recruitment");
    const results = await Promise.all(
      [ARJUN, PRIYA].map((actor, i) =>
        saveEntry(db(), {
          kind: "job",
          id: entry.id,
          input: job("Steno Recruitment", { feeNote: `Fee note ${i}` }),
          expectedVersion: entry.updatedAt,
          actor,
        }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === "stale")).toHaveLength(1);
    expect((await counts(db(), entry.id)).revisions).toBe(2);
  });

  it("publishes due entries with a revision and an audit row by the scheduler", async () => {
    const scheduled = await saveEntry(db(), {
      kind: "job",
      input: {
        ...job("Scheduled Recruitment"),
        status: "scheduled",
        publishAt: "2030-06-01T09:00:00.000Z",
      },
      actor: PRIYA,
    });
    if (!scheduled.ok) throw new Error("not saved");
    const generation = await readContentGeneration(db());
    expect(await publishDue(db(), "2030-05-31T00:00:00.000Z")).toBe(0);
    expect(await readContentGeneration(db())).toBe(generation);
    expect(await publishDue(db(), "2030-06-01T09:00:01.000Z")).toBe(1);
    const revision = await db()
      .selectFrom("revisions")
      .selectAll()
      .where("subject_id", "=", scheduled.entry.id)
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    expect(revision.author_name).toBe("scheduler");
    expect(JSON.parse(revision.snapshot)).toMatchObject({ status: "published" });
    const audit = await db()
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "entry.publish-scheduled")
      .where("detail", "=", `id ${scheduled.entry.id}`)
      .executeTakeFirstOrThrow();
    expect(audit.actor_email).toBe("scheduler");
    expect(await readContentGeneration(db())).toBe(generation + 1);
  });

  it("approves a submission once: of two editors approving at once, one wins, the other is refused", async () => {
    const submitted = await saveEntry(db(), {
      kind: "job",
      input: { ...job("Peon Recruitment"), status: "pending" },
      actor: PRIYA,
    });
    if (!submitted.ok) throw new Error("not saved");
    const { id } = submitted.entry;
    // PostgreSQL's pool connects on demand: connected first, the two approvals run side by side.
    await Promise.all([1, 2, 3, 4].map(() => sql`select 1`.execute(db())));
    const results = await Promise.all(
      [ARJUN, PRIYA].map((actor) => approveEntry(db(), { kind: "job", id, actor })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === "stale")).toHaveLength(1);
    const approvals = await db()
      .selectFrom("audit_log")
      .select("actor_email")
      .where("action", "=", "entry.approve")
      .where("detail", "like", `id ${id};%`)
      .execute();
    expect(approvals).toHaveLength(1);
    const after = await counts(db(), id);
    expect(after.entry?.status).toBe("published");
    // The submission's revision and the approval's: one, not one per click.
    expect(after.revisions).toBe(2);
  });

  it("refuses to approve what is not waiting for review: a draft, another kind, a trashed entry", async () => {
    const draft = await created(db(), "Draft Clerk Recruitment");
    await saveEntry(db(), {
      kind: "job",
      id: draft.id,
      input: { ...job("Draft Clerk Recruitment"), status: "draft" },
      actor: PRIYA,
    });
    expect(await approveEntry(db(), { kind: "job", id: draft.id, actor: ARJUN })).toEqual({
      ok: false,
      reason: "stale",
    });
    const pending = await saveEntry(db(), {
      kind: "job",
      input: { ...job("Pending Typist Recruitment"), status: "pending" },
      actor: PRIYA,
    });
    if (!pending.ok) throw new Error("not saved");
    const asResult = await approveEntry(db(), {
      kind: "result",
      id: pending.entry.id,
      actor: ARJUN,
    });
    expect(asResult).toEqual({ ok: false, reason: "stale" });
    await trashEntries(db(), "job", [pending.entry.id], PRIYA);
    const trashed = await approveEntry(db(), { kind: "job", id: pending.entry.id, actor: ARJUN });
    expect(trashed).toEqual({ ok: false, reason: "stale" });
    expect((await counts(db(), pending.entry.id)).entry?.status).toBe("pending");
  });

  it("trashes and restores with an audit row each", async () => {
    const entry = await created(db(), "Trash Recruitment");
    expect(await trashEntries(db(), "job", [entry.id], ARJUN)).toHaveLength(1);
    expect(await restoreEntries(db(), [entry.id], ARJUN)).toHaveLength(1);
    const actions = await db()
      .selectFrom("audit_log")
      .select("action")
      .where("detail", "=", `id ${entry.id}`)
      .orderBy("created_at")
      .execute();
    expect(actions.map((a) => a.action)).toEqual(["entry.trash", "entry.restore"]);
  });
});

// A database per test: these break the audit table on purpose.
for (const dialect of DIALECTS) {
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it(`rolls back the row change and the revision when the audit insert fails [${dialect}]`, async () => {
    database = await freshDatabase(dialect);
    const db = database.db;
    const entry = await created(db, "Rollback Recruitment");
    const before = await counts(db, entry.id);
    const generation = await readContentGeneration(db);
    // From here on every audit insert fails.
    await sql`drop table audit_log`.execute(db);

    await expect(
      saveEntry(db, {
        kind: "job",
        id: entry.id,
        input: job("Rollback Recruitment, changed", { examDate: "2031-01-01" }),
        expectedVersion: entry.updatedAt,
        actor: ARJUN,
      }),
    ).rejects.toThrow(/audit_log/);
    await expect(
      saveEntry(db, { kind: "job", input: job("Never Created"), actor: ARJUN }),
    ).rejects.toThrow(/audit_log/);

    const row = await db
      .selectFrom("entries")
      .selectAll()
      .where("id", "=", entry.id)
      .executeTakeFirstOrThrow();
    expect(row.title).toBe("Rollback Recruitment");
    expect(row.updated_at).toBe(before.entry!.updated_at);
    const revisions = await db.selectFrom("revisions").select("subject_id").execute();
    expect(revisions.map((r) => r.subject_id)).toEqual([entry.id]);
    const titles = await db.selectFrom("entries").select("title").execute();
    expect(titles.map((t) => t.title)).toEqual(["Rollback Recruitment"]);
    expect(await readContentGeneration(db)).toBe(generation);
  });
}
