import { expect, it } from "vitest";
import { describeEachDatabase } from "../../test/databases.ts";
import { TEST_ACTOR } from "../../test/writes.ts";
import { createMessage, getMessage } from "./messages.repository.server.ts";
import { markMessage, openMessage, removeMessage } from "./messages.service.server.ts";

describeEachDatabase("messages service: the change and its audit line together", (db) => {
  const auditOf = (subject: string) =>
    db()
      .selectFrom("audit_log")
      .select(["action", "actor_email"])
      .where("subject", "=", subject)
      .execute();

  it("reads a message opened 20 times at once once, with one audit line", async () => {
    const m = await createMessage(db(), { name: "A", email: "a@example.com", message: "a" });
    const opened = await Promise.all(
      Array.from({ length: 20 }, () => openMessage(db(), TEST_ACTOR, m.id)),
    );
    expect(opened.filter(Boolean)).toHaveLength(1);
    expect((await getMessage(db(), m.id))?.status).toBe("read");
    expect((await auditOf(m.id)).map((a) => a.action)).toEqual(["message.read"]);
  });

  it("archives and deletes with an audit line each; a missing message changes and logs nothing", async () => {
    const m = await createMessage(db(), { name: "B", email: "b@example.com", message: "b" });
    expect(await markMessage(db(), TEST_ACTOR, m.id, "archived")).toBe(true);
    expect(await removeMessage(db(), TEST_ACTOR, m.id)).toBe(true);
    expect(await getMessage(db(), m.id)).toBeUndefined();
    expect((await auditOf(m.id)).map((a) => a.action).sort()).toEqual([
      "message.archived",
      "message.delete",
    ]);
    expect(await removeMessage(db(), TEST_ACTOR, "no-such-message")).toBe(false);
    expect(await markMessage(db(), TEST_ACTOR, "no-such-message", "read")).toBe(false);
    expect(await auditOf("no-such-message")).toEqual([]);
  });
});
