import { expect, it } from "vitest";
import { entryToFormTree } from "~/content/form-data.ts";
import { withValue } from "~/content/entry-merge.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { job } from "../../test/entries.ts";
import { changedEntry, savedEntry, TEST_ACTOR } from "../../test/writes.ts";
import { settleChoices, staleForm } from "./edit-conflicts.server.ts";

describeEachDatabase("a save after a refused one", (db) => {
  it("needs a choice for each field both changed, and takes theirs where chosen", async () => {
    const loaded = await savedEntry(
      db(),
      "job",
      job("Conflict Clerk", { examDate: "2030-03-01", feeNote: "Pay online." }),
      TEST_ACTOR,
    );
    const current = await changedEntry(
      db(),
      loaded.id,
      job("Conflict Clerk", {
        lastDate: "2030-02-28",
        examDate: "2030-04-15",
        feeNote: "Pay online.",
      }),
      TEST_ACTOR,
    );
    // What the editor sent: the exam date and the fee note changed, the old last date.
    let mine = entryToFormTree(loaded);
    mine = withValue(mine, "data.examDate", "2030-05-01");
    mine = withValue(mine, "data.feeNote", "Pay by UPI.");

    // The refusal's form: their last date taken in, the exam date marked.
    const form = staleForm(loaded, mine, current);
    expect(form.adopted.map((a) => a.key)).toEqual(["data.lastDate"]);
    expect(form.conflicts).toEqual([
      { key: "data.examDate", mine: "2030-05-01", theirs: "2030-04-15" },
    ]);

    const versions = { base: loaded.updatedAt, version: current.updatedAt };
    const blind = await settleChoices(db(), loaded.id, versions, form.values, {});
    expect(blind.undecided.map((c) => c.key)).toEqual(["data.examDate"]);
    const theirs = await settleChoices(db(), loaded.id, versions, form.values, {
      "data.examDate": "theirs",
    });
    expect(theirs.undecided).toEqual([]);
    expect(theirs.value.data).toMatchObject({
      lastDate: "2030-02-28",
      examDate: "2030-04-15",
      feeNote: "Pay by UPI.",
    });
    const kept = await settleChoices(db(), loaded.id, versions, form.values, {
      "data.examDate": "mine",
    });
    expect(kept.value.data).toMatchObject({ examDate: "2030-05-01", lastDate: "2030-02-28" });
  });
});
