import { expect, it } from "vitest";
import { describeEachDatabase } from "../../test/databases.ts";
import { getSettings } from "./settings.repository.server.ts";
import { getSitePage } from "../site-pages/site-pages.repository.server.ts";
import { saveContentSettings } from "./settings.service.server.ts";
import { savedSitePage, TEST_ACTOR } from "../../test/writes.ts";
import { createMessage, listMessages } from "../messages/messages.repository.server.ts";
import { matchRedirect } from "../redirects/redirects.repository.server.ts";
import { flushNotFound, recordNotFound } from "../redirects/not-found-log.repository.server.ts";
import { newId, now } from "../platform/db/dialect.ts";
import { listRevisions } from "../writes/revisions.repository.server.ts";

describeEachDatabase("settings, pages, messages, redirects", (db) => {
  it("returns defaults until a setting is saved", async () => {
    expect((await getSettings(db())).latestBar.rotateMs).toBe(7000);
    await saveContentSettings(
      db(),
      {
        siteName: "Sarkari Demo",
        latestBar: { count: 5, rotateMs: 9000, refreshMs: 300000 },
      },
      TEST_ACTOR,
    );
    const s = await getSettings(db());
    expect(s.siteName).toBe("Sarkari Demo");
    expect(s.latestBar.rotateMs).toBe(9000);
  });

  it("saves a site page with a revision each time", async () => {
    await savedSitePage(
      db(),
      { slug: "about-us", title: "About", description: "d", body: "<p>One</p>" },
      TEST_ACTOR,
    );
    await savedSitePage(
      db(),
      { slug: "about-us", title: "About us", description: "d", body: "<p>Two</p>" },
      TEST_ACTOR,
    );
    expect((await getSitePage(db(), "about-us"))?.body).toBe("<p>Two</p>");
    expect(await listRevisions(db(), "page", "about-us")).toHaveLength(2);
  });

  it("stores contact messages as unread with a server timestamp", async () => {
    const before = new Date().toISOString();
    const m = await createMessage(db(), {
      name: "Asha",
      email: "asha@example.com",
      message: "Hello",
    });
    expect(m.createdAt >= before).toBe(true);
    expect((await listMessages(db(), { status: "unread" })).map((x) => x.id)).toContain(m.id);
  });

  it("matches an enabled redirect, counts the hit, and never touches core paths", async () => {
    const at = now();
    for (const source of ["/old-job", "/jobs"]) {
      await db()
        .insertInto("redirects")
        .values({
          id: newId(),
          source,
          destination: "/jobs/new",
          status_code: 301,
          enabled: 1,
          hits: 0,
          last_hit_at: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    const hit = await matchRedirect(db(), "/old-job");
    expect(hit?.destination).toBe("/jobs/new");
    expect(hit?.hits).toBe(1);
    expect(await matchRedirect(db(), "/jobs")).toBeUndefined();
    expect(await matchRedirect(db(), "/admin/anything")).toBeUndefined();
  });

  it("counts 404s per path with the last referrer", async () => {
    await recordNotFound(db(), "/missing", "https://a.example/");
    await recordNotFound(db(), "/missing", "https://b.example/");
    await flushNotFound();
    const row = await db()
      .selectFrom("not_found_log")
      .selectAll()
      .where("path", "=", "/missing")
      .executeTakeFirstOrThrow();
    expect(row.hits).toBe(2);
    expect(row.last_referrer).toBe("https://b.example/");
  });
});
