import { expect, it } from "vitest";
import { describeEachDatabase } from "../../test/databases.ts";
import { touchPresence } from "./presence.repository.server.ts";

const PRIYA = { id: "user-priya", name: "Priya" };
const ARJUN = { id: "user-arjun", name: "Arjun" };

describeEachDatabase("who is editing", (db) => {
  it("tells each editor about the others on the same screen, not themselves", async () => {
    expect(await touchPresence(db(), "entry:one", PRIYA)).toEqual([]);
    const seenByArjun = await touchPresence(db(), "entry:one", ARJUN);
    expect(seenByArjun).toEqual([{ name: "Priya", since: expect.any(String) }]);
    expect(await touchPresence(db(), "entry:one", PRIYA)).toEqual([
      { name: "Arjun", since: expect.any(String) },
    ]);
    // Another entry is another screen.
    expect(await touchPresence(db(), "entry:two", ARJUN)).toEqual([]);
  });

  it("keeps 'since' while the screen reports, and forgets a screen gone quiet", async () => {
    const [first] = await touchPresence(db(), "page:about-us", ARJUN).then(() =>
      touchPresence(db(), "page:about-us", PRIYA),
    );
    const [again] = await touchPresence(db(), "page:about-us", PRIYA);
    expect(again.since).toBe(first.since);
    // Arjun's screen last reported two minutes ago: closed.
    const twoMinutesAgo = new Date(Date.now() - 120_000).toISOString();
    await db()
      .updateTable("edit_presence")
      .set({ seen_at: twoMinutesAgo, since: twoMinutesAgo })
      .where("user_id", "=", ARJUN.id)
      .where("subject", "=", "page:about-us")
      .execute();
    expect(await touchPresence(db(), "page:about-us", PRIYA)).toEqual([]);
    // Back after the gap, Arjun is editing since now, not since two minutes ago.
    await touchPresence(db(), "page:about-us", ARJUN);
    const [back] = await touchPresence(db(), "page:about-us", PRIYA);
    expect(back.since > twoMinutesAgo).toBe(true);
  });
});
