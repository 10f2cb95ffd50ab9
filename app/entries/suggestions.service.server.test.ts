import { expect, it } from "vitest";
import { describeEachDatabase } from "../../test/databases.ts";
import { job } from "../../test/entries.ts";
import { changedEntry, savedEntry, TEST_ACTOR } from "../../test/writes.ts";
import { listEntryChanges } from "./public.repository.server.ts";
import { getEntryById } from "./entry-row.server.ts";
import { listSuggestions } from "./suggestions.repository.server.ts";
import { listRevisions } from "../writes/revisions.repository.server.ts";
import { applySuggestion, declineSuggestion, suggestChange } from "./suggestions.service.server.ts";

const author = { id: "author-1", email: "author@example.com", name: "Author" };
const editor = { id: "editor-1", email: "editor@example.com", name: "Editor" };

describeEachDatabase("suggested changes", (db) => {
  /** An author's job the editor published, extending its last date on the way. */
  async function published() {
    const draft = await savedEntry(
      db(),
      "job",
      job("Suggested Clerk", { feeNote: "Pay online." }, "pending"),
      author,
    );
    const live = await changedEntry(
      db(),
      draft.id,
      job("Suggested Clerk", { feeNote: "Pay online.", lastDate: "2030-02-28" }),
      TEST_ACTOR,
    );
    return { draft, live };
  }

  it("applies only the author's changes, on the entry as it is now, through the write path", async () => {
    const { draft, live } = await published();
    // The author edited the version they had open: the old last date, a new fee note.
    const id = await suggestChange(db(), {
      entry: live,
      snapshot: { ...draft, data: { ...draft.data, feeNote: "Pay at a post office too." } },
      baseVersion: draft.updatedAt,
      actor: author,
    });
    expect((await listSuggestions(db())).map((s) => s.id)).toEqual([id]);
    // Not part of the history until applied.
    expect(await listRevisions(db(), "entry", live.id)).toHaveLength(2);

    const stale = await applySuggestion(db(), { id, version: draft.updatedAt, actor: editor });
    expect(stale).toMatchObject({ ok: false, reason: "stale" });
    const [first, second] = await Promise.all([
      applySuggestion(db(), { id, version: live.updatedAt, actor: editor }),
      applySuggestion(db(), { id, version: live.updatedAt, actor: editor }),
    ]);
    expect([first.ok, second.ok].filter(Boolean)).toHaveLength(1);
    const now = await getEntryById(db(), live.id);
    expect(now?.status).toBe("published");
    // The editor's extension stays; the author's fee note is added.
    expect(now?.data).toMatchObject({
      lastDate: "2030-02-28",
      feeNote: "Pay at a post office too.",
    });
    expect(await listRevisions(db(), "entry", live.id)).toHaveLength(3);
    expect(await listSuggestions(db())).toEqual([]);
    const [mine] = await listSuggestions(db(), { authorId: author.id });
    expect(mine).toMatchObject({ state: "applied", decidedBy: "Editor" });
    // A small edit: no public change log line.
    expect(await listEntryChanges(db(), live.id)).toEqual([]);
  });

  it("declines without touching the entry, and keeps one waiting suggestion per author", async () => {
    const { draft, live } = await published();
    const send = (feeNote: string) =>
      suggestChange(db(), {
        entry: live,
        snapshot: { ...draft, data: { ...draft.data, feeNote } },
        baseVersion: draft.updatedAt,
        actor: author,
      });
    await send("First try.");
    const second = await send("Second try.");
    expect((await listSuggestions(db())).map((s) => s.id)).toEqual([second]);
    expect(await declineSuggestion(db(), { id: second, actor: editor })).toMatchObject({
      ok: true,
    });
    expect(await declineSuggestion(db(), { id: second, actor: editor })).toMatchObject({
      ok: false,
      reason: "gone",
    });
    expect((await getEntryById(db(), live.id))?.updatedAt).toBe(live.updatedAt);
    expect((await listSuggestions(db(), { entryId: live.id })).map((s) => s.state)).toEqual([
      "declined",
    ]);
  });
});
