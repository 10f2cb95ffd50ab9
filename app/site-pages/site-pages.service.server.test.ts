import { expect, it } from "vitest";
import { describeEachDatabase } from "../../test/databases.ts";
import { readContentGeneration } from "~/page-cache/index.ts";
import { getSitePage } from "./site-pages.repository.server.ts";
import { restorePage, savePage } from "./site-pages.service.server.ts";
import type { Actor } from "../writes/transaction.server.ts";

const PRIYA: Actor = { id: "user-priya", email: "priya@govjobs.test", name: "Priya" };
const ARJUN: Actor = { id: "user-arjun", email: "arjun@govjobs.test", name: "Arjun" };
const page = (body: string) => ({
  slug: "about-us",
  title: "About Us",
  description: "Who we are.",
  body: `<p>${body}</p>`,
});

describeEachDatabase("the site page write path", (db) => {
  it("saves with a revision, an audit row and a new generation; refuses a stale save", async () => {
    const generation = await readContentGeneration(db());
    // Both editors open the page before it was ever saved.
    const first = await savePage(db(), page("Arjun's text"), { expectedVersion: "", actor: ARJUN });
    expect(first.ok).toBe(true);
    expect(await readContentGeneration(db())).toBe(generation + 1);
    const second = await savePage(db(), page("Priya's text"), {
      expectedVersion: "",
      actor: PRIYA,
    });
    expect(second).toMatchObject({ ok: false, reason: "stale", by: "Arjun" });
    expect((await getSitePage(db(), "about-us"))?.body).toBe("<p>Arjun's text</p>");
    expect(await readContentGeneration(db())).toBe(generation + 1);

    // From the stored version it goes through.
    if (second.ok) throw new Error("not stale");
    const third = await savePage(db(), page("Priya's text"), {
      expectedVersion: second.current.updatedAt,
      actor: PRIYA,
    });
    expect(third.ok).toBe(true);
    const audit = await db()
      .selectFrom("audit_log")
      .select(["action", "actor_email"])
      .where("subject", "=", "about-us")
      .orderBy("created_at")
      .execute();
    expect(audit).toEqual([
      { action: "site-page.update", actor_email: ARJUN.email },
      { action: "site-page.update", actor_email: PRIYA.email },
    ]);
  });

  it("restores a revision through the same path, and says when there is none", async () => {
    const revisions = await db()
      .selectFrom("revisions")
      .select(["id", "snapshot"])
      .where("subject_id", "=", "about-us")
      .orderBy("created_at")
      .execute();
    const restored = await restorePage(db(), "about-us", revisions[0].id, PRIYA);
    expect(restored?.body).toBe("<p>Arjun's text</p>");
    expect(await restorePage(db(), "about-us", "no-such-revision", PRIYA)).toBeUndefined();
    const last = await db()
      .selectFrom("audit_log")
      .select("action")
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    expect(last.action).toBe("site-page.restore");
  });
});
