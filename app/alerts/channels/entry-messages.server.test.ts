import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../test/databases.ts";
import { job } from "../../../test/entries.ts";
import { publishDue, saveEntry, trashEntries } from "../../entries/entries.service.server.ts";
import type { Actor } from "../../writes/transaction.server.ts";
import { configureEntryMessages } from "./entry-messages.server.ts";

const EDITOR: Actor = { id: null, email: "editor@govjobs.test", name: "Editor" };
const BASE = "https://govjobs.example";

beforeAll(() => configureEntryMessages({ baseUrl: BASE, indexing: true, telegram: true }));
afterAll(() => configureEntryMessages(undefined));

describeEachDatabase("Indexing API and Telegram messages from the write path", (db) => {
  const outbox = (entrySlug: string) =>
    db()
      .selectFrom("outbox")
      .select(["channel", "key", "payload"])
      .where((eb) =>
        eb.or([eb("key", "like", `%/jobs/${entrySlug}`), eb("channel", "=", "telegram")]),
      )
      .orderBy("created_at")
      .orderBy("key")
      .execute()
      .then((rows) => rows.map((r) => ({ ...r, payload: JSON.parse(r.payload) })));

  it("publishing a job enqueues URL_UPDATED and the channel post with it", async () => {
    const saved = await saveEntry(db(), {
      kind: "job",
      input: job("Forest Guard 2026"),
      actor: EDITOR,
    });
    if (!saved.ok) throw new Error(saved.reason);
    const rows = await outbox(saved.entry.slug);
    expect(rows.map((r) => [r.channel, r.payload.type ?? "post"])).toEqual([
      ["indexing", "URL_UPDATED"],
      ["telegram", "post"],
    ]);
    expect(rows[0].payload.url).toBe(`${BASE}/jobs/${saved.entry.slug}`);
    expect(rows[1].payload.text).toContain("<b>Forest Guard 2026</b>");
  });

  it("unpublishing and trashing tell Google the page is gone; no second post", async () => {
    const saved = await saveEntry(db(), {
      kind: "job",
      input: job("Lab Assistant 2026"),
      actor: EDITOR,
    });
    if (!saved.ok) throw new Error(saved.reason);
    const draft = await saveEntry(db(), {
      kind: "job",
      id: saved.entry.id,
      input: { ...job("Lab Assistant 2026"), status: "draft" },
      expectedVersion: saved.entry.updatedAt,
      actor: EDITOR,
    });
    if (!draft.ok) throw new Error(draft.reason);
    const again = await saveEntry(db(), {
      kind: "job",
      id: saved.entry.id,
      input: job("Lab Assistant 2026"),
      expectedVersion: draft.entry.updatedAt,
      actor: EDITOR,
    });
    if (!again.ok) throw new Error(again.reason);
    await trashEntries(db(), "job", [saved.entry.id], EDITOR);
    const rows = (await outbox(saved.entry.slug)).filter(
      (r) => r.channel === "indexing" || r.key === `telegram:${saved.entry.id}`,
    );
    expect(rows.map((r) => `${r.channel}:${r.payload.type ?? "post"}`)).toEqual([
      "indexing:URL_UPDATED",
      "telegram:post",
      "indexing:URL_DELETED",
      "indexing:URL_UPDATED",
      "indexing:URL_DELETED",
    ]);
  });

  it("a scheduled job going live is announced like a published one", async () => {
    const saved = await saveEntry(db(), {
      kind: "job",
      input: {
        ...job("Scheduled Clerk 2026"),
        status: "scheduled",
        publishAt: "2026-01-01T00:00:00.000Z",
      },
      actor: EDITOR,
    });
    if (!saved.ok) throw new Error(saved.reason);
    expect(
      await outbox(saved.entry.slug).then((r) =>
        r.filter((m) => m.key.includes(saved.entry.slug) || m.key.endsWith(saved.entry.id)),
      ),
    ).toEqual([]);
    expect(await publishDue(db())).toBe(1);
    const rows = (await outbox(saved.entry.slug)).filter(
      (r) => r.channel === "indexing" || r.key === `telegram:${saved.entry.id}`,
    );
    expect(rows.map((r) => r.channel)).toEqual(["indexing", "telegram"]);
  });

  it("a save refused for a taken slug enqueues nothing", async () => {
    const before = await db().selectFrom("outbox").select("id").execute();
    const taken = await saveEntry(db(), {
      kind: "job",
      input: { ...job("Forest Guard 2026 again"), slug: "forest-guard-2026" },
      actor: EDITOR,
    });
    expect(taken.ok).toBe(false);
    expect(await db().selectFrom("outbox").select("id").execute()).toHaveLength(before.length);
  });
});
