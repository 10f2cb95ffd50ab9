import { afterEach, expect, it, vi } from "vitest";
import { describeEachDatabase } from "../../test/databases.ts";
import { job } from "../../test/entries.ts";
import { changedEntry, savedEntry, TEST_ACTOR } from "../../test/writes.ts";
import { alertChangeWords } from "../alerts/triggers.server.ts";
import { readUpdates } from "./updates.repository.server.ts";
import { changeIn, listEntryChanges } from "./public.repository.server.ts";

describeEachDatabase("the public change log", (db) => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("heads one save that extends both dates with the last date to apply, on the page and in the Latest bar", async () => {
    // Both lines carry the same time: the order must not be left to their random ids.
    for (let i = 0; i < 6; i++) {
      const title = `Both Dates Clerk ${i}`;
      const dates = { lastDate: "2030-01-31", feeLastDate: "2030-02-02", examDate: "2030-03-01" };
      const entry = await savedEntry(db(), "job", job(title, dates), TEST_ACTOR);
      await changedEntry(
        db(),
        entry.id,
        job(title, { ...dates, feeLastDate: "2030-02-17", lastDate: "2030-02-15" }),
        TEST_ACTOR,
      );
      const changes = await listEntryChanges(db(), entry.id);
      expect(changes.map((c) => c.headline)).toEqual([
        "Last date extended",
        "Last date for fee payment extended",
      ]);
      const { latest } = await readUpdates(db());
      expect(latest[0].title).toBe(`Last date extended: ${title}`);
    }
  });

  it("shows each day's net change: a change undone within the day disappears, another day's stays", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const at = (instant: string) => vi.setSystemTime(new Date(instant));
    at("2026-11-25T10:00:00+05:30");
    const entry = await savedEntry(db(), "job", job("Flip Flop Clerk"), TEST_ACTOR);
    const save = (instant: string, lastDate: string) => {
      at(instant);
      return changedEntry(db(), entry.id, job("Flip Flop Clerk", { lastDate }), TEST_ACTOR);
    };
    const lines = async () =>
      (await listEntryChanges(db(), entry.id)).map((c) => [c.detail, c.createdAt]);

    await save("2026-11-25T11:00:00+05:30", "2030-02-28");
    // The next day the last date goes back and forth nine times (as nine restores did).
    for (let i = 0; i < 9; i++)
      await save(`2026-11-26T12:0${i}:00+05:30`, i % 2 === 0 ? "2030-01-31" : "2030-02-28");
    expect(await lines()).toEqual([
      ["Last date changed from 28 Feb 2030 to 31 Jan 2030", "2026-11-26T06:38:00.000Z"],
      ["Last date extended from 31 Jan 2030 to 28 Feb 2030", "2026-11-25T05:30:00.000Z"],
    ]);

    // Put back the same day: the 26th has nothing to say; the 25th's extension stays.
    await save("2026-11-26T13:00:00+05:30", "2030-02-28");
    expect(await lines()).toEqual([
      ["Last date extended from 31 Jan 2030 to 28 Feb 2030", "2026-11-25T05:30:00.000Z"],
    ]);

    // A save that leaves the day's net change as it was moves nothing, not even its time.
    await save("2026-11-26T14:00:00+05:30", "2030-03-15");
    await save("2026-11-26T15:00:00+05:30", "2030-03-15");
    expect((await lines())[0]).toEqual([
      "Last date extended from 28 Feb 2030 to 15 Mar 2030",
      "2026-11-26T08:30:00.000Z",
    ]);
    // Another key change later that day: the day's lines share its time, the last date first.
    at("2026-11-26T16:00:00+05:30");
    await changedEntry(
      db(),
      entry.id,
      job("Flip Flop Clerk", { lastDate: "2030-03-15", examDate: "2030-04-01" }),
      TEST_ACTOR,
    );
    expect((await lines()).slice(0, 2)).toEqual([
      ["Last date extended from 28 Feb 2030 to 15 Mar 2030", "2026-11-26T10:30:00.000Z"],
      ["Exam date announced: 1 Apr 2030", "2026-11-26T10:30:00.000Z"],
    ]);
  });

  it("counts from the moment an entry went public on the day it did", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-26T09:00:00+05:30"));
    const entry = await savedEntry(db(), "job", job("Late Publish Clerk", {}, "draft"), TEST_ACTOR);
    vi.setSystemTime(new Date("2026-11-26T10:00:00+05:30"));
    await changedEntry(
      db(),
      entry.id,
      job("Late Publish Clerk", { lastDate: "2030-02-10" }),
      TEST_ACTOR,
    );
    vi.setSystemTime(new Date("2026-11-26T11:00:00+05:30"));
    await changedEntry(
      db(),
      entry.id,
      job("Late Publish Clerk", { lastDate: "2030-02-20" }),
      TEST_ACTOR,
    );
    expect((await listEntryChanges(db(), entry.id)).map((c) => c.detail)).toEqual([
      "Last date extended from 10 Feb 2030 to 20 Feb 2030",
    ]);
  });

  it("says a fee change in the reader's words: the Hindi fee table's categories on a Hindi page", async () => {
    const fees = (general: number) =>
      job("Fee Words Clerk", {
        fees: [
          { category: "General / OBC / EWS", amount: general },
          { category: "Women (all categories)", amount: 0 },
        ],
        hi_title: "फ़ीस शब्द क्लर्क",
        hi_fees: [{ category: "सामान्य / OBC / EWS" }, { category: "महिलाएं (सभी वर्ग)" }],
      });
    const entry = await savedEntry(db(), "job", fees(100), TEST_ACTOR);
    await changedEntry(db(), entry.id, fees(300), TEST_ACTOR);
    const [change] = await listEntryChanges(db(), entry.id);
    expect(change.detail).toBe(
      "Application fee now General / OBC / EWS: ₹300; Women (all categories): ₹0",
    );
    expect(changeIn(change, "en").detail).toBe(change.detail);
    expect(changeIn(change, "hi")).toEqual({
      headline: "आवेदन शुल्क बदला",
      detail: "आवेदन शुल्क अब: सामान्य / OBC / EWS: ₹300; महिलाएं (सभी वर्ग): ₹0",
    });

    // An alert carries the same fact: a Hindi subscriber's mail and push say it in Hindi.
    const alert = { headline: change.headline, detail: change.detail, ...change.facts! };
    expect(alertChangeWords(alert, "hi").detail).toBe(changeIn(change, "hi").detail);
    expect(alertChangeWords(alert, "en").detail).toBe(change.detail);

    // A line saved when the fee line was words reads as it was saved.
    await db()
      .updateTable("entry_changes")
      .set({ facts: JSON.stringify({ field: "fees", code: "fee", to: "General: ₹200" }) })
      .where("id", "=", change.id)
      .execute();
    const [old] = await listEntryChanges(db(), entry.id);
    expect(changeIn(old, "hi").detail).toBe("आवेदन शुल्क अब: General: ₹200");
  });
});
