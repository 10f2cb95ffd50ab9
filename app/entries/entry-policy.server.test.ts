import { sql } from "kysely";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../test/databases.ts";
import type { DB } from "../platform/db/db.server.ts";
import type { EntryWrite } from "./entries.repository.server.ts";
import { approveEntry, saveEntry } from "./entries.service.server.ts";
import type { Actor } from "../writes/transaction.server.ts";

// Issue 27: the entries service asks the policy (app/content/policy.ts) with the entry as its own
// transaction reads it, and decides the audit action there, not from what a route read earlier.
const ASHA: Actor = { id: "user-asha", email: "asha@govjobs.test", name: "Asha" };
const EDITOR: Actor = { id: "user-ravi", email: "ravi@govjobs.test", name: "Ravi" };
const asha = { id: "user-asha", role: "author" as const };
const ravi = { id: "user-ravi", role: "editor" as const };

const job = (title: string, status: EntryWrite["status"], feeNote = "Pay online."): EntryWrite => ({
  title,
  organization: "Central Staff Selection Agency",
  status,
  data: { summary: `Summary of ${title}`, lastDate: "2030-01-31", feeNote },
});

async function actions(db: DB, id: string) {
  const rows = await db
    .selectFrom("audit_log")
    .select("action")
    .where("detail", "like", `id ${id};%`)
    .execute();
  // In no set order (ids are random, one save's rows share a time): compared as sorted lists.
  return rows.map((r) => r.action).sort();
}

/** PostgreSQL's pool connects on demand: connected first, the writes run side by side. */
const warm = (db: DB) => Promise.all([1, 2, 3, 4].map(() => sql`select 1`.execute(db)));

describeEachDatabase("the entries service's policy", (db) => {
  it("refuses an author's late save once an editor has published their entry: nothing written", async () => {
    const draft = await saveEntry(db(), {
      kind: "job",
      input: job("Asha's Clerk Post", "pending"),
      actor: ASHA,
      user: asha,
    });
    if (!draft.ok) throw new Error("not saved");
    const { id } = draft.entry;
    expect(await approveEntry(db(), { kind: "job", id, actor: EDITOR })).toMatchObject({
      ok: true,
    });
    // The author's form was loaded before the approval and sent no version: only the policy,
    // with the row as the transaction reads it, stops the save.
    const late = await saveEntry(db(), {
      kind: "job",
      id,
      input: job("Asha's Clerk Post (changed)", "pending"),
      actor: ASHA,
      user: asha,
    });
    expect(late).toEqual({ ok: false, reason: "forbidden" });
    const row = await db()
      .selectFrom("entries")
      .select(["title", "status"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ title: "Asha's Clerk Post", status: "published" });
    expect(await actions(db(), id)).toEqual(["entry.approve", "entry.submit"]);
  });

  it("refuses an author's publish and another author's entry; an editor's publish of a submission is an approval", async () => {
    const published = await saveEntry(db(), {
      kind: "job",
      input: job("Asha Publishes", "published"),
      actor: ASHA,
      user: asha,
    });
    expect(published).toEqual({ ok: false, reason: "forbidden" });
    const mine = await saveEntry(db(), {
      kind: "job",
      input: job("Asha's Typist Post", "draft"),
      actor: ASHA,
      user: asha,
    });
    if (!mine.ok) throw new Error("not saved");
    const other = { id: "user-meera", role: "author" as const };
    const theirs = await saveEntry(db(), {
      kind: "job",
      id: mine.entry.id,
      input: job("Meera's now", "draft"),
      actor: { id: other.id, email: null, name: "Meera" },
      user: other,
    });
    expect(theirs).toEqual({ ok: false, reason: "forbidden" });
    await saveEntry(db(), {
      kind: "job",
      id: mine.entry.id,
      input: job("Asha's Typist Post", "pending"),
      actor: ASHA,
      user: asha,
    });
    const approved = await saveEntry(db(), {
      kind: "job",
      id: mine.entry.id,
      input: job("Asha's Typist Post", "published"),
      actor: EDITOR,
      user: ravi,
    });
    expect(approved.ok).toBe(true);
    expect(await actions(db(), mine.entry.id)).toEqual([
      "entry.approve",
      "entry.create",
      "entry.submit",
    ]);
  });

  it("50 editors approving one submission at once: one publishes it, 49 are told it was handled", async () => {
    const submitted = await saveEntry(db(), {
      kind: "job",
      input: job("Popular Peon Post", "pending"),
      actor: ASHA,
      user: asha,
    });
    if (!submitted.ok) throw new Error("not saved");
    await warm(db());
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        approveEntry(db(), { kind: "job", id: submitted.entry.id, actor: EDITOR }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === "stale")).toHaveLength(49);
    expect(await actions(db(), submitted.entry.id)).toEqual(["entry.approve", "entry.submit"]);
  });

  it("50 saves of one version at once: one is written, 49 are refused as stale", async () => {
    const entry = await saveEntry(db(), {
      kind: "job",
      input: job("Busy Steno Post", "published"),
      actor: EDITOR,
      user: ravi,
    });
    if (!entry.ok) throw new Error("not saved");
    await warm(db());
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        saveEntry(db(), {
          kind: "job",
          id: entry.entry.id,
          input: job("Busy Steno Post", "published", `Fee note ${i}`),
          expectedVersion: entry.entry.updatedAt,
          actor: EDITOR,
          user: ravi,
        }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === "stale")).toHaveLength(49);
    const revisions = await db()
      .selectFrom("revisions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("subject_id", "=", entry.entry.id)
      .executeTakeFirstOrThrow();
    expect(Number(revisions.n)).toBe(2);
  });
});
